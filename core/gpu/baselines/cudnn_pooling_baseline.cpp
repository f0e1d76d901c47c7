#include "core/gpu/baselines/cudnn_pooling_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

CudnnPoolingBaseline::~CudnnPoolingBaseline() {
    if (m_pool != nullptr)
        cudnnDestroyPoolingDescriptor(m_pool);
    for (auto* d : {m_xDesc, m_yDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

std::string CudnnPoolingBaseline::label() const {
    return m_op == Op::Max ? "cuDNN cudnnPoolingForward (max, 3x3, stride 2, pad 1)"
                           : "cuDNN cudnnPoolingForward (average including padding, 3x3, stride "
                             "2, pad 1)";
}

Status CudnnPoolingBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, 1, 1, task));
    auto d = readDims(call, {"N", "C", "H", "W", "OH", "OW"}, task);
    if (!d)
        return d.error();
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* desc : {&m_xDesc, &m_yDesc})
        if (*desc == nullptr)
            KWB_GPU_TRY(
                cudnnCheck(cudnnCreateTensorDescriptor(desc), "cudnnCreateTensorDescriptor"));
    if (m_pool == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreatePoolingDescriptor(&m_pool), "cudnnCreatePoolingDescriptor"));
    const auto& v = *d;
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetPooling2dDescriptor(m_pool,
                                    m_op == Op::Max ? CUDNN_POOLING_MAX
                                                    : CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
                                    CUDNN_PROPAGATE_NAN, 3, 3, 1, 1, 2, 2),
        "cudnnSetPooling2dDescriptor (3x3, pad 1, stride 2)"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_xDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                                      v[0], v[1], v[2], v[3]),
                           "cudnnSetTensor4dDescriptor (x)"));
    int on = 0, oc = 0, oh = 0, ow = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnGetPooling2dForwardOutputDim(m_pool, m_xDesc, &on, &oc, &oh, &ow),
                           "cudnnGetPooling2dForwardOutputDim"));
    if (oh != v[4] || ow != v[5])
        return badCall(task + " baseline: OH x OW = " + std::to_string(v[4]) + " x " +
                       std::to_string(v[5]) + ", but cuDNN computes " + std::to_string(oh) + " x " +
                       std::to_string(ow) + " for this H x W");
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetTensor4dDescriptor(m_yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, on, oc, oh, ow),
        "cudnnSetTensor4dDescriptor (y)"));
    m_dims = call.dims;
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    KWB_GPU_TRY(enqueue(call));
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN pooling (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status CudnnPoolingBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 1, 1, taskId()));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnPoolingBaseline::enqueue(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f;
    return cudnnCheck(cudnnPoolingForward(m_handle, m_pool, &one, m_xDesc, call.inputs[0], &zero,
                                          m_yDesc, call.outputs[0]),
                      "cudnnPoolingForward");
}

} // namespace kwb::gpu
