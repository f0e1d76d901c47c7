#pragma once
// Owns one cudaMalloc allocation; moves, never copies. Used by baselines and the calibration
// probe for workspaces and scratch. Not thread-safe (owned by one job thread).
#include <cstddef>

#include "core/model/error.h"

namespace kwb::gpu {

class DeviceBuffer {
public:
    DeviceBuffer() = default;
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    // Frees the old allocation and allocates bytes (none for 0); the content is undefined.
    Status allocate(std::size_t bytes, const char* what);
    // Keeps the allocation when it is already at least bytes large.
    Status ensure(std::size_t bytes, const char* what);
    void release();

    void* data() const { return m_data; }
    template <typename T> T* as() const { return static_cast<T*>(m_data); }
    std::size_t size() const { return m_bytes; }

private:
    void* m_data = nullptr;
    std::size_t m_bytes = 0;
};

} // namespace kwb::gpu
