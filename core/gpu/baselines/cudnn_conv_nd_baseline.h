#pragma once
// cudnn-conv1d, cudnn-conv2d, cudnn-conv3d and cudnn-conv-transpose2d: float32 NCHW (NCDHW)
// cross-correlation with the task's kernel size, stride, padding and dilation ([baseline]
// params) and group count (dimension G), FMA math (no TF32).
//   Forward: cudnnConvolutionForward with Nd descriptors; 1D runs as 2D over [N, C, 1, L] with
//   a 1 x kernel filter. x [N, C, spatial], w [K, C/G, kernel...], y [N, K, output spatial].
//   Transposed: cudnnConvolutionBackwardData, the gradient of a forward convolution from
//   [N, K, OH, OW] to [N, C, H, W] with the filter [C, K, kernel, kernel] (PyTorch's
//   ConvTranspose2d weight layout): the task's x is that convolution's dy and its y the dx.
// prepare() checks the task's output sizes against the ones cuDNN computes. The algorithm is
// the fastest the call accepts among cudnnFind's first ranks, timed again; found once per
// (operation, shape, device, cuDNN version) and kept in the worker's cache
// (algorithm_choices.h).
#include <vector>

#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CudnnConvNdBaseline final : public Baseline {
public:
    enum class Op { Conv1d, Conv2d, Conv3d, Transpose2d };
    explicit CudnnConvNdBaseline(Op op) : m_op(op) {}
    ~CudnnConvNdBaseline() override;
    CudnnConvNdBaseline(const CudnnConvNdBaseline&) = delete;
    CudnnConvNdBaseline& operator=(const CudnnConvNdBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    Status readGeometry(const BaselineCall& call);
    Status readShape(const BaselineCall& call);
    Status describe();
    Status chooseBackwardDataAlgorithm(const BaselineCall& call, const std::string& key);
    Status enqueue(const BaselineCall& call);

    Op m_op;
    cudnnHandle_t m_handle = nullptr;
    // The forward convolution's input and output: x and y, or y and x when transposed.
    cudnnTensorDescriptor_t m_inDesc = nullptr;
    cudnnTensorDescriptor_t m_outDesc = nullptr;
    cudnnFilterDescriptor_t m_wDesc = nullptr;
    cudnnConvolutionDescriptor_t m_convDesc = nullptr;
    cudnnConvolutionFwdAlgo_t m_fwdAlgo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
    cudnnConvolutionBwdDataAlgo_t m_bwdAlgo = CUDNN_CONVOLUTION_BWD_DATA_ALGO_1;
    DeviceBuffer m_workspace;
    std::size_t m_workspaceBytes = 0;
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
    // Filled by readGeometry and readShape; all in NCHW (NCDHW) order.
    int m_kernel = 3, m_stride = 1, m_padding = 0, m_dilation = 1, m_groups = 1;
    std::vector<int> m_in, m_out, m_filter;
};

} // namespace kwb::gpu
