#pragma once
// cudnn-batchnorm-inference: cudnnBatchNormalizationForwardInference, spatial mode (one mean,
// variance, scale and shift per channel), NCHW float; inputs x, gamma, beta, mean, var.
// cudnn-batchnorm-training: cudnnBatchNormalizationForwardTraining, spatial mode, the batch's
// own mean and biased variance per channel over N, H, W; inputs x, gamma, beta; no running
// averages or saved statistics (their pointers null, as cuDNN allows).
#include <cudnn.h>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class CudnnBatchNormBaseline final : public Baseline {
public:
    explicit CudnnBatchNormBaseline(bool training = false) : m_training(training) {}
    ~CudnnBatchNormBaseline() override;
    CudnnBatchNormBaseline(const CudnnBatchNormBaseline&) = delete;
    CudnnBatchNormBaseline& operator=(const CudnnBatchNormBaseline&) = delete;

    std::string label() const override {
        return m_training ? "cuDNN cudnnBatchNormalizationForwardTraining (spatial, no running "
                            "averages)"
                          : "cuDNN cudnnBatchNormalizationForwardInference (spatial)";
    }
    std::string kind() const override { return "cudnn"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status enqueue(const BaselineCall& call);
    const char* taskId() const {
        return m_training ? "cudnn-batchnorm-training" : "batchnorm-inference-f32";
    }
    std::size_t inputCount() const { return m_training ? 3 : 5; }

    bool m_training;

    cudnnHandle_t m_handle = nullptr;
    cudnnTensorDescriptor_t m_xDesc = nullptr;
    cudnnTensorDescriptor_t m_bnDesc = nullptr;
    std::map<std::string, long long> m_dims;
    double m_eps = 1e-5;
    bool m_prepared = false;
};

} // namespace kwb::gpu
