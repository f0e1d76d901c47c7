// The shape runner's shared pieces (see shape_setup.h).
#include "core/gpu/shape_setup.h"

#include <algorithm>
#include <map>

#include "core/reference/formula.h"

namespace kwb::gpu {
namespace {

bool isFatal(cudaError_t e) {
    switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorMisalignedAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalInstruction:
    case cudaErrorHardwareStackError:
    case cudaErrorInvalidPc:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
        return true;
    default:
        return false;
    }
}

} // namespace

std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b) {
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

// "C[3, 45]" for a flat row-major index into a buffer of the given extents.
std::string elementName(const std::string& name, const std::vector<long long>& extents,
                        unsigned long long index) {
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
std::string allocateBuffers(const Task& task, const ShapeSpec& shape, Buffers* b,
                            BaselineCall* call, cudaError_t* cudaError) {
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
        if (auto e = b->bufs.back().allocate(count * std::size_t(dtypeSize(p.dtype)));
            e != cudaSuccess) {
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

Failure outputVerdict(const std::string& name, std::size_t count,
                      const std::vector<long long>& extents, const CompareStats& cs,
                      const Tolerance& tol, const std::string& where, bool againstFirst) {
    if (cs.unwritten == count)
        return {"unwritten-output", "the candidate wrote none of the output" + where, false};
    if (cs.unwritten)
        return {"unwritten-output",
                std::to_string(cs.unwritten) + " of " + std::to_string(count) +
                    " elements were never written" + where + ", first at index " +
                    std::to_string(cs.firstBad),
                false};
    if (cs.otherNaN)
        return {"nan-output", std::to_string(cs.otherNaN) + " elements are NaN or infinite" + where,
                false};
    if (!cs.mismatches)
        return {};
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%llu of %zu elements out of tolerance%s; first at %s (index %llu): got %.6g, "
                  "expected %.6g, "
                  "allowed error %.3g; max abs error %.3g (rtol %.1e, atol %.1e)",
                  cs.mismatches, count, where.c_str(),
                  elementName(name, extents, cs.firstBad).c_str(), cs.firstBad, cs.firstGot,
                  cs.firstExpected, cs.firstAllowed, cs.maxAbsErr, tol.rtol, tol.atol);
    return {againstFirst ? "nondeterministic" : "wrong-result",
            againstFirst ? std::string("two calls on the same input disagree: ") + buf
                         : std::string(buf),
            false};
}

Tolerance toleranceOf(const Task& task, const std::string& name) {
    auto it = task.tolerances.find(name);
    return it == task.tolerances.end() ? Tolerance{} : it->second;
}

void scrubAndFree(GuardedBuffer* b, cudaStream_t st) {
    if (b->data()) {
        cudaMemsetAsync(b->data(), 0, b->bytes(), st);
        cudaStreamSynchronize(st);
    }
    *b = GuardedBuffer{};
}

// An input buffer filled from its parameter's distribution.
void fillInput(const Parameter& p, void* ptr, std::size_t count, std::uint64_t seed,
               cudaStream_t st) {
    fillRandom(ptr, elem(p.dtype), count, seed,
               static_cast<RandomKind>(static_cast<int>(p.distribution.kind)), p.distribution.a,
               p.distribution.b, st);
}

} // namespace kwb::gpu
