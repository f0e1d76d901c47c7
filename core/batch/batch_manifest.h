#pragma once
// A verification batch as it lies in a shared folder, for a cluster to verify (Slurm job
// arrays, core/batch/slurm_client.h) and the project to collect:
//   <dir>/<batch id>/manifest.json   this struct: the items, their shards, the jobs submitted
//   <dir>/<batch id>/items/<n>.json  what item n's verification needs: the sample's id, its task
//                                    as the sample used it (and that spec's hash), its source
//   <dir>/<batch id>/results/<n>.json item n's sealed record (or the error it ended with),
//                                    each written whole by one array task (AtomicFile)
//   <dir>/<batch id>/job.sbatch      the job array's script; logs/ its output
// The manifest is written by the submitting host alone; array tasks only read it and write
// their own items' results, so two tasks never write one file.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/verify/verifier.h"

namespace kwb {

struct BatchItem {
    std::int64_t sampleId = 0;
    std::string taskId;
    std::optional<std::int64_t> evalCell; // the evaluation cell it answered (--plan batches)
};

struct BatchJob {
    std::string jobId;       // as sbatch --parsable printed it (the array's job id)
    std::vector<int> shards; // the array task ids: the shards this job runs
    std::string submittedAt;
};

struct BatchManifest {
    static constexpr int kFormat = 1;
    std::string batchId; // "YYYYMMDD-HHMMSS-" and 6 hex digits: sorts by time
    std::string createdAt;
    std::string project;   // the project's path on the submitting host
    std::string selection; // what was asked for, as a sentence ("samples: --task saxpy-f32")
    VerifyOptions options;
    int buildTimeoutSeconds = 180;
    std::vector<BatchItem> items;         // item n is items[n]
    std::vector<std::vector<int>> shards; // shard k: item numbers
    std::string partition;                // empty: the cluster's default
    int gpusPerTask = 1;                  // 0: no GPU asked for (compile-only checks)
    int cpusPerTask = 0;                  // 0: the cluster's default
    std::string timeLimit;                // sbatch --time; empty: the partition's
    std::string kwbProgram;               // the kwb each array task runs (absolute)
    std::vector<BatchJob> jobs;           // in submission order; later jobs rerun shards

    // The job that ran shard k last; none before the batch was submitted.
    const BatchJob* lastJobOf(int shard) const;
};

nlohmann::json toJson(const BatchManifest& m);
// Error code "bad-batch" with what is wrong.
Result<BatchManifest> manifestFromJson(const nlohmann::json& j);

// The files of a batch folder.
std::filesystem::path manifestPath(const std::filesystem::path& batchDir);
std::filesystem::path itemPath(const std::filesystem::path& batchDir, int item);
std::filesystem::path resultPath(const std::filesystem::path& batchDir, int item);
std::filesystem::path scriptPath(const std::filesystem::path& batchDir);
std::filesystem::path logsDir(const std::filesystem::path& batchDir);

// manifest.json of `batchDir`, read and checked. Error codes: "no-batch", "bad-batch".
Result<BatchManifest> readManifest(const std::filesystem::path& batchDir);
// Written whole or not at all (AtomicFile).
Status writeManifest(const std::filesystem::path& batchDir, const BatchManifest& m);

// The batch folder `batch` names: a folder holding manifest.json, else a batch id under
// `dir`; empty: the newest batch under `dir`. Error code "no-batch" with where it looked.
Result<std::filesystem::path> findBatch(const std::string& batch, const std::filesystem::path& dir);

// A new batch id: the time and six random hex digits.
std::string newBatchId();

// `count` items in `shards` contiguous shards of nearly equal size (no empty shard).
std::vector<std::vector<int>> splitIntoShards(int count, int shards);

} // namespace kwb
