#pragma once
// batchnorm-inference-f32: cudnnBatchNormalizationForwardInference, spatial mode (one mean,
// variance, scale and shift per channel), NCHW float.
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnBatchNormBaseline final : public Baseline {
public:
    CudnnBatchNormBaseline() = default;
    ~CudnnBatchNormBaseline() override;
    CudnnBatchNormBaseline(const CudnnBatchNormBaseline&) = delete;
    CudnnBatchNormBaseline& operator=(const CudnnBatchNormBaseline&) = delete;

    std::string label() const override {
        return "cuDNN cudnnBatchNormalizationForwardInference (spatial)";
    }
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status enqueue(const BaselineCall& call);

    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_xDesc = nullptr;
    cudnnTensorDescriptor_t m_bnDesc = nullptr;
    std::map<std::string, long long> m_dims;
    double m_eps = 1e-5;
    bool m_prepared = false;
};

} // namespace kwb::gpu
