#include "core/gpu/job_buffers.h"

#include <algorithm>
#include <utility>

#include <cuda_runtime.h>

#include "core/gpu/device_kernels.h"

namespace kwb::gpu {
namespace {
bool guardBands = true;
}

void GuardedBuffer::useGuardBands(bool on) {
    guardBands = on;
}

GuardedBuffer::~GuardedBuffer() {
    release();
}

GuardedBuffer::GuardedBuffer(GuardedBuffer&& o) noexcept
    : m_base(std::exchange(o.m_base, nullptr)), m_ptr(std::exchange(o.m_ptr, nullptr)),
      m_bytes(std::exchange(o.m_bytes, 0)) {}

GuardedBuffer& GuardedBuffer::operator=(GuardedBuffer&& o) noexcept {
    if (this != &o) {
        release();
        m_base = std::exchange(o.m_base, nullptr);
        m_ptr = std::exchange(o.m_ptr, nullptr);
        m_bytes = std::exchange(o.m_bytes, 0);
    }
    return *this;
}

void GuardedBuffer::release() {
    if (m_base)
        cudaFree(m_base);
    m_base = nullptr;
    m_ptr = nullptr;
}

cudaError_t GuardedBuffer::allocate(std::size_t bytes) {
    release();
    if (!guardBands) {
        void* p = nullptr;
        cudaError_t e = cudaMalloc(&p, std::max<std::size_t>(bytes, 1));
        m_base = static_cast<unsigned char*>(p);
        m_ptr = p;
        m_bytes = e == cudaSuccess ? bytes : 0;
        return e;
    }
    // Round the payload up to 256 bytes so the tail guard starts aligned; the slack counts as
    // guard too, so a write one element past the end is caught.
    std::size_t padded = (bytes + 255) / 256 * 256;
    void* p = nullptr;
    cudaError_t e = cudaMalloc(&p, padded + 2 * kGuardBytes);
    if (e != cudaSuccess)
        return e;
    m_base = static_cast<unsigned char*>(p);
    m_ptr = m_base + kGuardBytes;
    m_bytes = bytes;
    e = cudaMemset(m_base, kGuardByte, padded + 2 * kGuardBytes);
    // cudaMemset is asynchronous: it must be done before any stream writes the payload.
    return e == cudaSuccess ? cudaDeviceSynchronize() : e;
}

cudaError_t GuardedBuffer::guardsIntact(bool* intact) const {
    if (m_base == m_ptr) { // no guard bands (useGuardBands): memcheck watches the edges
        *intact = true;
        return cudaSuccess;
    }
    std::size_t padded = (m_bytes + 255) / 256 * 256;
    std::size_t tail = kGuardBytes + (padded - m_bytes);
    std::vector<unsigned char> head(kGuardBytes), back(tail);
    cudaError_t e = cudaMemcpy(head.data(), m_base, kGuardBytes, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess)
        e = cudaMemcpy(back.data(), m_base + kGuardBytes + m_bytes, tail, cudaMemcpyDeviceToHost);
    auto ok = [](const std::vector<unsigned char>& v) {
        return std::all_of(v.begin(), v.end(), [](unsigned char c) { return c == kGuardByte; });
    };
    *intact = e == cudaSuccess && ok(head) && ok(back);
    return e;
}

cudaError_t GuardedBuffer::download(std::vector<unsigned char>* out) const {
    out->resize(m_bytes);
    return cudaMemcpy(out->data(), m_ptr, m_bytes, cudaMemcpyDeviceToHost);
}

} // namespace kwb::gpu
