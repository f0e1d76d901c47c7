// Device helpers over the timing sets (see set_kernels.h).
#include "core/gpu/set_kernels.h"

#include <algorithm>

#include <cub/block/block_reduce.cuh>

#include "core/gpu/device_elem.cuh"

namespace kwb::gpu {
namespace {
using namespace detail;

constexpr int kBlock = 256;
using CountReduce = cub::BlockReduce<unsigned long long, kBlock>;
using RealReduce = cub::BlockReduce<double, kBlock>;

struct MinOp {
    __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const {
        return b < a ? b : a;
    }
};

__device__ __forceinline__ std::uint64_t setSeed(std::uint64_t seed, int set) {
    return mix64(seed + 0x9e3779b97f4a7c15ull * (std::uint64_t(set) + 1));
}

__device__ __forceinline__ std::uint64_t elementHash(std::uint32_t bits, std::size_t i) {
    return mix64(std::uint64_t(bits) ^ mix64(i + 0x632be59bd9b4e019ull));
}

// Elements of one set: this block's share of them, for a grid of (x blocks, sets).
#define KWB_FOR_SET_ELEMENTS(i, n)                                                                 \
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < (n);              \
         i += std::size_t(gridDim.x) * blockDim.x)

dim3 gridFor(std::size_t n, int sets) {
    const std::size_t perSet = std::max<std::size_t>(2, 8192 / std::size_t(std::max(sets, 1)));
    const std::size_t blocks = std::clamp<std::size_t>((n + kBlock - 1) / kBlock, 1, perSet);
    return dim3(static_cast<unsigned>(blocks), static_cast<unsigned>(std::max(sets, 1)));
}

// Element i of a set: the task's distribution (fillRandom's kinds), drawn in single precision
// from one counter hash. The sets are refilled before every timed sample and generated again
// to check that the inputs are unchanged, so this generator runs twice per sample over every
// input element; fillRandom's double-precision Box-Muller made both steps compute-bound, several
// times the time of reading the inputs once. Rounded explicitly, as randomValue is, so both
// kernels below produce the same bits. Normal: a + b * N(0,1), the tail cut near 5.8 sigma;
// uniform: (a, b]; integers: uniform over [a, b], both ends included.
__device__ __forceinline__ double setValue(std::uint64_t seed, std::uint64_t i, int kind, double a,
                                           double b) {
    const std::uint64_t r = mix64(seed + 0x9e3779b97f4a7c15ull * (i + 1));
    if (kind == 2) {
        const double lo = ceil(a), span = floor(b) - lo + 1;
        if (!(span >= 1))
            return lo;
        return lo + double(__umul64hi(r, static_cast<std::uint64_t>(span)));
    }
    const float u1 = __fmul_rn(float((r >> 40) + 1), 0x1p-24f); // (0, 1]
    if (kind == 1)
        return __fadd_rn(float(a), __fmul_rn(__fsub_rn(float(b), float(a)), u1));
    const float u2 = __fmul_rn(float(r & 0xffffffull), 0x1p-24f); // [0, 1)
    const float radius = __fsqrt_rn(__fmul_rn(-2.0f, __logf(u1)));
    const float c = __cosf(__fsub_rn(__fmul_rn(6.28318531f, u2), 3.14159265f));
    return __fadd_rn(float(a), __fmul_rn(__fmul_rn(float(b), radius), c));
}

__global__ void fillRandomSetsKernel(SetSlab s, int first, std::uint64_t seed, int kind, double a,
                                     double b) {
    const int set = first + int(blockIdx.y);
    void* p = s.at(set);
    const std::uint64_t sd = setSeed(seed, set);
    KWB_FOR_SET_ELEMENTS(i, s.count) store(p, s.type, i, setValue(sd, i, kind, a, b));
}

__global__ void countChangedKernel(SetSlab s, int first, std::uint64_t seed, int kind, double a,
                                   double b, unsigned long long* out) {
    const int set = first + int(blockIdx.y);
    const void* p = s.at(set);
    const std::uint64_t sd = setSeed(seed, set);
    unsigned long long changed = 0;
    KWB_FOR_SET_ELEMENTS(i, s.count)
    changed += bitsAt(p, s.type, i) != storedBits(s.type, setValue(sd, i, kind, a, b));
    __shared__ typename CountReduce::TempStorage temp;
    changed = CountReduce(temp).Sum(changed);
    if (threadIdx.x == 0 && changed)
        atomicAdd(&out[blockIdx.y], changed);
}

__global__ void fillPoisonSetsKernel(SetSlab s, int first) {
    void* p = s.at(first + int(blockIdx.y));
    KWB_FOR_SET_ELEMENTS(i, s.count) storePoison(p, s.type, i);
}

__global__ void sumSetsKernel(SetSlab s, int first, bool squares, double* out) {
    const void* p = s.at(first + int(blockIdx.y));
    double sum = 0;
    KWB_FOR_SET_ELEMENTS(i, s.count) {
        const double v = load(p, s.type, i);
        if (isfinite(v))
            sum += squares ? v * v : fabs(v);
    }
    __shared__ typename RealReduce::TempStorage temp;
    sum = RealReduce(temp).Sum(sum);
    if (threadIdx.x == 0)
        atomicAdd(&out[blockIdx.y], sum);
}

__global__ void compareSetsKernel(SetSlab got, SetSlab ref, int first, double rtol, double atol,
                                  int mode, const double* sums, SetCompare* out) {
    const int set = first + int(blockIdx.y);
    const void* g = got.at(set);
    const void* r = ref.at(set);
    const double sum = sums ? sums[blockIdx.y] : 0.0;
    const double scalar = mode == 2 ? (got.count ? sqrt(sum / double(got.count)) : 0.0) : sum;
    unsigned long long mism = 0, unw = 0, bad = 0, firstBad = ~0ull;
    KWB_FOR_SET_ELEMENTS(i, got.count) {
        const double rv = load(r, ref.type, i);
        bool wrong = false;
        if (isPoison(g, got.type, i)) {
            ++unw;
            wrong = true;
        } else {
            const double gv = load(g, got.type, i);
            if (!isfinite(gv)) {
                if (!(isnan(gv) && isnan(rv)) && !(isinf(gv) && gv == rv)) {
                    ++bad;
                    wrong = true;
                }
            } else if (!(fabs(gv - rv) <= atol + rtol * toleranceScale(mode, rv, scalar))) {
                wrong = true;
            }
        }
        if (wrong) {
            ++mism;
            firstBad = min(firstBad, static_cast<unsigned long long>(i));
        }
    }
    __shared__ typename CountReduce::TempStorage temp;
    mism = CountReduce(temp).Sum(mism);
    __syncthreads();
    unw = CountReduce(temp).Sum(unw);
    __syncthreads();
    bad = CountReduce(temp).Sum(bad);
    __syncthreads();
    firstBad = CountReduce(temp).Reduce(firstBad, MinOp());
    if (threadIdx.x != 0 || !mism)
        return;
    SetCompare* o = &out[blockIdx.y];
    atomicAdd(&o->mismatches, mism);
    atomicAdd(&o->unwritten, unw);
    atomicAdd(&o->nonFinite, bad);
    atomicMin(&o->firstBad, firstBad);
}

__global__ void initSetCompareKernel(SetCompare* out, int sets) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < sets; i += gridDim.x * blockDim.x)
        out[i] = SetCompare{};
}

__global__ void auditMarkKernel(SetSlab s, int set, int next, AuditMark* mark) {
    const void* p = s.at(set);
    unsigned long long unw = 0, hash = 0, early = 0;
    KWB_FOR_SET_ELEMENTS(i, s.count) {
        unw += isPoison(p, s.type, i);
        hash += elementHash(bitsAt(p, s.type, i), i);
        if (next >= 0)
            early += !isPoison(s.at(next), s.type, i);
    }
    __shared__ typename CountReduce::TempStorage temp;
    unw = CountReduce(temp).Sum(unw);
    __syncthreads();
    hash = CountReduce(temp).Sum(hash);
    __syncthreads();
    early = CountReduce(temp).Sum(early);
    if (threadIdx.x != 0)
        return;
    atomicAdd(&mark->unwritten, unw);
    atomicAdd(&mark->hash, hash);
    atomicAdd(&mark->writtenEarly, early);
}

__global__ void hashSetsKernel(SetSlab s, int first, unsigned long long* out) {
    const void* p = s.at(first + int(blockIdx.y));
    unsigned long long hash = 0;
    KWB_FOR_SET_ELEMENTS(i, s.count) hash += elementHash(bitsAt(p, s.type, i), i);
    __shared__ typename CountReduce::TempStorage temp;
    hash = CountReduce(temp).Sum(hash);
    if (threadIdx.x == 0)
        atomicAdd(&out[blockIdx.y], hash);
}

__global__ void touchSetsKernel(SetSlab s, int first, unsigned long long* sink) {
    const void* p = s.at(first + int(blockIdx.y));
    std::uint32_t acc = 0;
    KWB_FOR_SET_ELEMENTS(i, s.count) acc ^= bitsAt(p, s.type, i);
    if (acc == 0x9e3779b9u)
        *sink = acc;
}

__global__ void countGapBytesKernel(SetSlab s, std::size_t payloadBytes, unsigned long long* out) {
    const unsigned char* gap =
        static_cast<const unsigned char*>(s.at(int(blockIdx.y))) + payloadBytes;
    const std::size_t gapBytes = s.strideBytes - payloadBytes;
    unsigned long long bad = 0;
    KWB_FOR_SET_ELEMENTS(i, gapBytes) bad += gap[i] != kGuardByte;
    __shared__ typename CountReduce::TempStorage temp;
    bad = CountReduce(temp).Sum(bad);
    if (threadIdx.x == 0 && bad)
        atomicAdd(out, bad);
}

__global__ void holdGateKernel(const volatile int* release, int* opened, unsigned long long maxNs) {
    unsigned long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (*release == 0 && t - t0 < maxNs);
    *opened = 1;
    __threadfence_system();
}

__global__ void countWrittenKernel(const void* p, Elem t, std::size_t n, unsigned long long* out) {
    unsigned long long written = 0;
    KWB_FOR_SET_ELEMENTS(i, n) written += !isPoison(p, t, i);
    __shared__ typename CountReduce::TempStorage temp;
    written = CountReduce(temp).Sum(written);
    if (threadIdx.x == 0 && written)
        atomicAdd(out, written);
}

__global__ void readOpenedKernel(const volatile int* opened, unsigned long long* out) {
    *out = *opened ? 1 : 0;
}

__global__ void maskBytesKernel(unsigned char* p, std::size_t bytes, std::uint64_t key) {
    const std::size_t words = bytes / 4;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
         i += std::size_t(gridDim.x) * blockDim.x)
        reinterpret_cast<std::uint32_t*>(p)[i] ^=
            static_cast<std::uint32_t>(mix64(key ^ mix64(i + 1)));
    if (blockIdx.x == 0 && threadIdx.x == 0)
        for (std::size_t i = words * 4; i < bytes; ++i)
            p[i] ^= static_cast<unsigned char>(mix64(key ^ mix64(~i)));
}

} // namespace

cudaError_t fillRandomSets(const SetSlab& s, int first, int sets, std::uint64_t seed,
                           RandomKind kind, double a, double b, cudaStream_t st) {
    fillRandomSetsKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(s, first, seed,
                                                                    static_cast<int>(kind), a, b);
    return cudaGetLastError();
}

cudaError_t countChangedSets(const SetSlab& s, int first, int sets, std::uint64_t seed,
                             RandomKind kind, double a, double b, unsigned long long* out,
                             cudaStream_t st) {
    countChangedKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(
        s, first, seed, static_cast<int>(kind), a, b, out);
    return cudaGetLastError();
}

cudaError_t fillPoisonSets(const SetSlab& s, int first, int sets, cudaStream_t st) {
    fillPoisonSetsKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(s, first);
    return cudaGetLastError();
}

cudaError_t sumSets(const SetSlab& s, int first, int sets, bool squares, double* out,
                    cudaStream_t st) {
    sumSetsKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(s, first, squares, out);
    return cudaGetLastError();
}

cudaError_t initSetCompare(SetCompare* out, int sets, cudaStream_t st) {
    initSetCompareKernel<<<std::max(1, std::min(64, (sets + kBlock - 1) / kBlock)), kBlock, 0,
                           st>>>(out, sets);
    return cudaGetLastError();
}

cudaError_t compareSets(const SetSlab& got, const SetSlab& ref, int first, int sets, double rtol,
                        double atol, CompareMode mode, const double* sums, SetCompare* out,
                        cudaStream_t st) {
    compareSetsKernel<<<gridFor(got.count, sets), kBlock, 0, st>>>(
        got, ref, first, rtol, atol, static_cast<int>(mode), sums, out);
    return cudaGetLastError();
}

cudaError_t auditMark(const SetSlab& out, int set, int next, AuditMark* mark, cudaStream_t st) {
    auditMarkKernel<<<gridFor(out.count, 1), kBlock, 0, st>>>(out, set, next, mark);
    return cudaGetLastError();
}

cudaError_t hashSets(const SetSlab& s, int first, int sets, unsigned long long* out,
                     cudaStream_t st) {
    hashSetsKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(s, first, out);
    return cudaGetLastError();
}

cudaError_t touchSets(const SetSlab& s, int first, int sets, unsigned long long* sink,
                      cudaStream_t st) {
    touchSetsKernel<<<gridFor(s.count, sets), kBlock, 0, st>>>(s, first, sink);
    return cudaGetLastError();
}

cudaError_t countGapBytes(const SetSlab& s, int sets, std::size_t payloadBytes,
                          unsigned long long* out, cudaStream_t st) {
    if (s.strideBytes <= payloadBytes)
        return cudaSuccess;
    countGapBytesKernel<<<gridFor(s.strideBytes - payloadBytes, sets), kBlock, 0, st>>>(
        s, payloadBytes, out);
    return cudaGetLastError();
}

cudaError_t holdGate(const int* release, int* opened, double maxMicroseconds, cudaStream_t st) {
    holdGateKernel<<<1, 1, 0, st>>>(release, opened,
                                    static_cast<unsigned long long>(maxMicroseconds * 1000.0));
    return cudaGetLastError();
}

cudaError_t probeWritten(const void* p, Elem t, std::size_t n, const int* opened,
                         unsigned long long* out, cudaStream_t st) {
    countWrittenKernel<<<gridFor(n, 1), kBlock, 0, st>>>(p, t, n, out);
    readOpenedKernel<<<1, 1, 0, st>>>(opened, out + 1);
    return cudaGetLastError();
}

cudaError_t maskBytes(void* p, std::size_t bytes, std::uint64_t key, cudaStream_t st) {
    const std::size_t blocks = std::clamp<std::size_t>((bytes / 4 + kBlock - 1) / kBlock, 1, 4096);
    maskBytesKernel<<<static_cast<unsigned>(blocks), kBlock, 0, st>>>(
        static_cast<unsigned char*>(p), bytes, key);
    return cudaGetLastError();
}

} // namespace kwb::gpu
