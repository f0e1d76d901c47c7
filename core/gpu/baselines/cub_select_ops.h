#pragma once
// CUB device-wide extremum, argument-extremum, row product, exclusive scan and radix sort,
// wrapped so plain C++ can call them (CUB needs nvcc). Each call first sizes its temporary
// storage when temp is null (nothing is launched then), like CUB itself; the baseline calls
// every one once that way in prepare() and allocates what it returns.
#include <cstddef>

#include <cuda_runtime_api.h>

namespace kwb::gpu {

enum class CubSelectOp { Max, Min, ArgMax, ArgMin, ProdRows, ExclusiveSum, SortKeys };

struct CubSelectArgs {
    const void* in = nullptr;     // float, or int keys for SortKeys
    void* out = nullptr;          // float, or int (ArgMax, ArgMin: the index; SortKeys: the keys)
    float* value = nullptr;       // ArgMax, ArgMin: where CUB also writes the extreme value
    const int* offsets = nullptr; // ProdRows: rows + 1 row offsets (r * cols)
    int n = 0;                    // elements; ProdRows: rows
    cudaStream_t stream = nullptr;
};

// With temp null: only sets *tempBytes. Otherwise enqueues the operation.
cudaError_t cubSelect(CubSelectOp op, void* temp, std::size_t* tempBytes, const CubSelectArgs& a);

} // namespace kwb::gpu
