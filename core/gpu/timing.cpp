#include "core/gpu/timing.h"

#include "core/gpu/device_kernels.h"
#include "core/gpu/device_trace.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include <cuda_runtime.h>

namespace kwb::gpu {

namespace {
std::string err(cudaError_t e) {
    return e == cudaSuccess ? std::string{} : cudaGetErrorString(e);
}
} // namespace

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

std::string Timer::sample(const Batch& b, bool flush, double* ms, bool* covered, double* hostMs) {
    if (!present(b)) { // the side timed elsewhere (interleave's empty b)
        *ms = 0;
        if (hostMs)
            *hostMs = 0;
        if (covered)
            *covered = true;
        return {};
    }
    if (flush && m_flush)
        cudaMemsetAsync(m_flush, 0, m_flushBytes, m_stream); // evicts inputs from L2
    // Device-wide: nothing else may be running when the sample starts.
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    if (m_coverUs > 0)
        spin(m_coverUs, m_stream);
    const auto q0 = std::chrono::steady_clock::now();
    cudaEventRecord(m_start, m_stream);
    if (b.graph)
        cudaGraphLaunch(b.graph, m_stream);
    else
        for (int i = 0; i < b.size; ++i)
            (*b.fn)((*b.next)++);
    cudaEventRecord(m_stop, m_stream);
    m_queueUs =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - q0).count();
    // Still spinning now: the batch starts right after the start event, not after the host.
    if (covered)
        *covered = m_coverUs <= 0 || cudaEventQuery(m_start) == cudaErrorNotReady;
    // The stream's end, then the device's: anything still running after the stop event (work
    // forked from the stream and never joined) keeps the device busy past it.
    if (auto e = cudaEventSynchronize(m_stop); e != cudaSuccess)
        return err(e);
    const auto streamDone = std::chrono::steady_clock::now();
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    const double tailMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - streamDone)
            .count();
    float f = 0;
    if (auto e = cudaEventElapsedTime(&f, m_start, m_stop); e != cudaSuccess)
        return err(e);
    *ms = double(f) / b.size;
    if (hostMs)
        *hostMs = (double(f) + tailMs) / b.size;
    return {};
}

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}
// The ms since t of one named part of the timing, whose stretch also goes to the device trace
// (device_trace.h; nothing in a build without it).
double since(Clock::time_point t, const char* part) {
    const auto now = Clock::now();
    trace::span(part, t, now);
    return std::chrono::duration<double, std::milli>(now - t).count();
}
} // namespace

std::string Timer::samplePair(const Batch& a, const Batch& b, bool flush, double* ma, double* mb,
                              bool* covered, double* ha, double* hb) {
    const CallSpan spanA = spanOf(a);
    auto t = Clock::now();
    if (m_hooks.beforeA)
        if (auto e = m_hooks.beforeA(spanA); !e.empty())
            return e;
    m_parts.refresh += since(t, "sampling_refresh");
    t = Clock::now();
    bool coveredA = true, coveredB = true;
    if (auto e = sample(a, flush, ma, covered ? &coveredA : nullptr, ha); !e.empty())
        return e;
    const CallSpan spanB = spanOf(b);
    if (m_hooks.beforeB && present(b)) {
        m_parts.timed += since(t, "sampling_timed");
        t = Clock::now();
        if (auto e = m_hooks.beforeB(spanA, spanB); !e.empty())
            return e;
        m_parts.refresh += since(t, "sampling_refresh");
        t = Clock::now();
    }
    if (auto e = sample(b, flush, mb, covered ? &coveredB : nullptr, hb); !e.empty())
        return e;
    m_parts.timed += since(t, "sampling_timed");
    if (covered)
        *covered = coveredA && coveredB;
    t = Clock::now();
    std::string checked = m_hooks.afterA ? m_hooks.afterA(spanA, spanB) : std::string{};
    m_parts.checks += since(t, "sampling_checks");
    return checked;
}

std::string Timer::hostTime(const Batch& b, bool checked, int reps, double* medianMs) {
    std::vector<double> t;
    for (int i = 0; i < reps; ++i) {
        const CallSpan span{*b.next, 1};
        if (checked && m_hooks.beforeA)
            if (auto e = m_hooks.beforeA(span); !e.empty())
                return e;
        if (m_flush)
            cudaMemsetAsync(m_flush, 0, m_flushBytes, m_stream);
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return err(e);
        auto t0 = std::chrono::steady_clock::now();
        (*b.fn)((*b.next)++);
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return err(e);
        t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count());
        if (checked && m_hooks.afterA)
            if (auto e = m_hooks.afterA(span, {}); !e.empty())
                return e;
    }
    *medianMs = summarise(std::move(t)).medianMs;
    return {};
}

bool hostTimeFarAboveEvents(const TimingStats& c, const TimingStats& b) {
    return c.hostMedianMs > 1.5 * c.medianMs + 0.05 &&
           c.hostMedianMs > 1.5 * b.hostMedianMs * (c.medianMs / std::max(b.medianMs, 1e-9)) + 0.05;
}

std::string Timer::audit(const Batch& a) {
    if (!m_hooks.auditMark || !m_hooks.afterAudit || a.size < 2)
        return {}; // one call a sample: no other call of it to move work to or from
    const auto t0 = Clock::now();
    std::string found = auditSteps(a);
    m_parts.audits += since(t0, "sampling_audits");
    return found;
}

std::string Timer::auditSteps(const Batch& a) {
    const CallSpan span = spanOf(a);
    if (m_hooks.beforeA)
        if (auto e = m_hooks.beforeA(span); !e.empty())
            return e;
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    if (a.graph && a.audit) {
        cudaGraphLaunch(a.audit, m_stream);
    } else { // direct launches (or the audit graph could not be built): marks between the calls
        for (int i = 0; i < a.size; ++i) {
            (*a.fn)(span.first + i);
            m_hooks.auditMark(span.first + i, i + 1 < a.size ? span.first + i + 1 : -1, m_stream);
        }
        if (!a.graph)
            *a.next += a.size;
    }
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return err(e);
    return m_hooks.afterAudit(span);
}

namespace {

// Whether sampling pair `pair` is followed by an audit: one pair in eight, chosen by the seed,
// so a candidate cannot tell an audited replay from a timed one by counting.
bool auditThisPair(std::uint64_t seed, std::uint64_t pair) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (pair + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return ((z ^ (z >> 31)) & 7) == 0;
}

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
    std::vector<double> ha, hb; // each sample's host time per call (Timer::sample's hostMs)
    std::vector<int> vc;        // the clock after each pair (0: unknown)
    std::vector<char> vcov;     // both samples of the pair were queued behind the spin
    int peakClock = 0;

    // The pairs queued in time and read at an unthrottled clock (all of them without a probe).
    bool keep(std::size_t i, double keepAboveClockFraction) const {
        return vcov[i] && (vc[i] <= 0 || double(vc[i]) >= keepAboveClockFraction * peakClock);
    }
    // Of xa, xb (the event times va, vb or the host times ha, hb), the kept pairs' values.
    void keptOf(const std::vector<double>& xa, const std::vector<double>& xb,
                double keepAboveClockFraction, std::vector<double>* ka, std::vector<double>* kb,
                std::vector<int>* kc) const {
        for (std::size_t i = 0; i < xa.size(); ++i)
            if (keep(i, keepAboveClockFraction)) {
                ka->push_back(xa[i]);
                kb->push_back(xb[i]);
                if (kc && vc[i] > 0)
                    kc->push_back(vc[i]);
            }
    }
    void kept(double keepAboveClockFraction, std::vector<double>* ka, std::vector<double>* kb,
              std::vector<int>* kc) const {
        keptOf(va, vb, keepAboveClockFraction, ka, kb, kc);
    }
    // The kept pairs' host times (all of them where no pair was kept, as summariseRound does).
    void keptHost(double keepAboveClockFraction, std::vector<double>* ka,
                  std::vector<double>* kb) const {
        keptOf(ha, hb, keepAboveClockFraction, ka, kb, nullptr);
        if (ka->empty()) {
            *ka = ha;
            *kb = hb;
        }
    }
    void clear() { *this = Round{}; }
};

std::string Timer::warmUp(const Batch& a, const Batch& b, const TimingPolicy& p, bool skipWarmup,
                          double* wa, double* wb, int* pairs) {
    const auto w0 = Clock::now();
    double ma = 0, mb = 0;
    const double warmupMs = skipWarmup ? 0.0 : p.warmupMs;
    const Batch a1{a.fn, 1, nullptr, nullptr, a.next}, b1{b.fn, 1, nullptr, nullptr, b.next};
    int wanted = std::max(1, p.warmup);
    *pairs = 0;
    for (int i = 0; i < wanted || since(w0) < warmupMs; ++i) {
        if (auto e = samplePair(a1, b1, p.flushL2, &ma, &mb); !e.empty())
            return e;
        ++*pairs;
        *wa = std::min(*wa, ma);
        *wb = std::min(*wb, mb);
        if (i == 0) // a alone: its own call decides
            wanted = warmupPairs(p, skipWarmup, ma, present(b) ? mb : ma);
        if (i > 100000)
            break;
    }
    // Until the clock settles: two readings in a row within one 15 MHz step, neither below
    // the highest seen. Without a probe (or a clock the device gave), readings are 0 and this ends
    // at once.
    for (int last = clock(), peak = last;;) {
        if (last <= 0 || since(w0) >= warmupMs + p.clockSettleMs)
            break;
        if (auto e = samplePair(a1, b1, p.flushL2, &ma, &mb); !e.empty())
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
// minSampleMs. Sets b->graph (nullptr: direct launches) and, for the checked side, b->audit.
std::string Timer::captureBatch(Batch* b, const TimingPolicy& p, bool checked, int* memsetNodes,
                                double* graphMs) {
    const bool auditable = checked && m_hooks.auditMark;
    auto captured = [&](int size, CapturedCalls* calls) {
        const auto t0 = Clock::now();
        cudaGraphExec_t g = capture(*b->fn, size, p.memsetKernels, memsetNodes, calls);
        *graphMs += since(t0);
        return g;
    };
    CapturedCalls calls;
    b->graph = captured(b->size, auditable ? &calls : nullptr);
    if (!b->graph)
        return {};
    if (b->size < m_maxBatch) {
        // The sizing replay is not checked (its outputs are poisoned again before any check), so
        // the audit copy is made only for the graph that is sampled.
        double t = 0;
        if (checked && m_hooks.beforeA)
            if (auto e = m_hooks.beforeA(spanOf(*b)); !e.empty())
                return e;
        const bool timed = sample(*b, p.flushL2, &t).empty() && t > 0; // t: ms a call
        const double sampleMs = t * double(b->size);
        if (timed && sampleMs < p.minSampleMs) {
            const int grown =
                std::clamp(static_cast<int>(std::ceil(double(b->size) * p.minSampleMs / sampleMs)),
                           b->size, m_maxBatch);
            CapturedCalls grownCalls;
            if (cudaGraphExec_t g2 = captured(grown, auditable ? &grownCalls : nullptr)) {
                cudaGraphExecDestroy(b->graph);
                b->graph = g2;
                b->size = grown;
                calls = std::move(grownCalls);
            }
        }
    }
    if (!auditable)
        return {};
    const auto t0 = Clock::now();
    b->audit = auditGraph(calls);
    *graphMs += since(t0);
    // The graph's first checked replay is an audit: work moved between its calls shows before
    // any check of a timed replay can mistake it for a merely unwritten output.
    return this->audit(*b);
}

// Pairs of samples until both sides are precise enough, or a cap. Where most of the first
// pairs were queued too late for the spin to cover them, the spin is lengthened once to 1.5x the
// host's queueing time, or switched off (*spinDropped), and sampling starts again. Some pairs,
// chosen by the hooks' audit seed, are followed by an audit of a's batch.
std::string Timer::sampleUntilPrecise(const Batch& a, const Batch& b, const TimingPolicy& p,
                                      Round* r, bool* spinDropped) {
    const bool onMedian = p.stopOn == "median";
    auto precise = [&](const std::vector<double>& v) {
        return (onMedian ? medianPrecision(v) : summarise(v).rse) <= p.targetRse;
    };
    bool coverRaised = false;
    double queueUs = 0; // the longest the host took to queue a sample in this round
    double ma = 0, mb = 0, ha = 0, hb = 0;
    auto t0 = Clock::now();
    for (std::uint64_t pair = 0;; ++pair) {
        bool covered = true;
        if (auto e = samplePair(a, b, p.flushL2, &ma, &mb, &covered, &ha, &hb); !e.empty())
            return e;
        if (auditThisPair(m_hooks.auditSeed, pair))
            if (auto e = audit(a); !e.empty())
                return e;
        r->va.push_back(ma);
        r->vb.push_back(mb);
        r->ha.push_back(ha);
        r->hb.push_back(hb);
        queueUs = std::max(queueUs, m_queueUs);
        r->vcov.push_back(covered);
        const auto c0 = Clock::now();
        r->vc.push_back(clock());
        m_parts.clock += since(c0, "sampling_clock");
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
        if (static_cast<int>(r->va.size()) >= p.maxSamples ||
            (n >= p.minSamples && elapsed >= p.timeCapMs) || elapsed >= 4 * p.timeCapMs)
            return {};
        if (n >= p.minSamples && precise(ka) && (!present(b) || precise(kb)))
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

// The candidate timed one call a sample (its calls take a millisecond or more): both sides'
// host times come from the samples themselves, a median over every kept sample, so no call is
// made for the check alone. The baseline's may come from batches: it is the library's, and only
// scales the candidate's. A batched candidate: five calls a side between device-wide syncs, the
// candidate's refreshed and checked like a sample's (in a batch, work one call hides behind the
// next would not show at the batch's end); a median of five for a sub-millisecond call is
// lifted by a few stalled calls (another process starting CUDA on the device), so it is measured
// once more before it can raise the alarm. Work hidden on every call shows both times.
std::string Timer::hostCheck(const Batch& ba, const Batch& bb, const Round& round,
                             const TimingPolicy& p, TimingStats* sa, TimingStats* sb) {
    const bool withB = present(bb); // else *sb is given, and stays as it is
    if (ba.size == 1 && !round.ha.empty()) {
        std::vector<double> ha, hb;
        round.keptHost(p.keepAboveClockFraction, &ha, &hb);
        sa->hostMedianMs = summarise(std::move(ha)).medianMs;
        sa->hostFromSamples = true;
        if (withB) {
            sb->hostMedianMs = summarise(std::move(hb)).medianMs;
            sb->hostFromSamples = true;
        }
        return {};
    }
    if (auto e = hostTime(ba, true, 5, &sa->hostMedianMs); !e.empty())
        return e;
    if (withB)
        if (auto e = hostTime(bb, false, 5, &sb->hostMedianMs); !e.empty())
            return e;
    if (hostTimeFarAboveEvents(*sa, *sb)) {
        double ha = 0, hb = 0;
        if (auto e = hostTime(ba, true, 5, &ha); !e.empty())
            return e;
        sa->hostMedianMs = std::min(sa->hostMedianMs, ha);
        if (withB) {
            if (auto e = hostTime(bb, false, 5, &hb); !e.empty())
                return e;
            sb->hostMedianMs = std::min(sb->hostMedianMs, hb);
        }
    }
    return {};
}

std::string Timer::interleave(const TimedCall& a, const TimedCall& b, const TimingPolicy& p,
                              TimingStats* sa, TimingStats* sb, bool skipWarmup,
                              const SampleHooks& hooks) {
    m_hooks = hooks;
    const std::string e = interleaveSteps(a, b, p, sa, sb, skipWarmup);
    m_hooks = {};
    return e;
}

std::string Timer::interleaveSteps(const TimedCall& a, const TimedCall& b, const TimingPolicy& p,
                                   TimingStats* sa, TimingStats* sb, bool skipWarmup) {
    cudaCtxResetPersistingL2Cache();
    m_coverUs = p.coverUs;
    TimingStats::Spent spent;
    const auto w0 = Clock::now();
    long long nextA = 0, nextB = 0;
    Batch ba{&a, 1, nullptr, nullptr, &nextA}, bb{&b, 1, nullptr, nullptr, &nextB};
    double wa = 1e30, wb = 1e30;
    int warmupPairs = 0;
    if (auto e = warmUp(ba, bb, p, skipWarmup, &wa, &wb, &warmupPairs); !e.empty())
        return e;
    auto batchFor = [&](double t) {
        if (t >= p.minSampleMs)
            return 1;
        return std::clamp(static_cast<int>(std::ceil(p.minSampleMs / std::max(t, 1e-4))), 1,
                          p.maxBatch);
    };
    const bool withB = present(bb);
    ba.size = batchFor(wa);
    bb.size = withB ? batchFor(wb) : 1;
    // Every call of a sample reads inputs of its own (SampleHooks::distinctCalls).
    m_maxBatch = std::max(1, p.maxBatch);
    if (m_hooks.distinctCalls)
        m_maxBatch = std::clamp(m_hooks.distinctCalls(std::max(ba.size, bb.size)), 1, m_maxBatch);
    ba.size = std::min(ba.size, m_maxBatch);
    bb.size = std::min(bb.size, m_maxBatch);
    spent.warmup = since(w0, "timing_warmup");
    const auto c0 = Clock::now();
    GraphExec ga, gb, gaAudit;
    int memsetA = 0, memsetB = 0;
    std::string captured;
    if (p.graphs && ba.size > 1) {
        captured = captureBatch(&ba, p, true, &memsetA, &spent.captureGraphs);
        ga.g = ba.graph;
        gaAudit.g = ba.audit;
    }
    if (captured.empty() && p.graphs && bb.size > 1) {
        captured = captureBatch(&bb, p, false, &memsetB, &spent.captureGraphs);
        gb.g = bb.graph;
    }
    if (!captured.empty())
        return captured;
    spent.capture = since(c0, "timing_capture");
    const auto sampling0 = Clock::now();
    m_parts = {};
    Round round;
    bool spinDropped = false;
    // Before any timed sample counts, unless the graph to be sampled was audited when captured
    // (captureBatch audits every audit copy it makes).
    if (!ba.audit)
        if (auto e = audit(ba); !e.empty())
            return e;
    if (auto e = sampleUntilPrecise(ba, bb, p, &round, &spinDropped); !e.empty())
        return e;
    if (auto e = audit(ba); !e.empty())
        return e;
    spent.sampling = since(sampling0, "timing_sampling");
    spent.refresh = m_parts.refresh;
    spent.timed = m_parts.timed;
    spent.checks = m_parts.checks;
    spent.audits = m_parts.audits;
    spent.clock = m_parts.clock;
    // An absent b's figures are the caller's: what is summarised of it goes to a scratch copy.
    TimingStats scratch;
    TimingStats* sbOut = withB ? sb : &scratch;
    summariseRound(round, p, spinDropped, sa, sbOut);
    sa->warmupPairs = sbOut->warmupPairs = warmupPairs;
    sa->memsetNodes = memsetA;
    sbOut->memsetNodes = memsetB;
    sa->batch = ba.size;
    sbOut->batch = bb.size;
    sa->graph = ga.g != nullptr;
    sbOut->graph = gb.g != nullptr;
    const auto h0 = Clock::now();
    if (auto e = hostCheck(ba, bb, round, p, sa, sb); !e.empty())
        return e;
    spent.hostCheck = since(h0, "timing_host_check");
    sa->spentMs = sbOut->spentMs = spent;
    return {};
}

} // namespace kwb::gpu
