#pragma once
// Checks a generated candidate (e.g. builds and verifies it through the GPU worker) so that a
// run can record the verdict with the sample and send failures back for repair turns.
// Blocking; GenerationRun calls it on its own checker thread, one candidate at a time.
#include <atomic>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/model/verification.h"

namespace kwb {

struct CheckOutcome {
    verification::RecordVerdict verdict;
    bool repairable = false; // a failure the model can act on (feedback says what)
    std::string feedback;    // compile errors or the failing shape, for a repair turn
    nlohmann::json summary;  // stored with the sample: verdict, detail, record id, speedup
    std::optional<verification::VerificationRecordData>
        record; // the full, sealed record, for a sink that keeps it
};

class SampleChecker {
public:
    virtual ~SampleChecker() = default;
    virtual Result<CheckOutcome> check(const Task& task, const std::string& source,
                                       const std::string& sampleId,
                                       const std::atomic<bool>* cancel) = 0;
};

} // namespace kwb
