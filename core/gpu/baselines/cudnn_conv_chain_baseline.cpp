#include "core/gpu/baselines/cudnn_conv_chain_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

CudnnConvChainBaseline::~CudnnConvChainBaseline() {
    if (m_pool != nullptr)
        cudnnDestroyPoolingDescriptor(m_pool);
    if (m_act != nullptr)
        cudnnDestroyActivationDescriptor(m_act);
    for (auto* d : {m_convDesc, m_yDesc})
        if (d != nullptr)
            cudnnDestroyTensorDescriptor(d);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

const char* CudnnConvChainBaseline::opName() const {
    return m_op == Op::BatchNormRelu ? "composition-conv2d-bn-relu" : "composition-conv2d-maxpool";
}

std::string CudnnConvChainBaseline::label() const {
    return "composition: " + m_conv.label() +
           (m_op == Op::BatchNormRelu
                ? " + cudnnBatchNormalizationForwardInference + cudnnActivationForward (ReLU)"
                : " + cudnnPoolingForward (max, 2x2, stride 2)");
}

// The convolution's own call: x and w into the scratch tensor.
BaselineCall CudnnConvChainBaseline::convCall(const BaselineCall& call) const {
    BaselineCall c;
    c.inputs = {call.inputs[0], call.inputs[1]};
    c.outputs = {m_scratch.data()};
    c.dims = m_convDims;
    c.scalars = {{"kernel", 3}, {"stride", 1}, {"padding", 1}, {"dilation", 1}};
    c.stream = call.stream;
    return c;
}

Status CudnnConvChainBaseline::describeTail(const std::vector<int>& conv, int oh, int ow) {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    for (auto* d : {&m_convDesc, &m_yDesc})
        if (*d == nullptr)
            KWB_GPU_TRY(cudnnCheck(cudnnCreateTensorDescriptor(d), "cudnnCreateTensorDescriptor"));
    KWB_GPU_TRY(
        cudnnCheck(cudnnSetTensor4dDescriptor(m_convDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT,
                                              conv[0], conv[1], conv[2], conv[3]),
                   "cudnnSetTensor4dDescriptor (convolution output)"));
    if (m_op == Op::BatchNormRelu) {
        if (m_act == nullptr)
            KWB_GPU_TRY(cudnnCheck(cudnnCreateActivationDescriptor(&m_act),
                                   "cudnnCreateActivationDescriptor"));
        KWB_GPU_TRY(cudnnCheck(
            cudnnSetActivationDescriptor(m_act, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN, 0.0),
            "cudnnSetActivationDescriptor (ReLU)"));
        return cudnnCheck(
            cudnnDeriveBNTensorDescriptor(m_yDesc, m_convDesc, CUDNN_BATCHNORM_SPATIAL),
            "cudnnDeriveBNTensorDescriptor");
    }
    if (m_pool == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreatePoolingDescriptor(&m_pool), "cudnnCreatePoolingDescriptor"));
    KWB_GPU_TRY(cudnnCheck(cudnnSetPooling2dDescriptor(m_pool, CUDNN_POOLING_MAX,
                                                       CUDNN_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2),
                           "cudnnSetPooling2dDescriptor (max, 2x2, stride 2)"));
    int n = 0, k = 0, ph = 0, pw = 0;
    KWB_GPU_TRY(cudnnCheck(cudnnGetPooling2dForwardOutputDim(m_pool, m_convDesc, &n, &k, &ph, &pw),
                           "cudnnGetPooling2dForwardOutputDim"));
    if (ph != oh || pw != ow)
        return badCall(std::string(opName()) + " baseline: OH x OW = " + std::to_string(oh) +
                       " x " + std::to_string(ow) + ", but cuDNN pools " + std::to_string(ph) +
                       " x " + std::to_string(pw));
    return cudnnCheck(
        cudnnSetTensor4dDescriptor(m_yDesc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, k, ph, pw),
        "cudnnSetTensor4dDescriptor (y)");
}

Status CudnnConvChainBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = opName();
    KWB_GPU_TRY(checkBuffers(call, inputCount(), 1, task));
    const bool pool = m_op == Op::MaxPool;
    auto d = pool ? readDims(call, {"N", "C", "H", "W", "K", "OH", "OW"}, task)
                  : readDims(call, {"N", "C", "H", "W", "K"}, task);
    if (!d)
        return d.error();
    const auto& v = *d;
    if (!pool) {
        auto eps = readScalar(call, "eps", 1e-5, task);
        if (!eps)
            return eps.error();
        if (*eps < CUDNN_BN_MIN_EPSILON)
            return badCall(task + " baseline: eps is below CUDNN_BN_MIN_EPSILON");
        m_eps = static_cast<double>(static_cast<float>(*eps)); // what the candidate gets
    }
    m_convDims = {{"N", v[0]}, {"C", v[1]},  {"H", v[2]},  {"W", v[3]},
                  {"K", v[4]}, {"OH", v[2]}, {"OW", v[3]}, {"G", 1}};
    const std::size_t convBytes = sizeof(float) * std::size_t(v[0]) * v[4] * v[2] * v[3];
    KWB_GPU_TRY(m_scratch.ensure(convBytes, "the convolution's output (scratch)"));
    KWB_GPU_TRY(describeTail({v[0], v[4], v[2], v[3]}, pool ? v[5] : 0, pool ? v[6] : 0));
    KWB_GPU_TRY(m_conv.prepare(convCall(call)));
    m_dims = call.dims;
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    KWB_GPU_TRY(enqueueTail(call));
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(call.stream), "first composition (synchronise)"));
    m_prepared = true;
    return okStatus();
}

Status CudnnConvChainBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, inputCount(), 1, opName()));
    KWB_GPU_TRY(m_conv.run(convCall(call)));
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    return enqueueTail(call);
}

Status CudnnConvChainBaseline::enqueueTail(const BaselineCall& call) {
    const float one = 1.0f, zero = 0.0f;
    if (m_op == Op::MaxPool)
        return cudnnCheck(cudnnPoolingForward(m_handle, m_pool, &one, m_convDesc, m_scratch.data(),
                                              &zero, m_yDesc, call.outputs[0]),
                          "cudnnPoolingForward");
    // Inputs in the task's order: x, w, gamma, beta, mean, var.
    KWB_GPU_TRY(
        cudnnCheck(cudnnBatchNormalizationForwardInference(
                       m_handle, CUDNN_BATCHNORM_SPATIAL, &one, &zero, m_convDesc, m_scratch.data(),
                       m_convDesc, call.outputs[0], m_yDesc, call.inputs[2], call.inputs[3],
                       call.inputs[4], call.inputs[5], m_eps),
                   "cudnnBatchNormalizationForwardInference"));
    // In place: cuDNN allows it when the two descriptors are the same.
    return cudnnCheck(cudnnActivationForward(m_handle, m_act, &one, m_convDesc, call.outputs[0],
                                             &zero, m_convDesc, call.outputs[0]),
                      "cudnnActivationForward (ReLU)");
}

} // namespace kwb::gpu
