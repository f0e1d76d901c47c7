// What the device's measured ceilings add to a job's result (result_ceilings.h).
#include "core/gpu/result_ceilings.h"

#include <algorithm>
#include <map>
#include <string>

#include "core/gpu/speed_of_light.h"
#include "core/reference/formula.h"

namespace kwb::gpu {
namespace {

// The FLOP rate a task's floor time is taken at: the rate for its first input's type (the plain
// FP32 rate for float32, GEMM and convolution included: their baselines compute in FP32, not
// TF32; the matrix rate for the half types).
double floorRateTFlops(const Task& task, const DeviceCeilings& c) {
    std::string dtype = "f32";
    for (const auto& prm : task.parameters)
        if (prm.kind == ParamKind::Input) {
            dtype = toString(prm.dtype);
            break;
        }
    return matrixRateTFlops(c, dtype);
}

// Speed-of-light: the task's FLOP and byte formulas over the device's measured ceilings.
void addSpeedOfLight(const Task& task, const DeviceCeilings& c, nlohmann::json& shape) {
    if (!shape.contains("timing"))
        return;
    std::map<std::string, double> v;
    for (auto& [k, x] : shape["dims"].items())
        v[k] = x.get<double>();
    auto flops = Formula::parse(task.flopsFormula);
    auto bytes = Formula::parse(task.bytesFormula);
    double f = flops ? flops->evaluate(v).ok() ? *flops->evaluate(v) : 0 : 0;
    double b = bytes ? bytes->evaluate(v).ok() ? *bytes->evaluate(v) : 0 : 0;
    const double rate = floorRateTFlops(task, c);
    double tFlops = rate > 0 ? f / (rate * 1e12) * 1e3 : 0;
    double tBytes = c.copyBandwidthGBps > 0 ? b / (c.copyBandwidthGBps * 1e9) * 1e3 : 0;
    double floorMs = std::max(tFlops, tBytes);
    double cand = shape["timing"]["candidate"].value("median_ms", 0.0);
    shape["speed_of_light"] = {{"flops", f},
                               {"bytes", b},
                               {"floor_ms", floorMs},
                               {"bound", tFlops >= tBytes ? "compute" : "memory"},
                               {"fraction", cand > 0 ? floorMs / cand : 0.0}};
    const auto sol = judgeSpeedOfLight(cand, {tBytes, tFlops, task.family != "convolution"});
    if (sol.verdict == SpeedOfLightVerdict::Plausible)
        return;
    const std::string verdict = shape.value("verdict", "");
    if (sol.verdict == SpeedOfLightVerdict::Impossible &&
        (verdict == "pass" || verdict == "suspicious-timing")) {
        shape["verdict"] = "impossible-timing";
        shape["detail"] = sol.detail;
    } else if (sol.verdict == SpeedOfLightVerdict::Flag) {
        shape["flags"].push_back(sol.detail);
        if (verdict == "pass")
            shape["verdict"] = "suspicious-timing";
    }
}

// Every shape's speed of light, then the job's verdict: an impossible timing outranks a flag the
// job reported; a pass with a flagged shape becomes that shape's flag.
void applySpeedOfLight(const Task& task, const DeviceCeilings& ceil, nlohmann::json& result) {
    for (auto& shape : result["shapes"])
        addSpeedOfLight(task, ceil, shape);
    if (const std::string v = result.value("verdict", ""); v == "pass" || v == "suspicious-timing")
        for (auto& shape : result["shapes"])
            if (shape.value("verdict", "") == "impossible-timing") {
                result["verdict"] = "impossible-timing";
                result["detail"] =
                    shape.value("detail", "") + " (shape " + shape.value("name", "") + ")";
                break;
            }
    if (result.value("verdict", "") == "pass")
        for (auto& shape : result["shapes"])
            if (shape.value("verdict", "") != "pass") {
                result["verdict"] = shape["verdict"];
                result["detail"] =
                    "flagged for a human: " + shape["flags"].back().get<std::string>();
                break;
            }
}

// kwb profile: the roofline's figures, the task's FLOP and byte formulas at the profiled shape
// and the device's measured peaks.
void addRooflineFigures(const Task& task, const DeviceCeilings& c, nlohmann::json& result) {
    if (!result.contains("profile") || !result["profile"].is_object())
        return;
    nlohmann::json& profile = result["profile"];
    const std::string shapeName = profile.value("shape", "");
    for (const auto& shape : task.shapes) {
        if (shape.name != shapeName)
            continue;
        std::map<std::string, double> v;
        for (const auto& [k, x] : shape.dims)
            v[k] = double(x);
        auto flops = Formula::parse(task.flopsFormula);
        auto bytes = Formula::parse(task.bytesFormula);
        if (flops && flops->evaluate(v).ok())
            profile["flops"] = *flops->evaluate(v);
        if (bytes && bytes->evaluate(v).ok())
            profile["bytes"] = *bytes->evaluate(v);
    }
    const double rate = floorRateTFlops(task, c);
    if (rate > 0)
        profile["peak_flops_per_second"] = rate * 1e12;
    if (c.copyBandwidthGBps > 0)
        profile["peak_bytes_per_second"] = c.copyBandwidthGBps * 1e9;
}

} // namespace

// What the device's measured ceilings add to a job's result: the speed-of-light judgement of a
// timed one, the roofline's figures of a profile.
void applyCeilings(const Task& task, const std::optional<Result<DeviceCeilings>>& c, bool bench,
                   bool profiling, nlohmann::json& result) {
    if (profiling && c && *c)
        addRooflineFigures(task, **c, result);
    if (!bench || !c)
        return;
    if (*c) {
        result["ceilings"] = ceilingsToJson(**c);
        applySpeedOfLight(task, **c, result);
    } else {
        result["ceilings_error"] = c->error().message;
    }
}

} // namespace kwb::gpu
