#pragma once
// Trusted device helpers the harness runs around a candidate: seeded input generation,
// poisoning, guard bands, input-unchanged checks, output comparison, L2 flush. Host wrappers
// over kernels in device_kernels.cu; every call enqueues on the given stream.
#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>

namespace kwb::gpu {

// Element types by number, in kwb::DType's order (checked where both are visible): these CUDA
// sources are compiled as C++17 and do not see the C++20 model headers.
enum class Elem : int { F32 = 0, F16 = 1, BF16 = 2, I32 = 3 };
// Tolerance modes in kwb::ToleranceMode's order.
enum class CompareMode : int { Elementwise = 0, ScaledBySumAbs = 1, RelativeToRms = 2 };

inline constexpr std::uint8_t kGuardByte = 0xA5;
// The poison bit patterns: a NaN with a payload no arithmetic produces.
inline constexpr std::uint32_t kPoisonF32 = 0x7FC0DEADu;
inline constexpr std::uint16_t kPoison16 = 0x7DEAu; // f16 NaN; for bf16 0x7FDE is used
inline constexpr std::uint16_t kPoisonBf16 = 0x7FDEu;

// Distributions in kwb::DistributionKind's order (checked where both are visible).
enum class RandomKind : int { Normal = 0, Uniform = 1, Integers = 2 };

// Fills n elements from (seed, stream id), counter-based. Normal: a + b * N(0,1); Uniform: in
// [a, b); Integers: whole numbers uniform in [a, b], both ends included.
cudaError_t fillRandom(void* ptr, Elem t, std::size_t n, std::uint64_t seed, RandomKind kind,
                       double a, double b, cudaStream_t s);
cudaError_t fillPoison(void* ptr, Elem t, std::size_t n, cudaStream_t s);

struct CompareStats {
    unsigned long long mismatches = 0;
    unsigned long long unwritten = 0; // still holding the poison pattern
    unsigned long long otherNaN = 0;  // NaN or Inf the candidate wrote
    unsigned long long firstBad = ~0ull;
    double maxAbsErr = 0;
    double maxRelErr = 0; // over elements whose reference is at least atol / rtol (0 if none)
    double refRms = 0;
    // At firstBad: what the candidate wrote (NaN when unwritten), the reference, and the
    // largest difference the tolerance allows there.
    double firstGot = 0, firstExpected = 0, firstAllowed = 0;
};

// got (dtype t) against ref (double or float on the device, refIsDouble says which).
// scale: nullptr, or one double per element (ScaledBySumAbs); rms: used for RelativeToRms.
cudaError_t compareOutputs(const void* got, Elem t, const void* ref, bool refIsDouble,
                           std::size_t n, double rtol, double atol, CompareMode mode,
                           const double* scalePerElement, double scalarScale, CompareStats* out,
                           cudaStream_t s);
// Root mean square of a float or double device array (synchronous).
cudaError_t deviceRms(const void* ref, bool isDouble, std::size_t n, double* out, cudaStream_t s);
// Sum of |x| over a device array of dtype t (synchronous).
cudaError_t deviceSumAbs(const void* x, Elem t, std::size_t n, double* out, cudaStream_t s);
// Number of 32-bit words (or bytes at the tail) that differ between a and b (synchronous).
cudaError_t countDifferentBytes(const void* a, const void* b, std::size_t bytes,
                                unsigned long long* out, cudaStream_t s);
// A device array of dtype t widened into a reference for compareOutputs: float for the float
// types, double for int32, whose whole numbers above 2^24 (an index into a large array) float
// would round. referenceIsDouble(t) is compareOutputs' refIsDouble for it; dst holds
// referenceBytes(t, n).
bool referenceIsDouble(Elem t);
std::size_t referenceBytes(Elem t, std::size_t n);
cudaError_t convertToReference(const void* src, Elem t, void* dst, std::size_t n, cudaStream_t s);
// One thread that spins for about this many microseconds (the global timer): keeps the stream
// busy while the host enqueues a timed sample behind it.
cudaError_t spin(double microseconds, cudaStream_t s);
// What one thread saw of the device while it read the global timer (watchDevice).
struct DeviceWatch {
    double largestGapUs = 0; // the longest stretch between two of its reads
    int gaps = 0;            // stretches longer than the threshold
};
// One thread reads the global timer for about `ms`. A stretch in which the device ran another
// process's kernels instead of this one's (a time slice; tests/benchmarks/README.md, contention) is
// a gap between two reads; a device to itself shows none over a microsecond, and another process
// that holds a context but sends no work shows none either (tests/benchmarks/contention_probe.cu).
// Waits for the stream.
cudaError_t watchDevice(double ms, double thresholdUs, DeviceWatch* out, cudaStream_t s);
// The SM clock in MHz as an SM counts it: one thread reads its cycle counter at two steps of the
// global timer at least `windowUs` apart (the timer moves in steps of up to about a microsecond,
// and a window between two steps has no error from them). Waits for the stream; *mhz is 0 where it
// fails or the thread was moved to another SM in between.
cudaError_t measureSmClock(double windowUs, int* mhz, cudaStream_t s);
// Replaces each memset node of `graph` that writes at most `maxBytes` by a kernel node writing
// the same bytes, with the same dependencies. A captured cudaMemsetAsync becomes a memset node
// that costs the H200 about a microsecond more than a kernel node to run in a replayed batch,
// and 1.3 us of host time each to launch. `replaced` counts them.
cudaError_t memsetNodesToKernels(cudaGraph_t graph, std::size_t maxBytes, int* replaced);

} // namespace kwb::gpu
