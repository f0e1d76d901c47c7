#pragma once
// cudnn-relu, cudnn-sigmoid, cudnn-tanh, cudnn-swish: cudnnActivationForward over a float32
// vector x[n] into y[n] (an n x 1 x 1 x 1 NCHW tensor; beta 0, so y is not read). cuDNN 9 keeps
// this legacy activation API (cudnn_ops.h, marked deprecated in favour of graph pointwise
// operations, but present and working). Swish is y = x sigmoid(beta x), its beta a parameter of
// the call (1 by default: SiLU), set with cudnnSetActivationDescriptorSwishBeta.
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnActivationBaseline final : public Baseline {
public:
    enum class Op { Relu, Sigmoid, Tanh, Swish };
    explicit CudnnActivationBaseline(Op op) : m_op(op) {}
    ~CudnnActivationBaseline() override;
    CudnnActivationBaseline(const CudnnActivationBaseline&) = delete;
    CudnnActivationBaseline& operator=(const CudnnActivationBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    Status describe(int n, double swishBeta);
    Status enqueue(const BaselineCall& call);

    Op m_op;
    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_desc = nullptr;
    cudnnActivationDescriptor_t m_act = nullptr;
    std::map<std::string, long long> m_dims;
    double m_swishBeta = 1.0;
    bool m_prepared = false;
};

} // namespace kwb::gpu
