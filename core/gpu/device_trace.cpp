// Built only with KWB_DEVICE_TRACE (core/gpu/CMakeLists.txt): CUPTI's activity records of the
// job's kernels, copies and memsets, summed over the job's named stretches (device_trace.h).
#include "core/gpu/device_trace.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <cupti.h>

#include "core/gpu/busy_intervals.h"

namespace kwb::gpu::trace {
namespace {

enum class Kind { Kernel, Copy, Set };
struct Activity {
    std::uint64_t start, end;
    Kind kind;
};
struct Stretch {
    std::string name;
    std::uint64_t t0, t1;
};
struct State {
    std::mutex mu;
    std::vector<Activity> activities;
    std::vector<Stretch> stretches;
    std::string error;
    bool on = false;
    std::size_t dropped = 0;
    std::int64_t offset = 0; // CUPTI's clock less steady_clock, in ns
};
// Never destroyed: the job ends with _exit, and CUPTI's thread may still hand in a buffer.
State& state() {
    static State* s = new State;
    return *s;
}

std::uint64_t ns(Clock::time_point t) {
    return std::uint64_t(
        std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count());
}
std::uint64_t CUPTIAPI steadyNow() {
    return ns(Clock::now());
}

constexpr std::size_t kBufferBytes = std::size_t(8) << 20;

void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxRecords) {
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
    *size = *buffer ? kBufferBytes : 0;
    *maxRecords = 0;
}

void CUPTIAPI bufferCompleted(CUcontext ctx, uint32_t streamId, uint8_t* buffer, size_t,
                              size_t valid) {
    std::vector<Activity> got;
    CUpti_Activity* rec = nullptr;
    while (cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
        switch (rec->kind) {
        case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
        case CUPTI_ACTIVITY_KIND_KERNEL: {
            const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(rec);
            got.push_back({k->start, k->end, Kind::Kernel});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMCPY: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(rec);
            got.push_back({m->start, m->end, Kind::Copy});
            break;
        }
        case CUPTI_ACTIVITY_KIND_MEMSET: {
            const auto* m = reinterpret_cast<const CUpti_ActivityMemset4*>(rec);
            got.push_back({m->start, m->end, Kind::Set});
            break;
        }
        default:
            break;
        }
    }
    size_t dropped = 0;
    (void)cuptiActivityGetNumDroppedRecords(ctx, streamId, &dropped);
    State& s = state();
    {
        std::lock_guard lock(s.mu);
        for (Activity& a : got) {
            a.start = std::uint64_t(std::int64_t(a.start) - s.offset);
            a.end = std::uint64_t(std::int64_t(a.end) - s.offset);
        }
        s.activities.insert(s.activities.end(), got.begin(), got.end());
        s.dropped += dropped;
    }
    std::free(buffer);
}

// The activities of the kinds `keep` takes, merged.
template <class Keep> std::vector<Interval> unionOf(const std::vector<Activity>& acts, Keep keep) {
    std::vector<Interval> v;
    for (const Activity& a : acts)
        if (keep(a))
            v.emplace_back(a.start, a.end);
    return mergeIntervals(std::move(v));
}

double ms(std::uint64_t n) {
    return double(n) / 1e6;
}

// The longest idle gaps of [j0, j1), at most `keep`, each named by the shortest stretch that
// holds its middle.
nlohmann::json largestIdle(const std::vector<Interval>& busy, const std::vector<Stretch>& stretches,
                           std::uint64_t j0, std::uint64_t j1, std::size_t keep) {
    auto gaps = idleGaps(busy, j0, j1);
    gaps.resize(std::min(gaps.size(), keep));
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [g0, g1] : gaps) {
        const std::uint64_t mid = g0 + (g1 - g0) / 2;
        const Stretch* in = nullptr;
        for (const Stretch& st : stretches)
            if (st.t0 <= mid && mid < st.t1 && (!in || st.t1 - st.t0 < in->t1 - in->t0))
                in = &st;
        out.push_back({{"ms", ms(g1 - g0)},
                       {"from_job_start_ms", ms(g0 - j0)},
                       {"in", in ? in->name : std::string("(no stretch)")}});
    }
    return out;
}

} // namespace

bool start() {
    State& s = state();
    auto refused = [&](const char* what, CUptiResult r) {
        const char* text = nullptr;
        cuptiGetResultString(r, &text);
        s.error = std::string(what) + ": " + (text ? text : "unknown CUPTI error");
        return false;
    };
    // Without the callback the records are in CUPTI's own clock; the offset measured below
    // brings them to steady_clock either way.
    (void)cuptiActivityRegisterTimestampCallback(steadyNow);
    if (auto r = cuptiActivityRegisterCallbacks(bufferRequested, bufferCompleted);
        r != CUPTI_SUCCESS)
        return refused("cuptiActivityRegisterCallbacks", r);
    for (auto kind : {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                      CUPTI_ACTIVITY_KIND_MEMSET})
        if (auto r = cuptiActivityEnable(kind); r != CUPTI_SUCCESS)
            return refused("cuptiActivityEnable", r);
    std::uint64_t cuptiNow = 0;
    const std::uint64_t steady = steadyNow();
    if (cuptiGetTimestamp(&cuptiNow) == CUPTI_SUCCESS)
        s.offset = std::int64_t(cuptiNow) - std::int64_t(steady);
    s.on = true;
    return true;
}

void span(std::string name, Clock::time_point t0, Clock::time_point t1) {
    State& s = state();
    if (!s.on)
        return;
    std::lock_guard lock(s.mu);
    s.stretches.push_back({std::move(name), ns(t0), ns(t1)});
}

nlohmann::json summary(Clock::time_point t0) {
    State& s = state();
    if (!s.on)
        return s.error.empty() ? nlohmann::json(nullptr) : nlohmann::json{{"error", s.error}};
    (void)cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    const std::uint64_t j0 = ns(t0), j1 = ns(Clock::now());
    std::vector<Activity> acts;
    std::vector<Stretch> stretches;
    std::size_t dropped = 0;
    {
        std::lock_guard lock(s.mu);
        acts = s.activities;
        stretches = s.stretches;
        dropped = s.dropped;
    }
    const auto all = unionOf(acts, [](const Activity&) { return true; });
    const auto kernels = unionOf(acts, [](const Activity& a) { return a.kind == Kind::Kernel; });
    struct Sum {
        int n = 0;
        std::uint64_t wall = 0, busy = 0, kernel = 0;
    };
    std::map<std::string, Sum> sums;
    for (const Stretch& st : stretches) {
        Sum& x = sums[st.name];
        x.n += 1;
        x.wall += st.t1 - st.t0;
        x.busy += coveredNs(all, st.t0, st.t1);
        x.kernel += coveredNs(kernels, st.t0, st.t1);
    }
    nlohmann::json out;
    for (const auto& [name, x] : sums)
        out["stretches"][name] = {{"n", x.n},
                                  {"wall_ms", ms(x.wall)},
                                  {"busy_ms", ms(x.busy)},
                                  {"kernel_ms", ms(x.kernel)}};
    out["job"] = {{"wall_ms", ms(j1 - j0)},
                  {"busy_ms", ms(coveredNs(all, j0, j1))},
                  {"kernel_ms", ms(coveredNs(kernels, j0, j1))}};
    int n[3] = {0, 0, 0};
    std::uint64_t each[3] = {0, 0, 0};
    for (const Activity& a : acts) {
        n[int(a.kind)] += 1;
        each[int(a.kind)] += a.end > a.start ? a.end - a.start : 0;
    }
    out["activities"] = {{"kernels", n[0]},        {"kernel_ms", ms(each[0])},
                         {"copies", n[1]},         {"copy_ms", ms(each[1])},
                         {"sets", n[2]},           {"set_ms", ms(each[2])},
                         {"dropped", int(dropped)}};
    out["largest_idle_ms"] = largestIdle(all, stretches, j0, j1, 8);
    return out;
}

} // namespace kwb::gpu::trace
