// A bounded fork bomb (200 tries, so that a failing sandbox cannot take the machine down):
// fork, vfork, a raw clone and posix_spawn. Every child it gets just waits to be killed.
#include <csignal>
#include <spawn.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "probe.h"

extern char** environ;

KWB_PROBE {
    (void)arg;
    int refused = 0, forked = 0;
    const int tries = 200;
    int lastErrno = 0;
    for (int i = 0; i < tries; ++i) {
        pid_t p = ::fork();
        if (p == 0) {
            for (;;)
                ::pause();
        }
        if (p > 0)
            ++forked;
        else {
            ++refused;
            lastErrno = errno;
        }
    }
    probe::say(note, noteBytes, "forked %d of %d (%s); ", forked, tries, std::strerror(lastErrno));
    pid_t v = ::vfork();
    if (v == 0)
        ::_exit(0);
    probe::say(note, noteBytes, "vfork: %s; ", v > 0 ? "ok" : std::strerror(errno));
    refused += v < 0;
    long c = ::syscall(SYS_clone, long(SIGCHLD), 0L, 0L, 0L, 0L);
    if (c == 0) {
        for (;;)
            ::pause();
    }
    probe::say(note, noteBytes, "clone: %s; ", c > 0 ? "ok" : std::strerror(errno));
    refused += c < 0;
    pid_t sp = 0;
    char* argv[] = {const_cast<char*>("/bin/sleep"), const_cast<char*>("30"), nullptr};
    int rc = ::posix_spawn(&sp, "/bin/sleep", nullptr, nullptr, argv, environ);
    probe::say(note, noteBytes, "posix_spawn: %s; ", rc == 0 ? "ok" : std::strerror(rc));
    refused += rc != 0;
    return refused;
}
