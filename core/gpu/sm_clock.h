#pragma once
// Reads the SM clock on the device itself: a one-thread kernel counts its SM's cycles over a few
// tens of microseconds of the global timer (device_kernels.h measureSmClock). The job needs no
// NVML for it (whose start lay on the lane's critical path in every job, and whose files it had to
// open before its filters). Where it fails, clocks read as 0 and timing goes on.
#include <chrono>
#include <functional>
#include <optional>

#include <cuda_runtime_api.h>

namespace kwb::gpu {

struct SmClock {
    int currentMHz = 0;
    int maxMHz = 0; // the device's peak (cudaDevAttrClockRate)
};

// The clock now, measured on `stream` (it waits for the stream), and the device's peak.
SmClock readSmClock(int device, cudaStream_t stream);

// The current SM clock alone, measured on `stream`: 0 where unknown, and where two readings in a
// row were not the clock (above `peak`, the device's, by more than 1 %, or counted across two
// SMs). peak 0: no peak to check against.
int readSmClockMHz(cudaStream_t stream, int peak);

// The SM clock for the timing loop, read when the loop asks, between samples, and measured at
// most once per `intervalMs` (the last reading otherwise): each reading is a kernel and a wait for
// the stream, and throttling, which the loop filters on, lasts far longer than the interval. A
// reading taken from another thread could land inside a timed sample.
class SmClockReader {
public:
    SmClockReader(std::function<int()> read, double intervalMs);
    int read();

private:
    std::function<int()> m_read;
    double m_intervalMs;
    int m_latest = 0;
    std::optional<std::chrono::steady_clock::time_point> m_last; // none: never read
};

} // namespace kwb::gpu
