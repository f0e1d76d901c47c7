#include "core/gpu/build_sandbox.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>
#include <unistd.h>

#include "core/gpu/sandbox.h"
#include "core/sys/supervise.h"

namespace kwb::gpu {

Result<BuildLimits> buildLimitsFromEnvironment() {
    BuildLimits limits;
    const char* text = std::getenv("KWB_BUILD_MEMORY_MIB");
    if (!text || !*text)
        return limits;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (errno || *end || *text == '-' || v < 64 || v > (1ULL << 30))
        return Error::make(
            "bad-setting",
            std::string("KWB_BUILD_MEMORY_MIB must be a whole number of MiB from 64 up, got \"") +
                text + "\"");
    limits.memoryMiB = v;
    return limits;
}

std::vector<std::string> confinedBuildCommand(const BuildLimits& limits,
                                              const std::string& buildDir,
                                              const std::string& toolkitDir,
                                              const std::string& nvcc,
                                              const std::vector<std::string>& nvccArgs) {
    std::vector<std::string> a = {"--confined-build",
                                  "--memory-mib",
                                  std::to_string(limits.memoryMiB),
                                  "--cpu-s",
                                  std::to_string(limits.cpuSeconds),
                                  "--file-mib",
                                  std::to_string(limits.fileSizeMiB),
                                  "--build-dir",
                                  buildDir,
                                  "--toolkit",
                                  toolkitDir,
                                  "--",
                                  nvcc};
    a.insert(a.end(), nvccArgs.begin(), nvccArgs.end());
    return a;
}

namespace {

bool setLimit(int what, rlim_t soft, rlim_t hard) {
    rlimit l{soft, hard};
    return ::setrlimit(what, &l) == 0;
}

// One line on stderr, before nvcc writes anything there.
void report(bool limits, bool landlock, bool seccomp, const std::string& note) {
    std::string line = std::string(kBuildSandboxMark) + "limits=" + (limits ? "1" : "0") +
                       " landlock=" + (landlock ? "1" : "0") + " seccomp=" + (seccomp ? "1" : "0") +
                       " note=" + note + "\n";
    (void)!::write(STDERR_FILENO, line.data(), line.size());
}

} // namespace

int confinedBuildMain(int argc, char** argv) {
    const pid_t worker = ::getppid();
    std::uint64_t memoryMiB = 0, cpuSeconds = 0, fileMiB = 0;
    std::string buildDir, toolkit;
    int i = 0;
    for (; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--")
            break;
        if (i + 1 >= argc)
            return 2;
        const char* v = argv[++i];
        if (a == "--memory-mib")
            memoryMiB = std::strtoull(v, nullptr, 10);
        else if (a == "--cpu-s")
            cpuSeconds = std::strtoull(v, nullptr, 10);
        else if (a == "--file-mib")
            fileMiB = std::strtoull(v, nullptr, 10);
        else if (a == "--build-dir")
            buildDir = v;
        else if (a == "--toolkit")
            toolkit = v;
        else
            return 2;
    }
    if (i + 1 >= argc || memoryMiB == 0 || cpuSeconds == 0 || fileMiB == 0 || buildDir.empty()) {
        std::fprintf(stderr, "kwb-runner --confined-build: incomplete arguments\n");
        return 2;
    }
    char** nvccArgv = argv + i + 1;

    const rlim_t memory = rlim_t(memoryMiB) << 20;
    bool limits = setLimit(RLIMIT_AS, memory, memory);
    limits = setLimit(RLIMIT_DATA, memory, memory) && limits;
    // SIGXCPU at the soft limit, SIGKILL a few seconds later for a tool that ignores it.
    limits = setLimit(RLIMIT_CPU, cpuSeconds, cpuSeconds + 5) && limits;
    limits = setLimit(RLIMIT_FSIZE, rlim_t(fileMiB) << 20, rlim_t(fileMiB) << 20) && limits;
    limits = setLimit(RLIMIT_CORE, 0, 0) && limits;
    std::string note =
        limits ? "" : std::string("some limits could not be set: ") + std::strerror(errno) + ";";

    // Reads: the system folders, the toolkit (wherever it is installed) and the build folder,
    // which holds the candidate; writes: the build folder only. Not the home folder, /tmp, /proc
    // or other devices than /dev/null.
    FilesystemRules rules;
    rules.workDir = buildDir;
    rules.jobDevices = false;
    if (!toolkit.empty())
        rules.readOnly.push_back(toolkit);
    std::string why;
    const bool landlock = applyFilesystemRules(rules, &why);
    if (!landlock)
        note += " " + why + ";";
    std::string filterWhy;
    const bool seccomp = applyBuildSyscallFilter(&filterWhy);
    if (!seccomp)
        note += " " + filterWhy + ";";
    report(limits, landlock, seccomp, note);
    return runSupervised(nvccArgv, worker); // a worker that dies takes its whole build with it
}

} // namespace kwb::gpu
