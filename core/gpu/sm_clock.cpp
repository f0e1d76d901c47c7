#include "core/gpu/sm_clock.h"

#include <chrono>

#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"

namespace kwb::gpu {

namespace {
// Long enough for the timer's steps to matter little, short beside a sample pair.
constexpr double kWindowUs = 30;
} // namespace

SmClock readSmClock(int device, cudaStream_t stream) {
    SmClock c;
    c.currentMHz = readSmClockMHz(stream);
    int khz = 0;
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device) == cudaSuccess)
        c.maxMHz = khz / 1000;
    return c;
}

int readSmClockMHz(cudaStream_t stream) {
    int mhz = 0;
    if (measureSmClock(kWindowUs, &mhz, stream) != cudaSuccess)
        return 0;
    return mhz;
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
