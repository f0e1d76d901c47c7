#pragma once
// Trusted library baselines: the code a candidate kernel is timed against.
// Only kwb-runner links this. All calls of one Baseline object come from one thread (the
// worker's job thread); objects are not shared between threads.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "core/model/error.h"

namespace kwb::gpu {

// One invocation of a task's entry point, as the harness sees it.
struct BaselineCall {
    std::vector<const void*> inputs;       // device buffers, in the task's parameter order
    std::vector<void*> outputs;            // device buffers, in the task's parameter order
    std::map<std::string, long long> dims; // the signature's int parameters by name
    std::map<std::string, double> scalars; // e.g. "eps"
    cudaStream_t stream = nullptr;
};

class Baseline {
public:
    virtual ~Baseline();
    // What the user sees in tables, e.g. "cuBLAS SGEMM (TF32 off)". May name the algorithm the
    // last prepare() picked.
    virtual std::string label() const = 0;
    // "cublas" | "cublaslt" | "cudnn" | "cub" | "composition" | "reference-kernel".
    virtual std::string kind() const = 0;
    // Once per shape: handles, descriptors, algorithm search, workspace. Runs the operation
    // once (lazy module loading, library initialisation), so it writes the outputs, and
    // synchronises the stream. Not for timing.
    virtual Status prepare(const BaselineCall& call) = 0;
    // Only enqueues work on call.stream: no synchronisation, no allocation. The dims must be
    // those of the last prepare(); buffers may differ.
    virtual Status run(const BaselineCall& call) = 0;
};

// The library operation of the catalogue (core/model/baseline_catalogue.h) named `op`, as a
// task file names it ([baseline] op); nullptr for an unknown name. It reads the dimensions and
// scalars of its catalogue entry by name (core/gpu/task_baselines.h maps a task's onto them).
std::unique_ptr<Baseline> makeBaseline(const std::string& op);

// The operations makeBaseline() knows, in a stable order.
std::vector<std::string> baselineOps();

} // namespace kwb::gpu
