#pragma once
// cuDNN convolutions beyond the proof task, 3x3 / stride 1 / padding 1, cross-correlation:
//   conv2d-nhwc-f16:      cudnnConvolutionForward, NHWC half tensors, KRSC half filter, float
//                         accumulation (CUDNN_DATA_FLOAT compute), tensor-core math allowed.
//   conv2d-bias-relu-f32: cudnnConvolutionBiasActivationForward, NCHW float, FMA math (no
//                         TF32), y = ReLU(conv(x, w) + bias) in one call (alpha2 = 0, z unused
//                         and zero).
// The algorithm is the fastest the call accepts of cudnnFindConvolutionForwardAlgorithm's first
// ranks, timed again; found once per (task, shape, device, cuDNN version) and kept in the
// worker's cache (algorithm_choices.h).
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CudnnConvolutionBaseline final : public Baseline {
public:
    enum class Op { NhwcHalf, BiasReluFloat };
    explicit CudnnConvolutionBaseline(Op op) : m_op(op) {}
    ~CudnnConvolutionBaseline() override;
    CudnnConvolutionBaseline(const CudnnConvolutionBaseline&) = delete;
    CudnnConvolutionBaseline& operator=(const CudnnConvolutionBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* taskId() const;
    Status describe(int n, int c, int h, int w, int k);
    Status enqueue(const BaselineCall& call);

    Op m_op;
    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_xDesc = nullptr;
    cudnnTensorDescriptor_t m_yDesc = nullptr;
    cudnnTensorDescriptor_t m_biasDesc = nullptr;
    cudnnFilterDescriptor_t m_wDesc = nullptr;
    cudnnConvolutionDescriptor_t m_convDesc = nullptr;
    cudnnActivationDescriptor_t m_act = nullptr;
    cudnnConvolutionFwdAlgo_t m_algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
    DeviceBuffer m_workspace;
    std::size_t m_workspaceBytes = 0;
    DeviceBuffer m_zeros; // z of the fused call: never scaled in (alpha2 = 0), zero anyway
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
};

} // namespace kwb::gpu
