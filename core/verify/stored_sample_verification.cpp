#include "core/verify/stored_sample_verification.h"

#include <algorithm>

namespace kwb {

Result<SampleVerification> loadSampleVerification(ProjectStore& store, std::int64_t sampleId) {
    auto sample = store.sample(sampleId);
    if (!sample)
        return sample.error();
    auto task = store.taskSpec(sample->taskSpecId);
    if (!task)
        return task.error();
    SampleVerification out;
    out.sampleId = sampleId;
    out.task = std::move(*task);
    out.source = std::move(sample->source);
    return out;
}

Result<verification::VerificationRecordData>
verifySample(const SampleVerification& sample, Worker& worker, const VerifyOptions& options,
             const VerifyProgressFn& progress, const std::atomic<bool>* cancel) {
    Verifier verifier(worker);
    return verifier.verify(sample.task, sample.source, sample.fileName, options, progress, cancel);
}

Result<verification::VerificationRecordData>
verifySample(const SampleVerification& sample, const WorkerEndpoint& endpoint,
             const std::string& client, const VerifyOptions& options,
             const VerifyProgressFn& progress, const std::atomic<bool>* cancel) {
    auto worker = makeWorker(endpoint, client);
    if (!worker)
        return worker.error();
    auto record = verifySample(sample, **worker, options, progress, cancel);
    (*worker)->shutdown();
    return record;
}

Result<verification::VerificationRecordData>
verifyStoredSample(ProjectStore& store, std::int64_t sampleId, const VerifyOptions& options,
                   const WorkerEndpoint& endpoint, const std::string& client, KeepRecord keep,
                   const VerifyProgressFn& progress, const std::atomic<bool>* cancel) {
    auto sample = loadSampleVerification(store, sampleId);
    if (!sample)
        return sample.error();
    auto record = verifySample(*sample, endpoint, client, options, progress, cancel);
    if (!record || keep == KeepRecord::No)
        return record;
    if (Status st = store.addVerification(sampleId, *record); !st)
        return st.error();
    return record;
}

namespace {

bool matches(const verification::VerificationRecordData& r, const nlohmann::json& key,
             const std::string& device) {
    return r.queue && r.queue->options == key &&
           (r.queue->laneDevice == device ||
            r.verdict.value == verification::Verdict::CompileError);
}

} // namespace

bool verifiedAlike(const std::vector<verification::VerificationRecordData>& records,
                   const VerifyOptions& options, const std::string& device) {
    const nlohmann::json key = verificationOptionsKey(options);
    return std::any_of(records.begin(), records.end(),
                       [&](const auto& r) { return matches(r, key, device); });
}

QueueItem queueItemOf(SampleVerification sample, const VerifyOptions& options) {
    QueueItem item;
    item.task = std::move(sample.task);
    item.source = std::move(sample.source);
    item.fileName = sample.fileName;
    item.options = options;
    item.tag = sample.sampleId;
    return item;
}

} // namespace kwb
