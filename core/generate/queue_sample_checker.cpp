#include "core/generate/queue_sample_checker.h"

#include "core/generate/verifier_sample_checker.h"

namespace kwb {

QueueSampleChecker::QueueSampleChecker(std::shared_ptr<VerificationQueue> queue,
                                       VerifyOptions options)
    : m_queue(std::move(queue)), m_options(std::move(options)) {}

Result<CheckOutcome> QueueSampleChecker::check(const Task& task, const std::string& source,
                                               const std::string& /*sampleId*/,
                                               const std::atomic<bool>* cancel) {
    QueueItem item;
    item.task = task;
    item.source = source;
    item.options = m_options;
    auto future = m_queue->submitForResult(std::move(item));
    while (future.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready)
        if (cancel && cancel->load())
            return Error::make("cancelled", "the check was cancelled");
    QueueResult result = future.get();
    if (!result.record)
        return result.record.error();
    CheckOutcome o = VerifierSampleChecker::outcomeOf(*result.record);
    o.record = std::move(*result.record);
    return o;
}

} // namespace kwb
