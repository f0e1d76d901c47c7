#include "core/gpu/task_baselines.h"

#include <dlfcn.h>
#include <vector>

#include <cuda_runtime.h>

#include "core/gpu/cuda_status.h"
#include "core/model/baseline_catalogue.h"
#include "core/reference/formula.h"

namespace kwb::gpu {

namespace {

using ShimCall = void (*)(void* const*, const long long*, const double*, cudaStream_t);

Status callError(const std::string& message) {
    return Error::make("baseline-bad-call", message);
}

// A library operation whose dimensions are formulas over the task's ([baseline] dims) and whose
// parameters ([baseline] params, else the catalogue's defaults) arrive as scalars of the call.
class MappedBaseline final : public Baseline {
public:
    MappedBaseline(std::unique_ptr<Baseline> inner, const BaselineOp& op, const kwb::Baseline& spec)
        : m_inner(std::move(inner)), m_op(op), m_spec(spec) {}

    std::string label() const override { return m_inner->label(); }
    std::string kind() const override { return m_inner->kind(); }

    Status prepare(const BaselineCall& call) override {
        std::map<std::string, double> values;
        for (const auto& [name, v] : call.dims)
            values[name] = static_cast<double>(v);
        m_dims.clear();
        for (const auto& d : m_op.dims) {
            const auto it = m_spec.dims.find(d);
            if (it == m_spec.dims.end()) {
                const auto same = call.dims.find(d);
                if (same == call.dims.end())
                    return callError(m_op.name + " baseline: the task gives no dimension " + d);
                m_dims[d] = same->second;
                continue;
            }
            auto f = Formula::parse(it->second);
            auto v = f ? f->evaluateInteger(values) : Result<long long>(f.error());
            if (!v)
                return callError(m_op.name + " baseline: dimension " + d + " = " + it->second +
                                 ": " + v.error().message);
            m_dims[d] = *v;
        }
        m_scalars = call.scalars;
        for (const auto& [name, fallback] : m_op.params) {
            const auto it = m_spec.params.find(name);
            m_scalars[name] = it == m_spec.params.end() ? fallback : it->second;
        }
        return m_inner->prepare(mapped(call));
    }

    Status run(const BaselineCall& call) override { return m_inner->run(mapped(call)); }

private:
    BaselineCall mapped(const BaselineCall& call) const {
        BaselineCall c;
        c.inputs = call.inputs;
        c.outputs = call.outputs;
        c.stream = call.stream;
        c.dims = m_dims;
        c.scalars = m_scalars;
        return c;
    }

    std::unique_ptr<Baseline> m_inner;
    BaselineOp m_op;
    kwb::Baseline m_spec;
    std::map<std::string, long long> m_dims;
    std::map<std::string, double> m_scalars;
};

// The task's reference kernel, built with the candidates' shim (candidate_build.h): buffers,
// dimensions and scalars in signature order.
class ReferenceKernelBaseline final : public Baseline {
public:
    ReferenceKernelBaseline(const Task& task, void* handle, ShimCall call)
        : m_task(task), m_handle(handle), m_call(call) {}
    ~ReferenceKernelBaseline() override { ::dlclose(m_handle); }
    ReferenceKernelBaseline(const ReferenceKernelBaseline&) = delete;
    ReferenceKernelBaseline& operator=(const ReferenceKernelBaseline&) = delete;

    std::string label() const override {
        return "reference kernel (" + m_task.reference.kernel + ")";
    }
    std::string kind() const override { return "reference-kernel"; }

    Status prepare(const BaselineCall& call) override {
        if (auto s = run(call); !s)
            return s;
        return cudaCheck(cudaStreamSynchronize(call.stream), "the reference kernel");
    }

    Status run(const BaselineCall& call) override {
        m_buffers.clear();
        m_dims.clear();
        m_scalars.clear();
        std::size_t in = 0, out = 0;
        for (const auto& p : m_task.parameters) {
            if (p.kind == ParamKind::Input && in < call.inputs.size())
                m_buffers.push_back(const_cast<void*>(call.inputs[in++]));
            else if (p.kind == ParamKind::Output && out < call.outputs.size())
                m_buffers.push_back(call.outputs[out++]);
            else if (p.isBuffer())
                return callError("the reference kernel's call lacks buffer " + p.name);
            else if (p.kind == ParamKind::Dim)
                m_dims.push_back(valueOf(call.dims, p.name, 0LL));
            else if (p.kind == ParamKind::Scalar)
                m_scalars.push_back(valueOf(call.scalars, p.name, p.defaultValue.value_or(0.0)));
        }
        m_call(m_buffers.data(), m_dims.data(), m_scalars.data(), call.stream);
        return cudaCheck(cudaGetLastError(), "launching the reference kernel");
    }

private:
    template <typename T>
    static T valueOf(const std::map<std::string, T>& m, const std::string& k, T fallback) {
        const auto it = m.find(k);
        return it == m.end() ? fallback : it->second;
    }

    Task m_task;
    void* m_handle;
    ShimCall m_call;
    std::vector<void*> m_buffers;
    std::vector<long long> m_dims;
    std::vector<double> m_scalars;
};

} // namespace

TaskBaselines makeTaskBaselines(const Task& task, const std::string& referenceLibrary) {
    TaskBaselines out;
    if (const std::string& name = task.baseline.op; !name.empty()) {
        const BaselineOp* op = findBaselineOp(name);
        auto inner = makeBaseline(name);
        if (!op || !inner)
            out.error = "this job knows no baseline \"" + name + "\"";
        else if (task.baseline.dims.empty() && task.baseline.params.empty())
            out.library = std::move(inner);
        else
            out.library = std::make_unique<MappedBaseline>(std::move(inner), *op, task.baseline);
    }
    if (!task.reference.hasKernel() || referenceLibrary.empty())
        return out;
    // Loaded now, before the candidate: nothing of the candidate's runs while it loads.
    void* handle = ::dlopen(referenceLibrary.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        out.error = std::string("the reference kernel does not load: ") + ::dlerror();
        return out;
    }
    auto call = reinterpret_cast<ShimCall>(::dlsym(handle, "kwb_shim_call"));
    if (!call) {
        ::dlclose(handle);
        out.error = "the reference kernel's library has no harness shim";
        return out;
    }
    out.kernel = std::make_unique<ReferenceKernelBaseline>(task, handle, call);
    return out;
}

} // namespace kwb::gpu
