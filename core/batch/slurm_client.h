#pragma once
// What the workbench asks of Slurm, through its own commands (sbatch, squeue, sacct) run without
// a shell: a batch's job array script, its submission, and the state of its array tasks. The
// scheduling is Slurm's; nothing here queues or places work itself.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/batch/batch_manifest.h"
#include "core/model/error.h"

namespace kwb {

// The sbatch script of a batch: one array task per shard, each running
// `kwb batch run-shard DIR $SLURM_ARRAY_TASK_ID` on the GPUs Slurm gave it.
std::string sbatchScript(const BatchManifest& m, const std::filesystem::path& batchDir);

// "0-3", "2", "0,2,5": sbatch's --array list of these shards.
std::string arraySpec(const std::vector<int>& shards);

// Submits the batch's script for these shards (sbatch --parsable --array=...); the job id.
// Error codes: "no-slurm" (sbatch not found), "sbatch-failed" (with sbatch's message).
Result<std::string> submitShards(const std::filesystem::path& batchDir,
                                 const std::vector<int>& shards);

// What the scheduler says of one job's array tasks: Slurm's state name per array task id
// ("PENDING", "RUNNING", "COMPLETED", "FAILED", ...). source: "squeue", "sacct" or "" where
// neither answered; reachable: squeue ran (a task it does not list has left the queue).
struct SlurmJobView {
    bool reachable = false;
    std::string source;
    std::map<int, std::string> states;
};
SlurmJobView querySlurmJob(const std::string& jobId);

} // namespace kwb
