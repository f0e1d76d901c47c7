#pragma once
// Host-side inputs for a task's CPU-reference shapes, drawn from the task's distributions and
// stored in its dtypes (the same laws the worker draws from on the device; not the same bits),
// and the check built on them: a task whose output barely changes from one seed to the next
// cannot tell a correct kernel from one that writes a constant. Pure functions, any thread.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"

namespace kwb {

using HostInputs = std::map<std::string, std::vector<std::byte>>;

// Every input buffer of the task at this shape, by name; sizes from the shape formulas.
Result<HostInputs> drawHostInputs(const Task& task, const ShapeSpec& shape, std::uint64_t seed);

// IEEE binary16 bits of v, rounded to nearest even (overflow to infinity).
std::uint16_t doubleToHalf(double v);

struct OutputVariation {
    std::string output;
    double rms = 0;            // root-mean-square of the output at the first seed
    double relativeChange = 0; // rms(out(seed1) - out(seed2)) / max(rms of either)
};

// Runs the float64 CPU reference of a cpu_reference shape at two seeds.
Result<std::vector<OutputVariation>> measureOutputVariation(const Task& task,
                                                            const ShapeSpec& shape);

// Below this relative change between seeds an output counts as constant.
inline constexpr double kMinRelativeChange = 0.01;

} // namespace kwb
