#pragma once
// Compositions of cuDNN calls for fused convolution tasks, float32 NCHW, 3x3 convolution with
// stride 1 and padding 1 (cudnn-conv2d's algorithm choice, FMA math, no TF32) into a scratch
// tensor, then:
//   composition-conv2d-bn-relu: cudnnBatchNormalizationForwardInference (spatial) into y and
//     cudnnActivationForward (ReLU) in place; inputs x, w, gamma, beta, mean, var; scalar eps.
//   composition-conv2d-maxpool: cudnnPoolingForward (max, 2x2, stride 2) into y [N, K, OH, OW]
//     with OH = H / 2, OW = W / 2 (checked against cuDNN's output size).
// The scratch round trip is the composition's cost, as it would be in a framework.
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/cudnn_conv_nd_baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CudnnConvChainBaseline final : public Baseline {
public:
    enum class Op { BatchNormRelu, MaxPool };
    explicit CudnnConvChainBaseline(Op op) : m_op(op), m_conv(CudnnConvNdBaseline::Op::Conv2d) {}
    ~CudnnConvChainBaseline() override;
    CudnnConvChainBaseline(const CudnnConvChainBaseline&) = delete;
    CudnnConvChainBaseline& operator=(const CudnnConvChainBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "composition"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    std::size_t inputCount() const { return m_op == Op::BatchNormRelu ? 6 : 2; }
    BaselineCall convCall(const BaselineCall& call) const;
    Status describeTail(const std::vector<int>& conv, int oh, int ow);
    Status enqueueTail(const BaselineCall& call);

    Op m_op;
    CudnnConvNdBaseline m_conv;
    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_convDesc = nullptr; // the convolution's output, [N, K, H, W]
    cudnnTensorDescriptor_t m_yDesc = nullptr;    // y: the pooled output, or the BN's channels
    cudnnActivationDescriptor_t m_act = nullptr;
    cudnnPoolingDescriptor_t m_pool = nullptr;
    DeviceBuffer m_scratch;
    std::map<std::string, long long> m_dims;
    std::map<std::string, long long> m_convDims;
    double m_eps = 1e-5;
    bool m_prepared = false;
};

} // namespace kwb::gpu
