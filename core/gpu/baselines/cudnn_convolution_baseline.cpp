#include "core/gpu/baselines/cudnn_convolution_baseline.h"

#include <vector>

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cudnn_conv_baseline.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

CudnnConvolutionBaseline::~CudnnConvolutionBaseline() {
    if (m_act != nullptr)
        cudnnDestroyActivationDescriptor(m_act);
    if (m_convDesc != nullptr)
        cudnnDestroyConvolutionDescriptor(m_convDesc);
    if (m_wDesc != nullptr)
        cudnnDestroyFilterDescriptor(m_wDesc);
    for (auto* d : {m_xDesc, m_yDesc, m_biasDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

const char* CudnnConvolutionBaseline::taskId() const {
    return m_op == Op::NhwcHalf ? "conv2d-nhwc-f16" : "conv2d-bias-relu-f32";
}

std::string CudnnConvolutionBaseline::label() const {
    std::string s = m_op == Op::NhwcHalf
                        ? "cuDNN conv forward, NHWC half, float accumulation (tensor cores allowed"
                        : "cuDNN cudnnConvolutionBiasActivationForward, ReLU (FP32 FMA, no TF32";
    if (m_prepared)
        s += std::string(", algo ") + convolutionAlgorithmName(m_algo);
    return s + ")";
}

Status CudnnConvolutionBaseline::describe(int n, int c, int h, int w, int k) {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* d : {&m_xDesc, &m_yDesc, &m_biasDesc})
        if (*d == nullptr)
            KWB_GPU_TRY(cudnnCheck(cudnnCreateTensorDescriptor(d), "cudnnCreateTensorDescriptor"));
    if (m_wDesc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateFilterDescriptor(&m_wDesc), "cudnnCreateFilterDescriptor"));
    if (m_convDesc == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreateConvolutionDescriptor(&m_convDesc),
                               "cudnnCreateConvolutionDescriptor"));
    if (m_act == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateActivationDescriptor(&m_act), "cudnnCreateActivationDescriptor"));
    const bool half = m_op == Op::NhwcHalf;
    const cudnnTensorFormat_t format = half ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW;
    const cudnnDataType_t type = half ? CUDNN_DATA_HALF : CUDNN_DATA_FLOAT;
    // Descriptor dims are always n, c, h, w; the format says how they lie in memory.
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_xDesc, format, type, n, c, h, w),
                           "cudnnSetTensor4dDescriptor (x)"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetTensor4dDescriptor(m_yDesc, format, type, n, k, h, w),
                           "cudnnSetTensor4dDescriptor (y)"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetFilter4dDescriptor(m_wDesc, type, format, k, c, 3, 3),
                           "cudnnSetFilter4dDescriptor (w)"));
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetTensor4dDescriptor(m_biasDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, k, 1, 1),
        "cudnnSetTensor4dDescriptor (bias)"));
    KWB_GPU_TRY(
        cudnnCheck(cudnnSetConvolution2dDescriptor(m_convDesc, 1, 1, 1, 1, 1, 1,
                                                   CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT),
                   "cudnnSetConvolution2dDescriptor (pad 1, stride 1, float compute)"));
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetConvolutionMathType(m_convDesc, half ? CUDNN_TENSOR_OP_MATH : CUDNN_FMA_MATH),
        "cudnnSetConvolutionMathType"));
    return cudnnCheck(
        cudnnSetActivationDescriptor(m_act, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN, 0.0),
        "cudnnSetActivationDescriptor (ReLU)");
}

Status CudnnConvolutionBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    const bool half = m_op == Op::NhwcHalf;
    KWB_GPU_TRY(checkBuffers(call, half ? 2 : 3, 1, task));
    auto d = half ? readDims(call, {"N", "H", "W", "C", "K"}, task)
                  : readDims(call, {"N", "C", "H", "W", "K"}, task);
    if (!d)
        return d.error();
    const int n = (*d)[0];
    const int c = half ? (*d)[3] : (*d)[1];
    const int h = half ? (*d)[1] : (*d)[2];
    const int w = half ? (*d)[2] : (*d)[3];
    const int k = (*d)[4];
    KWB_GPU_TRY(describe(n, c, h, w, k));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    if (!half) {
        const std::size_t yBytes = sizeof(float) * std::size_t(n) * k * h * w;
        KWB_GPU_TRY(m_zeros.ensure(yBytes, "the zero z of the fused convolution"));
        KWB_GPU_TRY(cudaCheck(cudaMemsetAsync(m_zeros.data(), 0, yBytes, call.stream),
                              "cudaMemsetAsync (z)"));
    }
    m_dims = call.dims;
    const ConvolutionSearch search{task,        {n, c, h, w, k}, m_handle,         m_xDesc,
                                   m_wDesc,     m_convDesc,      m_yDesc,          half,
                                   call.stream, &m_workspace,    &m_workspaceBytes};
    // The fused call accepts fewer algorithms than the plain one: the search skips the others.
    auto enqueueWith = [&](cudnnConvolutionFwdAlgo_t algo) {
        m_algo = algo;
        return enqueue(call);
    };
    KWB_GPU_TRY(useConvolutionAlgorithm(search, enqueueWith));
    m_prepared = true;
    return okStatus();
}

Status CudnnConvolutionBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, m_op == Op::NhwcHalf ? 2 : 3, 1, taskId()));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueue(call);
}

Status CudnnConvolutionBaseline::enqueue(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f;
    if (m_op == Op::NhwcHalf)
        return cudnnCheck(cudnnConvolutionForward(m_handle, &one, m_xDesc, call.inputs[0], m_wDesc,
                                                  call.inputs[1], m_convDesc, m_algo,
                                                  m_workspace.data(), m_workspaceBytes, &zero,
                                                  m_yDesc, call.outputs[0]),
                          "cudnnConvolutionForward (NHWC half)");
    return cudnnCheck(cudnnConvolutionBiasActivationForward(
                          m_handle, &one, m_xDesc, call.inputs[0], m_wDesc, call.inputs[1],
                          m_convDesc, m_algo, m_workspace.data(), m_workspaceBytes, &zero, m_yDesc,
                          m_zeros.data(), m_biasDesc, call.inputs[2], m_act, m_yDesc,
                          call.outputs[0]),
                      "cudnnConvolutionBiasActivationForward (ReLU)");
}

} // namespace kwb::gpu
