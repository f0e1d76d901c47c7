#pragma once
// scan-f32: cub::DeviceScan::InclusiveSum; histogram-i32: cub::DeviceHistogram::HistogramEven
// (256 unit bins over [0, 256)). Temporary storage is sized and allocated in prepare().
#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CubDeviceBaseline final : public Baseline {
public:
    enum class Op { InclusiveScan, Histogram };
    explicit CubDeviceBaseline(Op op) : m_op(op) {}

    std::string label() const override;
    std::string kind() const override { return "cub"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* taskId() const;
    Status enqueue(const BaselineCall& call);

    Op m_op;
    DeviceBuffer m_temp;
    std::size_t m_tempBytes = 0;
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
};

} // namespace kwb::gpu
