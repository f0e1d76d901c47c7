#pragma once
// The Verifier both the GUI and kwb use: build -> correctness -> benchmark through a Worker,
// with progress callbacks and cancellation, ending in a sealed verification record (schema 2,
// its id the hash of its form: core/record/record_identity.h).
// Blocking: call it from a worker thread in the GUI. One verification at a time per Verifier.
#include <atomic>
#include <cstdint>
#include <functional>
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
};

// The shapes a sanitized run checks: those small enough for the CPU reference and the smallest
// one with a dimension that is not a multiple of 32 (the tile edges).
std::vector<std::string> sanitizerShapes(const Task& task);

struct VerifyProgress {
    std::string stage; // "build", "correctness", "benchmark", "loaded", ...
    std::string shape;
    nlohmann::json event;
};

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
