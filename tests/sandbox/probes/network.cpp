// Reaches the network: a TCP connection to the loopback port in `arg`, a UDP datagram to it,
// a Unix socket, and io_uring (which can make sockets without socket(2)).
#include <arpa/inet.h>
#include <cstdlib>
#include <linux/io_uring.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    int refused = 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<unsigned short>(std::atoi(arg)));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0) {
        ++refused;
        probe::say(note, noteBytes, "tcp socket: %s; ", std::strerror(errno));
    } else if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ++refused;
        probe::say(note, noteBytes, "tcp connect: %s; ", std::strerror(errno));
    } else {
        probe::say(note, noteBytes, "tcp connect: ok; ");
        (void)!::write(s, "stolen\n", 7);
    }
    if (s >= 0)
        ::close(s);
    int u = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    probe::say(note, noteBytes, "udp socket: %s; ", u >= 0 ? "ok" : std::strerror(errno));
    if (u < 0)
        ++refused;
    else {
        (void)::sendto(u, "x", 1, 0, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
        ::close(u);
    }
    int x = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    probe::say(note, noteBytes, "unix socket: %s; ", x >= 0 ? "ok" : std::strerror(errno));
    if (x < 0)
        ++refused;
    else
        ::close(x);
    io_uring_params params{};
    long ring = ::syscall(__NR_io_uring_setup, 4, &params);
    probe::say(note, noteBytes, "io_uring: %s; ", ring >= 0 ? "ok" : std::strerror(errno));
    if (ring < 0)
        ++refused;
    else
        ::close(int(ring));
    return refused;
}
