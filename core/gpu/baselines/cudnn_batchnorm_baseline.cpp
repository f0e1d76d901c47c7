#include "core/gpu/baselines/cudnn_batchnorm_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

CudnnBatchNormBaseline::~CudnnBatchNormBaseline() {
    for (auto* d : {m_xDesc, m_bnDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

Status CudnnBatchNormBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    // Inputs in the task's order: x, gamma, beta (then mean, var for inference).
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, inputCount(), 1, task));
    auto d = readDims(call, {"N", "C", "H", "W"}, task);
    if (!d)
        return d.error();
    auto eps = readScalar(call, "eps", 1e-5, task);
    if (!eps)
        return eps.error();
    if (*eps < CUDNN_BN_MIN_EPSILON)
        return badCall(task + " baseline: eps is below CUDNN_BN_MIN_EPSILON");
    // The candidate gets eps as a float; cuDNN gets that same value.
    m_eps = static_cast<double>(static_cast<float>(*eps));
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* desc : {&m_xDesc, &m_bnDesc})
        if (*desc == nullptr)
            KWB_GPU_TRY(
                cudnnCheck(cudnnCreateTensorDescriptor(desc), "cudnnCreateTensorDescriptor"));
    const auto& v = *d;
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                      v[0], v[1], v[2], v[3]),
                           "cudnnSetTensor4dDescriptor (x, y)"));
    KWB_GPU_TRY(
        cudnnCheck(cudnnDeriveBNTensorDescriptor(m_bnDesc, m_xDesc, CUDNN_BATCHNORM_SPATIAL),
                   "cudnnDeriveBNTensorDescriptor"));
    m_dims = call.dims;
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(
        cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN batch norm (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status CudnnBatchNormBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, inputCount(), 1, taskId()));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnBatchNormBaseline::enqueue(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f;
    if (m_training)
        return cudnnCheck(cudnnBatchNormalizationForwardTraining(
                              m_handle, CUDNN_BATCHNORM_SPATIAL, &one, &zero, m_xDesc,
                              call.inputs[0], m_xDesc, call.outputs[0], m_bnDesc, call.inputs[1],
                              call.inputs[2], 1.0, nullptr, nullptr, m_eps, nullptr, nullptr),
                          "cudnnBatchNormalizationForwardTraining");
    return cudnnCheck(cudnnBatchNormalizationForwardInference(
                          m_handle, CUDNN_BATCHNORM_SPATIAL, &one, &zero, m_xDesc, call.inputs[0],
                          m_xDesc, call.outputs[0], m_bnDesc, call.inputs[1], call.inputs[2],
                          call.inputs[3], call.inputs[4], m_eps),
                      "cudnnBatchNormalizationForwardInference");
}

} // namespace kwb::gpu
