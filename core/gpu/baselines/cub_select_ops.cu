// CUDA 13 ships CUB under include/cccl, which nvcc searches by default.
#include "core/gpu/baselines/cub_select_ops.h"

#include <cub/cub.cuh>

namespace kwb::gpu {

namespace {

struct Multiply {
    __device__ float operator()(float a, float b) const { return a * b; }
};

cudaError_t launch(CubSelectOp op, void* temp, std::size_t& bytes, const CubSelectArgs& a) {
    const auto* x = static_cast<const float*>(a.in);
    auto* y = static_cast<float*>(a.out);
    switch (op) {
    case CubSelectOp::Max:
        return cub::DeviceReduce::Max(temp, bytes, x, y, a.n, a.stream);
    case CubSelectOp::Min:
        return cub::DeviceReduce::Min(temp, bytes, x, y, a.n, a.stream);
    case CubSelectOp::ArgMax:
        return cub::DeviceReduce::ArgMax(temp, bytes, x, a.value, static_cast<int*>(a.out), a.n,
                                         a.stream);
    case CubSelectOp::ArgMin:
        return cub::DeviceReduce::ArgMin(temp, bytes, x, a.value, static_cast<int*>(a.out), a.n,
                                         a.stream);
    case CubSelectOp::ProdRows:
        return cub::DeviceSegmentedReduce::Reduce(temp, bytes, x, y, a.n, a.offsets, a.offsets + 1,
                                                  Multiply{}, 1.0f, a.stream);
    case CubSelectOp::ExclusiveSum:
        return cub::DeviceScan::ExclusiveSum(temp, bytes, x, y, a.n, a.stream);
    case CubSelectOp::SortKeys:
        break;
    }
    return cub::DeviceRadixSort::SortKeys(temp, bytes, static_cast<const int*>(a.in),
                                          static_cast<int*>(a.out), a.n, 0, 32, a.stream);
}

} // namespace

cudaError_t cubSelect(CubSelectOp op, void* temp, std::size_t* tempBytes, const CubSelectArgs& a) {
    std::size_t bytes = temp == nullptr ? 0 : *tempBytes;
    const cudaError_t e = launch(op, temp, bytes, a);
    if (temp == nullptr) {
        *tempBytes = bytes;
        return e;
    }
    return e != cudaSuccess ? e : cudaGetLastError();
}

} // namespace kwb::gpu
