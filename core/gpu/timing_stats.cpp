// The timing's policy and statistics: the policy's JSON, how many input sets a shape's timing
// rotates over, and the summary of a side's samples (median, quartiles, the precision the
// stopping rule reads). No CUDA here: the loop that takes the samples is timing.cpp.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/gpu/timing.h"

namespace kwb::gpu {

void to_json(nlohmann::json& j, const TimingPolicy& p) {
    j = {{"target_rse", p.targetRse},
         {"min_samples", p.minSamples},
         {"max_samples", p.maxSamples},
         {"time_cap_ms", p.timeCapMs},
         {"warmup", p.warmup},
         {"warmup_long", p.warmupLong},
         {"flush_l2", p.flushL2},
         {"min_sample_ms", p.minSampleMs},
         {"max_batch", p.maxBatch},
         {"graphs", p.graphs},
         {"warmup_ms", p.warmupMs},
         {"clock_settle_ms", p.clockSettleMs},
         {"keep_above_clock_fraction", p.keepAboveClockFraction},
         {"cover_us", p.coverUs},
         {"max_cover_us", p.maxCoverUs},
         {"memset_kernels", p.memsetKernels},
         {"stop_on", p.stopOn},
         {"rotate_l2", p.rotateL2},
         {"min_buffer_sets", p.minBufferSets},
         {"max_buffer_sets", p.maxBufferSets},
         {"max_rotate_mib", p.maxRotateMiB},
         {"warm_l2_fill", p.warmL2Fill},
         {"prime_sets", p.primeSets},
         {"watch_ms", p.watchMs},
         {"watch_tries", p.watchTries}};
}

void from_json(const nlohmann::json& j, TimingPolicy& p) {
    TimingPolicy d;
    p.targetRse = j.value("target_rse", d.targetRse);
    p.minSamples = j.value("min_samples", d.minSamples);
    p.maxSamples = j.value("max_samples", d.maxSamples);
    p.timeCapMs = j.value("time_cap_ms", d.timeCapMs);
    p.warmup = j.value("warmup", d.warmup);
    p.warmupLong = j.value("warmup_long", d.warmupLong);
    p.flushL2 = j.value("flush_l2", d.flushL2);
    p.minSampleMs = j.value("min_sample_ms", d.minSampleMs);
    p.maxBatch = j.value("max_batch", d.maxBatch);
    p.graphs = j.value("graphs", d.graphs);
    p.warmupMs = j.value("warmup_ms", d.warmupMs);
    p.clockSettleMs = j.value("clock_settle_ms", d.clockSettleMs);
    p.keepAboveClockFraction = j.value("keep_above_clock_fraction", d.keepAboveClockFraction);
    p.coverUs = std::clamp(j.value("cover_us", d.coverUs), 0.0, 100000.0);
    p.maxCoverUs = std::clamp(j.value("max_cover_us", d.maxCoverUs), 0.0, 100000.0);
    p.memsetKernels = j.value("memset_kernels", d.memsetKernels);
    p.stopOn = j.value("stop_on", d.stopOn) == "median" ? "median" : "mean";
    p.rotateL2 = std::clamp(j.value("rotate_l2", d.rotateL2), 0.0, 64.0);
    p.minBufferSets = std::clamp(j.value("min_buffer_sets", d.minBufferSets), 1, 256);
    p.maxBufferSets = std::clamp(j.value("max_buffer_sets", d.maxBufferSets), 1, 256);
    p.maxRotateMiB = std::clamp(j.value("max_rotate_mib", d.maxRotateMiB), 0.0, 1048576.0);
    p.warmL2Fill = std::clamp(j.value("warm_l2_fill", d.warmL2Fill), 0.0, 1.0);
    p.primeSets = std::clamp(j.value("prime_sets", d.primeSets), 0, 2);
    p.watchMs = std::clamp(j.value("watch_ms", d.watchMs), 0.0, 1000.0);
    p.watchTries = std::clamp(j.value("watch_tries", d.watchTries), 1, 100);
}

int bufferSets(const TimingPolicy& p, std::size_t l2Bytes, std::size_t setBytes) {
    if (p.rotateL2 <= 0 || setBytes == 0 || l2Bytes == 0 ||
        double(setBytes) >= p.rotateL2 * double(l2Bytes))
        return 1; // off, or one set already spans rotateL2 x L2
    const double toSpan = std::ceil(p.rotateL2 * double(l2Bytes) / double(setBytes));
    if (toSpan > double(p.maxBufferSets))
        return 1; // stays in the L2 however many copies: rotating only costs checks
    double sets = std::max(toSpan, double(std::min(p.minBufferSets, p.maxBufferSets)));
    sets = std::min(sets, std::floor(p.maxRotateMiB * 1048576.0 / double(setBytes)));
    return sets >= 2 ? static_cast<int>(sets) : 1;
}

bool timedWarm(const TimingPolicy& p, std::size_t l2Bytes, std::size_t setBytes) {
    if (p.warmL2Fill <= 0 || p.rotateL2 <= 0 || setBytes == 0 || l2Bytes == 0)
        return false;
    // bufferSets()'s "stays in the L2 however many copies" case.
    const double toSpan = std::ceil(p.rotateL2 * double(l2Bytes) / double(setBytes));
    return toSpan > double(p.maxBufferSets) && warmSets(p, l2Bytes, setBytes) >= 1;
}

int warmSets(const TimingPolicy& p, std::size_t l2Bytes, std::size_t setBytes) {
    const double fit =
        std::floor(p.warmL2Fill * double(l2Bytes) / double(std::max<std::size_t>(setBytes, 1)));
    return static_cast<int>(std::clamp(fit, 0.0, 1e6));
}

int warmupPairs(const TimingPolicy& p, bool deviceWarm, double firstA, double firstB) {
    if (deviceWarm && firstA >= p.minSampleMs && firstB >= p.minSampleMs)
        return std::max(1, p.warmupLong);
    return std::max(1, p.warmup);
}

bool correctnessWarms(const TimingPolicy& p, double correctnessMs, double idleMs) {
    return correctnessMs - idleMs >= p.warmupMs;
}

void to_json(nlohmann::json& j, const TimingStats& s) {
    j = {{"median_ms", s.medianMs},
         {"q1_ms", s.q1Ms},
         {"q3_ms", s.q3Ms},
         {"min_ms", s.minMs},
         {"mean_ms", s.meanMs},
         {"rse", s.rse},
         {"median_rse", s.medianRse},
         {"n", s.n},
         {"warmup_pairs", s.warmupPairs},
         {"host_median_ms", s.hostMedianMs},
         {"host_from", s.hostFromSamples ? "samples" : "calls"},
         {"batch", s.batch},
         {"graph", s.graph},
         {"samples_ms", s.samplesMs},
         {"discarded_throttled", s.discarded},
         {"discarded_uncovered", s.uncovered},
         {"spin_dropped", s.spinDropped},
         {"cover_us", s.coverUs},
         {"memset_nodes_as_kernels", s.memsetNodes},
         {"buffer_sets", s.bufferSets},
         {"l2", s.warmL2 ? "warm" : "flushed"},
         {"spent_ms",
          {{"warmup", s.spentMs.warmup},
           {"capture", s.spentMs.capture},
           {"capture_graphs", s.spentMs.captureGraphs},
           {"sampling", s.spentMs.sampling},
           {"host_check", s.spentMs.hostCheck},
           {"sampling_refresh", s.spentMs.refresh},
           {"sampling_timed", s.spentMs.timed},
           {"sampling_checks", s.spentMs.checks},
           {"sampling_audits", s.spentMs.audits},
           {"sampling_clock", s.spentMs.clock}}}};
    if (!s.clocksMHz.empty()) {
        auto c = s.clocksMHz;
        std::sort(c.begin(), c.end());
        j["sm_clock_mhz"] = {{"min", c.front()}, {"median", c[c.size() / 2]}, {"max", c.back()}};
    }
}

namespace {
double quantile(const std::vector<double>& sorted, double q) {
    if (sorted.empty())
        return 0;
    double pos = q * double(sorted.size() - 1);
    auto lo = static_cast<std::size_t>(std::floor(pos));
    auto hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}
} // namespace

double medianPrecision(const std::vector<double>& samples) {
    if (samples.size() < 2)
        return 0;
    std::vector<double> x = samples;
    std::sort(x.begin(), x.end());
    const auto n = static_cast<long>(x.size());
    const auto k = static_cast<long>(std::ceil(0.5 * std::sqrt(double(n))));
    const long lo = std::max(0L, n / 2 - k), hi = std::min(n - 1, (n - 1) / 2 + k);
    const double med = quantile(x, 0.5);
    return med > 0 ? (x[std::size_t(hi)] - x[std::size_t(lo)]) / 2 / med : 0;
}

TimingStats summarise(std::vector<double> samples) {
    TimingStats s;
    s.samplesMs = samples;
    s.n = static_cast<int>(samples.size());
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.medianMs = quantile(samples, 0.5);
    s.q1Ms = quantile(samples, 0.25);
    s.q3Ms = quantile(samples, 0.75);
    s.minMs = samples.front();
    s.meanMs = std::accumulate(samples.begin(), samples.end(), 0.0) / double(s.n);
    if (s.n > 1) {
        double var = 0;
        for (double x : samples)
            var += (x - s.meanMs) * (x - s.meanMs);
        var /= double(s.n - 1);
        s.rse = std::sqrt(var / double(s.n)) / std::max(s.meanMs, 1e-12);
    }
    s.medianRse = medianPrecision(samples);
    return s;
}

} // namespace kwb::gpu
