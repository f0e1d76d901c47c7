#include "tests/gpu/suite_baseline_check.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"
#include "core/gpu/task_baselines.h"
#include "core/reference/cpu_reference.h"
#include "core/reference/cpu_reference_ops.h"
#include "core/reference/formula.h"
#include "core/reference/host_inputs.h"
#include "core/tasks/task_loader.h"

namespace kwb::selftest {

namespace {

std::size_t elementCount(const Parameter& p, const ShapeSpec& s) {
    std::map<std::string, double> v;
    for (const auto& [k, d] : s.dims)
        v[k] = static_cast<double>(d);
    std::size_t n = 1;
    for (const auto& e : p.shape)
        n *= static_cast<std::size_t>(*Formula::parse(e)->evaluateInteger(v));
    return n;
}

double widen(const std::vector<unsigned char>& raw, DType t, std::size_t i) {
    switch (t) {
    case DType::F32: {
        float f;
        std::memcpy(&f, raw.data() + 4 * i, 4);
        return f;
    }
    case DType::I32: {
        std::int32_t v;
        std::memcpy(&v, raw.data() + 4 * i, 4);
        return v;
    }
    case DType::F16:
    case DType::BF16: {
        std::uint16_t b;
        std::memcpy(&b, raw.data() + 2 * i, 2);
        return t == DType::F16 ? cpuref::halfToDouble(b) : cpuref::bf16ToFloat(b);
    }
    }
    return 0;
}

// One (task, shape): true when the baseline matched the CPU reference.
bool checkShape(const Task& task, const ShapeSpec& shape, gpu::Baseline& baseline) {
    std::string why;
    auto inputs = drawHostInputs(task, shape, 4242);
    gpu::BaselineCall call;
    std::vector<gpu::DeviceBuffer> bufs;
    std::vector<const Parameter*> outs;
    bufs.reserve(task.parameters.size());
    if (!inputs)
        why = inputs.error().message;
    for (const auto& p : task.parameters) {
        if (!why.empty())
            break;
        if (p.kind == ParamKind::Dim)
            call.dims[p.name] = shape.dims.at(p.name);
        if (p.kind == ParamKind::Scalar) {
            const auto it = shape.scalars.find(p.name);
            call.scalars[p.name] =
                it != shape.scalars.end() ? it->second : p.defaultValue.value_or(0);
        }
        if (!p.isBuffer())
            continue;
        const std::size_t bytes = elementCount(p, shape) * std::size_t(dtypeSize(p.dtype));
        bufs.emplace_back();
        if (auto s = bufs.back().allocate(bytes, "self-test buffer"); !s) {
            why = s.error().message;
            break;
        }
        if (p.kind == ParamKind::Input) {
            const auto& host = (*inputs)[p.name];
            cudaMemcpy(bufs.back().data(), host.data(), host.size(), cudaMemcpyHostToDevice);
            call.inputs.push_back(bufs.back().data());
        } else {
            cudaMemset(bufs.back().data(), 0xff, bytes); // NaN (or -1) everywhere
            call.outputs.push_back(bufs.back().data());
            outs.push_back(&p);
        }
    }
    if (why.empty())
        if (auto s = baseline.prepare(call); !s)
            why = "prepare: " + describe(s.error());
    if (why.empty())
        if (auto s = baseline.run(call); !s)
            why = "run: " + describe(s.error());
    if (why.empty() && cudaDeviceSynchronize() != cudaSuccess)
        why = std::string("baseline execution: ") + cudaGetErrorString(cudaGetLastError());
    double worst = 0;
    std::size_t bad = 0, total = 0;
    if (why.empty()) {
        std::map<std::string, std::span<const std::byte>> spans;
        for (const auto& [name, v] : *inputs)
            spans[name] = std::span<const std::byte>(v);
        auto ref = cpuref::runCpuReference(task, shape, spans);
        if (!ref)
            why = "CPU reference: " + ref.error().message;
        for (std::size_t o = 0; ref && o < outs.size(); ++o) {
            const Parameter& p = *outs[o];
            const auto& r = ref->outputs[p.name];
            const Tolerance tol = task.tolerances.at(p.name);
            std::vector<unsigned char> raw(r.size() * std::size_t(dtypeSize(p.dtype)));
            cudaMemcpy(raw.data(), call.outputs[o], raw.size(), cudaMemcpyDeviceToHost);
            double rms = 0;
            for (double v : r)
                rms += v * v;
            rms = std::sqrt(rms / double(r.size()));
            const auto& scales = ref->scales[p.name];
            for (std::size_t i = 0; i < r.size(); ++i) {
                const double got = widen(raw, p.dtype, i);
                double scale = std::fabs(r[i]);
                if (tol.mode == ToleranceMode::RelativeToRms)
                    scale = std::max(scale, rms);
                if (tol.mode == ToleranceMode::ScaledBySumAbs && i < scales.size())
                    scale = scales[i];
                const double ratio = std::fabs(got - r[i]) / (tol.atol + tol.rtol * scale);
                if (!(ratio <= 1.0))
                    ++bad;
                worst = std::isfinite(ratio) ? std::max(worst, ratio) : INFINITY;
            }
            total += r.size();
        }
        if (why.empty() && bad)
            why = std::to_string(bad) + " of " + std::to_string(total) +
                  " elements outside the task's tolerance";
    }
    std::printf("%-26s %-8s %9.3g  %-6s %s\n", task.id.c_str(), shape.name.c_str(), worst,
                why.empty() ? "PASS" : "FAIL", baseline.label().c_str());
    if (!why.empty())
        std::printf("    FAIL %s (%s): %s\n", task.id.c_str(), shape.name.c_str(), why.c_str());
    return why.empty();
}

} // namespace

bool checkSuiteBaselines() {
    auto dir = builtinTaskDirectory();
    if (!dir) {
        std::printf("    FAIL suite: %s\n", dir.error().message.c_str());
        return false;
    }
    TaskFolder folder = loadTaskFolder(*dir);
    bool ok = folder.problems.empty();
    for (const auto& p : folder.problems)
        std::printf("    FAIL task file: %s\n", p.toString().c_str());
    std::printf("\n%-26s %-8s %9s  %-6s %s\n", "task (suite, vs float64)", "shape", "worst/tol",
                "result", "baseline");
    for (const Task& t : folder.tasks) {
        if (t.baseline.op.empty() && t.baseline.library == BaselineLibrary::ReferenceKernel) {
            // No library operation: the reference kernel is the baseline, checked against the
            // float64 reference by `kwb suite` over the reference solutions.
            std::printf("%-26s %-8s %9s  %-6s %s\n", t.id.c_str(), "-", "-", "SKIP",
                        "reference kernel is the baseline (kwb suite checks it)");
            continue;
        }
        // As a job makes it: the task's dims and params mapped onto the operation's.
        auto baselines = gpu::makeTaskBaselines(t, "");
        if (!baselines.library) {
            std::printf("    FAIL %s: no baseline (%s)\n", t.id.c_str(), baselines.error.c_str());
            ok = false;
            continue;
        }
        for (const auto& s : t.shapes)
            if (s.cpuReference)
                ok = checkShape(t, s, *baselines.library) && ok;
    }
    return ok;
}

} // namespace kwb::selftest
