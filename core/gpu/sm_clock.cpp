#include "core/gpu/sm_clock.h"

#include <chrono>

#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"

namespace kwb::gpu {

namespace {
// Long enough for the few nanoseconds each end costs to matter little, short beside a sample pair.
constexpr double kWindowUs = 30;
// Readings above the device's peak by more than this (per cent) are not the clock.
constexpr int kOverPeakPercent = 1;

int peakMHz(int device) {
    int khz = 0;
    return cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device) == cudaSuccess ? khz / 1000
                                                                                     : 0;
}

} // namespace

SmClock readSmClock(int device, cudaStream_t stream) {
    SmClock c;
    c.maxMHz = peakMHz(device);
    c.currentMHz = readSmClockMHz(stream, c.maxMHz);
    return c;
}

int readSmClockMHz(cudaStream_t stream, int peak) {
    // A reading the SM could not have counted (the thread moved to another SM, or above the
    // peak) is taken once more, then left unknown (0): the timing loop keeps the pairs it follows
    // rather than filter them against a peak that never was.
    for (int attempt = 0; attempt < 2; ++attempt) {
        int mhz = 0;
        if (measureSmClock(kWindowUs, &mhz, stream) != cudaSuccess)
            return 0;
        if (mhz > 0 && (peak <= 0 || mhz * 100 <= peak * (100 + kOverPeakPercent)))
            return mhz;
    }
    return 0;
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
