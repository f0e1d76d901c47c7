#include "core/gpu/baselines/device_buffer.h"

#include <string>
#include <utility>

#include <cuda_runtime_api.h>

#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

DeviceBuffer::~DeviceBuffer() {
    release();
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_bytes(std::exchange(other.m_bytes, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
    }
    return *this;
}

Status DeviceBuffer::allocate(std::size_t bytes, const char* what) {
    release();
    if (bytes == 0)
        return okStatus();
    void* p = nullptr;
    Status s = cudaCheck(
        cudaMalloc(&p, bytes),
        (std::string("cudaMalloc of ") + std::to_string(bytes) + " bytes for " + what).c_str());
    if (!s.ok())
        return s;
    m_data = p;
    m_bytes = bytes;
    return okStatus();
}

Status DeviceBuffer::ensure(std::size_t bytes, const char* what) {
    if (m_data != nullptr && m_bytes >= bytes)
        return okStatus();
    return allocate(bytes, what);
}

void DeviceBuffer::release() {
    if (m_data != nullptr)
        cudaFree(m_data); // an error here (a dead context) has nobody left to tell
    m_data = nullptr;
    m_bytes = 0;
}

} // namespace kwb::gpu
