#include "core/gpu/device_kernels.h"

#include <algorithm>
#include <vector>

#include "core/gpu/device_elem.cuh"
#include <cub/block/block_reduce.cuh>

namespace kwb::gpu {
namespace {
using namespace detail;

// Every kernel below that reduces runs 256 threads a block (gridFor), and reduces within the
// block before one atomic per block: a million threads' atomics on one address serialise in
// the L2 and cost milliseconds (about 2 ms a comparison on the H200, checking each buffer copy
// after timing).
constexpr int kBlock = 256;
template <typename T> using BlockReduce = cub::BlockReduce<T, kBlock>;

struct MinOp {
    template <typename T> __device__ T operator()(const T& a, const T& b) const {
        return b < a ? b : a;
    }
};
struct MaxOp {
    template <typename T> __device__ T operator()(const T& a, const T& b) const {
        return a < b ? b : a;
    }
};

__global__ void fillRandomKernel(void* p, Elem t, std::size_t n, std::uint64_t seed, int kind,
                                 double a, double b) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        store(p, t, i, randomValue(seed, i, kind, a, b));
    }
}

__global__ void spinKernel(unsigned long long ns) {
    unsigned long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (t - t0 < ns);
}

struct WatchCounts {
    unsigned long long largest, gaps;
};
__device__ WatchCounts g_watch;

__global__ void watchKernel(unsigned long long ns, unsigned long long thresholdNs) {
    unsigned long long t0, last, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    last = t0;
    WatchCounts c{0, 0};
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        const unsigned long long d = t - last;
        c.largest = d > c.largest ? d : c.largest;
        if (d > thresholdNs)
            ++c.gaps;
        last = t;
    } while (t - t0 < ns);
    g_watch = c;
}

struct ClockCounts {
    unsigned long long cycles, ns;
    unsigned sameSm; // the thread read both counters on one SM (it was not moved in between)
};
__device__ ClockCounts g_clock;

// One thread counts its SM's cycles over at least `ns` of the global timer, from one of the
// timer's steps to another: the timer moves in steps (about a microsecond on some parts), so a
// window started anywhere inside a step would be off by up to a step.
__global__ void smClockKernel(unsigned long long ns) {
    unsigned long long first, t0, t;
    unsigned sm0, sm1;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm0));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(first));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    } while (t0 == first);
    const long long c0 = clock64();
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    } while (t - t0 < ns);
    const long long c1 = clock64();
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm1));
    g_clock = {static_cast<unsigned long long>(c1 - c0), t - t0, sm0 == sm1 ? 1u : 0u};
}

__global__ void memsetNodeKernel(char* dst, std::size_t pitch, unsigned value, unsigned elementSize,
                                 std::size_t width, std::size_t height) {
    const std::size_t total = width * height;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < total;
         i += std::size_t(gridDim.x) * blockDim.x) {
        char* p = dst + (i / width) * pitch + (i % width) * elementSize;
        if (elementSize == 4)
            *reinterpret_cast<unsigned*>(p) = value;
        else if (elementSize == 2)
            *reinterpret_cast<unsigned short*>(p) = static_cast<unsigned short>(value);
        else
            *p = static_cast<char>(value);
    }
}

__global__ void fillPoisonKernel(void* p, Elem t, std::size_t n) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        storePoison(p, t, i);
    }
}

struct DeviceStats {
    unsigned long long mismatches, unwritten, otherNaN, firstBad;
    unsigned long long maxAbsBits, maxRelBits; // non-negative doubles compare as integers
    double firstGot, firstRef, firstAllowed;   // at firstBad, filled by describeFirstKernel
};

__global__ void compareKernel(const void* got, Elem t, const void* ref, bool refIsDouble,
                              std::size_t n, double rtol, double atol, int mode,
                              const double* scale, double scalarScale, DeviceStats* st) {
    unsigned long long mism = 0, unw = 0, nan = 0, first = ~0ull;
    double maxAbs = 0, maxRel = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        double r = refIsDouble ? static_cast<const double*>(ref)[i]
                               : double(static_cast<const float*>(ref)[i]);
        bool bad = false;
        if (isPoison(got, t, i)) {
            ++unw;
            bad = true;
        } else {
            double g = load(got, t, i);
            if (!isfinite(g)) {
                if (!(isnan(g) && isnan(r)) && !(isinf(g) && g == r)) {
                    ++nan;
                    bad = true;
                }
            } else {
                double err = fabs(g - r);
                double sc = mode == 0   ? fabs(r)
                            : mode == 1 ? (scale ? scale[i] : scalarScale)
                                        : fmax(fabs(r), scalarScale);
                maxAbs = fmax(maxAbs, err);
                // Relative error only where the reference is at least atol / rtol: below that
                // the absolute tolerance decides, and err / |r| near zero says nothing (GELU's
                // outputs near 0 gave 1e27).
                if (r != 0 && fabs(r) >= (rtol > 0 ? atol / rtol : 0.0))
                    maxRel = fmax(maxRel, fmin(err / fabs(r), 1e30));
                if (!(err <= atol + rtol * sc))
                    bad = true;
            }
        }
        if (bad) {
            ++mism;
            if (i < first)
                first = i;
        }
    }
    __shared__ typename BlockReduce<unsigned long long>::TempStorage countTemp;
    __shared__ typename BlockReduce<double>::TempStorage realTemp;
    mism = BlockReduce<unsigned long long>(countTemp).Sum(mism);
    __syncthreads();
    unw = BlockReduce<unsigned long long>(countTemp).Sum(unw);
    __syncthreads();
    nan = BlockReduce<unsigned long long>(countTemp).Sum(nan);
    __syncthreads();
    first = BlockReduce<unsigned long long>(countTemp).Reduce(first, MinOp());
    maxAbs = BlockReduce<double>(realTemp).Reduce(maxAbs, MaxOp());
    __syncthreads();
    maxRel = BlockReduce<double>(realTemp).Reduce(maxRel, MaxOp());
    if (threadIdx.x != 0) // the block's totals are valid in thread 0
        return;
    if (mism)
        atomicAdd(&st->mismatches, mism);
    if (unw)
        atomicAdd(&st->unwritten, unw);
    if (nan)
        atomicAdd(&st->otherNaN, nan);
    if (first != ~0ull)
        atomicMin(&st->firstBad, first);
    atomicMax(&st->maxAbsBits, static_cast<unsigned long long>(__double_as_longlong(maxAbs)));
    atomicMax(&st->maxRelBits, static_cast<unsigned long long>(__double_as_longlong(maxRel)));
}

// One thread: the values at the first bad element, with the same formula as compareKernel.
__global__ void describeFirstKernel(const void* got, Elem t, const void* ref, bool refIsDouble,
                                    double rtol, double atol, int mode, const double* scale,
                                    double scalarScale, DeviceStats* st) {
    const unsigned long long i = st->firstBad;
    if (i == ~0ull)
        return;
    double r = refIsDouble ? static_cast<const double*>(ref)[i]
                           : double(static_cast<const float*>(ref)[i]);
    double sc = mode == 0   ? fabs(r)
                : mode == 1 ? (scale ? scale[i] : scalarScale)
                            : fmax(fabs(r), scalarScale);
    st->firstGot = isPoison(got, t, i) ? nan("") : load(got, t, i);
    st->firstRef = r;
    st->firstAllowed = atol + rtol * sc;
}

__global__ void sumSquaresKernel(const void* p, bool isDouble, std::size_t n, double* acc) {
    double s = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        double v =
            isDouble ? static_cast<const double*>(p)[i] : double(static_cast<const float*>(p)[i]);
        if (isfinite(v))
            s += v * v;
    }
    __shared__ typename BlockReduce<double>::TempStorage temp;
    s = BlockReduce<double>(temp).Sum(s);
    if (threadIdx.x == 0)
        atomicAdd(acc, s);
}

__global__ void sumAbsKernel(const void* p, Elem t, std::size_t n, double* acc) {
    double s = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        s += fabs(load(p, t, i));
    __shared__ typename BlockReduce<double>::TempStorage temp;
    s = BlockReduce<double>(temp).Sum(s);
    if (threadIdx.x == 0)
        atomicAdd(acc, s);
}

__global__ void diffKernel(const unsigned char* a, const unsigned char* b, std::size_t bytes,
                           unsigned long long* out) {
    unsigned long long d = 0;
    std::size_t words = bytes / 4;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words;
         i += std::size_t(gridDim.x) * blockDim.x)
        d += reinterpret_cast<const std::uint32_t*>(a)[i] !=
             reinterpret_cast<const std::uint32_t*>(b)[i];
    if (blockIdx.x == 0 && threadIdx.x == 0)
        for (std::size_t i = words * 4; i < bytes; ++i)
            d += a[i] != b[i];
    __shared__ typename BlockReduce<unsigned long long>::TempStorage temp;
    d = BlockReduce<unsigned long long>(temp).Sum(d);
    if (threadIdx.x == 0 && d)
        atomicAdd(out, d);
}

template <typename T> __global__ void widenKernel(const void* src, Elem t, T* dst, std::size_t n) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        dst[i] = T(load(src, t, i));
}

unsigned gridFor(std::size_t n) {
    std::size_t blocks = (n + kBlock - 1) / kBlock;
    return static_cast<unsigned>(blocks < 1 ? 1 : blocks > 4096 ? 4096 : blocks);
}

template <typename T> cudaError_t syncScalar(T* dev, T* host, cudaStream_t s) {
    cudaError_t e = cudaMemcpyAsync(host, dev, sizeof(T), cudaMemcpyDeviceToHost, s);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(s);
    return e;
}

} // namespace

cudaError_t fillRandom(void* ptr, Elem t, std::size_t n, std::uint64_t seed, RandomKind kind,
                       double a, double b, cudaStream_t s) {
    fillRandomKernel<<<gridFor(n), 256, 0, s>>>(ptr, t, n, seed, static_cast<int>(kind), a, b);
    return cudaGetLastError();
}

cudaError_t spin(double microseconds, cudaStream_t s) {
    spinKernel<<<1, 1, 0, s>>>(static_cast<unsigned long long>(microseconds * 1000.0));
    return cudaGetLastError();
}

namespace {

// After a one-thread probe kernel on `s`: its launch's error, or its result slot read back
// (g_watch, g_clock) once the stream is done.
template <class Slot> cudaError_t readProbeSlot(const Slot& slot, Slot* out, cudaStream_t s) {
    if (auto e = cudaGetLastError(); e != cudaSuccess)
        return e;
    if (auto e = cudaMemcpyFromSymbolAsync(out, slot, sizeof(Slot), 0, cudaMemcpyDeviceToHost, s);
        e != cudaSuccess)
        return e;
    return cudaStreamSynchronize(s);
}

} // namespace

cudaError_t watchDevice(double ms, double thresholdUs, DeviceWatch* out, cudaStream_t s) {
    watchKernel<<<1, 1, 0, s>>>(static_cast<unsigned long long>(ms * 1e6),
                                static_cast<unsigned long long>(thresholdUs * 1e3));
    WatchCounts c{};
    if (auto e = readProbeSlot(g_watch, &c, s); e != cudaSuccess)
        return e;
    out->largestGapUs = double(c.largest) / 1e3;
    out->gaps = int(c.gaps);
    return cudaSuccess;
}

cudaError_t measureSmClock(double windowUs, int* mhz, cudaStream_t s) {
    *mhz = 0;
    // Read between a candidate's samples: an error its launches left is not this call's to clear.
    if (auto pending = cudaPeekAtLastError(); pending != cudaSuccess)
        return pending;
    smClockKernel<<<1, 1, 0, s>>>(static_cast<unsigned long long>(windowUs * 1e3));
    ClockCounts c{};
    if (auto e = readProbeSlot(g_clock, &c, s); e != cudaSuccess)
        return e;
    // Another SM's counter at the end (the thread moved, a time slice's preemption) counts
    // nothing of this SM's: no reading.
    if (c.ns > 0 && c.sameSm)
        *mhz = static_cast<int>(double(c.cycles) * 1e3 / double(c.ns) + 0.5);
    return cudaSuccess;
}

cudaError_t memsetNodesToKernels(cudaGraph_t graph, std::size_t maxBytes, int* replaced) {
    *replaced = 0;
    std::size_t count = 0;
    if (auto e = cudaGraphGetNodes(graph, nullptr, &count); e != cudaSuccess)
        return e;
    std::vector<cudaGraphNode_t> nodes(count);
    if (auto e = cudaGraphGetNodes(graph, nodes.data(), &count); e != cudaSuccess)
        return e;
    for (cudaGraphNode_t node : nodes) {
        cudaGraphNodeType type{};
        if (auto e = cudaGraphNodeGetType(node, &type); e != cudaSuccess)
            return e;
        if (type != cudaGraphNodeTypeMemset)
            continue;
        cudaMemsetParams m{};
        if (auto e = cudaGraphMemsetNodeGetParams(node, &m); e != cudaSuccess)
            return e;
        if (m.width * m.height * m.elementSize > maxBytes ||
            (m.elementSize != 1 && m.elementSize != 2 && m.elementSize != 4))
            continue;
        std::size_t nd = 0, nt = 0;
        if (auto e = cudaGraphNodeGetDependencies(node, nullptr, nullptr, &nd); e != cudaSuccess)
            return e;
        if (auto e = cudaGraphNodeGetDependentNodes(node, nullptr, nullptr, &nt); e != cudaSuccess)
            return e;
        std::vector<cudaGraphNode_t> deps(nd), dependents(nt);
        if (nd > 0)
            if (auto e = cudaGraphNodeGetDependencies(node, deps.data(), nullptr, &nd);
                e != cudaSuccess)
                return e;
        if (nt > 0)
            if (auto e = cudaGraphNodeGetDependentNodes(node, dependents.data(), nullptr, &nt);
                e != cudaSuccess)
                return e;
        char* dst = static_cast<char*>(m.dst);
        std::size_t pitch = m.pitch, width = m.width, height = m.height;
        unsigned value = m.value, elementSize = m.elementSize;
        void* args[] = {&dst, &pitch, &value, &elementSize, &width, &height};
        cudaKernelNodeParams k{};
        k.func = reinterpret_cast<void*>(memsetNodeKernel);
        k.gridDim =
            dim3(static_cast<unsigned>(std::min<std::size_t>((width * height + 255) / 256, 1024)));
        k.blockDim = dim3(256);
        k.kernelParams = args;
        cudaGraphNode_t kernel = nullptr;
        if (auto e = cudaGraphAddKernelNode(&kernel, graph, deps.data(), nd, &k); e != cudaSuccess)
            return e;
        for (cudaGraphNode_t d : dependents)
            if (auto e = cudaGraphAddDependencies(graph, &kernel, &d, nullptr, 1); e != cudaSuccess)
                return e;
        if (auto e = cudaGraphDestroyNode(node); e != cudaSuccess)
            return e;
        ++*replaced;
    }
    return cudaSuccess;
}

cudaError_t fillPoison(void* ptr, Elem t, std::size_t n, cudaStream_t s) {
    fillPoisonKernel<<<gridFor(n), 256, 0, s>>>(ptr, t, n);
    return cudaGetLastError();
}

cudaError_t compareOutputs(const void* got, Elem t, const void* ref, bool refIsDouble,
                           std::size_t n, double rtol, double atol, CompareMode cmode,
                           const double* scalePerElement, double scalarScale, CompareStats* out,
                           cudaStream_t s) {
    DeviceStats* st = nullptr;
    cudaError_t e = cudaMallocAsync(&st, sizeof(DeviceStats), s);
    if (e != cudaSuccess)
        return e;
    DeviceStats init{0, 0, 0, ~0ull, 0, 0, 0, 0, 0};
    cudaMemcpyAsync(st, &init, sizeof init, cudaMemcpyHostToDevice, s);
    int mode = static_cast<int>(cmode);
    compareKernel<<<gridFor(n), kBlock, 0, s>>>(got, t, ref, refIsDouble, n, rtol, atol, mode,
                                                scalePerElement, scalarScale, st);
    describeFirstKernel<<<1, 1, 0, s>>>(got, t, ref, refIsDouble, rtol, atol, mode, scalePerElement,
                                        scalarScale, st);
    DeviceStats host{};
    e = cudaGetLastError();
    if (e == cudaSuccess)
        e = syncScalar(st, &host, s);
    cudaFreeAsync(st, s);
    if (e != cudaSuccess)
        return e;
    out->mismatches = host.mismatches;
    out->unwritten = host.unwritten;
    out->otherNaN = host.otherNaN;
    out->firstBad = host.firstBad;
    out->maxAbsErr = __builtin_bit_cast(double, host.maxAbsBits);
    out->maxRelErr = __builtin_bit_cast(double, host.maxRelBits);
    out->firstGot = host.firstGot;
    out->firstExpected = host.firstRef;
    out->firstAllowed = host.firstAllowed;
    return cudaStreamSynchronize(s);
}

cudaError_t deviceRms(const void* ref, bool isDouble, std::size_t n, double* out, cudaStream_t s) {
    double* acc = nullptr;
    cudaError_t e = cudaMallocAsync(&acc, sizeof(double), s);
    if (e != cudaSuccess)
        return e;
    cudaMemsetAsync(acc, 0, sizeof(double), s);
    sumSquaresKernel<<<gridFor(n), kBlock, 0, s>>>(ref, isDouble, n, acc);
    double sum = 0;
    e = syncScalar(acc, &sum, s);
    cudaFreeAsync(acc, s);
    *out = n ? sqrt(sum / double(n)) : 0.0;
    return e;
}

cudaError_t deviceSumAbs(const void* x, Elem t, std::size_t n, double* out, cudaStream_t s) {
    double* acc = nullptr;
    cudaError_t e = cudaMallocAsync(&acc, sizeof(double), s);
    if (e != cudaSuccess)
        return e;
    cudaMemsetAsync(acc, 0, sizeof(double), s);
    sumAbsKernel<<<gridFor(n), kBlock, 0, s>>>(x, t, n, acc);
    e = syncScalar(acc, out, s);
    cudaFreeAsync(acc, s);
    return e;
}

cudaError_t countDifferentBytes(const void* a, const void* b, std::size_t bytes,
                                unsigned long long* out, cudaStream_t s) {
    unsigned long long* acc = nullptr;
    cudaError_t e = cudaMallocAsync(&acc, sizeof *acc, s);
    if (e != cudaSuccess)
        return e;
    cudaMemsetAsync(acc, 0, sizeof *acc, s);
    diffKernel<<<gridFor(bytes / 4 + 1), kBlock, 0, s>>>(
        static_cast<const unsigned char*>(a), static_cast<const unsigned char*>(b), bytes, acc);
    e = syncScalar(acc, out, s);
    cudaFreeAsync(acc, s);
    return e;
}

bool referenceIsDouble(Elem t) {
    return t == Elem::I32;
}

std::size_t referenceBytes(Elem t, std::size_t n) {
    return n * (referenceIsDouble(t) ? sizeof(double) : sizeof(float));
}

cudaError_t convertToReference(const void* src, Elem t, void* dst, std::size_t n, cudaStream_t s) {
    if (referenceIsDouble(t))
        widenKernel<<<gridFor(n), 256, 0, s>>>(src, t, static_cast<double*>(dst), n);
    else
        widenKernel<<<gridFor(n), 256, 0, s>>>(src, t, static_cast<float*>(dst), n);
    return cudaGetLastError();
}

} // namespace kwb::gpu
