#pragma once
// softmax-rows-f32: cuDNN softmax (accurate, per instance) over a (rows, cols, 1, 1) NCHW tensor.
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnSoftmaxBaseline final : public Baseline {
public:
    CudnnSoftmaxBaseline() = default;
    ~CudnnSoftmaxBaseline() override;
    CudnnSoftmaxBaseline(const CudnnSoftmaxBaseline&) = delete;
    CudnnSoftmaxBaseline& operator=(const CudnnSoftmaxBaseline&) = delete;

    std::string label() const override;
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_desc = nullptr;
    int m_rows = 0;
    int m_cols = 0;
};

} // namespace kwb::gpu
