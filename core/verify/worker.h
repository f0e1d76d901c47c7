#pragma once
// The one interface in front of the GPU worker. The GUI and kwb never know how it is reached
// (a local child process today; ssh or a batch system later). Not thread-safe: one owner.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/device_info.h"
#include "core/model/error.h"

namespace kwb {

class Worker {
public:
    virtual ~Worker() = default;
    // Starts the worker and completes the versioned handshake.
    virtual Status connect(std::chrono::milliseconds timeout) = 0;
    virtual Result<DeviceInfo> deviceInfo(std::chrono::milliseconds timeout) = 0;
    // Any request; the answer's "result" on success, its error otherwise.
    virtual Result<nlohmann::json> call(const std::string& type, const nlohmann::json& params,
                                        std::chrono::milliseconds timeout) = 0;
    // The same, with the request's progress events passed to onProgress (caller's thread) and
    // a flag polled every 100 ms: when it turns true, the worker is stopped ("cancelled").
    using ProgressFn = std::function<void(const nlohmann::json& event)>;
    virtual Result<nlohmann::json> call(const std::string& type, const nlohmann::json& params,
                                        std::chrono::milliseconds timeout,
                                        const ProgressFn& onProgress,
                                        const std::atomic<bool>* cancel) = 0;
    virtual void shutdown() = 0;
    virtual std::string description() const = 0; // "kwb-runner 0.1.0 at /usr/libexec/..."
};

} // namespace kwb
