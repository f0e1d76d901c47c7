#include "core/gpu/baselines/layernorm_gelu_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/layernorm_gelu_kernel.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "layernorm-gelu-f32";
}

std::string LayerNormGeluBaseline::label() const {
    return "composition: LayerNorm+GELU(erf) reference kernel (no library op)";
}

Status LayerNormGeluBaseline::prepare(const BaselineCall& call) {
    m_rows = m_cols = 0;
    KWB_GPU_TRY(checkBuffers(call, 3, 1, kTask));
    auto dims = readDims(call, {"rows", "cols"}, kTask);
    if (!dims)
        return dims.error();
    auto eps = readScalar(call, "eps", 1e-5, kTask);
    if (!eps)
        return eps.error();
    if (*eps < 0.0)
        return badCall(std::string(kTask) + " baseline: eps must not be negative");
    m_rows = (*dims)[0];
    m_cols = (*dims)[1];
    m_eps = static_cast<float>(*eps);
    KWB_GPU_TRY(run(call));
    return cudaCheck(cudaStreamSynchronize(call.stream),
                     "first LayerNorm+GELU kernel (synchronise)");
}

Status LayerNormGeluBaseline::run(const BaselineCall& call) {
    if (m_rows == 0 || call.inputs.size() != 3 || call.outputs.size() != 1 ||
        call.dims.count("rows") == 0 || call.dims.count("cols") == 0 ||
        call.dims.at("rows") != m_rows || call.dims.at("cols") != m_cols)
        return notPrepared(kTask);
    return cudaCheck(launchLayerNormGelu(static_cast<const float*>(call.inputs[0]),
                                         static_cast<const float*>(call.inputs[1]),
                                         static_cast<const float*>(call.inputs[2]),
                                         static_cast<float*>(call.outputs[0]), m_rows, m_cols,
                                         m_eps, call.stream),
                     "LayerNorm+GELU kernel launch");
}

} // namespace kwb::gpu
