#pragma once
// Device buffers owned by the harness, with guard bands on both sides that catch writes just
// outside the buffer even when they do not fault. Job-child only; one thread.
#include <cstddef>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

namespace kwb::gpu {

class GuardedBuffer {
public:
    static constexpr std::size_t kGuardBytes = 64 * 1024;

    GuardedBuffer() = default;
    ~GuardedBuffer();
    GuardedBuffer(GuardedBuffer&& o) noexcept;
    GuardedBuffer& operator=(GuardedBuffer&& o) noexcept;
    GuardedBuffer(const GuardedBuffer&) = delete;
    GuardedBuffer& operator=(const GuardedBuffer&) = delete;

    // Under compute-sanitizer (kwb verify --sanitize) every buffer is its own allocation of
    // exactly its size, without guard bands: memcheck sees only accesses outside an allocation,
    // so a read past an input's end must leave it. Process-wide; set before any allocation.
    static void useGuardBands(bool on);

    cudaError_t allocate(std::size_t bytes);
    void* data() const { return m_ptr; }
    std::size_t bytes() const { return m_bytes; }
    // True when both guard bands still hold the guard pattern (synchronous).
    cudaError_t guardsIntact(bool* intact) const;
    cudaError_t download(std::vector<unsigned char>* out) const;

private:
    void release();
    unsigned char* m_base = nullptr;
    void* m_ptr = nullptr;
    std::size_t m_bytes = 0;
};

} // namespace kwb::gpu
