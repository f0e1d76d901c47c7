#pragma once
// One verification job, run inside a fresh `kwb-runner --job` child: loads the built candidate,
// checks it on every shape against a float64 CPU reference (small shapes) or the trusted
// library baseline, times it against the baseline, and returns a JSON result. Single-threaded.
#include <functional>

#include <nlohmann/json.hpp>

namespace kwb::gpu {

using EventSink = std::function<void(const nlohmann::json&)>;

// spec: {"task": Task, "library": path, "seed": n, "shapes": [names] (empty: all),
//        "bench": bool, "timing": TimingPolicy, "trials": n, "device": n, "ceilings": {...}}
nlohmann::json runVerifyJob(const nlohmann::json& spec, const EventSink& emit);

// `kwb-runner --job`: reads the spec (one line on stdin), writes events and the final
// {"type":"result",...} line on its private protocol channel. Returns the exit code.
int jobMain();

} // namespace kwb::gpu
