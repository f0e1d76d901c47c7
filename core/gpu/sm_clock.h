#pragma once
// Reads the SM clock through NVML, loaded at run time (NVML ships with the driver, not the
// toolkit). Without NVML, clocks read as 0 and timing goes on.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace kwb::gpu {

struct SmClock {
    int currentMHz = 0;
    int maxMHz = 0;
};

SmClock readSmClock(int device);

// The current SM clock alone (one NVML call; 0 where unknown).
int readSmClockMHz(int device);

// The SM clock read every `periodUs` on a thread of its own, so a timing loop that wants the
// clock after each sample pair reads the latest value at once instead of waiting on NVML (a
// driver call of about a millisecond, as long as a short shape's sample pair). The value is at
// most one period and one NVML call old; throttling, which the loop filters on, lasts far longer.
class SmClockWatch {
public:
    SmClockWatch(int device, int periodUs);
    ~SmClockWatch();
    SmClockWatch(const SmClockWatch&) = delete;
    SmClockWatch& operator=(const SmClockWatch&) = delete;
    int latestMHz() const { return m_latest.load(std::memory_order_relaxed); }

private:
    std::atomic<int> m_latest{0};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace kwb::gpu
