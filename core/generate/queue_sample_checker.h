#pragma once
// SampleChecker over the verification queue (core/verify/verification_queue.h): several
// checkers, on several threads, share one queue, so candidates build in parallel while each GPU
// lane verifies one at a time. Thread-safe: one checker may serve several threads too.
#include <memory>

#include "core/generate/sample_checker.h"
#include "core/verify/verification_queue.h"

namespace kwb {

class QueueSampleChecker final : public SampleChecker {
public:
    QueueSampleChecker(std::shared_ptr<VerificationQueue> queue, VerifyOptions options);
    // Queued as "candidate.cu", the name stored samples are verified under, so that one
    // candidate's build is found in the cache whichever front end verifies it. Cancel answers
    // "cancelled" at once; the queued candidate ends when its queue is cancelled or destroyed.
    Result<CheckOutcome> check(const Task& task, const std::string& source,
                               const std::string& sampleId,
                               const std::atomic<bool>* cancel) override;

private:
    std::shared_ptr<VerificationQueue> m_queue;
    VerifyOptions m_options;
};

} // namespace kwb
