#pragma once
// What the worker reports about the CUDA stack and the GPUs it sees (protocol "device-info").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kwb {

struct GpuInfo {
    int index = 0;
    std::string name;
    int ccMajor = 0;
    int ccMinor = 0;
    std::uint64_t totalMemoryBytes = 0;
    int multiprocessors = 0;
    int smClockKHz = 0;
    int memoryClockKHz = 0;
    int memoryBusWidthBits = 0;
    std::string pciBusId;

    std::string computeCapability() const; // "9.0"
    std::string summary() const;           // "NVIDIA H200 (sm_90, 139.8 GiB)"
};

struct DeviceInfo {
    int driverVersion = 0;     // CUDA version the driver supports, e.g. 13000; 0: no driver
    int runtimeVersion = 0;    // CUDA runtime the worker was built with, e.g. 13000
    std::string nvrtcVersion;  // "13.0" or empty
    std::string cublasVersion; // "13.0.2" or empty
    std::string cudnnVersion;  // "9.13.0" or empty
    std::vector<GpuInfo> gpus;
    std::string noDeviceReason; // set when gpus is empty: why

    bool hasDevice() const { return !gpus.empty(); }
};

std::string formatCudaVersion(int v); // 13000 -> "13.0"

void to_json(nlohmann::json& j, const GpuInfo& g);
void from_json(const nlohmann::json& j, GpuInfo& g);
void to_json(nlohmann::json& j, const DeviceInfo& d);
void from_json(const nlohmann::json& j, DeviceInfo& d);

} // namespace kwb
