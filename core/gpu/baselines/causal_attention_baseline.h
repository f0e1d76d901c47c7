#pragma once
// causal-attention-f16, a composition of library GEMMs around one plain kernel:
//   scores = scale * Q K^T   cublasGemmStridedBatchedEx, half in, float out and accumulation
//   P = causal softmax       plain kernel, float math, P stored as half
//   O = P V                  cublasGemmStridedBatchedEx, half in/out, float accumulation
// It computes the full S x S scores (the masked half too) and keeps them in memory, as an
// unfused PyTorch-style implementation would. cuDNN's fused attention lives in its graph API
// (reached through the cuDNN frontend), which this workbench does not ship.
#include <cublas_v2.h>

#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CausalAttentionBaseline final : public Baseline {
public:
    static constexpr int kHeadDim = 64;

    CausalAttentionBaseline() = default;
    ~CausalAttentionBaseline() override;
    CausalAttentionBaseline(const CausalAttentionBaseline&) = delete;
    CausalAttentionBaseline& operator=(const CausalAttentionBaseline&) = delete;

    std::string label() const override {
        return "composition: cuBLAS batched GEMM (QK^T) + causal softmax kernel + cuBLAS batched "
               "GEMM (PV), float accumulation; no fused attention (cuDNN's needs its frontend)";
    }
    std::string kind() const override { return "composition"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    Status enqueue(const BaselineCall& call);

    cublasHandle_t m_handle = nullptr;
    DeviceBuffer m_workspace;
    DeviceBuffer m_scores; // float [B*H, S, S]
    DeviceBuffer m_probs;  // half [B*H, S, S]
    std::map<std::string, long long> m_dims;
    float m_scale = 0.125f;
    bool m_prepared = false;
};

} // namespace kwb::gpu
