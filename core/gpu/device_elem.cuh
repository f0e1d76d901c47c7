#pragma once
// Device-side element helpers shared by the harness's kernels (device_kernels.cu,
// set_kernels.cu): typed loads and stores, the poison test, the counter-based random values.
// Inline in a header so both translation units generate the very same values: the timing sets
// check that an input is unchanged by generating it again and comparing bits.
#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "core/gpu/device_kernels.h"

namespace kwb::gpu::detail {

__device__ __forceinline__ std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

__device__ __forceinline__ double uniform01(std::uint64_t seed, std::uint64_t i,
                                            std::uint64_t lane) {
    std::uint64_t r = mix64(seed ^ mix64(i * 2 + lane + 0x9e3779b97f4a7c15ull));
    return (double((r >> 11) + 1)) * (1.0 / 9007199254740994.0); // (0, 1]
}

// Element i of the stream (seed, kind, a, b): see fillRandom in device_kernels.h. Explicitly
// rounded operations: no kernel may contract them into a fused multiply-add differently from
// another, or an unchanged input would not compare equal to its regeneration.
__device__ __forceinline__ double randomValue(std::uint64_t seed, std::uint64_t i, int kind,
                                              double a, double b) {
    if (kind == 0) { // normal by Box-Muller
        const double u1 = uniform01(seed, i, 0), u2 = uniform01(seed, i, 1);
        const double radius = sqrt(__dmul_rn(-2.0, log(u1)));
        return __dadd_rn(a, __dmul_rn(__dmul_rn(b, radius), cospi(__dmul_rn(2.0, u2))));
    }
    if (kind == 1)
        return __dadd_rn(a, __dmul_rn(__dsub_rn(b, a), uniform01(seed, i, 0)));
    // whole numbers in [a, b]: 1 - u lies in [0, 1)
    const double span = __dadd_rn(__dsub_rn(b, a), 1.0);
    return fmin(b, __dadd_rn(a, floor(__dmul_rn(span, __dsub_rn(1.0, uniform01(seed, i, 0))))));
}

__device__ __forceinline__ void store(void* p, Elem t, std::size_t i, double v) {
    switch (t) {
    case Elem::F32:
        static_cast<float*>(p)[i] = float(v);
        break;
    case Elem::F16:
        static_cast<__half*>(p)[i] = __double2half(v);
        break;
    case Elem::BF16:
        static_cast<__nv_bfloat16*>(p)[i] = __double2bfloat16(v);
        break;
    case Elem::I32:
        static_cast<int*>(p)[i] = int(llrint(v));
        break;
    }
}

// The bits store() writes for v, widened to 32 bits (what an unchanged input holds).
__device__ __forceinline__ std::uint32_t storedBits(Elem t, double v) {
    switch (t) {
    case Elem::F32:
        return __float_as_uint(float(v));
    case Elem::F16:
        return __half_as_ushort(__double2half(v));
    case Elem::BF16:
        return __bfloat16_as_ushort(__double2bfloat16(v));
    case Elem::I32:
        return static_cast<std::uint32_t>(int(llrint(v)));
    }
    return 0;
}

// Element i's bits, widened to 32 bits.
__device__ __forceinline__ std::uint32_t bitsAt(const void* p, Elem t, std::size_t i) {
    return (t == Elem::F32 || t == Elem::I32) ? static_cast<const std::uint32_t*>(p)[i]
                                              : static_cast<const std::uint16_t*>(p)[i];
}

__device__ __forceinline__ double load(const void* p, Elem t, std::size_t i) {
    switch (t) {
    case Elem::F32:
        return double(static_cast<const float*>(p)[i]);
    case Elem::F16:
        return double(__half2float(static_cast<const __half*>(p)[i]));
    case Elem::BF16:
        return double(__bfloat162float(static_cast<const __nv_bfloat16*>(p)[i]));
    case Elem::I32:
        return double(static_cast<const int*>(p)[i]);
    }
    return 0;
}

__device__ __forceinline__ bool isPoison(const void* p, Elem t, std::size_t i) {
    switch (t) {
    case Elem::F32:
        return static_cast<const std::uint32_t*>(p)[i] == kPoisonF32;
    case Elem::F16:
        return static_cast<const std::uint16_t*>(p)[i] == kPoison16;
    case Elem::BF16:
        return static_cast<const std::uint16_t*>(p)[i] == kPoisonBf16;
    case Elem::I32:
        return static_cast<const std::uint32_t*>(p)[i] == kPoisonF32;
    }
    return false;
}

__device__ __forceinline__ void storePoison(void* p, Elem t, std::size_t i) {
    if (t == Elem::F32 || t == Elem::I32)
        static_cast<std::uint32_t*>(p)[i] = kPoisonF32;
    else
        static_cast<std::uint16_t*>(p)[i] = t == Elem::F16 ? kPoison16 : kPoisonBf16;
}

// Whether a tolerance holds for got against ref, with the scale of the mode (CompareMode):
// |got - ref| <= atol + rtol * scale.
__device__ __forceinline__ double toleranceScale(int mode, double ref, double scalar) {
    return mode == 0 ? fabs(ref) : mode == 1 ? scalar : fmax(fabs(ref), scalar);
}

} // namespace kwb::gpu::detail
