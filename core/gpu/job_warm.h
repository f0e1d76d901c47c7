#pragma once
// What the worker asks of a job child before its spec, while the candidate builds or, for a
// child started ahead, while the job before it checks its candidate: the device's ceilings
// (measured once per device, then cached) and the task's baseline warmed on the job's shapes
// with the algorithms the device's earlier searches chose. The child has loaded no candidate
// when it answers, so the worker may keep what it says.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/gpu/calibration.h"
#include "core/gpu/job_launcher.h"
#include "core/model/error.h"

namespace kwb::gpu {

// The file of the algorithms library baselines chose on one device (core/gpu/baselines/
// algorithm_choices.h) in the cache folder; empty when the device has no identity.
std::filesystem::path algorithmChoicesFile(int device,
                                           const std::optional<Result<DeviceCeilings>>& ceilings);

// The device's ceilings: cached per device, else measured by `job` (it has started CUDA, any warm
// sent to it is answered, and the other children are held: `beforeMeasuring` runs first, to hold
// them, so that nothing else runs on the GPU) and cached.
Result<DeviceCeilings> ceilingsFor(int device, StartedJob* job,
                                   const std::function<void()>& beforeMeasuring = {});

// The "warm" line for a verification (protocol "verify" params) whose reference kernel was built
// as `reference` (empty: none): the task, the reference's library, the shapes. The algorithm
// choices are added when it is sent, so two lines for the same job compare equal.
nlohmann::json warmLine(const nlohmann::json& params, const nlohmann::json& reference);

// Which task and shapes a verification's (or its "next" hint's) warm is for: equal for two
// requests whose warm lines would differ at most in the reference's library.
std::string warmTaskKey(const nlohmann::json& task, const nlohmann::json& shapes);

// Sends a warm line with the choices known for the device so far; false when the child is gone.
bool sendWarm(StartedJob& job, nlohmann::json line, const std::filesystem::path& choicesFile);

// The child's answer to the warm line sent last, the algorithms its searches found added to the
// device's file; false when it did not answer as expected (the job then needs a fresh child).
bool awaitWarmed(StartedJob& job, const std::filesystem::path& choicesFile);

} // namespace kwb::gpu
