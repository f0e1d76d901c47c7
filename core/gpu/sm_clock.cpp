#include "core/gpu/sm_clock.h"

#include <chrono>

#include <dlfcn.h>

namespace kwb::gpu {
namespace {

using NvmlInit = int (*)();
using NvmlHandle = int (*)(unsigned, void**);
using NvmlClock = int (*)(void*, int, unsigned*);
constexpr int kNvmlClockSm = 1;

struct Nvml {
    NvmlHandle handle = nullptr;
    NvmlClock clock = nullptr, maxClock = nullptr;
    bool ok = false;
    Nvml() {
        void* lib = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib)
            return;
        auto init = reinterpret_cast<NvmlInit>(::dlsym(lib, "nvmlInit_v2"));
        handle = reinterpret_cast<NvmlHandle>(::dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"));
        clock = reinterpret_cast<NvmlClock>(::dlsym(lib, "nvmlDeviceGetClockInfo"));
        maxClock = reinterpret_cast<NvmlClock>(::dlsym(lib, "nvmlDeviceGetMaxClockInfo"));
        ok = init && handle && clock && maxClock && init() == 0;
    }
};

Nvml& nvml() {
    static Nvml n;
    return n;
}

} // namespace

SmClock readSmClock(int device) {
    Nvml& nvml = kwb::gpu::nvml();
    SmClock c;
    void* dev = nullptr;
    if (!nvml.ok || nvml.handle(static_cast<unsigned>(device), &dev) != 0)
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
    void* dev = nullptr;
    unsigned v = 0;
    if (!nvml.ok || nvml.handle(static_cast<unsigned>(device), &dev) != 0 ||
        nvml.clock(dev, kNvmlClockSm, &v) != 0)
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
