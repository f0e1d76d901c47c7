#pragma once
// What the shape runner's steps share: buffers of one shape sized from the task, the baseline's
// view of the shape, CUDA errors as verdicts, seeds. Internal to core/gpu (shape_runner.cpp);
// job-child only.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/device_kernels.h"
#include "core/gpu/job_buffers.h"
#include "core/model/task.h"

namespace kwb::gpu {

inline Elem elem(DType t) {
    return static_cast<Elem>(static_cast<int>(t));
}
inline CompareMode cmode(ToleranceMode m) {
    return static_cast<CompareMode>(static_cast<int>(m));
}

std::uint64_t mixSeed(std::uint64_t a, std::uint64_t b);
std::uint64_t hashString(const std::string& s);

// What failed, as a verdict + sentence; fatal when the context is gone. Empty verdict: nothing.
struct Failure {
    std::string verdict, detail;
    bool fatal = false;
    explicit operator bool() const { return !verdict.empty(); }
};
Failure cudaFailure(cudaError_t e, const std::string& when);

struct Buffers {
    std::vector<const Parameter*> params; // buffer params, in order
    std::vector<GuardedBuffer> bufs;
    std::vector<std::size_t> counts;
    std::vector<std::vector<long long>> extents; // per buffer, one per declared dimension
    std::vector<void*> ptrs;
};

// "C[3, 45]" for a flat row-major index into a buffer of the given extents.
std::string elementName(const std::string& name, const std::vector<long long>& extents,
                        unsigned long long index);

// The baseline's view of one shape: dims and scalars by name (and in signature order).
BaselineCall shapeCall(const Task& task, const ShapeSpec& shape, cudaStream_t st,
                       std::vector<long long>* dims, std::vector<double>* scalars);

// Sizes and allocates every buffer parameter at this shape and hands the buffers to `call`
// (inputs, outputs). A message when a size formula does not evaluate or an allocation fails;
// *cudaError then says which CUDA error (cudaSuccess for a formula).
std::string allocateBuffers(const Task& task, const ShapeSpec& shape, Buffers* b,
                            BaselineCall* call, cudaError_t* cudaError);

// The verdict of one output's comparison (empty when within tolerance), in the words the
// records use. `where`: " in C at shape odd (first call)"; againstFirst: the comparison was of
// two calls on the same input (a mismatch is then "nondeterministic").
Failure outputVerdict(const std::string& name, std::size_t count,
                      const std::vector<long long>& extents, const CompareStats& cs,
                      const Tolerance& tol, const std::string& where, bool againstFirst);

// The task's tolerance for output `name` (the default Tolerance where the task gives none).
Tolerance toleranceOf(const Task& task, const std::string& name);

// Overwrites a device buffer on the stream and frees it: freed memory keeps its bytes, and a
// candidate could be handed them by its next allocation.
void scrubAndFree(GuardedBuffer* b, cudaStream_t st);

// An input buffer filled from its parameter's distribution.
void fillInput(const Parameter& p, void* ptr, std::size_t count, std::uint64_t seed,
               cudaStream_t st);

} // namespace kwb::gpu
