#pragma once
// Confinement the job child applies to itself before it loads a candidate: resource limits,
// death with its parent, and a seccomp filter that refuses sockets and new processes (threads,
// which CUDA needs, stay allowed). The parent adds the rest: own process group, private
// working folder, scrubbed environment, deadline.
#include <string>

namespace kwb::gpu {

struct SandboxReport {
    bool limits = false;
    bool seccomp = false;
    std::string note; // what could not be applied, and why
};

// Limits first (before CUDA starts), then the filter (after CUDA and the libraries are up,
// since their start-up may need what the filter refuses).
SandboxReport applyResourceLimits();
bool applySyscallFilter(std::string* why);

} // namespace kwb::gpu
