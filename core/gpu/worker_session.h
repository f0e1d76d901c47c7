#pragma once
// The worker's side of the protocol: one line in, answers (and progress events) out through
// the sink. Single-threaded: kwb-runner's main loop owns it. Knows nothing about where the
// lines come from.
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/gpu/calibration.h"
#include "core/gpu/job_launcher.h"
#include "core/model/device_info.h"

namespace kwb::gpu {

class BuildCache;
struct JobLimits;

class WorkerSession {
public:
    using Sink = std::function<void(const nlohmann::json&)>;
    // jobPath: the kwb-job executable each verification runs in; runnerPath: kwb-runner itself,
    // which confines each nvcc build (`--confined-build`, build_sandbox.h).
    WorkerSession(std::string jobPath, std::string runnerPath);
    ~WorkerSession();

    void handleLine(const std::string& line, const Sink& send);
    bool finished() const { return m_finished; }
    int exitCode() const { return m_exitCode; }

private:
    nlohmann::json handleHello(const nlohmann::json& msg);
    nlohmann::json handleRequest(const nlohmann::json& msg, const Sink& send);
    nlohmann::json build(const nlohmann::json& params);
    nlohmann::json buildReference(const nlohmann::json& params);
    nlohmann::json verify(const nlohmann::json& msg, const Sink& send);
    // The job under each compute-sanitizer tool the request names (sanitized_job.h).
    nlohmann::json sanitizedJob(const nlohmann::json& params, const nlohmann::json& spec,
                                const nlohmann::json& built, const JobLimits& limits,
                                const std::function<void(nlohmann::json)>& progress);
    nlohmann::json profiledJob(const nlohmann::json& params, const nlohmann::json& spec,
                               const nlohmann::json& built, const JobLimits& limits,
                               const std::function<void(nlohmann::json)>& progress);
    // The device's ceilings (measured in the early child when none are cached) and the task's
    // baseline warmed in it, with the children started ahead held while either may time what it
    // runs (not while it reads a warm sent ahead with the ceilings cached); early is reset when its
    // warm fails. `prewarmed`: the warm line sent to early ahead (prewarmNext), empty if none: its
    // answer is read first, and where it was this job's line, the child is not warmed again.
    std::optional<Result<DeviceCeilings>>
    warmUp(StartedJobPtr& early, const std::string& prewarmed, const nlohmann::json& params,
           const nlohmann::json& reference, int device, bool needCeilings,
           const std::function<double()>& since, nlohmann::json* timeline);
    // The job: sanitized, profiled, or in its child (started ahead or fresh), the next children
    // started ahead of it when more follow.
    nlohmann::json runJob(const nlohmann::json& params, const nlohmann::json& spec,
                          const nlohmann::json& built,
                          const std::function<void(nlohmann::json)>& progress, StartedJobPtr early,
                          int device);
    // The job child a verification on `device` starts with: the one the previous verification
    // started ahead when it still waits on that device (*ahead true; *prewarmed: the warm line
    // sent to it ahead, if any; *prewarmAgeMs: how long ago it was sent), else a fresh one.
    StartedJobPtr jobChildFor(int device, bool* ahead, std::string* prewarmed,
                              double* prewarmAgeMs);
    // withLibraries: with the libraries' versions (queryDevices), which costs loading them.
    const DeviceInfo& devices(bool withLibraries = false);
    BuildCache& buildCache();

    std::string m_jobPath;
    std::string m_runnerPath;
    std::optional<DeviceInfo> m_devices;
    bool m_devicesHaveLibraries = false;
    std::unique_ptr<BuildCache> m_cache;
    // The next verifications' job children, started while the current job runs when the request
    // said more follow ("prepare_next"): their process starts and CUDA's leave the GPU lane. Each
    // holds its key and no candidate; nothing is sent to one until its own verification. They
    // are held still while anything is timed (holdAheadAfter), so CUDA starts in the untimed
    // stretches only: two deep, so those of two jobs are there for it. (Three deep slowed the
    // running job's checks more than it shortened the wait for the warm: tests/benchmarks.)
    struct AheadChild {
        StartedJobPtr job;
        int device = -1;
        std::string prewarmed; // the warm line sent to it ahead (without the choices), if any
        std::chrono::steady_clock::time_point prewarmSent; // when (the record's prewarm_age_ms)
    };
    static constexpr std::size_t kAheadChildren = 2;
    std::deque<AheadChild> m_ahead;
    int m_aheadEnded = 0; // times this job's watch ended them (the record's timeline says so)
    void startAhead(int device);
    void holdAhead(bool hold);
    // The baseline of the verification that follows ("next" in the request: its task and shapes)
    // warmed ahead in the first child started ahead, while this job checks its candidate (the
    // children are let go then, and held again before it times). Only a task and shapes this
    // worker warmed before: their algorithms are chosen and cached, so the warm searches
    // nothing and times nothing. The child must have read its key and prepare line first
    // (jobChildSettled), so that it can be held while a job times.
    // The second child started ahead likewise readies the baseline of the one after that
    // ("after_next"), so a warm has two jobs' untimed stretches to finish in, not one.
    void prewarmNext(const nlohmann::json& params, int device);
    void prewarmChild(AheadChild& child, const nlohmann::json& hint, int device);
    // The last warm line that succeeded for each task and shapes (warmTaskKey), and the device's
    // algorithm choices file: what prewarmNext sends.
    std::map<std::string, nlohmann::json> m_warmLines;
    std::map<int, std::filesystem::path> m_choicesFiles;
    bool m_greeted = false;
    bool m_finished = false;
    int m_exitCode = 0;
};

} // namespace kwb::gpu
