// Checks and times a loaded candidate on one shape (see shape_runner.h). One ShapeRun per
// shape; its steps, in order: set up the buffers, the correctness trials (candidate, then the
// reference computed only after it, then the candidate again on the same input), the timing
// sets, the interleaved timing, the check of every buffer set a timed call wrote, the report.
#include "core/gpu/shape_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <span>

#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"
#include "core/gpu/job_buffers.h"
#include "core/gpu/set_kernels.h"
#include "core/gpu/shape_setup.h"
#include "core/gpu/sm_clock.h"
#include "core/gpu/stream_contract.h"
#include "core/gpu/timing_sets.h"
#include "core/reference/cpu_reference.h"

namespace kwb::gpu {
static_assert(int(DType::F32) == int(Elem::F32) && int(DType::F16) == int(Elem::F16) &&
              int(DType::BF16) == int(Elem::BF16) && int(DType::I32) == int(Elem::I32));
static_assert(int(ToleranceMode::Elementwise) == int(CompareMode::Elementwise) &&
              int(ToleranceMode::ScaledBySumAbs) == int(CompareMode::ScaledBySumAbs) &&
              int(ToleranceMode::RelativeToRms) == int(CompareMode::RelativeToRms));
static_assert(int(DistributionKind::Normal) == int(RandomKind::Normal) &&
              int(DistributionKind::Uniform) == int(RandomKind::Uniform) &&
              int(DistributionKind::Integers) == int(RandomKind::Integers));
namespace {

using Emit = std::function<void(const nlohmann::json&)>;

class ShapeRun {
public:
    ShapeRun(const ShapeJob& job, const Emit& emit)
        : m_job(job), m_task(*job.task), m_shape(*job.shape), m_emit(emit), m_st(job.stream),
          m_t0(std::chrono::steady_clock::now()) {}

    ShapeOutcome run() {
        rep() = {
            {"name", m_shape.name}, {"dims", m_shape.dims}, {"verdict", "pass"}, {"detail", ""}};
        rep()["spent_ms"] = nlohmann::json::object();
        if (auto f = setUp())
            return fail(f);
        for (int trial = 0; trial < std::max(1, m_job.trials); ++trial)
            if (auto f = correctnessTrial(trial))
                return fail(f);
        if (auto f = checkStream())
            return fail(f);
        rep()["outputs"] = m_outputs;
        mark("correctness");
        if (!m_job.profileTarget.empty()) {
            if (auto f = profiledCall())
                return fail(f);
            return std::move(m_out);
        }
        if (!m_job.bench || !m_job.baseline)
            return std::move(m_out);
        m_emit({{"event", "progress"}, {"stage", "benchmark"}, {"shape", m_shape.name}});
        if (auto f = prepareBaseline())
            return fail(f);
        if (auto f = buildTimingSets())
            return fail(f);
        mark("timing_setup");
        if (auto f = timeInterleaved())
            return fail(f);
        mark("timed");
        if (auto f = m_sets->checkGuards())
            return fail(f);
        mark("checked_after_timing");
        rep()["timed_calls_checked"] = m_sets->checkedCalls();
        rep()["audits"] = m_sets->audits();
        m_sets.reset(); // freed here rather than on return, so spent_ms shows what it costs
        reportTiming();
        mark("released");
        return std::move(m_out);
    }

private:
    nlohmann::json& rep() { return m_out.report; }

    ShapeOutcome fail(const Failure& f) {
        rep()["verdict"] = f.verdict;
        rep()["detail"] = f.detail;
        m_out.fatal = f.fatal;
        return std::move(m_out);
    }

    // Where the shape's time goes (ms since the run began), in the report as "spent_ms".
    void mark(const char* what) {
        rep()["spent_ms"][what] =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_t0)
                .count();
    }

    // Dimensions, scalars, the buffers, and which reference this shape is checked against.
    Failure setUp() {
        m_bcall = shapeCall(m_task, m_shape, m_st, &m_dims, &m_scalars);
        cudaError_t allocError = cudaSuccess;
        if (auto why = allocateBuffers(m_task, m_shape, &m_b, &m_bcall, &allocError); !why.empty())
            return allocError != cudaSuccess ? cudaFailure(allocError, why)
                                             : Failure{"harness-error", why, false};
        m_shadow.resize(m_b.params.size());
        m_cpuRef = m_shape.cpuReference && cpuref::hasCpuReference(m_task.reference.cpu);
        std::string reference = "baseline";
        if (m_cpuRef)
            reference = "cpu-float64";
        else if (m_job.referenceIsKernel)
            reference = "reference-kernel";
        rep()["reference"] = reference;
        if (!m_cpuRef && !m_job.reference)
            return {"harness-error",
                    "no reference for shape " + m_shape.name +
                        " (the task names no reference kernel and no library baseline, and has "
                        "no CPU reference here)",
                    false};
        return {};
    }

    bool isOutput(std::size_t i) const { return m_b.params[i]->kind == ParamKind::Output; }
    bool isInput(std::size_t i) const { return m_b.params[i]->kind == ParamKind::Input; }

    Failure prepareBaseline() { return prepareOnce(m_job.baseline, &m_baselinePrepared); }
    Failure prepareReference() {
        if (m_job.reference == m_job.baseline)
            return prepareBaseline();
        return prepareOnce(m_job.reference, &m_referencePrepared);
    }

    // Once per shape: a baseline's prepare() on scratch outputs of its own, so a candidate's
    // buffer never holds a reference.
    Failure prepareOnce(Baseline* baseline, bool* prepared) {
        if (*prepared || !baseline)
            return {};
        BaselineCall c = m_bcall;
        std::vector<GuardedBuffer> prepOut;
        c.outputs.clear();
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isOutput(i))
                continue;
            prepOut.emplace_back();
            if (auto e = prepOut.back().allocate(m_b.bufs[i].bytes()); e != cudaSuccess)
                return cudaFailure(e, "allocating baseline outputs");
            c.outputs.push_back(prepOut.back().data());
        }
        if (auto s = baseline->prepare(c); !s)
            return {"harness-error", "baseline: " + s.error().message, false};
        *prepared = true;
        return {};
    }

    // Guard bands intact and inputs unchanged, for buffers laid out like m_b's (`which` names
    // them in the detail where they are not m_b's own).
    Failure checkBuffers(const std::vector<GuardedBuffer>& bufs, const std::string& which) {
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            bool intact = true;
            if (auto ge = bufs[i].guardsIntact(&intact); ge != cudaSuccess)
                return cudaFailure(ge, "checking guard bands");
            if (!intact)
                return {"out-of-bounds",
                        "the candidate wrote outside " + which + "buffer " + m_b.params[i]->name +
                            " (guard band overwritten) at shape " + m_shape.name,
                        false};
            if (!isInput(i))
                continue;
            unsigned long long diff = 0;
            if (auto de = countDifferentBytes(bufs[i].data(), m_shadow[i].data(), bufs[i].bytes(),
                                              &diff, m_st);
                de != cudaSuccess)
                return cudaFailure(de, "checking inputs");
            if (diff)
                return {"input-modified",
                        "the candidate changed " + which + "input " + m_b.params[i]->name + " (" +
                            std::to_string(diff) + " words) at shape " + m_shape.name,
                        false};
        }
        return {};
    }

    // One checked call of the candidate on m_b, its outputs poisoned first.
    Failure callCandidate(const std::string& when) {
        for (std::size_t i = 0; i < m_b.params.size(); ++i)
            if (isOutput(i))
                fillPoison(m_b.ptrs[i], elem(m_b.params[i]->dtype), m_b.counts[i], m_st);
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return cudaFailure(e, "before the candidate ran");
        const auto t0 = std::chrono::steady_clock::now();
        m_job.candidate(m_b.ptrs.data(), m_dims.data(), m_scalars.data(), m_st);
        cudaError_t e = cudaGetLastError();
        if (e == cudaSuccess)
            e = cudaDeviceSynchronize();
        m_slowestCallMs = std::max(m_slowestCallMs, std::chrono::duration<double, std::milli>(
                                                        std::chrono::steady_clock::now() - t0)
                                                        .count());
        if (e == cudaSuccess)
            e = cudaGetLastError();
        if (e != cudaSuccess)
            return cudaFailure(e, "the candidate's " + when);
        m_emit({{"event", "call"}, {"shape", m_shape.name}, {"n", ++m_callIndex}});
        return checkBuffers(m_b.bufs, "");
    }

    // The tolerance's scale for output i: per-element (ScaledBySumAbs with a CPU reference),
    // or one scalar (sum|x| of the first input, or the RMS of `against`).
    std::pair<const double*, double> scaleFor(std::size_t i, ToleranceMode mode,
                                              const void* against, bool againstIsDouble) {
        double scalar = 0;
        if (mode == ToleranceMode::RelativeToRms) {
            deviceRms(against, againstIsDouble, m_b.counts[i], &scalar, m_st);
        } else if (mode == ToleranceMode::ScaledBySumAbs) {
            if (m_scaleBuf.count(i))
                return {static_cast<const double*>(m_scaleBuf[i].data()), 0.0};
            deviceSumAbs(m_bcall.inputs.front(), elem(m_b.params.front()->dtype),
                         m_b.counts.front(), &scalar, m_st);
        }
        return {nullptr, scalar};
    }

    // Compares the outputs in `ptrs` (m_b.ptrs, or a timed calls' copy laid out like it); only
    // m_b's own comparison goes into the report.
    Failure compareAll(const std::string& which, bool againstFirst,
                       const std::vector<void*>& ptrs) {
        for (std::size_t i = 0; i < m_b.params.size(); ++i)
            if (isOutput(i))
                if (auto f = compareOutput(i, which, againstFirst, ptrs[i], &ptrs == &m_b.ptrs))
                    return f;
        return {};
    }

    Failure compareOutput(std::size_t i, const std::string& which, bool againstFirst, void* ptr,
                          bool reported) {
        const Parameter& p = *m_b.params[i];
        Tolerance tol;
        if (auto it = m_task.tolerances.find(p.name); it != m_task.tolerances.end())
            tol = it->second;
        CompareStats cs;
        cudaError_t e;
        if (againstFirst) { // two calls on the same input must agree within tolerance
            const Elem t = elem(p.dtype);
            GuardedBuffer first;
            first.allocate(referenceBytes(t, m_b.counts[i]));
            convertToReference(m_firstOut[i].data(), t, first.data(), m_b.counts[i], m_st);
            // The same scale as against the reference: a sum's two calls may differ by
            // atomics' order, which is bounded by sum|x|, not by the sum's own size.
            auto [scale, scalar] = scaleFor(i, tol.mode, first.data(), referenceIsDouble(t));
            e = compareOutputs(ptr, t, first.data(), referenceIsDouble(t), m_b.counts[i], tol.rtol,
                               tol.atol, cmode(tol.mode), scale, scalar, &cs, m_st);
        } else {
            const bool refIsDouble = m_cpuRef || referenceIsDouble(elem(p.dtype));
            auto [scale, scalar] = scaleFor(i, tol.mode, m_refOut[i].data(), refIsDouble);
            e = compareOutputs(ptr, elem(p.dtype), m_refOut[i].data(), refIsDouble, m_b.counts[i],
                               tol.rtol, tol.atol, cmode(tol.mode), scale, scalar, &cs, m_st);
        }
        if (e != cudaSuccess)
            return cudaFailure(e, "comparing outputs");
        if (!againstFirst && reported)
            m_outputs[p.name] = outputReport(i, cs, tol);
        return verdictOf(i, cs, tol, which, againstFirst);
    }

    nlohmann::json outputReport(std::size_t i, const CompareStats& cs, const Tolerance& tol) const {
        nlohmann::json o = {{"mismatches", cs.mismatches},
                            {"unwritten", cs.unwritten},
                            {"nan", cs.otherNaN},
                            {"max_abs_err", cs.maxAbsErr},
                            {"max_rel_err", cs.maxRelErr},
                            {"elements", m_b.counts[i]},
                            {"rtol", tol.rtol},
                            {"atol", tol.atol}};
        if (cs.firstBad != ~0ull) {
            o["first_bad_index"] = cs.firstBad;
            o["first_bad"] = {
                {"element", elementName(m_b.params[i]->name, m_b.extents[i], cs.firstBad)},
                {"got", std::isfinite(cs.firstGot) ? nlohmann::json(cs.firstGot)
                                                   : nlohmann::json(nullptr)},
                {"expected", cs.firstExpected},
                {"allowed_error", cs.firstAllowed}};
        }
        return o;
    }

    Failure verdictOf(std::size_t i, const CompareStats& cs, const Tolerance& tol,
                      const std::string& which, bool againstFirst) const {
        const std::string& name = m_b.params[i]->name;
        return outputVerdict(name, m_b.counts[i], m_b.extents[i], cs, tol,
                             " in " + name + " at shape " + m_shape.name + " (" + which + ")",
                             againstFirst);
    }

    // Fresh random inputs for this trial, and shadow copies to prove they stay unchanged.
    void fillTrialInputs(int trial) {
        const std::uint64_t trialSeed =
            mixSeed(mixSeed(m_job.seed, hashString(m_shape.name)), std::uint64_t(trial));
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isInput(i))
                continue;
            fillInput(*m_b.params[i], m_b.ptrs[i], m_b.counts[i], mixSeed(trialSeed, i), m_st);
            if (!m_shadow[i].data())
                m_shadow[i].allocate(m_b.bufs[i].bytes());
            cudaMemcpyAsync(m_shadow[i].data(), m_b.ptrs[i], m_b.bufs[i].bytes(),
                            cudaMemcpyDeviceToDevice, m_st);
        }
    }

    // The float64 CPU reference of the current inputs, uploaded into m_refOut (and the
    // per-element scales into m_scaleBuf where the reference has them).
    Failure computeCpuReference() {
        std::map<std::string, std::vector<unsigned char>> host;
        std::map<std::string, std::span<const std::byte>> spans;
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isInput(i))
                continue;
            if (auto e = m_b.bufs[i].download(&host[m_b.params[i]->name]); e != cudaSuccess)
                return cudaFailure(e, "reading inputs");
            auto& v = host[m_b.params[i]->name];
            spans[m_b.params[i]->name] = std::as_bytes(std::span<const unsigned char>(v));
        }
        auto ref = cpuref::runCpuReference(m_task, m_shape, spans);
        if (!ref)
            return {"harness-error", "CPU reference: " + ref.error().message, false};
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isOutput(i))
                continue;
            const std::string& name = m_b.params[i]->name;
            auto& r = ref->outputs[name];
            if (r.size() != m_b.counts[i])
                return {"harness-error", "CPU reference for " + name + " has the wrong size",
                        false};
            if (!m_refOut[i].data())
                m_refOut[i].allocate(r.size() * sizeof(double));
            cudaMemcpyAsync(m_refOut[i].data(), r.data(), r.size() * sizeof(double),
                            cudaMemcpyHostToDevice, m_st);
            if (auto it = ref->scales.find(name);
                it != ref->scales.end() && it->second.size() == r.size()) {
                if (!m_scaleBuf[i].data())
                    m_scaleBuf[i].allocate(r.size() * sizeof(double));
                cudaMemcpyAsync(m_scaleBuf[i].data(), it->second.data(), r.size() * sizeof(double),
                                cudaMemcpyHostToDevice, m_st);
            }
            if (auto e = cudaStreamSynchronize(m_st);
                e != cudaSuccess) // before the host vectors go
                return cudaFailure(e, "uploading the CPU reference");
        }
        return {};
    }

    // The reference (kernel or library) on the current inputs, its outputs widened into m_refOut
    // (convertToReference: float, or double for int32).
    Failure computeBaselineReference() {
        if (auto f = prepareReference())
            return f;
        BaselineCall c = m_bcall;
        std::vector<GuardedBuffer> raw;
        c.outputs.clear();
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isOutput(i))
                continue;
            raw.emplace_back();
            raw.back().allocate(m_b.bufs[i].bytes());
            c.outputs.push_back(raw.back().data());
        }
        if (auto s = m_job.reference->run(c); !s)
            return {"harness-error", "reference: " + s.error().message, false};
        std::size_t k = 0;
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isOutput(i))
                continue;
            const Elem t = elem(m_b.params[i]->dtype);
            if (!m_refOut[i].data())
                m_refOut[i].allocate(referenceBytes(t, m_b.counts[i]));
            convertToReference(raw[k++].data(), t, m_refOut[i].data(), m_b.counts[i], m_st);
        }
        const cudaError_t e = cudaStreamSynchronize(m_st);
        for (auto& r : raw) // the library's answer, in the task's type: not left in freed memory
            scrubAndFree(&r, m_st);
        if (e != cudaSuccess)
            return cudaFailure(e, "the baseline");
        return {};
    }

    // The first call's outputs, kept to compare the second call on the same input against.
    Failure saveFirstOutputs() {
        for (std::size_t i = 0; i < m_b.params.size(); ++i) {
            if (!isOutput(i))
                continue;
            if (!m_firstOut[i].data())
                m_firstOut[i].allocate(m_b.bufs[i].bytes());
            cudaMemcpyAsync(m_firstOut[i].data(), m_b.ptrs[i], m_b.bufs[i].bytes(),
                            cudaMemcpyDeviceToDevice, m_st);
        }
        if (auto e = cudaStreamSynchronize(m_st); e != cudaSuccess)
            return cudaFailure(e, "saving the first call's output");
        return {};
    }

    // The reference and the first call's outputs made unreadable (XOR with a keystream whose key
    // is drawn now) while the candidate runs again on the same inputs, and restored after: no
    // device buffer holds the expected output of the inputs a candidate reads.
    Failure maskKept(std::uint64_t key) {
        for (auto* kept : {&m_refOut, &m_firstOut})
            for (auto& [i, buf] : *kept)
                if (buf.data())
                    maskBytes(buf.data(), buf.bytes(), mixSeed(key, i), m_st);
        if (auto e = cudaStreamSynchronize(m_st); e != cudaSuccess)
            return cudaFailure(e, "masking the reference");
        return {};
    }

    // Overwritten and freed at the end of each trial.
    void dropKept() {
        for (auto* kept : {&m_refOut, &m_firstOut}) {
            for (auto& [i, buf] : *kept)
                scrubAndFree(&buf, m_st);
            kept->clear();
        }
    }

    // Candidate, then the reference (computed only now, after the candidate has run), then the
    // candidate again on the same input: a race shows as disagreement between the two calls.
    Failure correctnessTrial(int trial) {
        m_emit({{"event", "progress"},
                {"stage", "correctness"},
                {"shape", m_shape.name},
                {"trial", trial + 1},
                {"trials", m_job.trials}});
        fillTrialInputs(trial);
        if (auto f = callCandidate("first call"))
            return f;
        if (auto f = m_cpuRef ? computeCpuReference() : computeBaselineReference())
            return f;
        if (auto f = compareAll("first call", false, m_b.ptrs))
            return f;
        if (auto f = saveFirstOutputs())
            return f;
        const std::uint64_t key =
            mixSeed(mixSeed(m_job.seed, std::uint64_t(trial)),
                    std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
        if (auto f = maskKept(key))
            return f;
        if (auto f = callCandidate("second call"))
            return f;
        if (auto f = maskKept(key)) // applied twice: restored
            return f;
        Failure f = compareAll("second call on the same input", false, m_b.ptrs);
        if (f.verdict == "wrong-result")
            f.verdict = "nondeterministic";
        if (!f)
            f = compareAll("second call against the first", true, m_b.ptrs);
        dropKept();
        return f;
    }

    // kwb profile: one call of the target on fresh inputs, the only work between the profiler's
    // start and stop. The candidate's call is checked afterwards like any other (guards, inputs).
    Failure profiledCall() {
        const bool baseline = m_job.profileTarget == "baseline";
        if (baseline && !m_job.baseline)
            return {"harness-error", "no baseline to profile at shape " + m_shape.name, false};
        if (baseline)
            if (auto f = prepareBaseline())
                return f;
        fillTrialInputs(std::max(1, m_job.trials) + 1);
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

    // One more call on fresh inputs with the given stream held back (stream_contract.h).
    Failure checkStream() {
        fillTrialInputs(std::max(1, m_job.trials));
        const double windowMs = std::clamp(4 * m_slowestCallMs, 2.0, 200.0);
        Failure f = checkStreamContract(m_job.candidate, m_b, m_dims, m_scalars, m_st, windowMs,
                                        m_shape.name);
        if (!f)
            m_emit({{"event", "call"}, {"shape", m_shape.name}, {"n", ++m_callIndex}});
        return f;
    }

    // The timed calls' buffer sets (timing_sets.h): as many as rotateL2 asks for to start with,
    // more once the batch is known.
    Failure buildTimingSets() {
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
        if (m_warmL2)
            setup.maxSets = warmSets(m_job.timing, m_job.l2Bytes, TimingSets::setBytesOf(m_b));
        m_sets = std::make_unique<TimingSets>(setup);
        const int wanted = bufferSets(m_job.timing, m_job.l2Bytes, m_sets->setBytes());
        for (int sets = wanted;; sets = std::max(1, sets / 2)) // fewer where memory is short
            if (Failure f = m_sets->allocate(sets); !f || sets == 1)
                return f;
    }

    // Baseline and candidate interleaved (Timer::interleave), the calls over the sets, every
    // candidate sample checked (TimingSets::hooks).
    Failure timeInterleaved() {
        m_clockBefore = readSmClock(m_job.device);
        Timer timer(m_st, m_job.l2Bytes,
                    [device = m_job.device] { return readSmClock(device).currentMHz; });
        TimingSets& sets = *m_sets;
        TimingPolicy policy = m_job.timing;
        if (m_warmL2)
            policy.flushL2 = false;
        const std::string terr = timer.interleave(
            [&](long long call) {
                m_job.candidate(sets.candidateArgs(call), m_dims.data(), m_scalars.data(), m_st);
            },
            [&](long long call) { (void)m_job.baseline->run(sets.baselineCall(call)); }, policy,
            &m_cand, &m_base, m_job.deviceWarm, sets.hooks(mixSeed(m_job.seed, 0x61756469ull)));
        m_cand.bufferSets = m_base.bufferSets = sets.sets();
        m_cand.warmL2 = m_base.warmL2 = m_warmL2;
        m_clockAfter = readSmClock(m_job.device);
        if (sets.failure())
            return sets.failure();
        if (terr.empty())
            return {};
        cudaError_t e = cudaGetLastError();
        return cudaFailure(e == cudaSuccess ? cudaErrorUnknown : e, "while timing (" + terr + ")");
    }

    void reportTiming() {
        rep()["outputs"] = m_outputs;
        rep()["timing"] = {{"candidate", m_cand}, {"baseline", m_base}};
        rep()["timing"]["baseline"]["label"] =
            m_job.baseline->label(); // names the algorithm this shape used
        rep()["sm_clock_mhz"] = {{"before", m_clockBefore.currentMHz},
                                 {"after", m_clockAfter.currentMHz},
                                 {"max", m_clockAfter.maxMHz}};
        const double speedup = m_cand.medianMs > 0 ? m_base.medianMs / m_cand.medianMs : 0;
        rep()["speedup"] = speedup;
        nlohmann::json flags = nlohmann::json::array();
        // Events only see work on the stream; a candidate that hides work elsewhere shows as
        // host time far above event time.
        if (m_cand.hostMedianMs > 1.5 * m_cand.medianMs + 0.05 &&
            m_cand.hostMedianMs >
                1.5 * m_base.hostMedianMs * (m_cand.medianMs / std::max(m_base.medianMs, 1e-9)) +
                    0.05)
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
        nlohmann::json notes = nlohmann::json::array();
        if (m_clockAfter.maxMHz > 0 && m_clockAfter.currentMHz > 0 &&
            m_clockAfter.currentMHz < 0.7 * m_clockAfter.maxMHz)
            notes.push_back("SM clock " + std::to_string(m_clockAfter.currentMHz) + " MHz of " +
                            std::to_string(m_clockAfter.maxMHz) + " MHz: throttled?");
        rep()["flags"] = flags;
        rep()["notes"] = notes;
    }

    const ShapeJob& m_job;
    const Task& m_task;
    const ShapeSpec& m_shape;
    const Emit& m_emit;
    cudaStream_t m_st;
    const std::chrono::steady_clock::time_point m_t0;
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
    double m_slowestCallMs = 0;         // the slowest checked call, synchronised (wall time)
    TimingStats m_cand, m_base;
    SmClock m_clockBefore, m_clockAfter;
};

} // namespace

ShapeOutcome runShape(const ShapeJob& job, const std::function<void(const nlohmann::json&)>& emit) {
    return ShapeRun(job, emit).run();
}

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
