#include "core/gpu/baselines/cub_device_baseline.h"

#include "core/gpu/baselines/call_checks.h"
#include "core/gpu/baselines/cub_device_ops.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

const char* CubDeviceBaseline::taskId() const {
    return m_op == Op::InclusiveScan ? "scan-f32" : "histogram-i32";
}

std::string CubDeviceBaseline::label() const {
    return m_op == Op::InclusiveScan ? "CUB DeviceScan::InclusiveSum"
                                     : "CUB DeviceHistogram::HistogramEven (256 bins)";
}

Status CubDeviceBaseline::prepare(const BaselineCall& call) {
    m_prepared = false;
    const std::string task = taskId();
    KWB_GPU_TRY(checkBuffers(call, 1, 1, task));
    auto dims = readDims(call, {"n"}, task);
    if (!dims)
        return dims.error();
    const int n = (*dims)[0];
    std::size_t bytes = 0;
    KWB_GPU_TRY(cudaCheck(m_op == Op::InclusiveScan ? cubInclusiveSumTempBytes(n, &bytes)
                                                    : cubHistogram256TempBytes(n, &bytes),
                          "CUB temporary storage size"));
    m_tempBytes = bytes > 0 ? bytes : 1; // never null: a null pointer makes the call a query
    KWB_GPU_TRY(m_temp.ensure(m_tempBytes, "CUB's temporary storage"));
    m_dims = call.dims;
    m_prepared = true;
    Status s = enqueue(call);
    if (s.ok())
        s = cudaCheck(cudaStreamSynchronize(call.stream), "first CUB call (synchronise)");
    m_prepared = s.ok();
    return s;
}

Status CubDeviceBaseline::run(const BaselineCall& call) {
    KWB_GPU_TRY(checkRunCall(m_prepared, call, m_dims, 1, 1, taskId()));
    return enqueue(call);
}

Status CubDeviceBaseline::enqueue(const BaselineCall& call) {
    const int n = static_cast<int>(m_dims.at("n"));
    if (m_op == Op::InclusiveScan)
        return cudaCheck(cubInclusiveSum(m_temp.data(), m_tempBytes,
                                         static_cast<const float*>(call.inputs[0]),
                                         static_cast<float*>(call.outputs[0]), n, call.stream),
                         "cub::DeviceScan::InclusiveSum");
    return cudaCheck(cubHistogram256(m_temp.data(), m_tempBytes,
                                     static_cast<const int*>(call.inputs[0]),
                                     static_cast<int*>(call.outputs[0]), n, call.stream),
                     "cub::DeviceHistogram::HistogramEven");
}

} // namespace kwb::gpu
