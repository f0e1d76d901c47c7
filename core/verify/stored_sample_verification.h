#pragma once
// "Verify a stored sample", the one way every front end does it (kwb samples verify, the
// window's Verify): the sample's exact source and the task as the sample used it, built and
// checked under one candidate file name, so the record's diagnostics name the same file whoever
// verified it; the record kept in the project when asked. Its own library (kwb_verify and
// kwb_store), so the project database and the worker clients stay apart.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/model/verification.h"
#include "core/store/project_store.h"
#include "core/verify/verification_queue.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb {

// The file name a sample's source is built under: the name its diagnostics carry.
inline constexpr const char* kCandidateFileName = "candidate.cu";

// What one verification of a sample needs. sampleId 0: a source that is not stored (the
// window's draft copy of a sample), verified the same way but never kept.
struct SampleVerification {
    std::int64_t sampleId = 0;
    Task task; // as the sample used it: the project's task spec, whatever the task file says now
    std::string source;
    std::string fileName = kCandidateFileName;
};

// Sample `sampleId` and its task spec from the project. Error codes: the store's.
Result<SampleVerification> loadSampleVerification(ProjectStore& store, std::int64_t sampleId);

using VerifyProgressFn = std::function<void(const VerifyProgress&)>;

// Verifies through `worker` (connected on first use). The record is sealed, not stored.
Result<verification::VerificationRecordData>
verifySample(const SampleVerification& sample, Worker& worker, const VerifyOptions& options,
             const VerifyProgressFn& progress = {}, const std::atomic<bool>* cancel = nullptr);

// The same through a worker made at `endpoint` for this verification alone (`client` names the
// caller in the handshake); the worker ends before this returns. Error codes: those of
// makeWorker, then the verifier's.
Result<verification::VerificationRecordData>
verifySample(const SampleVerification& sample, const WorkerEndpoint& endpoint,
             const std::string& client, const VerifyOptions& options,
             const VerifyProgressFn& progress = {}, const std::atomic<bool>* cancel = nullptr);

enum class KeepRecord { No, Yes };

// The whole use case: sample `sampleId` of `store` verified at `endpoint`; with KeepRecord::Yes
// the record is added to the sample's verifications. Error codes: those above and the store's.
Result<verification::VerificationRecordData>
verifyStoredSample(ProjectStore& store, std::int64_t sampleId, const VerifyOptions& options,
                   const WorkerEndpoint& endpoint, const std::string& client, KeepRecord keep,
                   const VerifyProgressFn& progress = {},
                   const std::atomic<bool>* cancel = nullptr);

// Whether one of a sample's records already is this verification: a record the queue made
// (its report keeps the options verificationOptionsKey keeps) with the same options, on a device
// of the same name ("" where there is none; any device for a compile error). The sample's source
// and task version never change, so they match by being the sample's. Records made one at a
// time (the window's Verify) do not say their options and never count.
bool verifiedAlike(const std::vector<verification::VerificationRecordData>& records,
                   const VerifyOptions& options, const std::string& device);

// The sample as a verification queue item (core/verify/verification_queue.h), tagged with its id.
QueueItem queueItemOf(SampleVerification sample, const VerifyOptions& options);

} // namespace kwb
