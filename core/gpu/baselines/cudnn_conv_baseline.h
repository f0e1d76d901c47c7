#pragma once
// conv2d-nchw-f32: cuDNN forward convolution, 3x3, pad 1, stride 1, cross-correlation, float
// math restricted to FMA (no TF32). The fastest algorithm is found once per shape, device and
// cuDNN version (cudnnFindConvolutionForwardAlgorithm, its fastest four timed again) and kept
// in the worker's cache (algorithm_choices.h).
#include <functional>
#include <string>
#include <vector>

#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CudnnConvBaseline final : public Baseline {
public:
    CudnnConvBaseline() = default;
    ~CudnnConvBaseline() override;
    CudnnConvBaseline(const CudnnConvBaseline&) = delete;
    CudnnConvBaseline& operator=(const CudnnConvBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status createDescriptors();
    Status describeShape();
    Status enqueue(const BaselineCall& call);

    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_xDesc = nullptr;
    cudnnTensorDescriptor_t m_yDesc = nullptr;
    cudnnFilterDescriptor_t m_wDesc = nullptr;
    cudnnConvolutionDescriptor_t m_convDesc = nullptr;
    cudnnConvolutionFwdAlgo_t m_algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
    bool m_prepared = false;
    DeviceBuffer m_workspace;
    std::size_t m_workspaceBytes = 0;
    int m_dims[5] = {0, 0, 0, 0, 0}; // N, C, H, W, K
};

// "IMPLICIT_PRECOMP_GEMM", ... for labels and logs.
const char* convolutionAlgorithmName(cudnnConvolutionFwdAlgo_t algo);

// One convolution whose forward algorithm is to be chosen.
struct ConvolutionSearch {
    std::string task; // with cuDNN's version and the dims, the choice's key
    std::vector<int> dims;
    cudnnHandle_t handle = nullptr;
    cudnnTensorDescriptor_t x = nullptr;
    cudnnFilterDescriptor_t w = nullptr;
    cudnnConvolutionDescriptor_t conv = nullptr;
    cudnnTensorDescriptor_t y = nullptr;
    bool allowTensorOps = false; // false: FP32 math only (no TF32)
    cudaStream_t stream = nullptr;
    DeviceBuffer* workspace = nullptr; // sized for the algorithm being used
    std::size_t* workspaceBytes = nullptr;
};

// Settles on the convolution's algorithm and runs it once (synchronised): the choice kept for
// this shape on this device (algorithm_choices.h) when the call accepts it, else cudnnFind's
// first ranks timed again (fastestCandidate) and the fastest the call accepts, which is
// remembered. `enqueue(algo)` enqueues one call with algo, the workspace sized for it; a
// "cudnn-error" rules algo out. The last algo enqueued is the one chosen.
Status useConvolutionAlgorithm(const ConvolutionSearch& search,
                               const std::function<Status(cudnnConvolutionFwdAlgo_t)>& enqueue);

} // namespace kwb::gpu
