#pragma once
// Baselines that are documented plain kernels (plain_kernels.cu), for ops no library offers:
//   layernorm-f32, rmsnorm-f32, rmsnorm-residual-f32 (cuDNN's legacy API has no LayerNorm or
//   RMSNorm; its graph API needs the cuDNN frontend, which we do not ship) and gelu-f32 (legacy
//   cudnnActivationForward has no GELU). kind() is "reference-kernel" so tables say so.
#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class PlainKernelBaseline final : public Baseline {
public:
    enum class Op { LayerNorm, RmsNorm, RmsNormResidual, Gelu };
    explicit PlainKernelBaseline(Op op) : m_op(op) {}

    std::string label() const override;
    std::string kind() const override { return "reference-kernel"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* taskId() const;
    std::size_t inputCount() const;
    std::size_t outputCount() const { return m_op == Op::RmsNormResidual ? 2 : 1; }
    Status enqueue(const BaselineCall& call) const;

    Op m_op;
    std::map<std::string, long long> m_dims;
    float m_eps = 1e-5f;
    bool m_prepared = false;
};

} // namespace kwb::gpu
