#include "core/sys/programs.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "core/sys/child_process.h"
#include "kwb/version.h"

namespace kwb {
namespace fs = std::filesystem;

namespace {

fs::path selfDirectory() {
    char buf[PATH_MAX];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return {};
    buf[n] = '\0';
    return fs::path(buf).parent_path();
}

bool isExecutable(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

} // namespace

std::string locateRunner() {
    if (const char* env = std::getenv("KWB_RUNNER"); env && *env)
        return isExecutable(env) ? std::string(env) : std::string{};
    fs::path self = selfDirectory();
    if (!self.empty()) {
        for (const fs::path& cand :
             {self / "kwb-runner", self.parent_path() / kLibexecSubdir / "kwb-runner"}) {
            if (isExecutable(cand))
                return fs::weakly_canonical(cand).string();
        }
    }
    return findInPath("kwb-runner");
}

std::string nvccSettingProblem() {
    const char* env = std::getenv("KWB_NVCC");
    if (!env || !*env)
        return {};
    const std::string found = findInPath(env);
    struct stat st {};
    if (!found.empty() && ::stat(found.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        return {};
    std::string why = "not found";
    if (std::string(env).find('/') != std::string::npos) {
        if (::stat(env, &st) != 0)
            why = std::strerror(errno);
        else if (!S_ISREG(st.st_mode))
            why = S_ISDIR(st.st_mode) ? "a folder, not a program" : "not a regular file";
        else
            why = "not executable";
    } else {
        why = "not found in PATH";
    }
    return "KWB_NVCC is set to '" + std::string(env) + "', which is not an executable file (" +
           why + ")";
}

std::string locateNvcc() {
    if (const char* env = std::getenv("KWB_NVCC"); env && *env) // set: it alone, never a fallback
        return nvccSettingProblem().empty() ? findInPath(env) : std::string{};
    if (auto p = findInPath("nvcc"); !p.empty())
        return p;
    return findInPath("/usr/local/cuda/bin/nvcc");
}

std::string locateCudaTool(const std::string& name) {
    const char* setting = name == "ncu" ? "KWB_NCU" : "KWB_COMPUTE_SANITIZER";
    if (const char* env = std::getenv(setting); env && *env)
        return findInPath(env);
    if (auto p = findInPath(name); !p.empty())
        return p;
    if (auto nvcc = locateNvcc(); !nvcc.empty())
        if (auto p = findInPath((std::filesystem::path(nvcc).parent_path() / name).string());
            !p.empty())
            return p;
    return findInPath("/usr/local/cuda/bin/" + name);
}

std::string cudaToolInstallHint(const std::string& name) {
    const std::string setting = name == "ncu" ? "KWB_NCU" : "KWB_COMPUTE_SANITIZER";
    const std::string what = name == "ncu" ? "Nsight Compute (ncu)" : "compute-sanitizer";
    return what + " is not installed on the GPU machine: it comes with the full CUDA toolkit " +
           "(e.g. apt install cuda-toolkit-13-0, or the package " +
           (name == "ncu" ? std::string("nsight-compute") : std::string("cuda-sanitizer-13-0")) +
           "); put /usr/local/cuda/bin on PATH or set " + setting + " to its path";
}

} // namespace kwb
