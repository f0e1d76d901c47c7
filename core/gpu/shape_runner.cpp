#include "core/gpu/shape_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <span>

#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"
#include "core/gpu/job_buffers.h"
#include "core/gpu/sm_clock.h"
#include "core/tasks/cpu_reference.h"
#include "core/tasks/formula.h"

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

Elem elem(DType t) { return static_cast<Elem>(static_cast<int>(t)); }
CompareMode cmode(ToleranceMode m) { return static_cast<CompareMode>(static_cast<int>(m)); }

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    std::uint64_t z = a ^ (b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t hashString(const std::string& s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s)
        h = (h ^ c) * 1099511628211ull;
    return h;
}

bool isFatal(cudaError_t e) {
    switch (e) {
    case cudaErrorIllegalAddress: case cudaErrorMisalignedAddress: case cudaErrorLaunchFailure:
    case cudaErrorIllegalInstruction: case cudaErrorHardwareStackError: case cudaErrorInvalidPc:
    case cudaErrorInvalidAddressSpace: case cudaErrorAssert: case cudaErrorLaunchTimeout:
        return true;
    default:
        return false;
    }
}

// What failed, as a verdict + sentence; fatal when the context is gone.
struct Failure {
    std::string verdict, detail;
    bool fatal = false;
};

Failure cudaFailure(cudaError_t e, const std::string& when) {
    Failure f;
    f.fatal = isFatal(e);
    f.verdict = (e == cudaErrorIllegalAddress || e == cudaErrorMisalignedAddress ||
                 e == cudaErrorLaunchFailure || e == cudaErrorInvalidAddressSpace)
                    ? "illegal-address"
                : (e == cudaErrorInvalidConfiguration || e == cudaErrorLaunchOutOfResources ||
                   e == cudaErrorInvalidValue)
                    ? "launch-error"
                    : "cuda-error";
    f.detail = when + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
    return f;
}

struct Buffers {
    std::vector<const Parameter*> params; // buffer params, in order
    std::vector<GuardedBuffer> bufs;
    std::vector<std::size_t> counts;
    std::vector<std::vector<long long>> extents; // per buffer, one per declared dimension
    std::vector<void*> ptrs;
};

// "C[3, 45]" for a flat row-major index into a buffer of the given extents.
std::string elementName(const std::string& name, const std::vector<long long>& extents, unsigned long long index) {
    std::vector<long long> at(extents.size());
    for (std::size_t d = extents.size(); d-- > 0;) {
        long long e = std::max(extents[d], 1LL);
        at[d] = static_cast<long long>(index % static_cast<unsigned long long>(e));
        index /= static_cast<unsigned long long>(e);
    }
    std::string s = name + "[";
    for (std::size_t d = 0; d < at.size(); ++d)
        s += (d ? ", " : "") + std::to_string(at[d]);
    return s + "]";
}


// The baseline's view of one shape: dims and scalars by name (and in signature order).
BaselineCall shapeCall(const Task& task, const ShapeSpec& shape, cudaStream_t st,
                       std::vector<long long>* dims, std::vector<double>* scalars) {
    BaselineCall call;
    call.stream = st;
    for (const auto& p : task.parameters) {
        if (p.kind == ParamKind::Dim) {
            auto it = shape.dims.find(p.name);
            long long v = it == shape.dims.end() ? 0 : it->second;
            dims->push_back(v);
            call.dims[p.name] = v;
        } else if (p.kind == ParamKind::Scalar) {
            auto it = shape.scalars.find(p.name);
            double v = it != shape.scalars.end() ? it->second : p.defaultValue.value_or(0.0);
            scalars->push_back(v);
            call.scalars[p.name] = v;
        }
    }
    return call;
}

// Sizes and allocates every buffer parameter at this shape and hands the buffers to `call`
// (inputs, outputs). A message when a size formula does not evaluate or an allocation fails;
// *cudaError then says which CUDA error (cudaSuccess for a formula).
std::string allocateBuffers(const Task& task, const ShapeSpec& shape, Buffers* b, BaselineCall* call,
                            cudaError_t* cudaError) {
    *cudaError = cudaSuccess;
    std::map<std::string, double> values;
    for (const auto& [k, v] : shape.dims)
        values[k] = double(v);
    for (const auto& p : task.parameters) {
        if (!p.isBuffer())
            continue;
        std::size_t count = 1;
        std::vector<long long> extents;
        for (const auto& expr : p.shape) {
            auto f = Formula::parse(expr);
            auto v = f ? f->evaluateInteger(values) : Result<long long>(f.error());
            if (!v || *v < 0)
                return "cannot size buffer " + p.name + " from \"" + expr + "\"";
            count *= std::size_t(*v);
            extents.push_back(*v);
        }
        b->params.push_back(&p);
        b->extents.push_back(std::move(extents));
        b->counts.push_back(count);
        b->bufs.emplace_back();
        if (auto e = b->bufs.back().allocate(count * std::size_t(dtypeSize(p.dtype))); e != cudaSuccess) {
            *cudaError = e;
            return "allocating " + p.name;
        }
        b->ptrs.push_back(b->bufs.back().data());
        if (p.kind == ParamKind::Input)
            call->inputs.push_back(b->ptrs.back());
        else
            call->outputs.push_back(b->ptrs.back());
    }
    return {};
}

// An input buffer filled from its parameter's distribution.
void fillInput(const Parameter& p, void* ptr, std::size_t count, std::uint64_t seed, cudaStream_t st) {
    fillRandom(ptr, elem(p.dtype), count, seed, static_cast<RandomKind>(static_cast<int>(p.distribution.kind)),
               p.distribution.a, p.distribution.b, st);
}

} // namespace

ShapeOutcome runShape(const ShapeJob& job, const std::function<void(const nlohmann::json&)>& emit) {
    const Task& task = *job.task;
    const ShapeSpec& shape = *job.shape;
    ShapeOutcome out;
    nlohmann::json& rep = out.report;
    rep = {{"name", shape.name}, {"dims", shape.dims}, {"verdict", "pass"}, {"detail", ""}};
    auto fail = [&](const Failure& f) {
        rep["verdict"] = f.verdict;
        rep["detail"] = f.detail;
        out.fatal = f.fatal;
        return out;
    };
    cudaStream_t st = job.stream;
    // Where the shape's time goes (ms), in the report as "spent_ms".
    const auto t0 = std::chrono::steady_clock::now();
    nlohmann::json& spent = rep["spent_ms"] = nlohmann::json::object();
    auto mark = [&](const char* what) {
        spent[what] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    };

    // Dimensions, scalars and buffer sizes.
    std::vector<long long> dims;
    std::vector<double> scalars;
    BaselineCall bcall = shapeCall(task, shape, st, &dims, &scalars);
    Buffers b;
    cudaError_t allocError = cudaSuccess;
    if (auto why = allocateBuffers(task, shape, &b, &bcall, &allocError); !why.empty())
        return fail(allocError != cudaSuccess ? cudaFailure(allocError, why) : Failure{"harness-error", why, false});

    // Shadow copies of the inputs (is the input unchanged?) and reference outputs.
    std::vector<GuardedBuffer> shadow(b.params.size());
    std::map<std::size_t, GuardedBuffer> refOut;   // output index -> reference (double or float)
    std::map<std::size_t, GuardedBuffer> scaleBuf; // output index -> per-element scale (double)
    std::map<std::size_t, GuardedBuffer> firstOut; // output index -> first call's output
    bool cpuRef = shape.cpuReference && cpuref::hasCpuReference(task.id);
    rep["reference"] = cpuRef ? "cpu-float64" : "baseline";
    if (!cpuRef && !job.baseline)
        return fail({"harness-error", "no reference for shape " + shape.name + " (no baseline, not a CPU-reference shape)", false});
    bool baselinePrepared = false;
    auto prepareBaseline = [&]() -> Failure {
        if (baselinePrepared || !job.baseline)
            return {};
        // The baseline writes scratch outputs of its own: a candidate's buffer never holds a reference.
        BaselineCall c = bcall;
        std::vector<GuardedBuffer> prepOut;
        c.outputs.clear();
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            if (b.params[i]->kind != ParamKind::Output)
                continue;
            prepOut.emplace_back();
            if (auto e = prepOut.back().allocate(b.bufs[i].bytes()); e != cudaSuccess)
                return cudaFailure(e, "allocating baseline outputs");
            c.outputs.push_back(prepOut.back().data());
        }
        if (auto s = job.baseline->prepare(c); !s)
            return {"harness-error", "baseline: " + s.error().message, false};
        baselinePrepared = true;
        return {};
    };

    nlohmann::json outputs = nlohmann::json::object();
    int callIndex = 0;
    // Guard bands intact and inputs unchanged, for buffers laid out like b's (b's own, or a copy
    // the timed calls used: `which` then says so).
    auto checkBuffers = [&](const std::vector<GuardedBuffer>& bufs, const std::string& which) -> Failure {
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            bool intact = true;
            if (auto ge = bufs[i].guardsIntact(&intact); ge != cudaSuccess)
                return cudaFailure(ge, "checking guard bands");
            if (!intact)
                return {"out-of-bounds", "the candidate wrote outside " + which + "buffer " + b.params[i]->name +
                                             " (guard band overwritten) at shape " + shape.name, false};
            if (b.params[i]->kind == ParamKind::Input) {
                unsigned long long diff = 0;
                if (auto de = countDifferentBytes(bufs[i].data(), shadow[i].data(), bufs[i].bytes(), &diff, st); de != cudaSuccess)
                    return cudaFailure(de, "checking inputs");
                if (diff)
                    return {"input-modified", "the candidate changed " + which + "input " + b.params[i]->name +
                                                  " (" + std::to_string(diff) + " words) at shape " + shape.name, false};
            }
        }
        return {};
    };
    auto callCandidate = [&](const std::string& when) -> Failure {
        for (std::size_t i = 0; i < b.params.size(); ++i)
            if (b.params[i]->kind == ParamKind::Output)
                fillPoison(b.ptrs[i], elem(b.params[i]->dtype), b.counts[i], st);
        if (auto e = cudaDeviceSynchronize(); e != cudaSuccess)
            return cudaFailure(e, "before the candidate ran");
        job.candidate(b.ptrs.data(), dims.data(), scalars.data(), st);
        cudaError_t e = cudaGetLastError();
        if (e == cudaSuccess)
            e = cudaDeviceSynchronize();
        if (e == cudaSuccess)
            e = cudaGetLastError();
        if (e != cudaSuccess)
            return cudaFailure(e, "the candidate's " + when);
        emit({{"event", "call"}, {"shape", shape.name}, {"n", ++callIndex}});
        return checkBuffers(b.bufs, "");
    };
    // The tolerance's scale for output i: per-element (ScaledBySumAbs with a CPU reference),
    // or one scalar (sum|x| of the first input, or the RMS of `against`).
    auto scaleFor = [&](std::size_t i, ToleranceMode mode, const void* against, bool againstIsDouble)
        -> std::pair<const double*, double> {
        double scalar = 0;
        if (mode == ToleranceMode::RelativeToRms)
            deviceRms(against, againstIsDouble, b.counts[i], &scalar, st);
        else if (mode == ToleranceMode::ScaledBySumAbs) {
            if (scaleBuf.count(i))
                return {static_cast<const double*>(scaleBuf[i].data()), 0.0};
            deviceSumAbs(bcall.inputs.front(), elem(b.params.front()->dtype), b.counts.front(), &scalar, st);
        }
        return {nullptr, scalar};
    };
    // Compares the outputs in `ptrs` (b.ptrs, or a timed calls' copy laid out like it); only
    // b's own comparison goes into the report.
    auto compareAll = [&](const std::string& which, bool againstFirst,
                          const std::vector<void*>& ptrs) -> Failure {
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            const Parameter& p = *b.params[i];
            if (p.kind != ParamKind::Output)
                continue;
            Tolerance tol;
            if (auto it = task.tolerances.find(p.name); it != task.tolerances.end())
                tol = it->second;
            CompareStats cs;
            cudaError_t e;
            if (againstFirst) { // two calls on the same input must agree within tolerance
                GuardedBuffer asFloat;
                asFloat.allocate(b.counts[i] * sizeof(float));
                convertToFloat(firstOut[i].data(), elem(p.dtype), static_cast<float*>(asFloat.data()), b.counts[i], st);
                // The same scale as against the reference: a sum's two calls may differ by
                // atomics' order, which is bounded by sum|x|, not by the sum's own size.
                auto [scale, scalar] = scaleFor(i, tol.mode, asFloat.data(), false);
                e = compareOutputs(ptrs[i], elem(p.dtype), asFloat.data(), false, b.counts[i], tol.rtol, tol.atol, cmode(tol.mode), scale, scalar, &cs, st);
            } else {
                bool isDouble = cpuRef;
                auto [scale, scalar] = scaleFor(i, tol.mode, refOut[i].data(), isDouble);
                e = compareOutputs(ptrs[i], elem(p.dtype), refOut[i].data(), isDouble, b.counts[i], tol.rtol, tol.atol, cmode(tol.mode), scale, scalar, &cs, st);
            }
            if (e != cudaSuccess)
                return cudaFailure(e, "comparing outputs");
            nlohmann::json o = {{"mismatches", cs.mismatches}, {"unwritten", cs.unwritten},
                                {"nan", cs.otherNaN}, {"max_abs_err", cs.maxAbsErr},
                                {"max_rel_err", cs.maxRelErr}, {"elements", b.counts[i]},
                                {"rtol", tol.rtol}, {"atol", tol.atol}};
            if (cs.firstBad != ~0ull) {
                o["first_bad_index"] = cs.firstBad;
                o["first_bad"] = {{"element", elementName(p.name, b.extents[i], cs.firstBad)},
                                  {"got", std::isfinite(cs.firstGot) ? nlohmann::json(cs.firstGot) : nlohmann::json(nullptr)},
                                  {"expected", cs.firstExpected}, {"allowed_error", cs.firstAllowed}};
            }
            if (!againstFirst && &ptrs == &b.ptrs)
                outputs[p.name] = o;
            std::string where = " in " + p.name + " at shape " + shape.name + " (" + which + ")";
            if (cs.unwritten == b.counts[i])
                return {"unwritten-output", "the candidate wrote none of the output" + where, false};
            if (cs.unwritten)
                return {"unwritten-output", std::to_string(cs.unwritten) + " of " + std::to_string(b.counts[i]) +
                                                " elements were never written" + where + ", first at index " +
                                                std::to_string(cs.firstBad), false};
            if (cs.otherNaN)
                return {"nan-output", std::to_string(cs.otherNaN) + " elements are NaN or infinite" + where, false};
            if (cs.mismatches) {
                char buf[512];
                std::snprintf(buf, sizeof buf, "%llu of %zu elements out of tolerance%s; first at %s (index %llu): got %.6g, expected %.6g, allowed error %.3g; max abs error %.3g (rtol %.1e, atol %.1e)",
                              cs.mismatches, b.counts[i], where.c_str(), elementName(p.name, b.extents[i], cs.firstBad).c_str(),
                              cs.firstBad, cs.firstGot, cs.firstExpected, cs.firstAllowed, cs.maxAbsErr, tol.rtol, tol.atol);
                return {againstFirst ? "nondeterministic" : "wrong-result",
                        againstFirst ? std::string("two calls on the same input disagree: ") + buf : std::string(buf), false};
            }
        }
        return {};
    };

    for (int trial = 0; trial < std::max(1, job.trials); ++trial) {
        emit({{"event", "progress"}, {"stage", "correctness"}, {"shape", shape.name}, {"trial", trial + 1}, {"trials", job.trials}});
        std::uint64_t trialSeed = mix(mix(job.seed, hashString(shape.name)), std::uint64_t(trial));
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            const Parameter& p = *b.params[i];
            if (p.kind != ParamKind::Input)
                continue;
            fillInput(p, b.ptrs[i], b.counts[i], mix(trialSeed, i), st);
            if (!shadow[i].data())
                shadow[i].allocate(b.bufs[i].bytes());
            cudaMemcpyAsync(shadow[i].data(), b.ptrs[i], b.bufs[i].bytes(), cudaMemcpyDeviceToDevice, st);
        }
        if (auto f = callCandidate("first call"); !f.verdict.empty())
            return fail(f);
        // The reference is computed only now, after the candidate has run.
        if (cpuRef) {
            std::map<std::string, std::vector<unsigned char>> host;
            std::map<std::string, std::span<const std::byte>> spans;
            for (std::size_t i = 0; i < b.params.size(); ++i) {
                if (b.params[i]->kind != ParamKind::Input)
                    continue;
                if (auto e = b.bufs[i].download(&host[b.params[i]->name]); e != cudaSuccess)
                    return fail(cudaFailure(e, "reading inputs"));
                auto& v = host[b.params[i]->name];
                spans[b.params[i]->name] = std::as_bytes(std::span<const unsigned char>(v));
            }
            auto ref = cpuref::runCpuReference(task, shape, spans);
            if (!ref)
                return fail({"harness-error", "CPU reference: " + ref.error().message, false});
            for (std::size_t i = 0; i < b.params.size(); ++i) {
                const Parameter& p = *b.params[i];
                if (p.kind != ParamKind::Output)
                    continue;
                auto& r = ref->outputs[p.name];
                if (r.size() != b.counts[i])
                    return fail({"harness-error", "CPU reference for " + p.name + " has the wrong size", false});
                if (!refOut[i].data())
                    refOut[i].allocate(r.size() * sizeof(double));
                cudaMemcpyAsync(refOut[i].data(), r.data(), r.size() * sizeof(double), cudaMemcpyHostToDevice, st);
                if (auto it = ref->scales.find(p.name); it != ref->scales.end() && it->second.size() == r.size()) {
                    if (!scaleBuf[i].data())
                        scaleBuf[i].allocate(r.size() * sizeof(double));
                    cudaMemcpyAsync(scaleBuf[i].data(), it->second.data(), r.size() * sizeof(double), cudaMemcpyHostToDevice, st);
                }
                if (auto e = cudaStreamSynchronize(st); e != cudaSuccess) // before the host vectors go
                    return fail(cudaFailure(e, "uploading the CPU reference"));
            }
        } else {
            if (auto f = prepareBaseline(); !f.verdict.empty())
                return fail(f);
            BaselineCall c = bcall;
            std::vector<GuardedBuffer> raw;
            c.outputs.clear();
            for (std::size_t i = 0; i < b.params.size(); ++i) {
                if (b.params[i]->kind != ParamKind::Output)
                    continue;
                raw.emplace_back();
                raw.back().allocate(b.bufs[i].bytes());
                c.outputs.push_back(raw.back().data());
            }
            if (auto s = job.baseline->run(c); !s)
                return fail({"harness-error", "baseline: " + s.error().message, false});
            std::size_t k = 0;
            for (std::size_t i = 0; i < b.params.size(); ++i) {
                if (b.params[i]->kind != ParamKind::Output)
                    continue;
                if (!refOut[i].data())
                    refOut[i].allocate(b.counts[i] * sizeof(float));
                convertToFloat(raw[k++].data(), elem(b.params[i]->dtype), static_cast<float*>(refOut[i].data()), b.counts[i], st);
            }
            if (auto e = cudaStreamSynchronize(st); e != cudaSuccess)
                return fail(cudaFailure(e, "the baseline"));
        }
        if (auto f = compareAll("first call", false, b.ptrs); !f.verdict.empty())
            return fail(f);
        // Again on the same input: a race shows as disagreement between the two calls.
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            if (b.params[i]->kind != ParamKind::Output)
                continue;
            if (!firstOut[i].data())
                firstOut[i].allocate(b.bufs[i].bytes());
            cudaMemcpyAsync(firstOut[i].data(), b.ptrs[i], b.bufs[i].bytes(), cudaMemcpyDeviceToDevice, st);
        }
        if (auto e = cudaStreamSynchronize(st); e != cudaSuccess)
            return fail(cudaFailure(e, "saving the first call's output"));
        if (auto f = callCandidate("second call"); !f.verdict.empty())
            return fail(f);
        if (auto f = compareAll("second call on the same input", false, b.ptrs); !f.verdict.empty())
            return fail(f.verdict == "wrong-result" ? Failure{"nondeterministic", f.detail, false} : f);
        if (auto f = compareAll("second call against the first", true, b.ptrs); !f.verdict.empty())
            return fail(f);
    }
    rep["outputs"] = outputs;
    mark("correctness");
    if (!job.bench || !job.baseline)
        return out;

    // Timing: baseline and candidate interleaved on the last trial's inputs.
    emit({{"event", "progress"}, {"stage", "benchmark"}, {"shape", shape.name}});
    if (auto f = prepareBaseline(); !f.verdict.empty())
        return fail(f);
    // The timed calls use buffer sets in turn (TimingPolicy::rotateL2): set 0 is b; the others
    // are copies of its inputs with outputs of their own. The baseline reads the same inputs
    // and writes outputs of its own in every set.
    std::size_t setBytes = 0;
    for (std::size_t i = 0; i < b.params.size(); ++i)
        setBytes += b.bufs[i].bytes() * (b.params[i]->kind == ParamKind::Output ? 2 : 1);
    const int wanted = bufferSets(job.timing, job.l2Bytes, setBytes);
    std::vector<std::vector<GuardedBuffer>> copies; // sets 1.. (the candidate's buffers)
    std::vector<std::vector<void*>> candPtrs{b.ptrs};
    // A copy of b's inputs with poisoned outputs; false when out of memory.
    auto addCopy = [&]() -> bool {
        std::vector<GuardedBuffer> set(b.params.size());
        std::vector<void*> ptrs;
        for (std::size_t i = 0; i < b.params.size(); ++i) {
            cudaError_t e = set[i].allocate(b.bufs[i].bytes());
            if (e == cudaSuccess)
                e = b.params[i]->kind == ParamKind::Input
                        ? cudaMemcpyAsync(set[i].data(), b.ptrs[i], b.bufs[i].bytes(), cudaMemcpyDeviceToDevice, st)
                        : fillPoison(set[i].data(), elem(b.params[i]->dtype), b.counts[i], st);
            if (e != cudaSuccess) {
                cudaGetLastError();
                return false;
            }
            ptrs.push_back(set[i].data());
        }
        copies.push_back(std::move(set));
        candPtrs.push_back(std::move(ptrs));
        return true;
    };
    while (static_cast<int>(candPtrs.size()) < wanted)
        if (!addCopy())
            break; // out of memory for another copy: time over the sets there are
    // The baseline's call for each set: that set's inputs, outputs of its own.
    std::vector<BaselineCall> baseCalls;
    std::vector<GuardedBuffer> scratch;
    for (std::size_t k = 0; k < candPtrs.size(); ++k) {
        BaselineCall c = bcall;
        c.inputs.clear();
        c.outputs.clear();
        cudaError_t e = cudaSuccess;
        for (std::size_t i = 0; i < b.params.size() && e == cudaSuccess; ++i) {
            if (b.params[i]->kind == ParamKind::Input) {
                c.inputs.push_back(candPtrs[k][i]);
                continue;
            }
            scratch.emplace_back();
            if ((e = scratch.back().allocate(b.bufs[i].bytes())) == cudaSuccess)
                c.outputs.push_back(scratch.back().data());
        }
        if (e != cudaSuccess) {
            if (k == 0)
                return fail(cudaFailure(e, "allocating the baseline's timing outputs"));
            cudaGetLastError(); // this copy and the ones after it are not used
            candPtrs.resize(k);
            copies.resize(k - 1);
            break;
        }
        baseCalls.push_back(std::move(c));
    }
    const std::size_t sets = baseCalls.size();
    // Poisoned again, so the check after timing proves the timed calls (replayed from a graph
    // for short kernels) wrote every element.
    for (std::size_t i = 0; i < b.params.size(); ++i)
        if (b.params[i]->kind == ParamKind::Output)
            fillPoison(b.ptrs[i], elem(b.params[i]->dtype), b.counts[i], st);
    mark("timing_setup");
    SmClock before = readSmClock(job.device);
    Timer timer(st, job.l2Bytes, [device = job.device] { return readSmClock(device).currentMHz; });
    TimingStats cand, base;
    std::size_t nextCand = 0, nextBase = 0;
    std::vector<char> used(sets, 0); // the sets some timed call wrote (a short loop may not reach all)
    std::string terr = timer.interleave(
        [&] {
            const std::size_t k = nextCand++ % sets;
            used[k] = 1;
            job.candidate(candPtrs[k].data(), dims.data(), scalars.data(), st);
        },
        [&] { (void)job.baseline->run(baseCalls[nextBase++ % sets]); }, job.timing, &cand, &base, job.deviceWarm);
    cand.bufferSets = base.bufferSets = static_cast<int>(sets);
    SmClock after = readSmClock(job.device);
    mark("timed");
    if (!terr.empty()) {
        cudaError_t e = cudaGetLastError();
        return fail(cudaFailure(e == cudaSuccess ? cudaErrorUnknown : e, "while timing (" + terr + ")"));
    }
    // The outputs of the timed calls are checked too, in every set.
    if (auto f = compareAll("after timing", false, b.ptrs); !f.verdict.empty())
        return fail(f);
    for (std::size_t k = 0; k < copies.size(); ++k) {
        if (!used[k + 1])
            continue;
        const std::string which = "copy " + std::to_string(k + 1) + " of the timed calls' ";
        if (auto f = checkBuffers(copies[k], which); !f.verdict.empty())
            return fail(f);
        if (auto f = compareAll("after timing, " + which + "buffers", false, candPtrs[k + 1]); !f.verdict.empty())
            return fail(f);
    }
    mark("checked_after_timing");
    copies.clear(); // freed here rather than on return, so spent_ms shows what it costs
    scratch.clear();
    rep["outputs"] = outputs;
    rep["timing"] = {{"candidate", cand}, {"baseline", base}};
    rep["timing"]["baseline"]["label"] = job.baseline->label(); // names the algorithm this shape used
    rep["sm_clock_mhz"] = {{"before", before.currentMHz}, {"after", after.currentMHz}, {"max", after.maxMHz}};
    double speedup = cand.medianMs > 0 ? base.medianMs / cand.medianMs : 0;
    rep["speedup"] = speedup;
    nlohmann::json flags = nlohmann::json::array();
    // Events only see work on the stream; a candidate that hides work elsewhere shows as host
    // time far above event time.
    if (cand.hostMedianMs > 1.5 * cand.medianMs + 0.05 && cand.hostMedianMs > 1.5 * base.hostMedianMs * (cand.medianMs / std::max(base.medianMs, 1e-9)) + 0.05)
        flags.push_back("host time " + std::to_string(cand.hostMedianMs) + " ms is far above event time " +
                        std::to_string(cand.medianMs) + " ms: work outside the given stream?");
    if (speedup > 20)
        flags.push_back("more than 20x faster than the library baseline");
    nlohmann::json notes = nlohmann::json::array();
    if (after.maxMHz > 0 && after.currentMHz > 0 && after.currentMHz < 0.7 * after.maxMHz)
        notes.push_back("SM clock " + std::to_string(after.currentMHz) + " MHz of " + std::to_string(after.maxMHz) + " MHz: throttled?");
    rep["flags"] = flags;
    rep["notes"] = notes;
    mark("released");
    return out;
}

std::string warmBaseline(const Task& task, const ShapeSpec& shape, Baseline& baseline, cudaStream_t st) {
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
            fillInput(*b.params[i], b.ptrs[i], b.counts[i], mix(hashString(shape.name), i), st);
    if (auto r = baseline.prepare(call); !r)
        return r.error().message;
    if (auto e = cudaStreamSynchronize(st); e != cudaSuccess)
        return cudaGetErrorString(e);
    return {};
}

} // namespace kwb::gpu
