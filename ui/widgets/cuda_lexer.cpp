#include "ui/widgets/cuda_lexer.h"

#include <QColor>
#include <QFontDatabase>
#include <string>

namespace kwb::ui {

namespace {

// Function-space qualifiers, memory spaces and launch attributes: highlighted as keywords.
constexpr const char* kCudaKeywords =
    " __global__ __device__ __host__ __shared__ __constant__ __managed__ __restrict__"
    " __forceinline__ __noinline__ __launch_bounds__ __grid_constant__ __cluster_dims__"
    " __align__ __builtin_assume_aligned";

// Built-in variables, synchronisation, warp-level primitives, atomics, fast-math, load and
// half-precision intrinsics, WMMA and cooperative-groups names a kernel author reaches for.
constexpr const char* kCudaBuiltins =
    "threadIdx blockIdx blockDim gridDim warpSize clusterDim clusterIdx"
    " __syncthreads __syncthreads_count __syncthreads_and __syncthreads_or __syncwarp"
    " __threadfence __threadfence_block __threadfence_system"
    " __shfl_sync __shfl_up_sync __shfl_down_sync __shfl_xor_sync"
    " __ballot_sync __any_sync __all_sync __activemask __match_any_sync __match_all_sync"
    " __reduce_add_sync __reduce_min_sync __reduce_max_sync"
    " atomicAdd atomicSub atomicExch atomicMin atomicMax atomicInc atomicDec atomicCAS"
    " atomicAnd atomicOr atomicXor"
    " __ldg __ldcg __ldca __ldcs __stcg __stcs __popc __clz __ffs __brev __funnelshift_l"
    " __fdividef __expf __exp10f __logf __log2f __sinf __cosf __powf __saturatef"
    " __fmaf_rn __fmul_rn __fadd_rn __frcp_rn __fsqrt_rn rsqrtf fmaf"
    " __float2half __half2float __float2bfloat16 __bfloat162float __hadd __hmul __hfma"
    " __hadd2 __hmul2 __hfma2 __hmax __hmin __h2div __float22half2_rn __half22float2"
    " __int_as_float __float_as_int __float_as_uint __uint_as_float __mul24 __umul24 __umulhi"
    " __dp4a __prmt __nanosleep clock64 __isGlobal __cvta_generic_to_shared"
    " atomicAdd_block atomicAdd_system __ldlu __ldcv __stwb __stwt"
    " __pipeline_memcpy_async __pipeline_commit __pipeline_wait_prior"
    // Tensor cores through nvcuda::wmma, and cooperative groups.
    " nvcuda wmma fragment matrix_a matrix_b accumulator row_major col_major mem_row_major"
    " mem_col_major load_matrix_sync store_matrix_sync mma_sync fill_fragment"
    " cooperative_groups this_thread_block this_grid tiled_partition thread_block grid_group"
    " thread_block_tile coalesced_threads"
    " cudaStreamSynchronize cudaGetLastError cudaMemcpyAsync cudaMemsetAsync";

// Vector and half-precision types, launch types: highlighted as global classes.
constexpr const char* kCudaTypes =
    "dim3 cudaStream_t cudaEvent_t cudaError_t __half __half2 half half2 __nv_bfloat16"
    " __nv_bfloat162 nv_bfloat16 char1 char2 char4 uchar2 uchar4 short2 short4 int2 int3 int4"
    " uint2 uint3 uint4 long2 longlong2 float1 float2 float3 float4 double2 double4 size_t";

} // namespace

CudaLexer::CudaLexer(QObject* parent) : QsciLexerCPP(parent) {
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setDefaultFont(mono);
    setFont(mono); // every style: the lexer would otherwise mix in proportional fonts
    setColor(QColor(0x8a, 0x3f, 0xb8), KeywordSet2); // built-ins: violet
    setColor(QColor(0x1f, 0x6f, 0x8b), GlobalClass); // CUDA types: teal
}

const char* CudaLexer::language() const {
    return "CUDA";
}

const char* CudaLexer::keywords(int set) const {
    // Built once: Scintilla keeps the pointer for the lexer's lifetime.
    static const std::string primary = [this] {
        const char* base = QsciLexerCPP::keywords(1);
        return std::string(base ? base : "") + kCudaKeywords;
    }();
    switch (set) {
    case 1:
        return primary.c_str();
    case 2:
        return kCudaBuiltins;
    case 4:
        return kCudaTypes;
    default:
        return QsciLexerCPP::keywords(set);
    }
}

} // namespace kwb::ui
