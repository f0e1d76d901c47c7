// Writes outside its folder: creates, overwrites, truncates, removes, renames and links files
// in `arg`, a folder the test owns. A write inside its own folder must still work.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    const std::string dir = arg;
    int refused = 0;
    auto attempt = [&](const char* what, bool ok) {
        if (!ok)
            ++refused;
        probe::say(note, noteBytes, "%s: %s; ", what, ok ? "ok" : std::strerror(errno));
    };
    int fd = ::open((dir + "/new.txt").c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    attempt("create", fd >= 0);
    if (fd >= 0)
        ::close(fd);
    fd = ::open((dir + "/existing.txt").c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    attempt("overwrite", fd >= 0 && ::write(fd, "HACKED\n", 7) == 7);
    if (fd >= 0)
        ::close(fd);
    attempt("truncate", ::truncate((dir + "/existing.txt").c_str(), 0) == 0);
    attempt("rename", ::rename((dir + "/existing.txt").c_str(), (dir + "/moved.txt").c_str()) == 0);
    attempt("unlink", ::unlink((dir + "/existing.txt").c_str()) == 0);
    attempt("mkdir", ::mkdir((dir + "/sub").c_str(), 0755) == 0);
    attempt("symlink", ::symlink("/etc/hostname", (dir + "/link").c_str()) == 0);
    attempt("mkfifo", ::mkfifo((dir + "/fifo").c_str(), 0600) == 0);
    // Its own folder stays writable (a stricter sandbox would break CUDA's JIT cache).
    fd = ::open("inside.txt", O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
    bool inside = fd >= 0 && ::write(fd, "ok\n", 3) == 3;
    if (fd >= 0)
        ::close(fd);
    probe::say(note, noteBytes, "inside: %s; ", inside ? "ok" : std::strerror(errno));
    return inside ? refused : -1;
}
