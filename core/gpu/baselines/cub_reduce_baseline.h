#pragma once
// reduce-sum-f32: cub::DeviceReduce::Sum, temporary storage sized and allocated in prepare().
#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CubReduceBaseline final : public Baseline {
public:
    std::string label() const override { return "CUB DeviceReduce::Sum"; }
    std::string kind() const override { return "cub"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    DeviceBuffer m_temp;
    std::size_t m_tempBytes = 0;
    int m_n = 0;
};

} // namespace kwb::gpu
