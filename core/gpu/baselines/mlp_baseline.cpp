#include "core/gpu/baselines/mlp_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "mlp-bf16";
using Epilogue = CublasLtGemmBiasBaseline::Epilogue;
} // namespace

MlpBaseline::MlpBaseline()
    : m_up(std::make_unique<CublasLtGemmBiasBaseline>(Epilogue::GeluBias)),
      m_down(std::make_unique<CublasLtGemmBiasBaseline>(Epilogue::Bias)) {}

std::string MlpBaseline::label() const {
    return "two GEMMs: [" + m_up->label() + "] into h, then [" + m_down->label() + "] into y";
}

std::string MlpBaseline::kind() const {
    return m_up->kind() == "cublaslt" && m_down->kind() == "cublaslt" ? "cublaslt" : "composition";
}

void MlpBaseline::split(const BaselineCall& call, BaselineCall* first, BaselineCall* second) const {
    // Inputs in the task's order: x, w1, b1, w2, b2; outputs h, y.
    const long long m = m_dims.at("M"), d = m_dims.at("D"), f = m_dims.at("F");
    first->inputs = {call.inputs[0], call.inputs[1], call.inputs[2]};
    first->outputs = {call.outputs[0]};
    first->dims = {{"M", m}, {"N", f}, {"K", d}};
    first->stream = call.stream;
    second->inputs = {call.outputs[0], call.inputs[3], call.inputs[4]};
    second->outputs = {call.outputs[1]};
    second->dims = {{"M", m}, {"N", d}, {"K", f}};
    second->stream = call.stream;
}

Status MlpBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    KWB_GPU_TRY(checkBuffers(call, 5, 2, kTask));
    auto dims = readDims(call, {"M", "D", "F"}, kTask);
    if (!dims)
        return dims.error();
    m_dims = call.dims;
    BaselineCall first, second;
    split(call, &first, &second);
    KWB_GPU_TRY(m_up->prepare(first));
    KWB_GPU_TRY(m_down->prepare(second));
    m_prepared = true;
    return okStatus();
}

Status MlpBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 5, 2, kTask));
    BaselineCall first, second;
    split(call, &first, &second);
    KWB_GPU_TRY(m_up->run(first));
    return m_down->run(second);
}

} // namespace kwb::gpu
