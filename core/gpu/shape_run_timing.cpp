// The timing steps of one shape's run (shape_run.h): the timed calls' buffer sets, the
// interleaved timing of baseline and candidate, the report of both, and kwb profile's one call;
// and the baseline's warm-up before a job's candidate exists.
#include <algorithm>
#include <memory>
#include <string>

#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include "core/gpu/set_kernels.h"
#include "core/gpu/shape_run.h"
#include "core/protocol/job_result_validator.h"

namespace kwb::gpu {
namespace detail {

Failure ShapeRun::profiledCall() {
    const bool baseline = m_job.profileTarget == "baseline";
    if (baseline && !m_job.baseline)
        return {"harness-error", "no baseline to profile at shape " + m_shape.name, false};
    if (baseline)
        if (auto f = prepareBaseline())
            return f;
    if (auto f = fillTrialInputs(std::max(1, m_job.trials) + 1))
        return f;
    for (std::size_t i = 0; i < m_b.params.size() && !baseline; ++i)
        if (isOutput(i)) // as for any checked call, but before the profiler starts
            fillPoison(m_b.ptrs[i], elem(m_b.params[i]->dtype), m_b.counts[i], m_st);
    if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
        return cudaFailure(e, "before the profiled call");
    // Only the target's own work between start and stop: the harness's poison fill and its
    // checks of the call stay outside what ncu profiles.
    cudaProfilerStart();
    Failure f;
    if (baseline) {
        if (auto r = m_job.baseline->run(m_bcall); !r)
            f = {"harness-error", "baseline: " + r.error().message, false};
    } else {
        m_job.candidate(m_b.ptrs.data(), m_dims.data(), m_scalars.data(), m_st);
    }
    cudaError_t e = cudaGetLastError();
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    cudaProfilerStop();
    if (e != cudaSuccess && !f)
        f = cudaFailure(e, "the profiled " + m_job.profileTarget + " call");
    if (!f && !baseline)
        f = checkBuffers(m_b.bufs, "");
    rep()["profiled"] = m_job.profileTarget;
    return f;
}

Failure ShapeRun::buildTimingSets() {
    TimingSets::Setup setup;
    setup.task = &m_task;
    setup.shape = &m_shape;
    setup.layout = &m_b;
    setup.call = m_bcall;
    setup.baseline = m_job.baseline;
    setup.stream = m_st;
    setup.seed = mixSeed(mixSeed(m_job.seed, hashString(m_shape.name)), 0x74696d696e67ull);
    setup.maxMiB = m_job.timing.maxRotateMiB;
    m_warmL2 = timedWarm(m_job.timing, m_job.l2Bytes, TimingSets::setBytesOf(m_b));
    if (m_warmL2) {
        setup.maxSets = warmSets(m_job.timing, m_job.l2Bytes, TimingSets::setBytesOf(m_b));
        setup.prime = m_job.timing.primeSets;
    }
    m_sets = std::make_unique<TimingSets>(setup);
    const int wanted = bufferSets(m_job.timing, m_job.l2Bytes, m_sets->setBytes());
    for (int sets = wanted;; sets = std::max(1, sets / 2)) // fewer where memory is short
        if (Failure f = m_sets->allocate(sets); !f || sets == 1)
            return f;
}

Failure ShapeRun::timeInterleaved() {
    m_clockBefore = readSmClock(m_job.device, m_st);
    // The clock-settling warm-up compares readings pair by pair: it reads after every pair.
    SmClockReader clock(
        [stream = m_st, peak = m_clockBefore.maxMHz] { return readSmClockMHz(stream, peak); },
        m_job.timing.clockSettleMs > 0 ? 0 : 20);
    Timer timer(m_st, m_job.l2Bytes, [&clock] { return clock.read(); });
    TimingSets& sets = *m_sets;
    TimingPolicy policy = m_job.timing;
    if (m_warmL2)
        policy.flushL2 = false;
    // A baseline measured elsewhere: the candidate is timed alone against its figures.
    TimedCall baseline = [&](long long call) {
        (void)m_job.baseline->run(sets.baselineCall(call));
    };
    if (const nlohmann::json* given = givenBaseline()) {
        m_base.medianMs = (*given)["median_ms"].get<double>();
        m_base.hostMedianMs = (*given)["host_median_ms"].get<double>();
        baseline = nullptr;
    }
    const std::string terr = timer.interleave(
        [&](long long call) {
            m_job.candidate(sets.candidateArgs(call), m_dims.data(), m_scalars.data(), m_st);
        },
        baseline, policy, &m_cand, &m_base, m_job.deviceWarm || correctnessWarmedDevice(),
        sets.hooks(mixSeed(m_job.seed, 0x61756469ull)));
    m_cand.bufferSets = m_base.bufferSets = sets.sets();
    m_cand.warmL2 = m_base.warmL2 = m_warmL2;
    m_clockAfter = readSmClock(m_job.device, m_st);
    if (sets.failure())
        return sets.failure();
    if (terr.empty())
        return {};
    cudaError_t e = cudaGetLastError();
    return cudaFailure(e == cudaSuccess ? cudaErrorUnknown : e, "while timing (" + terr + ")");
}

const nlohmann::json* ShapeRun::givenBaseline() const {
    if (!m_job.givenBaselines || !m_job.givenBaselines->is_object())
        return nullptr;
    auto it = m_job.givenBaselines->find(m_shape.name);
    return it != m_job.givenBaselines->end() && protocol::usableGivenBaseline(*it) ? &*it : nullptr;
}

bool ShapeRun::correctnessWarmedDevice() {
    const nlohmann::json& spent = rep()["spent_ms"];
    double idle = spent.value("correctness_setup", 0.0);
    if (m_cpuRef)
        idle += spent.value("correctness_reference", 0.0);
    return correctnessWarms(m_job.timing, spent.value("correctness", 0.0), idle);
}

Failure ShapeRun::watchForOthers() {
    const TimingPolicy& p = m_job.timing;
    if (p.watchMs <= 0)
        return {};
    // A gap longer than this is another context's time slice; the device's own pauses between
    // two reads of one thread stay far below it.
    constexpr double kGapUs = 20;
    const auto t0 = std::chrono::steady_clock::now();
    DeviceWatch w;
    // Work still busy after this many watches is more than the few kernels a job child started
    // ahead may have had in flight when it was held (a watch or two sees those go): the worker
    // is told, and ends those children, since SIGSTOP does not stop queued kernels; the watches
    // after it wait for their contexts to go. Ending them costs the next verifications fresh
    // children, so the first busy watch does not.
    constexpr int kTellWorkerAfter = 5;
    int watches = 0;
    double firstGapUs = 0;
    do {
        if (auto e = watchDevice(p.watchMs, kGapUs, &w, m_st); e != cudaSuccess)
            return cudaFailure(e, "watching the device before timing");
        if (++watches == 1)
            firstGapUs = w.largestGapUs;
        if (watches == kTellWorkerAfter && w.gaps > 0)
            m_emit({{"event", "progress"}, {"stage", "device-busy"}, {"shape", m_shape.name}});
    } while (w.gaps > 0 && watches < p.watchTries);
    rep()["device_watch"] = {
        {"watch_ms", p.watchMs},
        {"watches", watches},
        {"quiet", w.gaps == 0},
        {"first_gap_us", firstGapUs},
        {"largest_gap_us", w.largestGapUs},
        {"spent_ms",
         std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()}};
    return {};
}

void ShapeRun::reportTiming() {
    rep()["outputs"] = m_outputs;
    rep()["timing"] = {{"candidate", m_cand}, {"baseline", m_base}};
    rep()["timing"]["baseline"]["label"] =
        m_job.baseline->label(); // names the algorithm this shape used
    if (const nlohmann::json* given = givenBaseline())
        rep()["timing"]["baseline"] = *given; // as measured where it was, its label included
    rep()["sm_clock_mhz"] = {{"before", m_clockBefore.currentMHz},
                             {"after", m_clockAfter.currentMHz},
                             {"max", m_clockAfter.maxMHz}};
    const double speedup = m_cand.medianMs > 0 ? m_base.medianMs / m_cand.medianMs : 0;
    rep()["speedup"] = speedup;
    nlohmann::json flags = nlohmann::json::array();
    // Events only see work on the stream; a candidate that hides work elsewhere shows as
    // host time far above event time.
    if (hostTimeFarAboveEvents(m_cand, m_base))
        flags.push_back("host time " + std::to_string(m_cand.hostMedianMs) +
                        " ms is far above event time " + std::to_string(m_cand.medianMs) +
                        " ms: work the events do not see, such as work forked from the given "
                        "stream and not "
                        "joined back; look at how the candidate uses streams");
    // Every timed call's output was checked, so this is a candidate doing the work faster than
    // a tuned library: possible (a better algorithm, a library tuned for other shapes), rare
    // enough that a person should confirm it before it becomes training data.
    if (speedup > 20)
        flags.push_back(
            "more than 20x faster than the library baseline with every timed call checked: "
            "rare for a correct kernel; confirm the speedup by hand before trusting it");
    // The job's children started ahead are held while it times; what still runs on the device
    // after every watch is someone else's, and its time slices fall inside the samples.
    if (const auto& w = rep().value("device_watch", nlohmann::json::object());
        !w.value("quiet", true))
        flags.push_back("another process's kernels ran on the device in each of the " +
                        std::to_string(w.value("watches", 0)) +
                        " watches before this shape was timed (gaps of up to " +
                        std::to_string(w.value("largest_gap_us", 0.0)) +
                        " us): its samples may include that work; time it again on a device to "
                        "itself");
    nlohmann::json notes = nlohmann::json::array();
    if (m_clockAfter.maxMHz > 0 && m_clockAfter.currentMHz > 0 &&
        m_clockAfter.currentMHz < 0.7 * m_clockAfter.maxMHz)
        notes.push_back("SM clock " + std::to_string(m_clockAfter.currentMHz) + " MHz of " +
                        std::to_string(m_clockAfter.maxMHz) + " MHz: throttled?");
    rep()["flags"] = flags;
    rep()["notes"] = notes;
}

} // namespace detail

std::string warmBaseline(const Task& task, const ShapeSpec& shape, Baseline& baseline,
                         cudaStream_t st) {
    std::vector<long long> dims;
    std::vector<double> scalars;
    BaselineCall call = shapeCall(task, shape, st, &dims, &scalars);
    Buffers b;
    cudaError_t allocError = cudaSuccess;
    if (auto why = allocateBuffers(task, shape, &b, &call, &allocError); !why.empty())
        return allocError != cudaSuccess ? why + ": " + cudaGetErrorString(allocError) : why;
    // Inputs like the job's (not zeros): an algorithm search times its candidates on them.
    for (std::size_t i = 0; i < b.params.size(); ++i)
        if (b.params[i]->kind == ParamKind::Input)
            fillInput(*b.params[i], b.ptrs[i], b.counts[i], mixSeed(hashString(shape.name), i), st);
    if (auto r = baseline.prepare(call); !r)
        return r.error().message;
    if (auto e = cudaStreamSynchronize(st); e != cudaSuccess)
        return cudaGetErrorString(e);
    return {};
}

} // namespace kwb::gpu
