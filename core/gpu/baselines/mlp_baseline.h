#pragma once
// mlp-bf16: h = GELU(x W1 + b1), y = h W2 + b2 as two cuBLASLt matmuls with fused epilogues;
// h is the task's first output (the activation a training step keeps), in bf16:
//   h = cuBLASLt(x, W1) + GELU_BIAS epilogue     [M, F]
//   y = cuBLASLt(h, W2) + BIAS epilogue          [M, D]
// Each GEMM falls back to cublasGemmEx + an epilogue kernel where cuBLASLt has no algorithm.
#include <memory>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/cublaslt_gemm_bias_baseline.h"

namespace kwb::gpu {

class MlpBaseline final : public Baseline {
public:
    MlpBaseline();

    std::string label() const override;
    std::string kind() const override;
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    // The two GEMM calls for one MLP call.
    void split(const BaselineCall& call, BaselineCall* first, BaselineCall* second) const;

    std::unique_ptr<CublasLtGemmBiasBaseline> m_up;   // GELU_BIAS
    std::unique_ptr<CublasLtGemmBiasBaseline> m_down; // BIAS
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
};

} // namespace kwb::gpu
