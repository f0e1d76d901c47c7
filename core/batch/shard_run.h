#pragma once
// One array task of a batch: the shard's items verified through the verification queue
// (core/verify/verification_queue.h) on the GPUs Slurm gave the task, each result written into
// the batch folder as it arrives. Items that already have a record are left alone, so a shard
// resubmitted after a failure verifies only what is missing.
#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/verify/worker_endpoint.h"

namespace kwb {

// The lanes of an allocation, from CUDA_VISIBLE_DEVICES as the scheduler set it: one lane per
// listed device index, each lane's worker seeing that device alone; a single device, device
// UUIDs or nothing set: one lane that inherits the variable as it is (a worker must never
// see a device the allocation does not hold).
std::vector<WorkerEndpoint> allocatedLanes(const char* cudaVisibleDevices);

// The CPUs this process may run on (its affinity mask: what Slurm bound the task to).
int allowedCpus();

struct ShardRunSettings {
    int buildJobs = 0; // 0: allowedCpus()
    std::vector<WorkerEndpoint> lanes;
    std::function<void(const std::string&)> log; // one line per item finished
};

struct ShardRunReport {
    int items = 0;   // in the shard
    int already = 0; // had a record before this run
    int written = 0; // records written by this run
    int errors = 0;  // items that ended in an error (written as such; a resubmission retries)
};

// Error codes: those of readManifest, "bad-shard". `stop` turning true cancels the queue.
Result<ShardRunReport> runShard(const std::filesystem::path& batchDir, int shard,
                                const ShardRunSettings& settings,
                                const std::atomic<bool>* stop = nullptr);

} // namespace kwb
