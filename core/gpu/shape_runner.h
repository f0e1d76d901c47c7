#pragma once
// Checks and times a loaded candidate on one shape. Job-child only; one thread.
#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>
#include <nlohmann/json.hpp>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/timing.h"
#include "core/model/task.h"

namespace kwb::gpu {

using ShimCall = void (*)(void* const*, const long long*, const double*, cudaStream_t);

struct ShapeJob {
    const Task* task = nullptr;
    const ShapeSpec* shape = nullptr;
    ShimCall candidate = nullptr;
    Baseline* baseline = nullptr;   // timed against; may be null: then nothing is timed
    Baseline* reference = nullptr;  // checked against where no CPU reference runs; may be null
    bool referenceIsKernel = false; // reference is the task's reference kernel
    std::uint64_t seed = 0;
    int trials = 2;
    bool bench = true;
    TimingPolicy timing;
    std::size_t l2Bytes = 0;
    int device = 0;
    cudaStream_t stream = nullptr;
    // An earlier shape of this job was just timed: the clocks are up (a shape's own correctness
    // checks can say so too: ShapeRun::correctnessWarmedDevice).
    bool deviceWarm = false;
    // Shape name -> the baseline's timing figures measured in another job (the verification
    // queue's reused baselines; protocol::usableGivenBaseline says which count): such a shape
    // times the candidate alone and reports these figures, verbatim, as its baseline's. May be
    // null.
    const nlohmann::json* givenBaselines = nullptr;
    // kwb profile: after the correctness trials, one call of "candidate" or "baseline" on fresh
    // inputs between cudaProfilerStart and cudaProfilerStop (ncu --profile-from-start off sees
    // that call only); nothing is timed. Empty: an ordinary verification.
    std::string profileTarget;
};

struct ShapeOutcome {
    nlohmann::json report; // name, dims, verdict, detail, outputs, timing, speedup ...
    bool fatal = false;    // the CUDA context is unusable: stop the job
};

// Verdicts: pass, wrong-result, unwritten-output, nan-output, out-of-bounds, input-modified,
// nondeterministic, illegal-address, launch-error, cuda-error, harness-error.
ShapeOutcome runShape(const ShapeJob& job, const std::function<void(const nlohmann::json&)>& emit);

// Before the candidate exists: the baseline's prepare() on random inputs of this shape, so its
// library start, algorithm search and lazy module loading are done (runShape prepares again,
// then cheaply). An error message, or empty.
std::string warmBaseline(const Task& task, const ShapeSpec& shape, Baseline& baseline,
                         cudaStream_t stream);

} // namespace kwb::gpu
