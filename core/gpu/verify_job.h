#pragma once
// One verification job, run inside a fresh `kwb-job` child: loads the built candidate,
// checks it on every shape against a float64 CPU reference (small shapes) or the trusted
// library baseline, times it against the baseline, and returns a JSON result. Single-threaded.
#include <functional>
#include <memory>
#include <string>

#include <cuda_runtime_api.h>
#include <nlohmann/json.hpp>

#include "core/gpu/task_baselines.h"

namespace kwb::gpu {

using EventSink = std::function<void(const nlohmann::json&)>;

// What the job child did before its spec arrived, while the worker built the candidate: the
// "prepare" line starts CUDA; a "warm" line ({"type":"warm","task":Task,"shapes":[...]})
// makes the stream and the task's baselines (the reference kernel from "reference_library", built
// by the worker) and warms the timing baseline on every shape.
struct PreparedJob {
    PreparedJob();
    ~PreparedJob();
    std::string taskId; // the task the baseline was made and warmed for; empty: none
    cudaStream_t stream = nullptr;
    TaskBaselines baselines;
    nlohmann::json report = nlohmann::json::object(); // ms spent, warmed shapes, errors
};

// spec: {"task": Task, "library": path, "reference_library": path (the task's reference kernel,
//        built), "seed": n, "shapes": [names] (empty: all),
//        "bench": bool, "timing": TimingPolicy, "trials": n, "device": n, "ceilings": {...}}
// prepared: may be null, or hold work done for this spec's task before it arrived.
nlohmann::json runVerifyJob(const nlohmann::json& spec, const EventSink& emit,
                            PreparedJob* prepared = nullptr);

// kwb-job's main: reads its key (the first line on stdin, core/protocol/job_channel.h) and then
// the spec (one line), and writes events and the final {"type":"result",...} message as signed
// frames on its private protocol channel, which it closes right after the result. Returns the
// exit code (it ends the process itself once a result is out).
int jobMain();

} // namespace kwb::gpu
