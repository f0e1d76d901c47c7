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
    const std::string w = std::to_string(m_window);
    return std::string("cuDNN cudnnPoolingForward (") +
           (m_op == Op::Max ? "max" : "average including padding") + ", " + w + "x" + w +
           ", stride " + std::to_string(m_stride) + ", pad " + std::to_string(m_padding) + ")";
}

// The window, stride and padding: the task's [baseline] params, 3, 2 and 1 by default.
Status CudnnPoolingBaseline::readWindow(const BaselineCall& call, const std::string& task) {
    int* fields[] = {&m_window, &m_stride, &m_padding};
    const char* names[] = {"window", "stride", "padding"};
    const double defaults[] = {3, 2, 1};
    for (int i = 0; i < 3; ++i) {
        auto v = readScalar(call, names[i], defaults[i], task);
        if (!v)
            return v.error();
        if (*v != static_cast<int>(*v) || *v < (i == 2 ? 0 : 1) || *v > 64)
            return badCall(task + " baseline: " + names[i] + " must be a whole number in [" +
                           (i == 2 ? "0" : "1") + ", 64]");
        *fields[i] = static_cast<int>(*v);
    }
    return okStatus();
}

Status CudnnPoolingBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, 1, 1, task));
    auto d = readDims(call, {"N", "C", "H", "W", "OH", "OW"}, task);
    if (!d)
        return d.error();
    KWB_GPU_TRY(readWindow(call, task));
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
        cudnnSetPooling2dDescriptor(
            m_pool,
            m_op == Op::Max ? CUDNN_POOLING_MAX : CUDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
            CUDNN_PROPAGATE_NAN, m_window, m_window, m_padding, m_padding, m_stride, m_stride),
        "cudnnSetPooling2dDescriptor"));
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
