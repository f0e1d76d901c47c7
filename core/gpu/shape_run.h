#pragma once
// One shape's check and timing (shape_runner.h's runShape) as a class, its steps in two files:
// shape_runner.cpp (set-up, the correctness trials, the stream check) and shape_run_timing.cpp
// (the timing sets, the interleaved timing, the report, the profiled call). Job-child only.
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>
#include <nlohmann/json.hpp>

#include "core/gpu/device_kernels.h"
#include "core/gpu/device_trace.h"
#include "core/gpu/job_buffers.h"
#include "core/gpu/shape_runner.h"
#include "core/gpu/shape_setup.h"
#include "core/gpu/sm_clock.h"
#include "core/gpu/timing_sets.h"

namespace kwb::gpu::detail {

using Emit = std::function<void(const nlohmann::json&)>;

class ShapeRun {
public:
    ShapeRun(const ShapeJob& job, const Emit& emit)
        : m_job(job), m_task(*job.task), m_shape(*job.shape), m_emit(emit), m_st(job.stream),
          m_t0(std::chrono::steady_clock::now()) {}

    ShapeOutcome run();

private:
    nlohmann::json& rep() { return m_out.report; }

    ShapeOutcome fail(const Failure& f) {
        rep()["verdict"] = f.verdict;
        rep()["detail"] = f.detail;
        m_out.fatal = f.fatal;
        return std::move(m_out);
    }

    // Where the shape's time goes (ms since the run began), in the report as "spent_ms".
    // The stretch since the last milestone goes to the device trace (device_trace.h) as
    // "<shape>: <milestone>".
    void mark(const char* what) {
        const auto now = std::chrono::steady_clock::now();
        rep()["spent_ms"][what] = std::chrono::duration<double, std::milli>(now - m_t0).count();
        if constexpr (trace::kOn)
            trace::span(m_shape.name + ": " + what, m_lastMark, now);
        m_lastMark = now;
    }

    // The correctness steps' own time, summed over the trials, in "spent_ms" as
    // "correctness_<step>" (durations, unlike the milestones above): which step to make cheaper.
    // Beside them, "correctness_stream_window" is the stream check's window (checkStream).
    template <class F> Failure step(const char* what, F&& f) {
        const auto t0 = std::chrono::steady_clock::now();
        Failure r = f();
        const auto now = std::chrono::steady_clock::now();
        auto& slot = rep()["spent_ms"][std::string("correctness_") + what];
        slot = (slot.is_number() ? slot.get<double>() : 0.0) +
               std::chrono::duration<double, std::milli>(now - t0).count();
        if constexpr (trace::kOn)
            trace::span(m_shape.name + ": correctness_" + what, t0, now);
        return r;
    }

    // Dimensions, scalars, the buffers, and which reference this shape is checked against.
    Failure setUp();

    bool isOutput(std::size_t i) const { return m_b.params[i]->kind == ParamKind::Output; }
    bool isInput(std::size_t i) const { return m_b.params[i]->kind == ParamKind::Input; }

    Failure prepareBaseline() { return prepareOnce(m_job.baseline, &m_baselinePrepared); }
    Failure prepareReference();

    // Once per shape: a baseline's prepare() on scratch outputs of its own, so a candidate's
    // buffer never holds a reference.
    Failure prepareOnce(Baseline* baseline, bool* prepared);

    // The shape's call with scratch outputs of its own, laid out like m_b's (`outputs` holds
    // them), so a baseline's or reference's answer never lands in a buffer the candidate sees.
    Failure scratchCall(std::vector<GuardedBuffer>* outputs, BaselineCall* call, const char* what);

    // Guard bands intact and inputs unchanged, for buffers laid out like m_b's (`which` names
    // them in the detail where they are not m_b's own).
    Failure checkBuffers(const std::vector<GuardedBuffer>& bufs, const std::string& which);

    // One checked call of the candidate on m_b, its outputs poisoned first.
    Failure callCandidate(const std::string& when);

    // The tolerance's scale for output i: per-element (ScaledBySumAbs with a CPU reference),
    // or one scalar (sum|x| of the first input, or the RMS of `against`).
    std::pair<const double*, double> scaleFor(std::size_t i, ToleranceMode mode,
                                              const void* against, bool againstIsDouble);

    // Compares the outputs in `ptrs` (m_b.ptrs, or a timed calls' copy laid out like it); only
    // m_b's own comparison goes into the report.
    Failure compareAll(const std::string& which, bool againstFirst, const std::vector<void*>& ptrs);

    Failure compareOutput(std::size_t i, const std::string& which, bool againstFirst, void* ptr,
                          bool reported);

    nlohmann::json outputReport(std::size_t i, const CompareStats& cs, const Tolerance& tol) const;

    Failure verdictOf(std::size_t i, const CompareStats& cs, const Tolerance& tol,
                      const std::string& which, bool againstFirst) const;

    // Fresh random inputs for this trial, and shadow copies to prove they stay unchanged.
    Failure fillTrialInputs(int trial);

    // *b allocated to `bytes` unless it already is. A failed allocation is the harness's failure,
    // named for `what`, not an error of whatever later reads the empty buffer.
    static Failure ensureAllocated(GuardedBuffer* b, std::size_t bytes, const char* what);

    // The float64 CPU reference of the current inputs, uploaded into m_refOut (and the
    // per-element scales into m_scaleBuf where the reference has them).
    Failure computeCpuReference();

    // The reference (kernel or library) on the current inputs, its outputs widened into m_refOut
    // (convertToReference: float, or double for int32).
    Failure computeBaselineReference();

    // The first call's outputs, kept to compare the second call on the same input against.
    Failure saveFirstOutputs();

    // The reference and the first call's outputs made unreadable (XOR with a keystream whose key
    // is drawn now) while the candidate runs again on the same inputs, and restored after: no
    // device buffer holds the expected output of the inputs a candidate reads.
    Failure maskKept(std::uint64_t key);

    // Overwritten at the end of each trial, so the next trial's first call finds nothing of this
    // one's answers, and kept allocated for the next trial: a shape's outputs can be gigabytes,
    // and every allocation is written whole (its guard pattern) and every free after a scrub.
    void scrubKept();
    // Overwritten and freed once the correctness trials and the stream check are done.
    void releaseKept();

    // Candidate, then the reference (computed only now, after the candidate has run), then the
    // candidate again on the same input: a race shows as disagreement between the two calls.
    Failure correctnessTrial(int trial);

    // kwb profile: one call of the target on fresh inputs, the only work between the profiler's
    // start and stop. The candidate's call is checked afterwards like any other (guards, inputs).
    Failure profiledCall();

    // One more call on fresh inputs with the given stream held back (stream_contract.h).
    Failure checkStream();

    // The timed calls' buffer sets (timing_sets.h): as many as rotateL2 asks for to start with,
    // more once the batch is known.
    Failure buildTimingSets();

    // Baseline and candidate interleaved (Timer::interleave), the calls over the sets, every
    // candidate sample checked (TimingSets::hooks).
    Failure timeInterleaved();
    // Whether this shape's correctness checks kept the device busy for the warm-up's length:
    // their time less the buffers' allocation and a CPU reference (the device idles for both).
    bool correctnessWarmedDevice();

    // Before the shape is timed: watches the device until it runs nothing of another process's
    // (TimingPolicy::watchMs), in the report as "device_watch".
    Failure watchForOthers();
    void reportTiming();
    // This shape's baseline figures measured in another job (ShapeJob::givenBaselines), or null.
    const nlohmann::json* givenBaseline() const;

    const ShapeJob& m_job;
    const Task& m_task;
    const ShapeSpec& m_shape;
    const Emit& m_emit;
    cudaStream_t m_st;
    const std::chrono::steady_clock::time_point m_t0;
    std::chrono::steady_clock::time_point m_lastMark = m_t0;
    ShapeOutcome m_out;

    std::vector<long long> m_dims;
    std::vector<double> m_scalars;
    BaselineCall m_bcall;
    Buffers m_b;
    bool m_cpuRef = false;
    bool m_baselinePrepared = false;
    bool m_referencePrepared = false;
    int m_callIndex = 0;
    nlohmann::json m_outputs = nlohmann::json::object();
    std::vector<GuardedBuffer> m_shadow;           // the inputs as filled (is the input unchanged?)
    std::map<std::size_t, GuardedBuffer> m_refOut; // output index -> reference (double or float)
    std::map<std::size_t, GuardedBuffer> m_scaleBuf; // output index -> per-element scale (double)
    std::map<std::size_t, GuardedBuffer> m_firstOut; // output index -> first call's output

    std::unique_ptr<TimingSets> m_sets; // the timed calls' buffers and checks
    bool m_warmL2 = false;              // timed warm (TimingPolicy::warmL2Fill)
    double m_slowestCallMs = 0;         // the slowest checked call after the first, synchronised
    TimingStats m_cand, m_base;
    SmClock m_clockBefore, m_clockAfter;
};

} // namespace kwb::gpu::detail
