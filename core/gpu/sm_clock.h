#pragma once
// Reads the SM clock through NVML, loaded at run time (NVML ships with the driver, not the
// toolkit). Without NVML, clocks read as 0 and timing goes on.
#include <chrono>
#include <functional>
#include <optional>

namespace kwb::gpu {

struct SmClock {
    int currentMHz = 0;
    int maxMHz = 0;
};

SmClock readSmClock(int device);

// Starts NVML (the first reading otherwise does), on any thread.
void startSmClock();

// The current SM clock alone (one NVML call; 0 where unknown).
int readSmClockMHz(int device);

// The SM clock for the timing loop, read when the loop asks, between samples, and from NVML at
// most once per `intervalMs` (the last reading otherwise). A reading taken on another thread
// can land inside a timed sample, and an NVML query is a driver call on the device: calls on
// the device from elsewhere while a sample runs can stall it (sample_spread.py --beside). One
// taken after every sample pair costs a driver call of about a millisecond, as long as a short
// shape's pair. Throttling, which the loop filters on, lasts far longer than the interval.
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
