// DeviceCeilings: identity, JSON and the on-disk cache. The probe itself is in calibration.cu.
#include "core/gpu/calibration.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <system_error>

#include <cuda_runtime_api.h>

#include "core/gpu/cuda_status.h"
#include "core/sys/atomic_file.h"

namespace kwb::gpu {

namespace {

// "580.65.06" from /proc/driver/nvidia/version: the first token after "Module" made of digits
// and dots. Empty when the file is absent (containers without it, non-Linux).
std::string readDriverRelease() {
    std::ifstream in("/proc/driver/nvidia/version");
    std::string line;
    if (!in || !std::getline(in, line))
        return {};
    std::istringstream words(line);
    std::string w;
    bool afterModule = false;
    while (words >> w) {
        if (w == "Module") {
            afterModule = true;
            continue;
        }
        if (!afterModule || w.find('.') == std::string::npos)
            continue;
        bool numeric = true;
        for (char ch : w)
            numeric = numeric && (std::isdigit(static_cast<unsigned char>(ch)) || ch == '.');
        if (numeric)
            return w;
    }
    return {};
}

std::string formatUuid(const cudaUUID_t& id) {
    char buf[48] = {0};
    const auto* b = reinterpret_cast<const unsigned char*>(id.bytes);
    std::snprintf(buf, sizeof(buf),
                  "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                  b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                  b[14], b[15]);
    return buf;
}

std::string sanitise(const std::string& s) {
    std::string out;
    for (char ch : s)
        out += (std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-') ? ch : '_';
    return out;
}

bool sameIdentity(const DeviceCeilings& a, const DeviceCeilings& b) {
    return a.deviceName == b.deviceName && a.pciBusId == b.pciBusId &&
           a.driverVersion == b.driverVersion && a.driverRelease == b.driverRelease;
}

} // namespace

Result<DeviceCeilings> deviceIdentity(int device) {
    DeviceCeilings c;
    cudaDeviceProp p{};
    KWB_GPU_TRY(cudaCheck(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties"));
    c.deviceName = p.name;
    c.uuid = formatUuid(p.uuid);
    char bus[32] = {0};
    KWB_GPU_TRY(
        cudaCheck(cudaDeviceGetPCIBusId(bus, sizeof(bus), device), "cudaDeviceGetPCIBusId"));
    c.pciBusId = bus;
    KWB_GPU_TRY(cudaCheck(cudaDriverGetVersion(&c.driverVersion), "cudaDriverGetVersion"));
    KWB_GPU_TRY(cudaCheck(cudaRuntimeGetVersion(&c.runtimeVersion), "cudaRuntimeGetVersion"));
    KWB_GPU_TRY(cudaCheck(cudaDeviceGetAttribute(&c.maxSmClockKHz, cudaDevAttrClockRate, device),
                          "cudaDeviceGetAttribute(ClockRate)"));
    c.driverRelease = readDriverRelease();
    return c;
}

double matrixRateTFlops(const DeviceCeilings& c, const std::string& dtype) {
    if (dtype == "f32")
        return c.f32TFlops;
    if (dtype == "tf32")
        return c.tf32TFlops;
    if (dtype == "bf16")
        return c.bf16TFlops;
    if (dtype == "f16")
        return c.f16TFlops;
    return 0.0;
}

nlohmann::json ceilingsToJson(const DeviceCeilings& c) {
    return nlohmann::json{{"schema", DeviceCeilings::kSchemaVersion},
                          {"device_name", c.deviceName},
                          {"pci_bus_id", c.pciBusId},
                          {"uuid", c.uuid},
                          {"driver_version", c.driverVersion},
                          {"driver_release", c.driverRelease},
                          {"runtime_version", c.runtimeVersion},
                          {"max_sm_clock_khz", c.maxSmClockKHz},
                          {"copy_bandwidth_gbps", c.copyBandwidthGBps},
                          {"f32_tflops", c.f32TFlops},
                          {"tf32_tflops", c.tf32TFlops},
                          {"bf16_tflops", c.bf16TFlops},
                          {"f16_tflops", c.f16TFlops},
                          {"copy_bytes", c.copyBytes},
                          {"gemm_size", c.gemmSize},
                          {"measured_at", c.measuredAt}};
}

Result<DeviceCeilings> ceilingsFromJson(const nlohmann::json& j) {
    if (!j.is_object())
        return Error::make("ceilings-bad-json", "device ceilings: not a JSON object");
    const auto schema = j.find("schema");
    if (schema == j.end() || !schema->is_number_integer() ||
        schema->get<int>() != DeviceCeilings::kSchemaVersion)
        return Error::make("ceilings-bad-json", "device ceilings: schema is not " +
                                                    std::to_string(DeviceCeilings::kSchemaVersion));
    DeviceCeilings c;
    // Exceptions stay here: a type mismatch becomes an Error naming the field.
    const char* field = "";
    try {
        auto get = [&](const char* name, auto& out) {
            field = name;
            j.at(name).get_to(out);
        };
        get("device_name", c.deviceName);
        get("pci_bus_id", c.pciBusId);
        get("uuid", c.uuid);
        get("driver_version", c.driverVersion);
        get("driver_release", c.driverRelease);
        get("runtime_version", c.runtimeVersion);
        get("max_sm_clock_khz", c.maxSmClockKHz);
        get("copy_bandwidth_gbps", c.copyBandwidthGBps);
        get("f32_tflops", c.f32TFlops);
        get("tf32_tflops", c.tf32TFlops);
        get("bf16_tflops", c.bf16TFlops);
        get("f16_tflops", c.f16TFlops);
        get("copy_bytes", c.copyBytes);
        get("gemm_size", c.gemmSize);
        get("measured_at", c.measuredAt);
    } catch (const std::exception& e) {
        return Error::make("ceilings-bad-json",
                           std::string("device ceilings: field '") + field + "': " + e.what());
    }
    for (double v : {c.copyBandwidthGBps, c.f32TFlops, c.tf32TFlops, c.bf16TFlops, c.f16TFlops})
        if (!(v >= 0.0) || v > 1e9)
            return Error::make("ceilings-bad-json", "device ceilings: a ceiling is out of range");
    return c;
}

std::string ceilingsCacheFileName(const DeviceCeilings& identity) {
    const std::string driver = identity.driverRelease.empty()
                                   ? "cuda" + std::to_string(identity.driverVersion)
                                   : identity.driverRelease;
    return "ceilings-" + sanitise(identity.deviceName) + "-" + sanitise(identity.pciBusId) + "-" +
           sanitise(driver) + ".json";
}

Result<DeviceCeilings> loadCachedCeilings(const std::filesystem::path& folder,
                                          const DeviceCeilings& identity) {
    const auto path = folder / ceilingsCacheFileName(identity);
    std::ifstream in(path);
    if (!in)
        return Error::make("ceilings-not-cached", "no cached ceilings at " + path.string());
    nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded())
        return Error::make("ceilings-not-cached", "cached ceilings are not JSON: " + path.string());
    auto c = ceilingsFromJson(j);
    if (!c)
        return Error::make("ceilings-not-cached", c.error().message + " (" + path.string() + ")");
    if (!sameIdentity(*c, identity))
        return Error::make("ceilings-not-cached",
                           "cached ceilings belong to another device or driver: " + path.string());
    if (c->copyBandwidthGBps <= 0.0 || c->f32TFlops <= 0.0)
        return Error::make("ceilings-not-cached", "cached ceilings are empty: " + path.string());
    return c;
}

Status saveCachedCeilings(const std::filesystem::path& folder, const DeviceCeilings& c) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
        return Error::make("ceilings-save-failed",
                           "cannot create " + folder.string() + ": " + ec.message());
    const auto path = folder / ceilingsCacheFileName(c);
    auto out = AtomicFile::create(path);
    if (!out)
        return Error::make("ceilings-save-failed",
                           "cannot write " + path.string() + ": " + out.error().message);
    if (auto s = out->write(ceilingsToJson(c).dump(2) + "\n"); !s)
        return Error::make("ceilings-save-failed",
                           "cannot write " + path.string() + ": " + s.error().message);
    if (auto s = out->commit(); !s)
        return Error::make("ceilings-save-failed",
                           "cannot write " + path.string() + ": " + s.error().message);
    return okStatus();
}

} // namespace kwb::gpu
