#include "core/gpu/timing.h"

#include "core/gpu/device_kernels.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include <cuda_runtime.h>

namespace kwb::gpu {

void to_json(nlohmann::json& j, const TimingPolicy& p) {
    j = {{"target_rse", p.targetRse}, {"min_samples", p.minSamples}, {"max_samples", p.maxSamples},
         {"time_cap_ms", p.timeCapMs}, {"warmup", p.warmup}, {"flush_l2", p.flushL2},
         {"min_sample_ms", p.minSampleMs}, {"max_batch", p.maxBatch}, {"graphs", p.graphs},
         {"warmup_ms", p.warmupMs}, {"clock_settle_ms", p.clockSettleMs},
         {"keep_above_clock_fraction", p.keepAboveClockFraction}, {"cover_us", p.coverUs},
         {"max_cover_us", p.maxCoverUs}, {"memset_kernels", p.memsetKernels}, {"stop_on", p.stopOn},
         {"rotate_l2", p.rotateL2}, {"min_buffer_sets", p.minBufferSets},
         {"max_buffer_sets", p.maxBufferSets}, {"max_rotate_mib", p.maxRotateMiB}};
}

void from_json(const nlohmann::json& j, TimingPolicy& p) {
    TimingPolicy d;
    p.targetRse = j.value("target_rse", d.targetRse);
    p.minSamples = j.value("min_samples", d.minSamples);
    p.maxSamples = j.value("max_samples", d.maxSamples);
    p.timeCapMs = j.value("time_cap_ms", d.timeCapMs);
    p.warmup = j.value("warmup", d.warmup);
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
}

int bufferSets(const TimingPolicy& p, std::size_t l2Bytes, std::size_t setBytes) {
    if (p.rotateL2 <= 0 || setBytes == 0 || l2Bytes == 0 || double(setBytes) >= p.rotateL2 * double(l2Bytes))
        return 1; // off, or one set already spans rotateL2 x L2
    const double toSpan = std::ceil(p.rotateL2 * double(l2Bytes) / double(setBytes));
    if (toSpan > double(p.maxBufferSets))
        return 1; // stays in the L2 however many copies: rotating only costs checks
    double sets = std::max(toSpan, double(std::min(p.minBufferSets, p.maxBufferSets)));
    sets = std::min(sets, std::floor(p.maxRotateMiB * 1048576.0 / double(setBytes)));
    return sets >= 2 ? static_cast<int>(sets) : 1;
}

void to_json(nlohmann::json& j, const TimingStats& s) {
    j = {{"median_ms", s.medianMs}, {"q1_ms", s.q1Ms}, {"q3_ms", s.q3Ms}, {"min_ms", s.minMs},
         {"mean_ms", s.meanMs}, {"rse", s.rse}, {"median_rse", s.medianRse}, {"n", s.n}, {"host_median_ms", s.hostMedianMs}, {"batch", s.batch},
         {"graph", s.graph}, {"samples_ms", s.samplesMs}, {"discarded_throttled", s.discarded},
         {"discarded_uncovered", s.uncovered},
         {"spin_dropped", s.spinDropped}, {"cover_us", s.coverUs}, {"memset_nodes_as_kernels", s.memsetNodes},
         {"buffer_sets", s.bufferSets},
         {"spent_ms", {{"warmup", s.spentMs.warmup}, {"capture", s.spentMs.capture},
                       {"sampling", s.spentMs.sampling}, {"host_check", s.spentMs.hostCheck}}}};
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
std::string err(cudaError_t e) { return e == cudaSuccess ? std::string{} : cudaGetErrorString(e); }
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

Timer::Timer(cudaStream_t stream, std::size_t l2Bytes, std::function<int()> clockMHz)
    : m_stream(stream), m_clock(std::move(clockMHz)) {
    m_flushBytes = std::max<std::size_t>(2 * l2Bytes, 8u << 20);
    if (cudaMalloc(&m_flush, m_flushBytes) != cudaSuccess) {
        m_flush = nullptr;
        cudaGetLastError();
    }
    cudaEventCreate(&m_start);
    cudaEventCreate(&m_stop);
}

Timer::~Timer() {
    if (m_flush)
        cudaFree(m_flush);
    cudaEventDestroy(m_start);
    cudaEventDestroy(m_stop);
}

std::string Timer::sample(const TimedCall& fn, bool flush, int batch, cudaGraphExec_t graph, double* ms,
                          bool* covered) {
    if (flush && m_flush)
        cudaMemsetAsync(m_flush, 0, m_flushBytes, m_stream); // evicts inputs from L2
    // Device-wide: nothing else may be running when the sample starts.
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    if (m_coverUs > 0)
        spin(m_coverUs, m_stream);
    const auto q0 = std::chrono::steady_clock::now();
    cudaEventRecord(m_start, m_stream);
    if (graph)
        cudaGraphLaunch(graph, m_stream);
    else
        for (int i = 0; i < batch; ++i)
            fn();
    cudaEventRecord(m_stop, m_stream);
    m_queueUs = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - q0).count();
    // Still spinning now: the batch starts right after the start event, not after the host.
    if (covered)
        *covered = m_coverUs <= 0 || cudaEventQuery(m_start) == cudaErrorNotReady;
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    float f = 0;
    if (auto e = cudaEventElapsedTime(&f, m_start, m_stop); e != cudaSuccess)
        return err(e);
    *ms = double(f) / batch;
    return {};
}

cudaGraphExec_t Timer::capture(const TimedCall& fn, int batch, bool memsetKernels, int* memsetNodes) {
    // Thread-local mode: only this thread's unsafe calls invalidate the capture. A callable that
    // synchronises, allocates or uses another stream ends the capture with an error; it is then
    // timed by direct launches.
    if (cudaStreamBeginCapture(m_stream, cudaStreamCaptureModeThreadLocal) != cudaSuccess) {
        cudaGetLastError();
        return nullptr;
    }
    for (int i = 0; i < batch; ++i)
        fn();
    cudaGraph_t graph = nullptr;
    cudaError_t e = cudaStreamEndCapture(m_stream, &graph);
    if (e == cudaSuccess && graph && memsetKernels)
        e = memsetNodesToKernels(graph, std::size_t{1} << 20, memsetNodes);
    cudaGraphExec_t exec = nullptr;
    if (e == cudaSuccess && graph)
        e = cudaGraphInstantiate(&exec, graph, 0);
    if (graph)
        cudaGraphDestroy(graph);
    if (e != cudaSuccess) {
        cudaGetLastError(); // a failed capture leaves a (non-sticky) error behind: clear it
        if (exec)
            cudaGraphExecDestroy(exec);
        return nullptr;
    }
    return exec;
}

std::string Timer::hostTime(const TimedCall& fn, int reps, double* medianMs) {
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        if (m_flush)
            cudaMemsetAsync(m_flush, 0, m_flushBytes, m_stream);
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return err(e);
        auto t0 = std::chrono::steady_clock::now();
        fn();
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return err(e);
        t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(t.begin(), t.end());
    *medianMs = quantile(t, 0.5);
    return {};
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// A captured batch, destroyed with its owner.
struct GraphExec {
    cudaGraphExec_t g = nullptr;
    GraphExec() = default;
    GraphExec(const GraphExec&) = delete;
    GraphExec& operator=(const GraphExec&) = delete;
    ~GraphExec() {
        if (g)
            cudaGraphExecDestroy(g);
    }
};

} // namespace

// The samples of one sampling round: a's and b's time per pair, the clock after it, and
// whether both were queued behind the spin.
struct Timer::Round {
    std::vector<double> va, vb;
    std::vector<int> vc;    // the clock after each pair (0: unknown)
    std::vector<char> vcov; // both samples of the pair were queued behind the spin
    int peakClock = 0;

    // The pairs queued in time and read at an unthrottled clock (all of them without a probe).
    void kept(double keepAboveClockFraction, std::vector<double>* ka, std::vector<double>* kb,
              std::vector<int>* kc) const {
        const double floor = keepAboveClockFraction * double(peakClock);
        for (std::size_t i = 0; i < va.size(); ++i)
            if (vcov[i] && (vc[i] <= 0 || double(vc[i]) >= floor)) {
                ka->push_back(va[i]);
                kb->push_back(vb[i]);
                if (kc && vc[i] > 0)
                    kc->push_back(vc[i]);
            }
    }
    void clear() { *this = Round{}; }
};

std::string Timer::warmUp(const TimedCall& a, const TimedCall& b, const TimingPolicy& p, bool skipWarmup,
                          double* wa, double* wb) {
    const auto w0 = Clock::now();
    double ms = 0;
    const double warmupMs = skipWarmup ? 0.0 : p.warmupMs;
    for (int i = 0; i < std::max(1, p.warmup) || since(w0) < warmupMs; ++i) {
        if (auto e = sample(a, p.flushL2, 1, nullptr, &ms); !e.empty())
            return e;
        *wa = std::min(*wa, ms);
        if (auto e = sample(b, p.flushL2, 1, nullptr, &ms); !e.empty())
            return e;
        *wb = std::min(*wb, ms);
        if (i > 100000)
            break;
    }
    // Until the clock settles: two readings in a row within one 15 MHz step, neither below
    // the highest seen. Without a probe (or NVML), readings are 0 and this ends at once.
    for (int last = clock(), peak = last;;) {
        if (last <= 0 || since(w0) >= warmupMs + p.clockSettleMs)
            break;
        if (auto e = sample(a, p.flushL2, 1, nullptr, &ms); !e.empty())
            return e;
        if (auto e = sample(b, p.flushL2, 1, nullptr, &ms); !e.empty())
            return e;
        int now = clock();
        peak = std::max(peak, now);
        if (std::abs(now - last) <= 15 && now + 15 >= peak)
            break;
        last = now;
    }
    return {};
}

// A single launch's event time includes its launch overhead, so the batch sized from it is too
// short: one replay is timed and the batch grown (recaptured once) until a sample lasts
// minSampleMs.
cudaGraphExec_t Timer::captureBatch(const TimedCall& fn, const TimingPolicy& p, int* batch, int* memsetNodes) {
    cudaGraphExec_t g = capture(fn, *batch, p.memsetKernels, memsetNodes);
    double t = 0;
    if (!g || *batch >= p.maxBatch || !sample(fn, p.flushL2, *batch, g, &t).empty() || t <= 0)
        return g;
    const double sampleMs = t * double(*batch);
    if (sampleMs >= p.minSampleMs)
        return g;
    int grown = std::clamp(static_cast<int>(std::ceil(double(*batch) * p.minSampleMs / sampleMs)), *batch, p.maxBatch);
    if (cudaGraphExec_t g2 = capture(fn, grown, p.memsetKernels, memsetNodes)) {
        cudaGraphExecDestroy(g);
        *batch = grown;
        return g2;
    }
    return g;
}

// Pairs of samples until both sides are precise enough, or a cap. Where most of the first
// pairs were queued too late for the spin to cover them, the spin is lengthened once to 1.5x the
// host's queueing time, or switched off (*spinDropped), and sampling starts again.
std::string Timer::sampleUntilPrecise(const Batch& a, const Batch& b, const TimingPolicy& p, Round* r,
                                      bool* spinDropped) {
    const bool onMedian = p.stopOn == "median";
    auto precise = [&](const std::vector<double>& v) {
        return (onMedian ? medianPrecision(v) : summarise(v).rse) <= p.targetRse;
    };
    bool coverRaised = false;
    double queueUs = 0; // the longest the host took to queue a sample in this round
    double ms = 0;
    auto t0 = Clock::now();
    for (;;) {
        bool coveredA = true, coveredB = true;
        if (auto e = sample(*a.fn, p.flushL2, a.size, a.graph, &ms, &coveredA); !e.empty())
            return e;
        r->va.push_back(ms);
        if (auto e = sample(*b.fn, p.flushL2, b.size, b.graph, &ms, &coveredB); !e.empty())
            return e;
        r->vb.push_back(ms);
        queueUs = std::max(queueUs, m_queueUs);
        r->vcov.push_back(coveredA && coveredB);
        r->vc.push_back(clock());
        // Some batches take the host longer to queue than the spin lasts (graphs holding memset
        // nodes cost about a microsecond of host time each).
        if (m_coverUs > 0 && static_cast<int>(r->vcov.size()) == std::max(4, p.minSamples) &&
            2 * std::count(r->vcov.begin(), r->vcov.end(), 1) < static_cast<long>(r->vcov.size())) {
            const double need = 1.5 * queueUs + 50;
            if (!coverRaised && need > m_coverUs && need <= p.maxCoverUs) {
                m_coverUs = need;
                coverRaised = true;
            } else {
                m_coverUs = 0;
                *spinDropped = true;
            }
            queueUs = 0;
            r->clear();
            t0 = Clock::now();
            continue;
        }
        r->peakClock = std::max(r->peakClock, r->vc.back());
        std::vector<double> ka, kb;
        r->kept(p.keepAboveClockFraction, &ka, &kb, nullptr);
        const int n = static_cast<int>(ka.size());
        const double elapsed = since(t0);
        if (static_cast<int>(r->va.size()) >= p.maxSamples || (n >= p.minSamples && elapsed >= p.timeCapMs) ||
            elapsed >= 4 * p.timeCapMs)
            return {};
        if (n >= p.minSamples && precise(ka) && precise(kb))
            return {};
    }
}

// The kept pairs summarised for both sides, with what was dropped and why.
void Timer::summariseRound(const Round& r, const TimingPolicy& p, bool spinDropped, TimingStats* sa,
                           TimingStats* sb) const {
    std::vector<double> ka, kb;
    std::vector<int> kc;
    r.kept(p.keepAboveClockFraction, &ka, &kb, &kc);
    const int uncovered = static_cast<int>(std::count(r.vcov.begin(), r.vcov.end(), 0));
    if (ka.empty()) { // every pair throttled or late: report them all rather than nothing
        ka = r.va;
        kb = r.vb;
    }
    const int late = ka.size() == r.va.size() ? 0 : uncovered;
    const int discarded = static_cast<int>(r.va.size() - ka.size()) - late;
    *sa = summarise(std::move(ka));
    *sb = summarise(std::move(kb));
    sa->discarded = sb->discarded = discarded;
    sa->uncovered = sb->uncovered = late;
    sa->spinDropped = sb->spinDropped = spinDropped;
    sa->coverUs = sb->coverUs = m_coverUs;
    sa->clocksMHz = kc;
    sb->clocksMHz = std::move(kc);
}

std::string Timer::interleave(const TimedCall& a, const TimedCall& b, const TimingPolicy& p,
                              TimingStats* sa, TimingStats* sb, bool skipWarmup) {
    cudaCtxResetPersistingL2Cache();
    m_coverUs = p.coverUs;
    TimingStats::Spent spent;
    const auto w0 = Clock::now();
    double wa = 1e30, wb = 1e30;
    if (auto e = warmUp(a, b, p, skipWarmup, &wa, &wb); !e.empty())
        return e;
    auto batchFor = [&](double t) {
        if (t >= p.minSampleMs)
            return 1;
        return std::clamp(static_cast<int>(std::ceil(p.minSampleMs / std::max(t, 1e-4))), 1, p.maxBatch);
    };
    spent.warmup = since(w0);
    const auto c0 = Clock::now();
    GraphExec ga, gb;
    Batch ba{&a, batchFor(wa), nullptr}, bb{&b, batchFor(wb), nullptr};
    int memsetA = 0, memsetB = 0;
    if (p.graphs && ba.size > 1)
        ba.graph = ga.g = captureBatch(a, p, &ba.size, &memsetA);
    if (p.graphs && bb.size > 1)
        bb.graph = gb.g = captureBatch(b, p, &bb.size, &memsetB);
    spent.capture = since(c0);
    const auto sampling0 = Clock::now();
    Round round;
    bool spinDropped = false;
    if (auto e = sampleUntilPrecise(ba, bb, p, &round, &spinDropped); !e.empty())
        return e;
    spent.sampling = since(sampling0);
    summariseRound(round, p, spinDropped, sa, sb);
    sa->memsetNodes = memsetA;
    sb->memsetNodes = memsetB;
    sa->batch = ba.size;
    sb->batch = bb.size;
    sa->graph = ga.g != nullptr;
    sb->graph = gb.g != nullptr;
    const auto h0 = Clock::now();
    if (auto e = hostTime(a, 5, &sa->hostMedianMs); !e.empty())
        return e;
    if (auto e = hostTime(b, 5, &sb->hostMedianMs); !e.empty())
        return e;
    spent.hostCheck = since(h0);
    sa->spentMs = sb->spentMs = spent;
    return {};
}

} // namespace kwb::gpu
