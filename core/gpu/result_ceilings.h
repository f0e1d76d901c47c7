#pragma once
// What the device's measured ceilings (calibration.h) add to a job's result, in the worker: the
// speed-of-light judgement of every timed shape (a floor from the task's FLOP and byte formulas;
// an impossible time fails, a near one is flagged) and, for a profile, the roofline's figures.
#include <optional>

#include <nlohmann/json.hpp>

#include "core/gpu/calibration.h"
#include "core/model/error.h"
#include "core/model/task.h"

namespace kwb::gpu {

// c: the ceilings, their error, or none (not measured for this request).
void applyCeilings(const Task& task, const std::optional<Result<DeviceCeilings>>& c, bool bench,
                   bool profiling, nlohmann::json& result);

} // namespace kwb::gpu
