#pragma once
// `kwb doctor`: checks everything verification needs and says what is missing and how to fix it.
#include <optional>
#include <string>
#include <vector>

#include "core/model/device_info.h"
#include "core/sys/programs.h" // locateNvcc(), for the doctor's users

namespace kwb {

struct DoctorCheck {
    enum class Level { Ok, Warning, Missing };
    std::string
        name; // "nvcc", "worker", "driver", "GPU 0", "NVRTC", "cuBLAS", "cuDNN", "data folder"
    Level level = Level::Ok;
    std::string detail;    // what was found
    std::string fix;       // how to fix it, when not Ok
    bool required = false; // Missing + required: the workbench cannot work at all
};

struct DoctorReport {
    std::vector<DoctorCheck> checks;
    std::optional<DeviceInfo> device;

    // 0: ready to verify on a GPU; 1: compile-only (no driver or no GPU); 2: something required is
    // missing.
    int exitCode() const;
};

inline constexpr int kDoctorReady = 0;
inline constexpr int kDoctorCompileOnly = 1;
inline constexpr int kDoctorBroken = 2;

struct DoctorOptions {
    std::string runnerPath; // empty: locateRunner()
    std::string nvccPath;   // empty: PATH, then /usr/local/cuda/bin/nvcc
};

DoctorReport runDoctor(const DoctorOptions& options = {});
std::string formatDoctorReport(const DoctorReport& report);
} // namespace kwb
