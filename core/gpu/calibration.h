#pragma once
// Per-device ceilings for speed-of-light: copy bandwidth and library matrix rates, measured by
// a probe in a kwb-job child (measureCeilings, calibration.cu) and cached by the worker as JSON
// per device, driver included, so a driver update re-measures.
// Floor time of a task = max(bytes / bandwidth, flops / rate).
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb::gpu {

struct DeviceCeilings {
    static constexpr int kSchemaVersion = 1;

    // Identity: the cache key is name + PCI bus id + driver (release, else CUDA version).
    std::string deviceName;    // "NVIDIA H200"
    std::string pciBusId;      // "0000:19:00.0"
    std::string uuid;          // "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
    int driverVersion = 0;     // CUDA version the driver supports, e.g. 13000
    std::string driverRelease; // kernel module release, e.g. "580.65.06"; empty if unknown
    int runtimeVersion = 0;    // CUDA runtime of the probe, e.g. 13000
    int maxSmClockKHz = 0;

    // Ceilings; 0 means not measured.
    double copyBandwidthGBps = 0.0; // device-to-device copy: (bytes read + written) / s / 1e9
    double f32TFlops = 0.0;         // cublasSgemm, TF32 off
    double tf32TFlops = 0.0;        // not measured (0)
    double bf16TFlops = 0.0;        // cublasGemmEx bf16, fp32 accumulate
    double f16TFlops = 0.0;         // cublasGemmEx f16, fp32 accumulate
    long long copyBytes = 0;        // size of one copy in the bandwidth probe
    int gemmSize = 0;               // n of the n^3 GEMMs
    std::string measuredAt;         // ISO 8601 UTC, "2025-01-31T12:00:00Z"
};

// Runs the probe on device (about a second on an H200); makes device current. In calibration.cu,
// part of kwb_gpu (it needs cuBLAS); the rest of this header is the worker's (kwb_gpu_worker).
Result<DeviceCeilings> measureCeilings(int device);

// Identity fields of device filled in, ceilings left at 0.
Result<DeviceCeilings> deviceIdentity(int device);

// Matrix rate in TFLOP/s for "f32" | "tf32" | "bf16" | "f16"; 0 when unknown.
double matrixRateTFlops(const DeviceCeilings& c, const std::string& dtype);

nlohmann::json ceilingsToJson(const DeviceCeilings& c);
// Never throws; a wrong schema version or a missing field is an Error naming it.
Result<DeviceCeilings> ceilingsFromJson(const nlohmann::json& j);

// File name (no folder) under which ceilings with this identity are cached.
std::string ceilingsCacheFileName(const DeviceCeilings& identity);
// Cached ceilings of the device identity names; error "ceilings-not-cached" when absent, stale
// (another identity) or unreadable.
Result<DeviceCeilings> loadCachedCeilings(const std::filesystem::path& folder,
                                          const DeviceCeilings& identity);
// Writes atomically (AtomicFile); creates folder.
Status saveCachedCeilings(const std::filesystem::path& folder, const DeviceCeilings& c);

} // namespace kwb::gpu
