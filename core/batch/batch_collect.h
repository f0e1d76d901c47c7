#pragma once
// Where a batch stands (per shard, from Slurm where it answers and from the result files) and
// bringing its records home: each result's record added to its sample in the project. Records
// are kept by id, so collecting twice, or collecting a shard that ran twice, adds nothing new.
#include <filesystem>
#include <string>
#include <vector>

#include "core/batch/batch_manifest.h"
#include "core/model/error.h"
#include "core/store/project_store.h"

namespace kwb {

enum class ShardState { Pending, Running, Done, Failed, Unknown };
// "pending", "running", "done", "failed", "unknown"
std::string toString(ShardState s);

struct ShardStatus {
    int shard = 0;
    ShardState state = ShardState::Unknown;
    int items = 0;          // in the shard
    int records = 0;        // items with a record
    int errors = 0;         // items whose result is an error (retried by a resubmission)
    std::string jobId;      // the job that ran it last; empty: never submitted
    std::string slurmState; // as Slurm names it ("COMPLETED", "FAILED"); empty: not known
    std::string why;        // for failed and unknown shards: the reason in words
};

struct BatchStatus {
    std::string batchId;
    std::vector<ShardStatus> shards;
    int items = 0, records = 0;
    bool complete() const { return records == items; }
};

// askSlurm false: from the result files alone (as where Slurm's commands are not installed).
BatchStatus batchStatus(const std::filesystem::path& batchDir, const BatchManifest& m,
                        bool askSlurm = true);

struct CollectReport {
    int added = 0;                     // records new to the project
    int already = 0;                   // records the project held already
    std::vector<std::string> problems; // one sentence each: results that could not be kept
    BatchStatus status;
};

// Adds every record the batch holds to its sample in `store`. A result whose record is not its
// item's sample's (another source, another task) is refused, named in `problems`.
CollectReport collectBatch(ProjectStore& store, const std::filesystem::path& batchDir,
                           const BatchManifest& m, bool askSlurm = true);

} // namespace kwb
