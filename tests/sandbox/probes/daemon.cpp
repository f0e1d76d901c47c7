// Leaves a daemon behind: fork, setsid, fork again, close every descriptor, sleep. If the
// sandbox lets it, the grandchild outlives the job in a session of its own.
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    (void)arg;
    int refused = 0;
    pid_t p = ::fork();
    if (p == 0) {
        ::setsid();
        if (::fork() == 0) {
            ::close_range(0, ~0U, 0);
            for (int i = 0; i < 120; ++i)
                ::sleep(1);
        }
        ::_exit(0);
    }
    if (p < 0) {
        ++refused;
        probe::say(note, noteBytes, "fork: %s; ", std::strerror(errno));
    } else {
        ::waitpid(p, nullptr, 0);
        probe::say(note, noteBytes, "fork: ok, daemon started; ");
    }
    if (::setpgid(0, 0) != 0) {
        ++refused;
        probe::say(note, noteBytes, "setpgid: %s; ", std::strerror(errno));
    }
    return refused;
}
