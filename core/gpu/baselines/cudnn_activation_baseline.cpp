#include "core/gpu/baselines/cudnn_activation_baseline.h"

#include <cstdio>

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

CudnnActivationBaseline::~CudnnActivationBaseline() {
    if (m_act != nullptr)
        cudnnDestroyActivationDescriptor(m_act);
    if (m_desc != nullptr)
        cudnnDestroyTensorDescriptor(m_desc);
    if (m_handle != nullptr)
        cudnnDestroy(m_handle);
}

const char* CudnnActivationBaseline::opName() const {
    switch (m_op) {
    case Op::Relu:
        return "cudnn-relu";
    case Op::Sigmoid:
        return "cudnn-sigmoid";
    case Op::Tanh:
        return "cudnn-tanh";
    case Op::Swish:
        break;
    }
    return "cudnn-swish";
}

std::string CudnnActivationBaseline::label() const {
    switch (m_op) {
    case Op::Relu:
        return "cuDNN cudnnActivationForward (RELU)";
    case Op::Sigmoid:
        return "cuDNN cudnnActivationForward (SIGMOID)";
    case Op::Tanh:
        return "cuDNN cudnnActivationForward (TANH)";
    case Op::Swish:
        break;
    }
    char beta[32];
    std::snprintf(beta, sizeof(beta), "%g", m_swishBeta);
    return std::string("cuDNN cudnnActivationForward (SWISH, beta ") + beta +
           (m_swishBeta == 1.0 ? ": SiLU)" : ")");
}

Status CudnnActivationBaseline::describe(int n, double swishBeta) {
    if (m_handle == nullptr)
        KWB_GPU_TRY(cudnnCheck(cudnnCreate(&m_handle), "cudnnCreate"));
    if (m_desc == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateTensorDescriptor(&m_desc), "cudnnCreateTensorDescriptor"));
    if (m_act == nullptr)
        KWB_GPU_TRY(
            cudnnCheck(cudnnCreateActivationDescriptor(&m_act), "cudnnCreateActivationDescriptor"));
    KWB_GPU_TRY(cudnnCheck(
        cudnnSetTensor4dDescriptor(m_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, 1, 1, 1),
        "cudnnSetTensor4dDescriptor (n x 1 x 1 x 1)"));
    const cudnnActivationMode_t mode = m_op == Op::Relu      ? CUDNN_ACTIVATION_RELU
                                       : m_op == Op::Sigmoid ? CUDNN_ACTIVATION_SIGMOID
                                       : m_op == Op::Tanh    ? CUDNN_ACTIVATION_TANH
                                                             : CUDNN_ACTIVATION_SWISH;
    // coef is the clipped-ReLU ceiling or the ELU alpha; none of these modes reads it.
    KWB_GPU_TRY(cudnnCheck(cudnnSetActivationDescriptor(m_act, mode, CUDNN_PROPAGATE_NAN, 0.0),
                           "cudnnSetActivationDescriptor"));
    if (m_op == Op::Swish)
        KWB_GPU_TRY(cudnnCheck(cudnnSetActivationDescriptorSwishBeta(m_act, swishBeta),
                               "cudnnSetActivationDescriptorSwishBeta"));
    return okStatus();
}

Status CudnnActivationBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string op = opName();
    KWB_GPU_TRY(checkBuffers(call, 1, 1, op));
    auto dims = readDims(call, {"n"}, op);
    if (!dims)
        return dims.error();
    if (m_op == Op::Swish) {
        auto beta = readScalar(call, "beta", 1.0, op);
        if (!beta)
            return beta.error();
        m_swishBeta = *beta;
    }
    KWB_GPU_TRY(describe((*dims)[0], m_swishBeta));
    m_dims = call.dims;
    m_prepared = true;
    Status s = enqueue(call);
    if (s.ok())
        s = cudaCheck(cudaStreamSynchronize(call.stream), "first cuDNN activation (synchronise)");
    m_prepared = s.ok();
    return s;
}

Status CudnnActivationBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 1, 1, opName()));
    return enqueue(call);
}

Status CudnnActivationBaseline::enqueue(const BaselineCall& call) {
    KWB_GPU_TRY(cudnnCheck(cudnnSetStream(m_handle, call.stream), "cudnnSetStream"));
    const float one = 1.0f;
    const float zero = 0.0f; // beta 0: y is not read, so poisoned outputs stay harmless
    return cudnnCheck(cudnnActivationForward(m_handle, m_act, &one, m_desc, call.inputs[0], &zero,
                                             m_desc, call.outputs[0]),
                      "cudnnActivationForward");
}

} // namespace kwb::gpu
