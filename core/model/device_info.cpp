#include "core/model/device_info.h"

#include <cstdio>

namespace kwb {

std::string GpuInfo::computeCapability() const {
    return std::to_string(ccMajor) + "." + std::to_string(ccMinor);
}

std::string GpuInfo::summary() const {
    char mem[32];
    std::snprintf(mem, sizeof mem, "%.1f GiB",
                  static_cast<double>(totalMemoryBytes) / (1024.0 * 1024.0 * 1024.0));
    return name + " (sm_" + std::to_string(ccMajor) + std::to_string(ccMinor) + ", " + mem + ")";
}

std::string formatCudaVersion(int v) {
    if (v <= 0)
        return {};
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

void to_json(nlohmann::json& j, const GpuInfo& g) {
    j = {{"index", g.index},
         {"name", g.name},
         {"compute_capability", g.computeCapability()},
         {"cc_major", g.ccMajor},
         {"cc_minor", g.ccMinor},
         {"total_memory_bytes", g.totalMemoryBytes},
         {"multiprocessors", g.multiprocessors},
         {"sm_clock_khz", g.smClockKHz},
         {"memory_clock_khz", g.memoryClockKHz},
         {"memory_bus_width_bits", g.memoryBusWidthBits},
         {"pci_bus_id", g.pciBusId}};
}

void from_json(const nlohmann::json& j, GpuInfo& g) {
    g.index = j.value("index", 0);
    g.name = j.value("name", std::string{});
    g.ccMajor = j.value("cc_major", 0);
    g.ccMinor = j.value("cc_minor", 0);
    g.totalMemoryBytes = j.value("total_memory_bytes", std::uint64_t{0});
    g.multiprocessors = j.value("multiprocessors", 0);
    g.smClockKHz = j.value("sm_clock_khz", 0);
    g.memoryClockKHz = j.value("memory_clock_khz", 0);
    g.memoryBusWidthBits = j.value("memory_bus_width_bits", 0);
    g.pciBusId = j.value("pci_bus_id", std::string{});
}

void to_json(nlohmann::json& j, const DeviceInfo& d) {
    j = {{"driver_version", d.driverVersion}, {"runtime_version", d.runtimeVersion},
         {"nvrtc_version", d.nvrtcVersion},   {"cublas_version", d.cublasVersion},
         {"cudnn_version", d.cudnnVersion},   {"gpus", d.gpus}};
    if (!d.hasDevice())
        j["no_device_reason"] = d.noDeviceReason;
}

void from_json(const nlohmann::json& j, DeviceInfo& d) {
    d.driverVersion = j.value("driver_version", 0);
    d.runtimeVersion = j.value("runtime_version", 0);
    d.nvrtcVersion = j.value("nvrtc_version", std::string{});
    d.cublasVersion = j.value("cublas_version", std::string{});
    d.cudnnVersion = j.value("cudnn_version", std::string{});
    d.gpus = j.value("gpus", std::vector<GpuInfo>{});
    d.noDeviceReason = j.value("no_device_reason", std::string{});
}

} // namespace kwb
