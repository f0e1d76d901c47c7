#include "core/gpu/baselines/cub_select_baseline.h"

#include <vector>

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

const char* CubSelectBaseline::opName() const {
    switch (m_op) {
    case CubSelectOp::Max:
        return "cub-reduce-max";
    case CubSelectOp::Min:
        return "cub-reduce-min";
    case CubSelectOp::ArgMax:
        return "cub-argmax";
    case CubSelectOp::ArgMin:
        return "cub-argmin";
    case CubSelectOp::ProdRows:
        return "cub-segmented-prod-rows";
    case CubSelectOp::ExclusiveSum:
        return "cub-exclusive-scan";
    case CubSelectOp::SortKeys:
        break;
    }
    return "cub-radix-sort-i32";
}

std::string CubSelectBaseline::label() const {
    switch (m_op) {
    case CubSelectOp::Max:
        return "CUB DeviceReduce::Max";
    case CubSelectOp::Min:
        return "CUB DeviceReduce::Min";
    case CubSelectOp::ArgMax:
        return "CUB DeviceReduce::ArgMax";
    case CubSelectOp::ArgMin:
        return "CUB DeviceReduce::ArgMin";
    case CubSelectOp::ProdRows:
        return "CUB DeviceSegmentedReduce::Reduce (multiplication, one segment per row)";
    case CubSelectOp::ExclusiveSum:
        return "CUB DeviceScan::ExclusiveSum";
    case CubSelectOp::SortKeys:
        break;
    }
    return "CUB DeviceRadixSort::SortKeys (int32, all 32 bits)";
}

CubSelectArgs CubSelectBaseline::args(const BaselineCall& call) const {
    CubSelectArgs a;
    a.in = call.inputs.empty() ? nullptr : call.inputs[0];
    a.out = call.outputs.empty() ? nullptr : call.outputs[0];
    a.value = m_value.as<float>();
    a.offsets = m_offsets.as<const int>();
    a.n = m_n;
    a.stream = call.stream;
    return a;
}

Status CubSelectBaseline::prepareOffsets(int rows, int cols) {
    if (static_cast<long long>(rows) * cols > 2147483647LL)
        return badCall(std::string(opName()) + " baseline: rows * cols exceeds int offsets");
    std::vector<int> offsets(static_cast<std::size_t>(rows) + 1);
    for (std::size_t r = 0; r < offsets.size(); ++r)
        offsets[r] = static_cast<int>(r) * cols;
    KWB_GPU_TRY(m_offsets.ensure(sizeof(int) * offsets.size(), "the row offsets"));
    return cudaCheck(cudaMemcpy(m_offsets.data(), offsets.data(), sizeof(int) * offsets.size(),
                                cudaMemcpyHostToDevice),
                     "upload the row offsets");
}

Status CubSelectBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string op = opName();
    KWB_GPU_TRY(checkBuffers(call, 1, 1, op));
    const bool rows = m_op == CubSelectOp::ProdRows;
    auto dims = rows ? readDims(call, {"rows", "cols"}, op) : readDims(call, {"n"}, op);
    if (!dims)
        return dims.error();
    m_n = (*dims)[0];
    if (rows)
        KWB_GPU_TRY(prepareOffsets(m_n, (*dims)[1]));
    if (m_op == CubSelectOp::ArgMax || m_op == CubSelectOp::ArgMin)
        KWB_GPU_TRY(m_value.ensure(sizeof(float), "the extreme value"));
    std::size_t bytes = 0;
    KWB_GPU_TRY(
        cudaCheck(cubSelect(m_op, nullptr, &bytes, args(call)), "CUB temporary storage size"));
    m_tempBytes = bytes > 0 ? bytes : 1; // never null: a null pointer makes the call a query
    KWB_GPU_TRY(m_temp.ensure(m_tempBytes, "CUB's temporary storage"));
    m_dims = call.dims;
    Status s = cudaCheck(cubSelect(m_op, m_temp.data(), &m_tempBytes, args(call)), op.c_str());
    if (s.ok())
        s = cudaCheck(cudaStreamSynchronize(call.stream), "first CUB call (synchronise)");
    m_prepared = s.ok();
    return s;
}

Status CubSelectBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 1, 1, opName()));
    return cudaCheck(cubSelect(m_op, m_temp.data(), &m_tempBytes, args(call)), opName());
}

} // namespace kwb::gpu
