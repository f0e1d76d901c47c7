#pragma once
// Where the programs we start live: the worker (kwb-runner) and nvcc. Settings in the
// environment win, then the install layout, then PATH.
#include <string>

namespace kwb {

// Where kwb-runner is: $KWB_RUNNER; beside this executable (build tree); ../libexec/
// kernel-workbench/ relative to it (installed); PATH. Empty when not found.
std::string locateRunner();

// The nvcc to compile candidates with: $KWB_NVCC, PATH, /usr/local/cuda/bin/nvcc; empty if none.
std::string locateNvcc();

// When KWB_NVCC is set but names no executable file: a sentence that names the variable and its
// value (nothing falls back to PATH then); empty otherwise.
std::string nvccSettingProblem();

// A CUDA toolkit tool ("compute-sanitizer", "ncu"): $KWB_COMPUTE_SANITIZER or $KWB_NCU when
// set, PATH, beside nvcc, /usr/local/cuda/bin; empty if none.
std::string locateCudaTool(const std::string& name);
// How to get a missing tool, for its error message and kwb doctor.
std::string cudaToolInstallHint(const std::string& name);

} // namespace kwb
