#include "core/gpu/sm_clock.h"

#include <chrono>
#include <map>
#include <mutex>

#include <cuda_runtime.h>
#include <dlfcn.h>

namespace kwb::gpu {
namespace {

using NvmlInit = int (*)();
using NvmlHandle = int (*)(unsigned, void**);
using NvmlHandleByBusId = int (*)(const char*, void**);
using NvmlClock = int (*)(void*, int, unsigned*);
constexpr int kNvmlClockSm = 1;

struct Nvml {
    NvmlHandle handle = nullptr;
    NvmlHandleByBusId handleByBusId = nullptr;
    NvmlClock clock = nullptr, maxClock = nullptr;
    bool ok = false;
    std::mutex mutex;
    std::map<int, void*> devices; // CUDA's device index -> NVML's handle (null: none)
    Nvml() {
        void* lib = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            return;
        auto init = reinterpret_cast<NvmlInit>(::dlsym(lib, "nvmlInit_v2"));
        handle = reinterpret_cast<NvmlHandle>(::dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"));
        handleByBusId =
            reinterpret_cast<NvmlHandleByBusId>(::dlsym(lib, "nvmlDeviceGetHandleByPciBusId_v2"));
        clock = reinterpret_cast<NvmlClock>(::dlsym(lib, "nvmlDeviceGetClockInfo"));
        maxClock = reinterpret_cast<NvmlClock>(::dlsym(lib, "nvmlDeviceGetMaxClockInfo"));
        ok = init && handle && clock && maxClock && init() == 0;
    }
};

Nvml& nvml() {
    static Nvml n;
    return n;
}

// NVML's handle for CUDA's device `device`. The two number devices differently: NVML in PCI
// order over every GPU of the host, CUDA over the GPUs CUDA_VISIBLE_DEVICES leaves it (a lane's
// worker, a Slurm task), fastest first by default. So the device is found by its PCI bus id,
// and by index only where that fails. Null: no handle.
void* deviceHandle(Nvml& nvml, int device) {
    std::lock_guard<std::mutex> lock(nvml.mutex);
    if (auto it = nvml.devices.find(device); it != nvml.devices.end())
        return it->second;
    void* dev = nullptr;
    char busId[32] = {};
    if (!nvml.handleByBusId || cudaDeviceGetPCIBusId(busId, sizeof busId, device) != cudaSuccess ||
        nvml.handleByBusId(busId, &dev) != 0) {
        cudaGetLastError();
        dev = nullptr;
        if (nvml.handle(static_cast<unsigned>(device), &dev) != 0)
            dev = nullptr;
    }
    nvml.devices[device] = dev;
    return dev;
}

} // namespace

void startSmClock() {
    (void)nvml();
}

SmClock readSmClock(int device) {
    Nvml& nvml = kwb::gpu::nvml();
    SmClock c;
    void* dev = nvml.ok ? deviceHandle(nvml, device) : nullptr;
    if (!dev)
        return c;
    unsigned v = 0;
    if (nvml.clock(dev, kNvmlClockSm, &v) == 0)
        c.currentMHz = static_cast<int>(v);
    if (nvml.maxClock(dev, kNvmlClockSm, &v) == 0)
        c.maxMHz = static_cast<int>(v);
    return c;
}

int readSmClockMHz(int device) {
    Nvml& nvml = kwb::gpu::nvml();
    void* dev = nvml.ok ? deviceHandle(nvml, device) : nullptr;
    unsigned v = 0;
    if (!dev || nvml.clock(dev, kNvmlClockSm, &v) != 0)
        return 0;
    return static_cast<int>(v);
}

SmClockReader::SmClockReader(std::function<int()> read, double intervalMs)
    : m_read(std::move(read)), m_intervalMs(intervalMs) {}

int SmClockReader::read() {
    const auto now = std::chrono::steady_clock::now();
    if (m_last && std::chrono::duration<double, std::milli>(now - *m_last).count() < m_intervalMs)
        return m_latest;
    m_last = now;
    m_latest = m_read ? m_read() : 0;
    return m_latest;
}

} // namespace kwb::gpu
