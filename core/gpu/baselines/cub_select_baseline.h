#pragma once
// The level-1 suite's CUB baselines beyond sum, inclusive scan and histogram:
// DeviceReduce::Max / Min / ArgMax / ArgMin, DeviceSegmentedReduce::Reduce (row products),
// DeviceScan::ExclusiveSum and DeviceRadixSort::SortKeys. Temporary storage, the row offsets
// and the arg-extremum's scratch value are sized and allocated in prepare().
#include "core/gpu/baselines/baseline.h"
#include "core/gpu/baselines/cub_select_ops.h"
#include "core/gpu/baselines/device_buffer.h"

namespace kwb::gpu {

class CubSelectBaseline final : public Baseline {
public:
    explicit CubSelectBaseline(CubSelectOp op) : m_op(op) {}

    std::string label() const override;
    std::string kind() const override { return "cub"; }
    Status prepare(const BaselineCall& call) override;
    Status run(const BaselineCall& call) override;

private:
    const char* opName() const;
    CubSelectArgs args(const BaselineCall& call) const;
    Status prepareOffsets(int rows, int cols);

    CubSelectOp m_op;
    DeviceBuffer m_temp;
    DeviceBuffer m_offsets; // ProdRows: rows + 1 ints
    DeviceBuffer m_value;   // ArgMax, ArgMin: one float
    std::size_t m_tempBytes = 0;
    int m_n = 0; // elements, or rows for ProdRows
    std::map<std::string, long long> m_dims;
    bool m_prepared = false;
};

} // namespace kwb::gpu
