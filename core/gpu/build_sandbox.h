#pragma once
// The confinement of one nvcc build, the job's treatment adapted to a compiler: kwb-runner starts
// itself as `kwb-runner --confined-build ...` (confinedBuildCommand), which applies the limits,
// the syscall filter and read-only Landlock to itself and then runs nvcc as its child; nvcc and
// every tool it starts (cicc, cc1plus, ptxas) inherit them. It stays to kill the build's whole
// process group when the worker that started it dies. The parent adds the process group, the
// scrubbed environment and the deadline (BuildCache).
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/error.h"

namespace kwb::gpu {

// Limits of each process of a build. Memory is per process (RLIMIT_AS and RLIMIT_DATA): nvcc runs
// its tools one after another, so a build holds at most about two limits at once.
struct BuildLimits {
    // Default 8 GiB: a reference compile peaks at about 0.2 GiB resident (gemm-bf16), 0.65 GiB
    // with the cuBLASLt, CUB and cuDNN headers, which builds under a 768 MiB limit (not 512);
    // a runaway compile stops long before it can exhaust a workstation.
    static constexpr std::uint64_t kDefaultMemoryMiB = 8192;
    std::uint64_t memoryMiB = kDefaultMemoryMiB; // KWB_BUILD_MEMORY_MIB
    std::uint64_t cpuSeconds = 180;              // each process; the build's deadline besides
    std::uint64_t fileSizeMiB = 1024;            // any file a tool writes
};

// The limits, with KWB_BUILD_MEMORY_MIB read from the environment (a whole number, at least 64).
Result<BuildLimits> buildLimitsFromEnvironment();

// argv (after the program, which is kwb-runner) that confines a build in `buildDir` (writable;
// nvcc's TMPDIR lies inside it) with read access to the system folders and `toolkitDir`, then
// runs nvcc with `nvccArgs`.
std::vector<std::string> confinedBuildCommand(const BuildLimits& limits,
                                              const std::string& buildDir,
                                              const std::string& toolkitDir,
                                              const std::string& nvcc,
                                              const std::vector<std::string>& nvccArgs);

// The first line the confined build writes on stderr says what confinement holds:
// "kwb-build-sandbox: landlock=1 seccomp=1 limits=1 note=..."; BuildCache takes it out of the log.
inline constexpr const char* kBuildSandboxMark = "kwb-build-sandbox: ";

// kwb-runner's main calls this for `--confined-build` (argv after that flag); it returns nvcc's
// exit code (127 when nvcc cannot be started), or ends by the signal that ended nvcc.
int confinedBuildMain(int argc, char** argv);

} // namespace kwb::gpu
