#pragma once
// Reads the SM clock through NVML, loaded at run time (NVML ships with the driver, not the
// toolkit). Without NVML, clocks read as 0 and timing goes on.
namespace kwb::gpu {

struct SmClock {
    int currentMHz = 0;
    int maxMHz = 0;
};

SmClock readSmClock(int device);

} // namespace kwb::gpu
