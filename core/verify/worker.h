#pragma once
// The one interface in front of the GPU worker. The GUI and kwb never know how it is reached
// (a local child process today; ssh or a batch system later). Its calls are typed: the wire's
// JSON stays inside the implementation. Not thread-safe: one owner.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/device_info.h"
#include "core/model/error.h"
#include "core/model/task.h"
#include "core/model/verification.h"

namespace kwb {

// One candidate to build for one task (protocol "build").
struct BuildRequest {
    std::string source;
    std::string fileName;   // shown in the compiler's diagnostics
    int timeoutSeconds = 0; // 0: the worker's default
};

// One candidate to verify for one task (protocol "verify").
struct VerifyRequest {
    std::string source;
    std::string fileName;
    std::uint64_t seed = 1;          // the caller draws it (never 0 on the wire)
    std::vector<std::string> shapes; // empty: all
    bool bench = true;
    int trials = 2;
    int timeoutSeconds = 300;
    int idleTimeoutSeconds = 20;
    // TimingPolicy overrides, KEY -> value, passed to the worker as parseTimingOverrides gave them.
    nlohmann::json timing = nlohmann::json::object();
    // compute-sanitizer tools to run the job under (kwb verify --sanitize); empty: none.
    std::vector<std::string> sanitize;
    // Nsight Compute's section set for kwb profile ("basic" or "full"); empty: no profile.
    std::string profile;
    // Shape name -> the baseline's timing figures (a record's timing side) measured in another
    // job on this device: those shapes time the candidate alone and report these as their
    // baseline's (the verification queue's reused baselines). Empty: every baseline is timed.
    nlohmann::json baselineTimings = nlohmann::json::object();
    // More verifications follow on this worker's device: it may start the next one's job child
    // (its process and CUDA) while this one's job runs. Changes no verdict or figure it reports.
    bool prepareNext = false;
    // The verification that follows on this worker's device, where the caller knows it: the worker
    // may ready its baseline in that job's child while this one checks its candidate (the child
    // is held while this job times). A wrong guess costs the warm done ahead, and the right one
    // is done as without a guess.
    struct Next {
        Task task;
        std::vector<std::string> shapes; // empty: all
        std::string sourceSha256;        // which candidate: the hint names one verification
    };
    std::optional<Next> next;
    // The one after `next`, likewise: its baseline readies in the second child started ahead,
    // over two jobs' untimed stretches instead of one.
    std::optional<Next> afterNext;
};

class Worker {
public:
    virtual ~Worker() = default;
    // Starts the worker and completes the versioned handshake.
    virtual Status connect(std::chrono::milliseconds timeout) = 0;
    virtual Result<DeviceInfo> deviceInfo(std::chrono::milliseconds timeout) = 0;
    // Builds (or finds in the worker's cache) the candidate; a compile error is a report with
    // ok false, not an error.
    // cancel is polled as verify polls it.
    virtual Result<verification::BuildReport> build(const Task& task, const BuildRequest& request,
                                                    std::chrono::milliseconds timeout,
                                                    const std::atomic<bool>* cancel = nullptr) = 0;
    // The worker's verification: verdict, build, device, sandbox, shapes, timelines. The record's
    // task id and source hash are filled in; its time, seed and screening are the caller's.
    // The request's progress events go to onProgress (the caller's thread), each as the worker
    // sent it; cancel is polled every 100 ms: when it turns true, the worker is stopped
    // ("cancelled").
    using ProgressFn = std::function<void(const nlohmann::json& event)>;
    virtual Result<verification::VerificationRecordData>
    verify(const Task& task, const VerifyRequest& request, std::chrono::milliseconds timeout,
           const ProgressFn& onProgress = {}, const std::atomic<bool>* cancel = nullptr) = 0;
    virtual void shutdown() = 0;
    virtual std::string description() const = 0; // "kwb-runner 0.1.0 at /usr/libexec/..."
};

} // namespace kwb
