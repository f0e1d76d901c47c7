// The calibration probe: copy bandwidth and library GEMM rates on one device. Each figure is
// the best of several event-timed repetitions after warm-up, the usual way to estimate a
// ceiling (the fastest the hardware and libraries were seen to go). Runs on the calling
// thread, on a private stream; synchronises it.
#include "core/gpu/calibration.h"

#include <algorithm>
#include <cstdint>
#include <ctime>

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime_api.h>

#include "core/gpu/baselines/cublas_sgemm_baseline.h"
#include "core/gpu/baselines/device_buffer.h"
#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

namespace {

constexpr std::size_t kCopyBytes = std::size_t{1} << 30; // 1 GiB each way
constexpr int kGemmSize = 8192;
constexpr int kWarmups = 2;
constexpr int kCopyRepeats = 10;
constexpr int kGemmRepeats = 5;

// Deterministic values in [-1, 1): non-zero data, so the tensor cores draw realistic power.
template <typename T> __global__ void fillPattern(T* p, std::size_t n, unsigned seed) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        unsigned h = static_cast<unsigned>(i) * 2654435761u ^ seed;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        const float v = static_cast<float>(h & 0xffffu) / 32768.0f - 1.0f;
        p[i] = static_cast<T>(v);
    }
}

template <typename T> Status fill(const DeviceBuffer& b, unsigned seed, cudaStream_t s) {
    const std::size_t n = b.size() / sizeof(T);
    fillPattern<T><<<1024, 256, 0, s>>>(b.as<T>(), n, seed);
    return cudaCheck(cudaGetLastError(), "calibration fill kernel launch");
}

class EventPair {
public:
    EventPair() = default;
    ~EventPair() {
        if (m_start != nullptr)
            cudaEventDestroy(m_start);
        if (m_stop != nullptr)
            cudaEventDestroy(m_stop);
    }
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    Status create() {
        KWB_GPU_TRY(cudaCheck(cudaEventCreate(&m_start), "cudaEventCreate"));
        return cudaCheck(cudaEventCreate(&m_stop), "cudaEventCreate");
    }
    cudaEvent_t start() const { return m_start; }
    cudaEvent_t stop() const { return m_stop; }

private:
    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_stop = nullptr;
};

class OwnedStream {
public:
    OwnedStream() = default;
    ~OwnedStream() {
        if (m_stream != nullptr)
            cudaStreamDestroy(m_stream);
    }
    OwnedStream(const OwnedStream&) = delete;
    OwnedStream& operator=(const OwnedStream&) = delete;
    Status create() {
        return cudaCheck(cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking),
                         "cudaStreamCreateWithFlags");
    }
    cudaStream_t get() const { return m_stream; }

private:
    cudaStream_t m_stream = nullptr;
};

class OwnedCublas {
public:
    OwnedCublas() = default;
    ~OwnedCublas() {
        if (m_handle != nullptr)
            cublasDestroy(m_handle);
    }
    OwnedCublas(const OwnedCublas&) = delete;
    OwnedCublas& operator=(const OwnedCublas&) = delete;
    cublasHandle_t* out() { return &m_handle; }
    cublasHandle_t get() const { return m_handle; }

private:
    cublasHandle_t m_handle = nullptr;
};

// Best time in ms of `repeats` runs of op after `warmups`, each bracketed by its own events.
template <typename Op>
Result<float> bestMs(Op op, cudaStream_t s, const EventPair& ev, int warmups, int repeats) {
    for (int i = 0; i < warmups; ++i)
        KWB_GPU_TRY(op());
    KWB_GPU_TRY(cudaCheck(cudaStreamSynchronize(s), "calibration warm-up (synchronise)"));
    float best = 0.0f;
    for (int i = 0; i < repeats; ++i) {
        KWB_GPU_TRY(cudaCheck(cudaEventRecord(ev.start(), s), "cudaEventRecord"));
        KWB_GPU_TRY(op());
        KWB_GPU_TRY(cudaCheck(cudaEventRecord(ev.stop(), s), "cudaEventRecord"));
        KWB_GPU_TRY(cudaCheck(cudaEventSynchronize(ev.stop()), "cudaEventSynchronize"));
        float ms = 0.0f;
        KWB_GPU_TRY(
            cudaCheck(cudaEventElapsedTime(&ms, ev.start(), ev.stop()), "cudaEventElapsedTime"));
        if (i == 0 || ms < best)
            best = ms;
    }
    if (!(best > 0.0f))
        return Error::make("calibration-failed", "a calibration run timed at zero milliseconds");
    return best;
}

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32] = {0};
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Status measureCopy(DeviceCeilings& c, std::size_t bytes, cudaStream_t s, const EventPair& ev) {
    DeviceBuffer src, dst;
    KWB_GPU_TRY(src.allocate(bytes, "the bandwidth probe source"));
    KWB_GPU_TRY(dst.allocate(bytes, "the bandwidth probe destination"));
    KWB_GPU_TRY(fill<float>(src, 1u, s));
    auto ms = bestMs(
        [&]() {
            return cudaCheck(
                cudaMemcpyAsync(dst.data(), src.data(), bytes, cudaMemcpyDeviceToDevice, s),
                "cudaMemcpyAsync (device to device)");
        },
        s, ev, kWarmups, kCopyRepeats);
    if (!ms)
        return ms.error();
    c.copyBytes = static_cast<long long>(bytes);
    c.copyBandwidthGBps = 2.0 * static_cast<double>(bytes) / (*ms * 1e-3) / 1e9;
    return okStatus();
}

// One n^3 GEMM rate: element type T, cuBLAS data type dt; f32 goes through cublasSgemm.
template <typename T>
Result<double> measureGemm(cublasHandle_t h, int n, cudaDataType_t dt, cudaStream_t s,
                           const EventPair& ev) {
    const std::size_t bytes = static_cast<std::size_t>(n) * static_cast<std::size_t>(n) * sizeof(T);
    DeviceBuffer a, b, c;
    KWB_GPU_TRY(a.allocate(bytes, "the GEMM probe A"));
    KWB_GPU_TRY(b.allocate(bytes, "the GEMM probe B"));
    KWB_GPU_TRY(c.allocate(bytes, "the GEMM probe C"));
    KWB_GPU_TRY(fill<T>(a, 2u, s));
    KWB_GPU_TRY(fill<T>(b, 3u, s));
    const float alpha = 1.0f, beta = 0.0f;
    auto ms = bestMs(
        [&]() {
            if (dt == CUDA_R_32F)
                return cublasCheck(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha,
                                               a.as<float>(), n, b.as<float>(), n, &beta,
                                               c.as<float>(), n),
                                   "cublasSgemm (calibration)");
            return cublasCheck(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &alpha, a.data(),
                                            dt, n, b.data(), dt, n, &beta, c.data(), dt, n,
                                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                               "cublasGemmEx (calibration)");
        },
        s, ev, kWarmups, kGemmRepeats);
    if (!ms)
        return ms.error();
    const double flops =
        2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
    return flops / (*ms * 1e-3) / 1e12;
}

} // namespace

Result<DeviceCeilings> measureCeilings(int device) {
    KWB_GPU_TRY(cudaCheck(cudaSetDevice(device), "cudaSetDevice"));
    auto identity = deviceIdentity(device);
    if (!identity)
        return identity.error();
    DeviceCeilings c = *identity;

    std::size_t freeBytes = 0, totalBytes = 0;
    KWB_GPU_TRY(cudaCheck(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo"));
    // Two copy buffers within a quarter of free memory each, at most 1 GiB, 256-byte aligned.
    const std::size_t copyBytes = std::min(kCopyBytes, (freeBytes / 4) & ~std::size_t{255});
    // Three f32 n x n matrices within half of free memory; n a multiple of 1024.
    int n = kGemmSize;
    while (n > 1024 &&
           3.0 * 4.0 * n * static_cast<double>(n) > 0.5 * static_cast<double>(freeBytes))
        n -= 1024;
    if (copyBytes < (std::size_t{64} << 20))
        return Error::make("calibration-failed",
                           "too little free device memory for the calibration probe (" +
                               std::to_string(freeBytes >> 20) + " MiB free)");

    OwnedStream stream;
    KWB_GPU_TRY(stream.create());
    EventPair ev;
    KWB_GPU_TRY(ev.create());
    KWB_GPU_TRY(measureCopy(c, copyBytes, stream.get(), ev));

    OwnedCublas blas;
    KWB_GPU_TRY(createFp32CublasHandle(blas.out())); // TF32 off for the f32 rate
    KWB_GPU_TRY(cublasCheck(cublasSetStream(blas.get(), stream.get()), "cublasSetStream"));
    DeviceBuffer workspace;
    KWB_GPU_TRY(workspace.allocate(32u << 20, "the cuBLAS workspace (calibration)"));
    KWB_GPU_TRY(cublasCheck(cublasSetWorkspace(blas.get(), workspace.data(), workspace.size()),
                            "cublasSetWorkspace"));
    auto f32 = measureGemm<float>(blas.get(), n, CUDA_R_32F, stream.get(), ev);
    if (!f32)
        return f32.error();
    auto bf16 = measureGemm<__nv_bfloat16>(blas.get(), n, CUDA_R_16BF, stream.get(), ev);
    if (!bf16)
        return bf16.error();
    auto f16 = measureGemm<__half>(blas.get(), n, CUDA_R_16F, stream.get(), ev);
    if (!f16)
        return f16.error();
    c.f32TFlops = *f32;
    c.bf16TFlops = *bf16;
    c.f16TFlops = *f16;
    c.gemmSize = n;
    c.measuredAt = utcNow();
    return c;
}

} // namespace kwb::gpu
