// Checks and times a loaded candidate on one shape (see shape_runner.h). One ShapeRun per
// shape (shape_run.h; the timing steps are in shape_run_timing.cpp); its steps, in order: set up
// the buffers, the correctness trials (candidate, then the reference computed only after it, then
// the candidate again on the same input), the timing sets, the interleaved timing, the check of
// every buffer set a timed call wrote, the report.
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
#include "core/gpu/shape_run.h"
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
namespace detail {

ShapeOutcome ShapeRun::run() {
    rep() = {{"name", m_shape.name}, {"dims", m_shape.dims}, {"verdict", "pass"}, {"detail", ""}};
    rep()["spent_ms"] = nlohmann::json::object();
    if (auto f = step("setup", [&] { return setUp(); }))
        return fail(f);
    for (int trial = 0; trial < std::max(1, m_job.trials); ++trial)
        if (auto f = correctnessTrial(trial))
            return fail(f);
    if (auto f = step("stream", [&] { return checkStream(); }))
        return fail(f);
    releaseKept(); // the timing sets get the memory
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
    if (auto f = watchForOthers())
        return fail(f);
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

Failure ShapeRun::setUp() {
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

Failure ShapeRun::prepareReference() {
    if (m_job.reference == m_job.baseline)
        return prepareBaseline();
    return prepareOnce(m_job.reference, &m_referencePrepared);
}

Failure ShapeRun::prepareOnce(Baseline* baseline, bool* prepared) {
    if (*prepared || !baseline)
        return {};
    BaselineCall c;
    std::vector<GuardedBuffer> prepOut;
    if (auto f = scratchCall(&prepOut, &c, "allocating baseline outputs"))
        return f;
    if (auto s = baseline->prepare(c); !s)
        return {"harness-error", "baseline: " + s.error().message, false};
    *prepared = true;
    return {};
}

Failure ShapeRun::scratchCall(std::vector<GuardedBuffer>* outputs, BaselineCall* call,
                              const char* what) {
    *call = m_bcall;
    call->outputs.clear();
    outputs->clear();
    for (std::size_t i = 0; i < m_b.params.size(); ++i) {
        if (!isOutput(i))
            continue;
        outputs->emplace_back();
        if (auto f = ensureAllocated(&outputs->back(), m_b.bufs[i].bytes(), what))
            return f;
        call->outputs.push_back(outputs->back().data());
    }
    return {};
}

Failure ShapeRun::checkBuffers(const std::vector<GuardedBuffer>& bufs, const std::string& which) {
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

Failure ShapeRun::callCandidate(const std::string& when) {
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
    // A shape's first call is not counted (every trial makes two calls, so later ones are
    // there): in the job's first shape it loads the candidate's module (lazy loading), which
    // would stretch the stream check's window (4x the slowest call) towards its 200 ms cap.
    if (m_callIndex > 0)
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

std::pair<const double*, double> ShapeRun::scaleFor(std::size_t i, ToleranceMode mode,
                                                    const void* against, bool againstIsDouble) {
    double scalar = 0;
    if (mode == ToleranceMode::RelativeToRms) {
        deviceRms(against, againstIsDouble, m_b.counts[i], &scalar, m_st);
    } else if (mode == ToleranceMode::ScaledBySumAbs) {
        if (m_scaleBuf.count(i))
            return {static_cast<const double*>(m_scaleBuf[i].data()), 0.0};
        deviceSumAbs(m_bcall.inputs.front(), elem(m_b.params.front()->dtype), m_b.counts.front(),
                     &scalar, m_st);
    }
    return {nullptr, scalar};
}

Failure ShapeRun::compareAll(const std::string& which, bool againstFirst,
                             const std::vector<void*>& ptrs) {
    for (std::size_t i = 0; i < m_b.params.size(); ++i)
        if (isOutput(i))
            if (auto f = compareOutput(i, which, againstFirst, ptrs[i], &ptrs == &m_b.ptrs))
                return f;
    return {};
}

Failure ShapeRun::compareOutput(std::size_t i, const std::string& which, bool againstFirst,
                                void* ptr, bool reported) {
    const Parameter& p = *m_b.params[i];
    Tolerance tol;
    if (auto it = m_task.tolerances.find(p.name); it != m_task.tolerances.end())
        tol = it->second;
    CompareStats cs;
    cudaError_t e;
    if (againstFirst) { // two calls on the same input must agree within tolerance
        const Elem t = elem(p.dtype);
        // float32 is its own reference type (convertToReference would copy it); the others are
        // widened into a buffer of their own.
        const void* first = m_firstOut[i].data();
        GuardedBuffer widened;
        if (t != Elem::F32) {
            if (auto f = ensureAllocated(&widened, referenceBytes(t, m_b.counts[i]),
                                         "allocating the first call's widened output"))
                return f;
            convertToReference(first, t, widened.data(), m_b.counts[i], m_st);
            first = widened.data();
        }
        // The same scale as against the reference: a sum's two calls may differ by
        // atomics' order, which is bounded by sum|x|, not by the sum's own size.
        auto [scale, scalar] = scaleFor(i, tol.mode, first, referenceIsDouble(t));
        e = compareOutputs(ptr, t, first, referenceIsDouble(t), m_b.counts[i], tol.rtol, tol.atol,
                           cmode(tol.mode), scale, scalar, &cs, m_st);
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

nlohmann::json ShapeRun::outputReport(std::size_t i, const CompareStats& cs,
                                      const Tolerance& tol) const {
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
            {"got",
             std::isfinite(cs.firstGot) ? nlohmann::json(cs.firstGot) : nlohmann::json(nullptr)},
            {"expected", cs.firstExpected},
            {"allowed_error", cs.firstAllowed}};
    }
    return o;
}

Failure ShapeRun::verdictOf(std::size_t i, const CompareStats& cs, const Tolerance& tol,
                            const std::string& which, bool againstFirst) const {
    const std::string& name = m_b.params[i]->name;
    return outputVerdict(name, m_b.counts[i], m_b.extents[i], cs, tol,
                         " in " + name + " at shape " + m_shape.name + " (" + which + ")",
                         againstFirst);
}

Failure ShapeRun::ensureAllocated(GuardedBuffer* b, std::size_t bytes, const char* what) {
    if (b->data())
        return {};
    if (auto e = b->allocate(bytes); e != cudaSuccess)
        return cudaFailure(e, what);
    return {};
}

Failure ShapeRun::fillTrialInputs(int trial) {
    const std::uint64_t trialSeed =
        mixSeed(mixSeed(m_job.seed, hashString(m_shape.name)), std::uint64_t(trial));
    for (std::size_t i = 0; i < m_b.params.size(); ++i) {
        if (!isInput(i))
            continue;
        fillInput(*m_b.params[i], m_b.ptrs[i], m_b.counts[i], mixSeed(trialSeed, i), m_st);
        if (auto f = ensureAllocated(&m_shadow[i], m_b.bufs[i].bytes(),
                                     "allocating the inputs' shadow copies"))
            return f;
        cudaMemcpyAsync(m_shadow[i].data(), m_b.ptrs[i], m_b.bufs[i].bytes(),
                        cudaMemcpyDeviceToDevice, m_st);
    }
    return {};
}

Failure ShapeRun::computeCpuReference() {
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
            return {"harness-error", "CPU reference for " + name + " has the wrong size", false};
        if (auto f = ensureAllocated(&m_refOut[i], r.size() * sizeof(double),
                                     "allocating the CPU reference's outputs"))
            return f;
        cudaMemcpyAsync(m_refOut[i].data(), r.data(), r.size() * sizeof(double),
                        cudaMemcpyHostToDevice, m_st);
        if (auto it = ref->scales.find(name);
            it != ref->scales.end() && it->second.size() == r.size()) {
            if (auto f = ensureAllocated(&m_scaleBuf[i], r.size() * sizeof(double),
                                         "allocating the CPU reference's scales"))
                return f;
            cudaMemcpyAsync(m_scaleBuf[i].data(), it->second.data(), r.size() * sizeof(double),
                            cudaMemcpyHostToDevice, m_st);
        }
        if (auto e = cudaStreamSynchronize(m_st); e != cudaSuccess) // before the host vectors go
            return cudaFailure(e, "uploading the CPU reference");
    }
    return {};
}

Failure ShapeRun::computeBaselineReference() {
    if (auto f = prepareReference())
        return f;
    // Everything allocated before the reference runs: no early return leaves its answer behind.
    for (std::size_t i = 0; i < m_b.params.size(); ++i)
        if (isOutput(i))
            if (auto f = ensureAllocated(&m_refOut[i],
                                         referenceBytes(elem(m_b.params[i]->dtype), m_b.counts[i]),
                                         "allocating the reference's widened outputs"))
                return f;
    // The library writes a float32 output straight into the reference (its own widened type);
    // the others into scratch outputs of their own, widened after.
    BaselineCall c = m_bcall;
    c.outputs.clear();
    std::vector<GuardedBuffer> raw;
    for (std::size_t i = 0; i < m_b.params.size(); ++i) {
        if (!isOutput(i))
            continue;
        if (elem(m_b.params[i]->dtype) == Elem::F32) {
            c.outputs.push_back(m_refOut[i].data());
            continue;
        }
        raw.emplace_back();
        if (auto f = ensureAllocated(&raw.back(), m_b.bufs[i].bytes(),
                                     "allocating the reference's outputs"))
            return f;
        c.outputs.push_back(raw.back().data());
    }
    Failure f;
    if (auto s = m_job.reference->run(c); !s)
        f = {"harness-error", "reference: " + s.error().message, false};
    std::size_t k = 0;
    for (std::size_t i = 0; i < m_b.params.size() && !f; ++i)
        if (isOutput(i) && elem(m_b.params[i]->dtype) != Elem::F32)
            convertToReference(raw[k++].data(), elem(m_b.params[i]->dtype), m_refOut[i].data(),
                               m_b.counts[i], m_st);
    const cudaError_t e = cudaStreamSynchronize(m_st);
    for (auto& r : raw) // the library's answer, in the task's type: not left in freed memory
        scrubAndFree(&r, m_st);
    if (f)
        return f;
    if (e != cudaSuccess)
        return cudaFailure(e, "the baseline");
    return {};
}

Failure ShapeRun::saveFirstOutputs() {
    for (std::size_t i = 0; i < m_b.params.size(); ++i) {
        if (!isOutput(i))
            continue;
        if (auto f = ensureAllocated(&m_firstOut[i], m_b.bufs[i].bytes(),
                                     "allocating the first call's kept outputs"))
            return f;
        cudaMemcpyAsync(m_firstOut[i].data(), m_b.ptrs[i], m_b.bufs[i].bytes(),
                        cudaMemcpyDeviceToDevice, m_st);
    }
    if (auto e = cudaStreamSynchronize(m_st); e != cudaSuccess)
        return cudaFailure(e, "saving the first call's output");
    return {};
}

Failure ShapeRun::maskKept(std::uint64_t key) {
    for (auto* kept : {&m_refOut, &m_firstOut})
        for (auto& [i, buf] : *kept)
            if (buf.data())
                maskBytes(buf.data(), buf.bytes(), mixSeed(key, i), m_st);
    if (auto e = cudaStreamSynchronize(m_st); e != cudaSuccess)
        return cudaFailure(e, "masking the reference");
    return {};
}

void ShapeRun::scrubKept() {
    for (auto* kept : {&m_refOut, &m_firstOut})
        for (auto& [i, buf] : *kept)
            if (buf.data())
                cudaMemsetAsync(buf.data(), 0, buf.bytes(), m_st);
    cudaStreamSynchronize(m_st);
}

void ShapeRun::releaseKept() {
    for (auto* kept : {&m_refOut, &m_firstOut}) {
        for (auto& [i, buf] : *kept)
            scrubAndFree(&buf, m_st);
        kept->clear();
    }
}

Failure ShapeRun::correctnessTrial(int trial) {
    m_emit({{"event", "progress"},
            {"stage", "correctness"},
            {"shape", m_shape.name},
            {"trial", trial + 1},
            {"trials", m_job.trials}});
    if (auto f = step("inputs", [&] { return fillTrialInputs(trial); }))
        return f;
    if (auto f = step("calls", [&] { return callCandidate("first call"); }))
        return f;
    if (auto f = step("reference", [&] {
            return m_cpuRef ? computeCpuReference() : computeBaselineReference();
        }))
        return f;
    if (auto f = step("compare", [&] { return compareAll("first call", false, m_b.ptrs); }))
        return f;
    if (auto f = step("kept", [&] { return saveFirstOutputs(); }))
        return f;
    const std::uint64_t key =
        mixSeed(mixSeed(m_job.seed, std::uint64_t(trial)),
                std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
    if (auto f = step("kept", [&] { return maskKept(key); }))
        return f;
    if (auto f = step("calls", [&] { return callCandidate("second call"); }))
        return f;
    if (auto f = step("kept", [&] { return maskKept(key); })) // applied twice: restored
        return f;
    Failure f = step("compare", [&] {
        Failure c = compareAll("second call on the same input", false, m_b.ptrs);
        if (c.verdict == "wrong-result")
            c.verdict = "nondeterministic";
        if (!c)
            c = compareAll("second call against the first", true, m_b.ptrs);
        return c;
    });
    step("kept", [&] {
        scrubKept();
        return Failure{};
    });
    return f;
}

Failure ShapeRun::checkStream() {
    if (auto f = fillTrialInputs(std::max(1, m_job.trials)))
        return f;
    const double windowMs = std::clamp(4 * m_slowestCallMs, 2.0, 200.0);
    rep()["spent_ms"]["correctness_stream_window"] = windowMs;
    Failure f =
        checkStreamContract(m_job.candidate, m_b, m_dims, m_scalars, m_st, windowMs, m_shape.name);
    if (!f)
        m_emit({{"event", "call"}, {"shape", m_shape.name}, {"n", ++m_callIndex}});
    return f;
}

} // namespace detail

ShapeOutcome runShape(const ShapeJob& job, const std::function<void(const nlohmann::json&)>& emit) {
    return detail::ShapeRun(job, emit).run();
}

} // namespace kwb::gpu
