#include "core/gpu/baselines/cub_reduce_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cub_reduce_sum.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {
const char* const kTask = "reduce-sum-f32";
}

Status CubReduceBaseline::prepare(const BaselineCall& call) {
    m_n = 0;
    KWB_GPU_TRY(checkBuffers(call, 1, 1, kTask));
    auto dims = readDims(call, {"n"}, kTask);
    if (!dims)
        return dims.error();
    std::size_t bytes = 0;
    KWB_GPU_TRY(cudaCheck(cubReduceSumTempBytes((*dims)[0], &bytes),
                          "cub::DeviceReduce::Sum (temporary storage size)"));
    // Never zero bytes: a null temp pointer would make the real call a size query.
    m_tempBytes = bytes > 0 ? bytes : 1;
    KWB_GPU_TRY(m_temp.ensure(m_tempBytes, "CUB's temporary storage"));
    m_n = (*dims)[0];
    KWB_GPU_TRY(run(call));
    return cudaCheck(cudaStreamSynchronize(call.stream), "first CUB reduction (synchronise)");
}

Status CubReduceBaseline::run(const BaselineCall& call) {
    if (m_n == 0 || call.inputs.size() != 1 || call.outputs.size() != 1 ||
        call.dims.count("n") == 0 || call.dims.at("n") != m_n)
        return notPrepared(kTask);
    return cudaCheck(cubReduceSum(m_temp.data(), m_tempBytes,
                                  static_cast<const float*>(call.inputs[0]),
                                  static_cast<float*>(call.outputs[0]), m_n, call.stream),
                     "cub::DeviceReduce::Sum");
}

} // namespace kwb::gpu
