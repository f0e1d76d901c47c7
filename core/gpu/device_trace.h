#pragma once
// Where a job's device sits idle: a benchmark build's trace (cmake -DKWB_DEVICE_TRACE=ON, off by
// default) of the job's own kernels, copies and memsets through CUPTI's activity records, summed
// over the job's named stretches (its timeline's marks, the shape's steps, the sampling loop's
// parts). NVML says how much of the time a kernel ran somewhere on the device; this says, for
// one job, in which of its steps the device had nothing of the job's to do, and whether copies
// and memsets (which NVML's figure may not count) fill some of it.
//
// The summary is the job's own account, written by a process the candidate lives in: a
// diagnostic for benchmarks, never part of a verdict. In a build without the option every call
// here does nothing and the job's result has no "device_trace".
#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

namespace kwb::gpu::trace {

using Clock = std::chrono::steady_clock;

#if defined(KWB_DEVICE_TRACE) && KWB_DEVICE_TRACE
// Whether this build traces: callers that would build a stretch's name skip it when not.
inline constexpr bool kOn = true;
// Starts recording, before CUDA starts (the timestamps are the host's steady_clock, the clock
// of the stretches below). False when CUPTI refuses; the summary then says why.
bool start();
// A named stretch of the job, [t0, t1): the summary sums each name's wall time and the time in
// it that the device ran something of the job's. Stretches may nest and repeat.
void span(std::string name, Clock::time_point t0, Clock::time_point t1);
// Everything recorded so far, flushed and summed: {"stretches": {name: {n, wall_ms, busy_ms,
// kernel_ms}}, "job": {...}, "activities": {kernels, copies, sets}, "largest_idle_ms": [...]}.
// The job's stretch is [t0, now).
nlohmann::json summary(Clock::time_point t0);
#else
inline constexpr bool kOn = false;
inline bool start() {
    return false;
}
template <class Name> void span(const Name&, Clock::time_point, Clock::time_point) {}
inline nlohmann::json summary(Clock::time_point) {
    return nullptr;
}
#endif

} // namespace kwb::gpu::trace
