#pragma once
// SampleChecker over the Verifier (core/verify): build -> correctness -> benchmark in the GPU
// worker, as `kwb verify` does it. The worker is started on first use and reused.
#include <memory>

#include "core/generate/sample_checker.h"
#include "core/verify/verifier.h"
#include "core/verify/worker.h"

namespace kwb {

class VerifierSampleChecker final : public SampleChecker {
public:
    VerifierSampleChecker(std::unique_ptr<Worker> worker, VerifyOptions options);
    Result<CheckOutcome> check(const Task& task, const std::string& source,
                               const std::string& sampleId,
                               const std::atomic<bool>* cancel) override;

    // The outcome for a finished verification: verdict, feedback for the model, stored summary.
    static CheckOutcome outcomeOf(const verification::VerificationRecordData& record);

private:
    std::unique_ptr<Worker> m_worker;
    VerifyOptions m_options;
};

} // namespace kwb
