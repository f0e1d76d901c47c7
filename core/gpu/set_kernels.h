#pragma once
// Device helpers over the timing sets: many copies of one buffer parameter laid out in one
// allocation (a slab), set k's payload at base + k * stride, guard bytes between payloads. One
// launch covers a range of sets (blockIdx.y is the set), so a shape with two thousand sets costs
// a handful of launches per sample, not thousands. Every call enqueues on the given stream;
// results land in device arrays the caller reads once. Job-child only.
#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"

namespace kwb::gpu {

struct SetSlab {
    void* base = nullptr;
    std::size_t strideBytes = 0; // from one set's payload to the next (payload, then guard bytes)
    Elem type = Elem::F32;
    std::size_t count = 0; // elements of one set
    __host__ __device__ void* at(int set) const {
        return static_cast<char*>(base) + std::size_t(set) * strideBytes;
    }
};

// Sets [first, first + sets): element i of set k gets element i of the random stream
// (setSeed(seed, k), kind, a, b): fillRandom's distributions, drawn in single precision (cheap
// enough to run before every timed sample; see setValue in set_kernels.cu).
cudaError_t fillRandomSets(const SetSlab& s, int first, int sets, std::uint64_t seed,
                           RandomKind kind, double a, double b, cudaStream_t st);
// Adds to out[j] the elements of set first + j that no longer hold what fillRandomSets wrote.
cudaError_t countChangedSets(const SetSlab& s, int first, int sets, std::uint64_t seed,
                             RandomKind kind, double a, double b, unsigned long long* out,
                             cudaStream_t st);
cudaError_t fillPoisonSets(const SetSlab& s, int first, int sets, cudaStream_t st);
// Adds to out[j] the sum of |x| (squares false) or of x*x (squares true) over set first + j.
cudaError_t sumSets(const SetSlab& s, int first, int sets, bool squares, double* out,
                    cudaStream_t st);

struct SetCompare {
    unsigned long long mismatches = 0, unwritten = 0, nonFinite = 0, firstBad = ~0ull;
};
// got against ref (both of got's element type), set by set, as compareOutputs would: the scalar
// of each set comes from sums[j] (sum |x| of its first input for ScaledBySumAbs, the sum of the
// reference's squares for RelativeToRms; unused for Elementwise). out[j] must start as
// SetCompare{} (initSetCompare).
cudaError_t compareSets(const SetSlab& got, const SetSlab& ref, int first, int sets, double rtol,
                        double atol, CompareMode mode, const double* sums, SetCompare* out,
                        cudaStream_t st);
cudaError_t initSetCompare(SetCompare* out, int sets, cudaStream_t st);

// What an audit records right after one call: in the call's own set, the elements still holding
// the poison and an order-independent hash of every element; in the set the next call will write
// (-1: none), the elements no longer holding the poison.
struct AuditMark {
    unsigned long long unwritten = 0, hash = 0, writtenEarly = 0, reserved = 0;
};
cudaError_t auditMark(const SetSlab& out, int set, int next, AuditMark* mark, cudaStream_t st);
// Adds to out[j] the hash auditMark computes, of set first + j.
cudaError_t hashSets(const SetSlab& s, int first, int sets, unsigned long long* out,
                     cudaStream_t st);
// Reads every element of sets [first, first + sets) and nothing else: it leaves them in the L2 as
// a kernel's reads do (TimingPolicy::primeSets). *sink is written only on a hash match no input is
// meant to make, so the reads cannot be optimised away; it must be scratch whose value is unused.
cudaError_t touchSets(const SetSlab& s, int first, int sets, unsigned long long* sink,
                      cudaStream_t st);
// Adds to *out the bytes between payloads (payloadBytes each, sets of them) that no longer hold
// kGuardByte: a write just past one set's buffer.
cudaError_t countGapBytes(const SetSlab& s, int sets, std::size_t payloadBytes,
                          unsigned long long* out, cudaStream_t st);

// One thread that holds `st` until *release is non-zero or maxMicroseconds pass, then sets
// *opened to 1. Work queued behind it on st (through an event) cannot start before.
cudaError_t holdGate(const int* release, int* opened, double maxMicroseconds, cudaStream_t st);
// out[0] = elements of p no longer poisoned; then out[1] = *opened (read after the count).
cudaError_t probeWritten(const void* p, Elem t, std::size_t n, const int* opened,
                         unsigned long long* out, cudaStream_t st);

// XORs every byte of p with a keystream of `key`; applying it twice restores the buffer. Used to
// keep a reference or a saved output unreadable while candidate code runs.
cudaError_t maskBytes(void* p, std::size_t bytes, std::uint64_t key, cudaStream_t st);

} // namespace kwb::gpu
