#include "core/gpu/sandbox.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sched.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>

namespace kwb::gpu {

SandboxReport applyResourceLimits() {
    SandboxReport r;
    ::prctl(PR_SET_PDEATHSIG, SIGKILL); // a cancelled or crashed worker takes its job with it
    auto set = [](int what, rlim_t v) {
        rlimit l{v, v};
        return ::setrlimit(what, &l) == 0;
    };
    bool ok = set(RLIMIT_CORE, 0);
    ok = set(RLIMIT_FSIZE, rlim_t(256) << 20) && ok; // no file over 256 MiB
    ok = set(RLIMIT_CPU, 600) && ok;                  // host CPU seconds
    r.limits = ok;
    if (!ok)
        r.note = std::string("some resource limits could not be set: ") + std::strerror(errno);
    return r;
}

bool applySyscallFilter(std::string* why) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        *why = "seccomp is not available";
        return false;
    }
    const int denied[] = {SCMP_SYS(socket), SCMP_SYS(socketpair), SCMP_SYS(connect),
                          SCMP_SYS(bind), SCMP_SYS(listen), SCMP_SYS(accept), SCMP_SYS(accept4),
                          SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork),
                          SCMP_SYS(ptrace), SCMP_SYS(process_vm_writev), SCMP_SYS(setsid),
                          SCMP_SYS(setpgid)};
    int rc = 0;
    for (int sys : denied)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), sys, 0);
    // clone: threads only. clone3 hides its flags in memory, so refuse it with ENOSYS and let
    // the C library fall back to clone, whose flags the filter can read.
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        *why = std::string("the seccomp filter could not be loaded: ") + std::strerror(-rc);
        return false;
    }
    return true;
}

} // namespace kwb::gpu
