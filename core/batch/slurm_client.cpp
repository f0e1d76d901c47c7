#include "core/batch/slurm_client.h"

#include <sstream>

#include "core/sys/child_process.h"

namespace kwb {

namespace fs = std::filesystem;

namespace {

// Single quotes for the script's shell: the paths are the user's.
std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

Result<ProcessOutput> runSlurm(const std::string& program, std::vector<std::string> args) {
    const std::string path = findInPath(program);
    if (path.empty())
        return Error::make("no-slurm", program + " is not installed here (Slurm's client "
                                                 "commands: apt-get install slurm-client)");
    ProcessSpec spec;
    spec.program = path;
    spec.args = std::move(args);
    return runProcess(spec, "", std::chrono::seconds(60));
}

// "12_3 RUNNING" lines (or sacct's "12_3|COMPLETED"); array tasks of `jobId` only.
std::map<int, std::string> parseStates(const std::string& text, const std::string& jobId,
                                       char separator) {
    std::map<int, std::string> out;
    std::istringstream lines(text);
    std::string line;
    const std::string prefix = jobId + "_";
    while (std::getline(lines, line)) {
        const auto sep = line.find(separator);
        if (sep == std::string::npos || line.rfind(prefix, 0) != 0)
            continue;
        const std::string task = line.substr(prefix.size(), sep - prefix.size());
        if (task.empty() || task.find_first_not_of("0123456789") != std::string::npos)
            continue; // "12_[4-7]": tasks not started yet, listed one by one with -r
        std::string state = line.substr(sep + 1);
        state = state.substr(0, state.find_first_of(" \t|"));
        out[std::stoi(task)] = state;
    }
    return out;
}

} // namespace

std::string arraySpec(const std::vector<int>& shards) {
    std::string out;
    for (std::size_t i = 0; i < shards.size();) {
        std::size_t j = i;
        while (j + 1 < shards.size() && shards[j + 1] == shards[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(shards[i]) +
               (j > i ? "-" + std::to_string(shards[j]) : "");
        i = j + 1;
    }
    return out;
}

std::string sbatchScript(const BatchManifest& m, const fs::path& batchDir) {
    std::ostringstream s;
    s << "#!/bin/sh\n"
      << "# Kernel Workbench batch " << m.batchId << ": " << m.items.size() << " items in "
      << m.shards.size() << " shards, one array task each.\n"
      << "# kwb batch submit passes --array; to run it by hand: sbatch --array=0-"
      << m.shards.size() - 1 << " " << scriptPath(batchDir).string() << "\n"
      << "#SBATCH --job-name=kwb-" << m.batchId << "\n"
      << "#SBATCH --ntasks=1\n"
      << "#SBATCH --output=" << (logsDir(batchDir) / "shard-%a.out").string() << "\n"
      << "#SBATCH --chdir=" << batchDir.string() << "\n";
    if (!m.partition.empty())
        s << "#SBATCH --partition=" << m.partition << "\n";
    if (m.gpusPerTask > 0)
        s << "#SBATCH --gpus-per-task=" << m.gpusPerTask << "\n";
    if (m.cpusPerTask > 0)
        s << "#SBATCH --cpus-per-task=" << m.cpusPerTask << "\n";
    if (!m.timeLimit.empty())
        s << "#SBATCH --time=" << m.timeLimit << "\n";
    s << "# Slurm sets CUDA_VISIBLE_DEVICES to the GPUs it gave this task: one lane each.\n"
      << "exec " << quoted(m.kwbProgram) << " batch run-shard " << quoted(batchDir.string())
      << " \"$SLURM_ARRAY_TASK_ID\"\n";
    return s.str();
}

Result<std::string> submitShards(const fs::path& batchDir, const std::vector<int>& shards) {
    auto out = runSlurm(
        "sbatch", {"--parsable", "--array=" + arraySpec(shards), scriptPath(batchDir).string()});
    if (!out)
        return out.error();
    if (out->exit.kind != ProcessExit::Kind::Exited || out->exit.code != 0)
        return Error::make("sbatch-failed", "sbatch " + out->exit.describe() + ": " + out->err);
    // --parsable prints "jobid" or "jobid;cluster".
    std::string id = out->out.substr(0, out->out.find_first_of(";\n"));
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
        return Error::make("sbatch-failed", "sbatch printed no job id: " + out->out);
    return id;
}

SlurmJobView querySlurmJob(const std::string& jobId) {
    SlurmJobView view;
    if (jobId.empty())
        return view;
    auto q = runSlurm("squeue", {"-h", "-r", "-j", jobId, "-o", "%i %T"});
    if (q && q->exit.kind == ProcessExit::Kind::Exited) {
        // squeue exits 1 for a job it no longer knows: the job has left the queue.
        view.reachable = q->exit.code == 0 || q->err.find("Invalid job id") != std::string::npos;
        view.states = parseStates(q->out, jobId, ' ');
        if (!view.states.empty())
            view.source = "squeue";
    }
    auto a = runSlurm("sacct", {"-n", "-P", "-X", "-j", jobId, "-o", "JobID,State"});
    if (a && a->exit.kind == ProcessExit::Kind::Exited && a->exit.code == 0)
        for (auto& [task, state] : parseStates(a->out, jobId, '|'))
            if (view.states.emplace(task, state).second)
                view.source = view.source.empty() ? "sacct" : view.source + "+sacct";
    return view;
}

} // namespace kwb
