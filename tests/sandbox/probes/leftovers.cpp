// Tries to leave something behind that outlives the job: files in /dev/shm (open and
// shm_open), /tmp, /var/tmp, /run and the mqueue file system, System V shared memory, message
// queues and semaphores under fixed keys, a POSIX message queue. `arg` is a marker the test
// looks for afterwards. Returns how many attempts were refused; the note says which succeeded
// (inside the job's own namespaces a success is harmless: they vanish with the job).
#include <fcntl.h>
#include <mqueue.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>

#include "probe.h"

namespace {

bool createFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    const bool ok = fd >= 0 && ::write(fd, "left\n", 5) == 5;
    if (fd >= 0)
        ::close(fd);
    return ok;
}

} // namespace

KWB_PROBE {
    const std::string mark = arg;
    int refused = 0;
    auto attempt = [&](const char* what, bool ok) {
        if (!ok)
            ++refused;
        probe::say(note, noteBytes, "%s: %s; ", what, ok ? "created" : std::strerror(errno));
    };
    attempt("/dev/shm file", createFile("/dev/shm/" + mark));
    const int shmFd = ::shm_open(("/" + mark + "-posix").c_str(), O_CREAT | O_RDWR, 0600);
    attempt("shm_open", shmFd >= 0);
    if (shmFd >= 0)
        ::close(shmFd);
    attempt("/tmp file", createFile("/tmp/" + mark));
    attempt("/var/tmp file", createFile("/var/tmp/" + mark));
    attempt("/run file", createFile("/run/" + mark));
    mq_attr attr{};
    attr.mq_maxmsg = 1;
    attr.mq_msgsize = 8;
    const mqd_t q = ::mq_open(("/" + mark).c_str(), O_CREAT | O_WRONLY, 0600, &attr);
    attempt("mq_open", q != mqd_t(-1));
    if (q != mqd_t(-1))
        ::mq_close(q);
    // Fixed keys, as a candidate that wants to find its object again next job would use.
    const key_t key = key_t(0x6b776200);
    attempt("shmget", ::shmget(key, 4096, IPC_CREAT | 0600) >= 0);
    attempt("msgget", ::msgget(key + 1, IPC_CREAT | 0600) >= 0);
    attempt("semget", ::semget(key + 2, 1, IPC_CREAT | 0600) >= 0);
    return refused;
}
