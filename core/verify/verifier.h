#pragma once
// The Verifier both the GUI and kwb use: build -> correctness -> benchmark through a Worker,
// with progress callbacks and cancellation, ending in a sealed verification record (schema 2,
// its id the hash of its form: core/record/record_identity.h).
// Blocking: call it from a worker thread in the GUI. One verification at a time per Verifier.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/model/task.h"
#include "core/model/verification.h"
#include "core/verify/worker.h"

namespace kwb {

struct VerifyOptions {
    std::uint64_t seed = 0;          // 0: drawn at random (the candidate cannot know it in advance)
    std::vector<std::string> shapes; // empty: all
    bool bench = true;
    int trials = 2;
    int timeoutSeconds = 300;
    int idleTimeoutSeconds = 20;
    nlohmann::json timing = nlohmann::json::object(); // TimingPolicy overrides
    // compute-sanitizer tools (core/tools/sanitizer_report.h); empty: none. With tools and no
    // shapes named, the task's small and odd shapes run (sanitizerShapes), without timing.
    std::vector<std::string> sanitize;
    // kwb profile: Nsight Compute's section set, "basic" or "full"; empty: no profile. One shape
    // (the first of `shapes`, else profileShape), one call of the candidate and one of the
    // baseline, correctness only (core/gpu/profiled_job.h).
    std::string profile;
};

// The shape a profile looks at when none is named: "large" where the task has it (where the
// kernels' differences show), else its first.
std::string profileShape(const Task& task);

// The shapes a sanitized run checks: those small enough for the CPU reference and the smallest
// one with a dimension that is not a multiple of 32 (the tile edges).
std::vector<std::string> sanitizerShapes(const Task& task);

struct VerifyProgress {
    std::string stage; // "build", "correctness", "benchmark", "loaded", ...
    std::string shape;
    nlohmann::json event;
};

// The worker's request for one verification: the source's size and the shapes checked, the seed
// drawn when options.seed is 0. Error codes: "source-too-large", "bad-shape".
Result<VerifyRequest> makeVerifyRequest(const Task& task, const std::string& source,
                                        const std::string& fileName, const VerifyOptions& options);

// The worker's answer made a sealed record: task, time, version, worker, seed, wall time and the
// client's own screening of the source.
verification::VerificationRecordData finishRecord(verification::VerificationRecordData answer,
                                                  const Task& task, const VerifyRequest& request,
                                                  const std::string& workerDescription,
                                                  double wallSeconds);

// A sealed record made without the worker's verify answer: `verdict` and `detail` with the build
// report when there is one. The verification queue's records for a candidate that did not build
// (what the worker's verify answers for it, without starting a job) and for a worker that was
// lost, timed out or answered nonsense while it verified the candidate.
Result<verification::VerificationRecordData>
recordWithoutJob(const Task& task, const VerifyRequest& request,
                 const std::optional<verification::BuildReport>& build,
                 verification::Verdict verdict, const std::string& detail,
                 const std::string& workerDescription, double wallSeconds);

class Verifier {
public:
    explicit Verifier(Worker& worker) : m_worker(worker) {}

    Result<verification::VerificationRecordData>
    verify(const Task& task, const std::string& source, const std::string& fileName,
           const VerifyOptions& options,
           const std::function<void(const VerifyProgress&)>& progress = {},
           const std::atomic<bool>* cancel = nullptr);

private:
    Worker& m_worker;
};

} // namespace kwb
