#pragma once
// Making a batch from a project (its folder of items, manifest and job script) and handing its
// shards to Slurm. The host that submits owns the manifest; see batch_manifest.h for the folder.
#include <filesystem>
#include <string>
#include <vector>

#include "core/batch/batch_manifest.h"
#include "core/model/error.h"
#include "core/store/project_store.h"
#include "core/store/sample_query.h"

namespace kwb {

// The samples `filter` selects, oldest first; only those without any verification when
// `unverifiedOnly`.
Result<std::vector<BatchItem>> selectSampleItems(ProjectStore& store, const SampleFilter& filter,
                                                 bool unverifiedOnly);

// The stored answers of evaluation run `run` (its name or id) that no GPU has verified: the
// cells' samples whose records all come from builds alone (not-run) or that have none.
// Error code "unknown-eval-run".
Result<std::vector<BatchItem>> selectEvalItems(ProjectStore& store, const std::string& run);

struct BatchRequest {
    std::vector<BatchItem> items;
    std::string selection;
    VerifyOptions options;
    int buildTimeoutSeconds = 180;
    int shards = 1;
    std::string partition;
    int gpusPerTask = 1;
    int cpusPerTask = 0;
    std::string timeLimit;
    std::string kwbProgram;
};

// Writes a new batch under `dir`: every item's input (the sample's source and task spec from
// `store`), the manifest (no jobs yet) and the sbatch script. The batch's folder. Error codes:
// "empty-batch", the store's, "io-error".
Result<std::filesystem::path> writeBatch(ProjectStore& store, const std::filesystem::path& dir,
                                         const BatchRequest& request);

// Submits these shards of the batch as one job array and records the job in its manifest.
// Error codes: those of readManifest, "bad-shard", those of submitShards.
Result<BatchJob> submitBatch(const std::filesystem::path& batchDir, std::vector<int> shards);

} // namespace kwb
