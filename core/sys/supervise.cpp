#include "core/sys/supervise.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kwb {
namespace {

// The whole group: the program, what it started, and this process.
void killGroup(int) {
    ::kill(0, SIGKILL);
}

} // namespace

int runSupervised(char** argv, pid_t parent) {
    struct sigaction onParentDeath {};
    onParentDeath.sa_handler = killGroup;
    sigemptyset(&onParentDeath.sa_mask);
    ::sigaction(SIGTERM, &onParentDeath, nullptr);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) // it died before the request took effect
        killGroup(0);
    const pid_t child = ::fork();
    if (child < 0) {
        std::fprintf(stderr, "cannot start %s: %s\n", argv[0], std::strerror(errno));
        return 127;
    }
    if (child == 0) {
        ::signal(SIGTERM, SIG_DFL);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL); // this process killed (a deadline): the child too
        ::execv(argv[0], argv);
        std::fprintf(stderr, "cannot start %s: %s\n", argv[0], std::strerror(errno));
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status)) { // SIGXCPU, SIGKILL, SIGSEGV: the caller names a limit by it
        ::signal(WTERMSIG(status), SIG_DFL);
        ::raise(WTERMSIG(status));
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace kwb
