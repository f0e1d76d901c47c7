// runCpuReference: picks the float64 reference for a task and feeds it the shape's dimensions
// and the candidate's exact inputs (declared in cpu_reference.h). The six proof tasks have
// typed references below; the rest of the suite goes through the table in
// cpu_reference_table.cpp with every input widened to double by its declared dtype.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "core/reference/cpu_reference.h"
#include "core/reference/cpu_reference_ops.h"

namespace kwb::cpuref {

namespace {

// Copies out of the byte buffers rather than casting: their alignment is not ours to assume.
template <typename T>
Result<std::vector<T>> buffer(const std::map<std::string, std::span<const std::byte>>& inputs,
                              const std::string& name) {
    const auto it = inputs.find(name);
    if (it == inputs.end())
        return Error::make("reference-input", "CPU reference: input \"" + name + "\" missing");
    if (it->second.size() % sizeof(T) != 0)
        return Error::make("reference-size", "CPU reference: input \"" + name +
                                                 "\" is not a whole number of elements");
    std::vector<T> out(it->second.size() / sizeof(T));
    if (!out.empty())
        std::memcpy(out.data(), it->second.data(), it->second.size());
    return out;
}

Result<int> dim(const ShapeSpec& s, const char* name) {
    const auto it = s.dims.find(name);
    if (it == s.dims.end() || it->second < 1 || it->second > 1'000'000'000)
        return Error::make("reference-shape", "CPU reference: shape \"" + s.name +
                                                  "\" has no usable dimension " + name);
    return static_cast<int>(it->second);
}

double scalar(const Task& t, const ShapeSpec& s, const std::string& name) {
    if (const auto it = s.scalars.find(name); it != s.scalars.end())
        return it->second;
    const Parameter* p = t.findParameter(name);
    return p && p->defaultValue ? *p->defaultValue : 0.0;
}

#define KWB_TRY(var, expr)                                                                         \
    auto var = (expr);                                                                             \
    if (!var)                                                                                      \
        return var.error();

Result<CpuReferenceResult> wrap(Result<std::vector<double>> r, const char* output) {
    if (!r)
        return r.error();
    CpuReferenceResult out;
    out.outputs[output] = std::move(*r);
    return out;
}

// Every input by its declared dtype, widened exactly to double; dims and float-rounded scalars.
Result<RefArgs> widen(const Task& task, const ShapeSpec& s,
                      const std::map<std::string, std::span<const std::byte>>& inputs) {
    RefArgs a;
    for (const auto& [name, value] : s.dims)
        a.dims[name] = value;
    for (const auto* p : task.parametersOfKind(ParamKind::Scalar))
        a.scalars[p->name] = static_cast<float>(scalar(task, s, p->name));
    for (const auto* p : task.parametersOfKind(ParamKind::Input)) {
        std::vector<double>& out = a.inputs[p->name];
        switch (p->dtype) {
        case DType::F32: {
            KWB_TRY(v, buffer<float>(inputs, p->name));
            out.assign(v->begin(), v->end());
            break;
        }
        case DType::I32: {
            KWB_TRY(v, buffer<std::int32_t>(inputs, p->name));
            out.assign(v->begin(), v->end());
            break;
        }
        case DType::F16: {
            KWB_TRY(v, buffer<std::uint16_t>(inputs, p->name));
            out.resize(v->size());
            std::transform(v->begin(), v->end(), out.begin(), halfToDouble);
            break;
        }
        case DType::BF16: {
            KWB_TRY(v, buffer<std::uint16_t>(inputs, p->name));
            out.resize(v->size());
            std::transform(v->begin(), v->end(), out.begin(),
                           [](std::uint16_t b) { return static_cast<double>(bf16ToFloat(b)); });
            break;
        }
        }
    }
    return a;
}

bool isProofTask(const std::string& id) {
    return id == "softmax-rows-f32" || id == "sgemm-f32" || id == "layernorm-gelu-f32" ||
           id == "conv2d-nchw-f32" || id == "reduce-sum-f32" || id == "gemm-bias-gelu-bf16";
}

} // namespace

bool hasCpuReference(const std::string& name) {
    return isProofTask(name) || findSuiteReference(name) != nullptr;
}

std::vector<std::string> cpuReferenceNames() {
    std::vector<std::string> names = {"softmax-rows-f32", "sgemm-f32",      "layernorm-gelu-f32",
                                      "conv2d-nchw-f32",  "reduce-sum-f32", "gemm-bias-gelu-bf16"};
    for (auto& id : suiteReferenceIds())
        names.push_back(std::move(id));
    return names;
}

Result<CpuReferenceResult>
runCpuReference(const Task& task, const ShapeSpec& s,
                const std::map<std::string, std::span<const std::byte>>& inputs) {
    const std::string& id = task.reference.cpu;
    if (ReferenceFn fn = findSuiteReference(id)) {
        KWB_TRY(args, widen(task, s, inputs));
        return fn(*args);
    }
    if (id == "softmax-rows-f32") {
        KWB_TRY(x, buffer<float>(inputs, "x"));
        KWB_TRY(rows, dim(s, "rows"));
        KWB_TRY(cols, dim(s, "cols"));
        return wrap(softmaxRows(*x, *rows, *cols), "y");
    }
    if (id == "sgemm-f32" || id == "gemm-bias-gelu-bf16") {
        KWB_TRY(m, dim(s, "M"));
        KWB_TRY(n, dim(s, "N"));
        KWB_TRY(k, dim(s, "K"));
        if (id == "sgemm-f32") {
            KWB_TRY(a, buffer<float>(inputs, "A"));
            KWB_TRY(b, buffer<float>(inputs, "B"));
            return wrap(sgemm(*a, *b, *m, *n, *k), "C");
        }
        KWB_TRY(a, buffer<std::uint16_t>(inputs, "A"));
        KWB_TRY(b, buffer<std::uint16_t>(inputs, "B"));
        KWB_TRY(bias, buffer<std::uint16_t>(inputs, "bias"));
        return wrap(gemmBiasGelu(*a, *b, *bias, *m, *n, *k), "C");
    }
    if (id == "layernorm-gelu-f32") {
        KWB_TRY(x, buffer<float>(inputs, "x"));
        KWB_TRY(gamma, buffer<float>(inputs, "gamma"));
        KWB_TRY(beta, buffer<float>(inputs, "beta"));
        KWB_TRY(rows, dim(s, "rows"));
        KWB_TRY(cols, dim(s, "cols"));
        // The candidate gets eps as a float; the reference uses that same float value.
        const float eps = static_cast<float>(scalar(task, s, "eps"));
        return wrap(layernormGelu(*x, *gamma, *beta, *rows, *cols, eps), "y");
    }
    if (id == "conv2d-nchw-f32") {
        KWB_TRY(x, buffer<float>(inputs, "x"));
        KWB_TRY(w, buffer<float>(inputs, "w"));
        KWB_TRY(n, dim(s, "N"));
        KWB_TRY(c, dim(s, "C"));
        KWB_TRY(h, dim(s, "H"));
        KWB_TRY(wd, dim(s, "W"));
        KWB_TRY(k, dim(s, "K"));
        return wrap(conv2dNchw(*x, *w, *n, *c, *h, *wd, *k), "y");
    }
    if (id == "reduce-sum-f32") {
        KWB_TRY(x, buffer<float>(inputs, "x"));
        KWB_TRY(n, dim(s, "n"));
        if (x->size() != static_cast<std::size_t>(*n))
            return Error::make("reference-size", "CPU reference: x does not have n elements");
        auto r = wrap(reduceSum(*x), "out");
        if (!r)
            return r;
        KWB_TRY(scale, reduceSumAbs(*x));
        r->scales["out"] = std::move(*scale);
        return r;
    }
    return Error::make("reference-missing",
                       "No CPU reference \"" + id + "\" (task \"" + task.id + "\")");
}

#undef KWB_TRY

} // namespace kwb::cpuref
