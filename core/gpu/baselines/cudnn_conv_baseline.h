#pragma once
// conv2d-nchw-f32: cuDNN forward convolution, 3x3, pad 1, stride 1, cross-correlation, float
// math restricted to FMA (no TF32). The fastest algorithm is found once per shape, device and
// cuDNN version (cudnnFindConvolutionForwardAlgorithm, its fastest four timed again) and kept
// in the worker's cache (algorithm_choices.h).
#include <initializer_list>
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
    Status chooseAlgorithm(const BaselineCall& call);
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

// The key of a convolution's algorithm choice: cuDNN's version, the task and the dimensions.
std::string convolutionChoiceKey(const char* task, std::initializer_list<int> dims);

// The algorithms cudnnFind ran for a convolution, fastest first by its own timing; tensor-core
// ones only when allowed.
Result<std::vector<cudnnConvolutionFwdAlgo_t>>
findConvolutionAlgorithms(cudnnHandle_t handle, cudnnTensorDescriptor_t x, cudnnFilterDescriptor_t w,
                          cudnnConvolutionDescriptor_t conv, cudnnTensorDescriptor_t y, bool allowTensorOps);

} // namespace kwb::gpu
