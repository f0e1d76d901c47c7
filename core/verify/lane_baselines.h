#pragma once
// The baselines a verification lane reuses. Every candidate of a task is timed against the same
// library call, so a lane times the baseline of a task once, in a job that verifies the task's own
// reference kernel, and gives its figures to the task's later jobs on that lane, which then time
// the candidate alone (VerifyRequest::baselineTimings): about half of each job's timing.
//
// Trust: the figures come only from a job whose candidate is the task's reference (the project's
// own source, byte for byte) and whose verdict is a clean "pass"; a candidate's job never adds to
// them. The job reports them back unchanged or its result is tampering (job_result_validator.h),
// so a speedup is this lane's baseline figure over the candidate's own.
// Freshness: figures older than the lane's limit are measured again, so a lane that runs for
// hours follows its device's clocks. Options that change the timing (overrides, shapes, trials)
// key them apart. Not thread-safe: the lane's own.
#include <chrono>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/task.h"
#include "core/model/verification.h"
#include "core/verify/verifier.h"

namespace kwb {

class LaneBaselines {
public:
    using Clock = std::chrono::steady_clock;
    explicit LaneBaselines(std::chrono::seconds maxAge) : m_maxAge(maxAge) {}

    // A verification that can be given reused baselines: timed, not under a sanitizer or the
    // profiler, of a task with a reference kernel.
    static bool applies(const Task& task, const VerifyOptions& options);
    // The source is the task's reference kernel, byte for byte.
    static bool isReference(const Task& task, const std::string& source);
    // What figures are kept by: the task as sent to the worker (its version) and the options
    // that decide a record's figures (verificationOptionsKey; not the seed).
    static std::string key(const Task& task, const VerifyOptions& options);

    // The figures for a verification of the task with these options (shape name -> a record's
    // baseline side, stamped with where it came from: verification::BaselineReuse); none where
    // the lane has none fresh. Counts a use.
    std::optional<nlohmann::json> take(const Task& task, const VerifyOptions& options,
                                       Clock::time_point now);
    // Whether the lane should verify the task's reference now to measure them: it applies, none
    // are fresh, and the reference did not fail here within the limit.
    bool wanted(const Task& task, const VerifyOptions& options, Clock::time_point now) const;
    // A finished verification of the task's reference with these options: its baseline figures
    // are kept where it passed clean with every shape timed; otherwise the task is not measured
    // again within the limit. Whether figures were kept.
    bool learn(const Task& task, const VerifyOptions& options,
               const verification::VerificationRecordData& record, Clock::time_point now);

    // The reference's verification ended without a record (its worker was lost): as a failed
    // reference, not measured again within the limit.
    void failed(const Task& task, const VerifyOptions& options, Clock::time_point now);

private:
    struct Entry {
        std::map<std::string, nlohmann::json> shapes; // empty: the reference did not pass clean
        std::string sourceHash;
        Clock::time_point measured;
        int uses = 0;
    };
    // The figures (none: the reference failed) kept for the task with these options from now.
    void keep(const Task& task, const VerifyOptions& options,
              std::map<std::string, nlohmann::json> shapes, Clock::time_point now);
    const Entry* fresh(const std::string& key, Clock::time_point now) const;

    std::chrono::seconds m_maxAge;
    std::map<std::string, Entry> m_entries;
};

} // namespace kwb
