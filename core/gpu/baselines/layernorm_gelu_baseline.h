#pragma once
// layernorm-gelu-f32: no library has LayerNorm fused with GELU, so the baseline is our own
// plain reference kernel (layernorm_gelu_kernel.cu), labelled as a composition.
#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

class LayerNormGeluBaseline final : public Baseline {
public:
    std::string label() const override;
    std::string kind() const override { return "composition"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    int m_rows = 0;
    int m_cols = 0;
    float m_eps = 1e-5f;
};

} // namespace kwb::gpu
