#include "core/gpu/baselines/plain_kernel_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"
#include "core/gpu/baselines/plain_kernels.h"

namespace kwb::gpu {

const char* PlainKernelBaseline::taskId() const {
    switch (m_op) {
    case Op::LayerNorm:
        return "layernorm-f32";
    case Op::RmsNorm:
        return "rmsnorm-f32";
    case Op::RmsNormResidual:
        return "rmsnorm-residual-f32";
    case Op::Gelu:
        break;
    }
    return "gelu-f32";
}

std::size_t PlainKernelBaseline::inputCount() const {
    switch (m_op) {
    case Op::LayerNorm:
        return 3; // x, gamma, beta
    case Op::RmsNorm:
        return 2; // x, gamma
    case Op::RmsNormResidual:
        return 3; // x, residual, gamma
    case Op::Gelu:
        break;
    }
    return 1;
}

std::string PlainKernelBaseline::label() const {
    switch (m_op) {
    case Op::LayerNorm:
        return "plain kernel: LayerNorm, warp/block per row, two-pass variance (cuDNN's legacy "
               "API has no LayerNorm)";
    case Op::RmsNorm:
        return "plain kernel: RMSNorm, warp/block per row (no library RMSNorm)";
    case Op::RmsNormResidual:
        return "plain kernel: residual add + RMSNorm in one pass per row (no library op)";
    case Op::Gelu:
        break;
    }
    return "plain kernel: erf GELU, grid-stride (cuDNN's legacy activations have no GELU)";
}

Status PlainKernelBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, inputCount(), outputCount(), task));
    auto dims =
        m_op == Op::Gelu ? readDims(call, {"n"}, task) : readDims(call, {"rows", "cols"}, task);
    if (!dims)
        return dims.error();
    if (m_op != Op::Gelu) {
        auto eps = readScalar(call, "eps", 1e-5, task);
        if (!eps)
            return eps.error();
        if (*eps < 0)
            return badCall(task + " baseline: eps must not be negative");
        m_eps = static_cast<float>(*eps);
    }
    m_dims = call.dims;
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(call.stream), "first plain kernel (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status PlainKernelBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, inputCount(), outputCount(), taskId()));
    return enqueue(call);
}

Status PlainKernelBaseline::enqueue(const BaselineCall& call) const {
    const auto in = [&](std::size_t i) { return static_cast<const float*>(call.inputs[i]); };
    const auto out = [&](std::size_t i) { return static_cast<float*>(call.outputs[i]); };
    if (m_op == Op::Gelu)
        return cudaCheck(launchGeluErf(in(0), out(0), m_dims.at("n"), call.stream),
                         "GELU kernel launch");
    const int rows = static_cast<int>(m_dims.at("rows"));
    const int cols = static_cast<int>(m_dims.at("cols"));
    cudaError_t e = cudaSuccess;
    switch (m_op) {
    case Op::LayerNorm:
        e = launchRowNorm(RowNorm::LayerNorm, in(0), nullptr, in(1), in(2), out(0), nullptr, rows,
                          cols, m_eps, call.stream);
        break;
    case Op::RmsNorm:
        e = launchRowNorm(RowNorm::RmsNorm, in(0), nullptr, in(1), nullptr, out(0), nullptr, rows,
                          cols, m_eps, call.stream);
        break;
    case Op::RmsNormResidual: // outputs in parameter order: h, then y
        e = launchRowNorm(RowNorm::RmsNormResidual, in(0), in(1), in(2), nullptr, out(1), out(0),
                          rows, cols, m_eps, call.stream);
        break;
    case Op::Gelu:
        break;
    }
    return cudaCheck(e, "row normalisation kernel launch");
}

} // namespace kwb::gpu
