#include "core/verify/doctor.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <sstream>
#include <sys/stat.h>

#include "core/sys/child_process.h"
#include "core/sys/data_dirs.h"
#include "core/sys/programs.h"
#include "core/verify/subprocess_worker.h"
#include "kwb/version.h"

namespace kwb {
namespace {

using Level = DoctorCheck::Level;

DoctorCheck check(std::string name, Level level, std::string detail, std::string fix = {},
                  bool required = false) {
    return DoctorCheck{std::move(name), level, std::move(detail), std::move(fix), required};
}

DoctorCheck checkNvcc(const std::string& path) {
    const std::string fix = "install the CUDA 13 toolkit and put /usr/local/cuda/bin on PATH "
                            "(or set KWB_NVCC to nvcc's path)";
    if (std::string problem = nvccSettingProblem(); !problem.empty())
        return check("nvcc", Level::Missing, problem,
                     "point KWB_NVCC at nvcc, or unset it to use PATH", true);
    if (path.empty())
        return check("nvcc", Level::Missing, "not found", fix, true);
    ProcessSpec spec{path, {"--version"}, std::nullopt, {}, 1 << 16};
    auto out = runProcess(spec, {}, std::chrono::seconds(20));
    if (!out || out->exit.kind != ProcessExit::Kind::Exited || out->exit.code != 0)
        return check("nvcc", Level::Missing, path + " does not run", fix, true);
    std::smatch m;
    std::string version = "unknown version";
    if (std::regex_search(out->out, m, std::regex(R"(release [0-9.]+, V([0-9.]+))")))
        version = m[1];
    return check("nvcc", Level::Ok, version + " (" + path + ")");
}

// compute-sanitizer and ncu: optional (kwb verify --sanitize, kwb profile), so a missing one is
// a warning that says how to install it, never a reason the workbench is not ready.
DoctorCheck checkCudaTool(const std::string& name) {
    const std::string path = locateCudaTool(name);
    if (path.empty())
        return check(name, Level::Warning, "not found", cudaToolInstallHint(name));
    ProcessSpec spec{path, {"--version"}, std::nullopt, {}, 1 << 16};
    auto out = runProcess(spec, {}, std::chrono::seconds(20));
    std::smatch m;
    if (!out || !std::regex_search(out->out, m, std::regex(R"(Version ([0-9.]+))")))
        return check(name, Level::Warning, path + " does not run", cudaToolInstallHint(name));
    return check(name, Level::Ok, std::string(m[1]) + " (" + path + ")");
}

} // namespace

int DoctorReport::exitCode() const {
    int code = kDoctorReady;
    for (const auto& c : checks) {
        if (c.level != Level::Missing)
            continue;
        code = std::max(code, c.required ? kDoctorBroken : kDoctorCompileOnly);
    }
    return code;
}

DoctorReport runDoctor(const DoctorOptions& options) {
    DoctorReport report;
    report.checks.push_back(checkNvcc(options.nvccPath.empty() ? locateNvcc() : options.nvccPath));
    report.checks.push_back(checkCudaTool("compute-sanitizer"));
    report.checks.push_back(checkCudaTool("ncu"));

    std::string runner = options.runnerPath.empty() ? locateRunner() : options.runnerPath;
    SubprocessWorker worker(runner, "kwb-doctor");
    auto connected = worker.connect(std::chrono::seconds(20));
    if (!connected) {
        report.checks.push_back(
            check("worker", Level::Missing, connected.error().message,
                  "build or install kwb-runner (it is built when CUDA is found), or set KWB_RUNNER",
                  true));
    } else {
        report.checks.push_back(check("worker", Level::Ok, worker.description()));
        auto info = worker.deviceInfo(std::chrono::seconds(60));
        if (!info) {
            report.checks.push_back(check("driver", Level::Missing, info.error().message,
                                          "run `kwb-runner` by hand to see why it fails"));
        } else {
            report.device = *info;
            const DeviceInfo& d = *info;
            if (d.driverVersion == 0)
                report.checks.push_back(
                    check("driver", Level::Missing, "no NVIDIA driver found",
                          "install the NVIDIA driver (580 or newer for CUDA 13)"));
            else
                report.checks.push_back(check(
                    "driver", Level::Ok, "supports CUDA " + formatCudaVersion(d.driverVersion)));
            if (d.gpus.empty()) {
                report.checks.push_back(check(
                    "GPU", Level::Missing,
                    "no CUDA device: compile-only (" + d.noDeviceReason + ")",
                    "run on a machine with an NVIDIA GPU, or point the workbench at a GPU server"));
            }
            for (const auto& g : d.gpus) {
                report.checks.push_back(check("GPU " + std::to_string(g.index), Level::Ok,
                                              g.summary() + ", compute capability " +
                                                  g.computeCapability() + ", " +
                                                  std::to_string(g.multiprocessors) + " SMs"));
            }
            auto lib = [&](const char* name, const std::string& v, const char* fix) {
                report.checks.push_back(v.empty()
                                            ? check(name, Level::Missing, "not found", fix, true)
                                            : check(name, Level::Ok, v));
            };
            lib("CUDA runtime", formatCudaVersion(d.runtimeVersion), "install the CUDA 13 toolkit");
            lib("NVRTC", d.nvrtcVersion, "install the CUDA 13 toolkit (libnvrtc)");
            lib("cuBLAS", d.cublasVersion, "install the CUDA 13 toolkit (libcublas, libcublasLt)");
            lib("cuDNN", d.cudnnVersion, "install cuDNN 9 for CUDA 13");
        }
    }

    auto dir = dataDirectory();
    if (auto s = ensureWritableDirectory(dir); !s)
        report.checks.push_back(check("data folder", Level::Missing, s.error().message,
                                      "set KWB_DATA_DIR to a writable folder", true));
    else
        report.checks.push_back(check("data folder", Level::Ok, dir.string() + " (writable)"));
    return report;
}

std::string formatDoctorReport(const DoctorReport& report) {
    std::ostringstream out;
    out << kProductName << " " << kVersion << ": doctor\n";
    std::size_t width = 0;
    for (const auto& c : report.checks)
        width = std::max(width, c.name.size());
    for (const auto& c : report.checks) {
        const char* tag = c.level == Level::Ok        ? "ok     "
                          : c.level == Level::Warning ? "warning"
                                                      : "MISSING";
        out << "  " << tag << "  " << c.name << std::string(width - c.name.size() + 2, ' ')
            << c.detail << "\n";
        if (c.level != Level::Ok && !c.fix.empty())
            out << "           " << std::string(width + 2, ' ') << "fix: " << c.fix << "\n";
    }
    switch (report.exitCode()) {
    case kDoctorReady:
        out << "Ready: kernels can be verified on this machine's GPU.\n";
        break;
    case kDoctorCompileOnly:
        out << "Compile-only: kernels are compiled and checked for resources, but not run.\n";
        break;
    default:
        out << "Not ready: fix the MISSING items above.\n";
        break;
    }
    return out.str();
}

} // namespace kwb
