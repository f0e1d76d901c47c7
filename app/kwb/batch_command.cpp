// kwb batch submit|status|collect|run-shard: verification batches on a Slurm cluster. The batch
// lies in a shared folder (core/batch/batch_manifest.h); Slurm runs one array task per shard,
// each `kwb batch run-shard` on the GPUs it was given; collect brings the records home.
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/sample_filter_options.h"
#include "app/kwb/seed_option.h"
#include "core/batch/batch_collect.h"
#include "core/batch/batch_submission.h"
#include "core/batch/shard_run.h"
#include "core/batch/slurm_client.h"
#include "core/eval/eval_plan.h"
#include "core/sys/child_process.h"

namespace kwb::cli {
namespace {

namespace fs = std::filesystem;

struct BatchOpts {
    std::string project, dir, batch, samples, plan, partition, time, resubmit, shardList;
    SampleFilterOptions filter;
    bool slurm = false, noBench = false, json = false, noSlurm = false;
    int gpusPerTask = 1, cpusPerTask = 0, array = 0, timeout = 300, buildTimeout = 180;
    int shard = -1, jobs = 0;
    std::uint64_t seed = 0;
};

struct BatchCommands {
    CLI::App *submit, *status, *collect, *runShard;
};

int fail(const std::string& what, const Error& e, int code = 2) {
    std::cerr << "kwb batch " << what << ": " << e.message << "\n";
    return code;
}

// --dir, else $KWB_BATCH_DIR, else ./kwb-batches.
fs::path batchRoot(const BatchOpts& o) {
    if (!o.dir.empty())
        return o.dir;
    if (const char* env = std::getenv("KWB_BATCH_DIR"); env && *env)
        return env;
    return "kwb-batches";
}

std::string selfProgram() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("kwb") : self.string();
}

void addSubmitOptions(CLI::App* c, BatchOpts& o) {
    c->add_option("--samples", o.samples,
                  "Samples to verify: all, unverified, or ids (1,2,7); the filters of `samples "
                  "list` narrow them");
    addTaskModelOptions(c, o.filter);
    addNarrowingOptions(c, o.filter);
    c->add_option("--plan", o.plan,
                  "An evaluation plan (its file, or its run's name): its stored answers that no "
                  "GPU has verified");
    c->add_flag("--slurm", o.slurm, "Run the batch as a Slurm job array (sbatch)");
    c->add_option("--partition", o.partition, "Slurm partition (default: the cluster's)");
    c->add_option("--gpus-per-task", o.gpusPerTask, "GPUs per array task; 0: compile-only checks")
        ->check(CLI::Range(0, 64));
    c->add_option("--cpus-per-task", o.cpusPerTask, "CPUs per array task, for the builds")
        ->check(CLI::Range(1, 1024));
    c->add_option("--time", o.time, "Time limit per array task, as sbatch --time takes it");
    c->add_option("--array", o.array, "Shards: array tasks (default: one per 32 samples)")
        ->check(CLI::Range(1, 100000));
    c->add_flag("--no-bench", o.noBench, "Check correctness only, no timing");
    addSeedOption(c, o.seed, "Seed for the inputs, 1 or more (default: random)");
    c->add_option("--timeout", o.timeout, "Seconds before a job is killed")
        ->check(CLI::Range(5, 3600));
    c->add_option("--build-timeout", o.buildTimeout, "Seconds before a build is stopped")
        ->check(CLI::Range(2, 3600));
    c->add_option("--resubmit", o.resubmit,
                  "Submit shards of this batch again (its id or folder) instead of a new batch");
    c->add_option("--shard", o.shardList, "With --resubmit: the shards, e.g. 2 or 0,3");
}

BatchCommands addBatchSubcommands(CLI::App* cmd, BatchOpts& o) {
    BatchCommands c;
    c.submit = cmd->add_subcommand(
        "submit", "Write a batch of samples into a shared folder and submit it to Slurm as a job\n"
                  "array (one shard per array task), or submit shards of a batch again.");
    c.status = cmd->add_subcommand("status", "Each shard: pending, running, done or failed.");
    c.collect = cmd->add_subcommand(
        "collect", "Add the batch's finished records to the project (each record once).");
    c.runShard = cmd->add_subcommand(
        "run-shard", "Verify one shard of a batch here (what each Slurm array task runs).");
    addSubmitOptions(c.submit, o);
    for (auto* sub : {c.submit, c.status, c.collect})
        sub->add_option("--dir", o.dir,
                        "Shared folder of batches (default: $KWB_BATCH_DIR, else ./kwb-batches)");
    for (auto* sub : {c.submit, c.collect})
        addProjectOption(sub, o.project);
    for (auto* sub : {c.status, c.collect}) {
        sub->add_option("batch", o.batch, "Batch id or folder (default: the newest under --dir)");
        sub->add_flag("--json", o.json, "Print JSON");
        sub->add_flag("--no-slurm", o.noSlurm,
                      "Judge the shards by their result files alone (do not ask Slurm)");
    }
    c.runShard->add_option("batch", o.batch, "The batch's folder")->required();
    c.runShard->add_option("shard", o.shard, "The shard number")->required();
    c.runShard->add_option("--jobs", o.jobs, "Builds at once (default: the CPUs given)")
        ->check(CLI::Range(1, 1024));
    return c;
}

// "2" or "0,3" as shard numbers.
Result<std::vector<int>> parseShards(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    std::string one;
    while (std::getline(in, one, ','))
        if (one.empty() || one.size() > 6 || one.find_first_not_of("0123456789") != one.npos)
            return Error::make("usage", "--shard: \"" + one + "\" is not a shard number");
        else
            out.push_back(std::stoi(one));
    if (out.empty())
        return Error::make("usage", "--resubmit needs --shard K (the shards to run again)");
    return out;
}

void printStatus(const BatchStatus& s) {
    for (const auto& sh : s.shards) {
        std::cout << "shard " << sh.shard << "  " << toString(sh.state) << "  " << sh.records
                  << " of " << sh.items << " done";
        if (!sh.jobId.empty())
            std::cout << "  (job " << sh.jobId << "_" << sh.shard
                      << (sh.slurmState.empty() ? "" : ", " + sh.slurmState) << ")";
        if (!sh.why.empty())
            std::cout << ": " << sh.why;
        std::cout << "\n";
    }
    std::cout << "batch " << s.batchId << ": " << s.records << " of " << s.items
              << " items verified\n";
}

nlohmann::json statusJson(const BatchStatus& s) {
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& sh : s.shards)
        shards.push_back({{"shard", sh.shard},
                          {"state", toString(sh.state)},
                          {"items", sh.items},
                          {"done", sh.records},
                          {"errors", sh.errors},
                          {"job", sh.jobId},
                          {"slurm_state", sh.slurmState},
                          {"why", sh.why}});
    return {{"batch", s.batchId}, {"items", s.items}, {"done", s.records}, {"shards", shards}};
}

// The shards to submit again and the command that does it.
void printResubmitHint(const fs::path& dir, const BatchStatus& s) {
    std::string failed;
    for (const auto& sh : s.shards)
        if (sh.state == ShardState::Failed || sh.state == ShardState::Unknown)
            failed += (failed.empty() ? "" : ",") + std::to_string(sh.shard);
    if (!failed.empty())
        std::cout << "Shards not finished: " << failed
                  << ". Run them again alone (only their missing items are verified):\n"
                  << "  kwb batch submit --resubmit " << dir.string() << " --shard " << failed
                  << "\n";
}

// The items --samples or --plan select.
Result<std::vector<BatchItem>> selectItems(ProjectStore& store, const BatchOpts& o,
                                           std::string& selection) {
    if (!o.plan.empty()) {
        std::string run = o.plan;
        if (fs::is_regular_file(o.plan)) {
            auto plan = loadEvalPlan(o.plan);
            if (!plan)
                return plan.error();
            run = plan->name;
        }
        selection = "the answers of evaluation run " + run + " not verified on a GPU";
        return selectEvalItems(store, run);
    }
    SampleFilter filter = o.filter.filter();
    const bool unverified = o.samples == "unverified";
    if (o.samples != "all" && !unverified) {
        std::stringstream in(o.samples);
        std::string one;
        while (std::getline(in, one, ','))
            if (one.empty() || one.size() > 18 || one.find_first_not_of("0123456789") != one.npos)
                return Error::make("usage", "--samples: \"" + one +
                                                "\" is neither all, unverified nor a sample id");
            else
                filter.ids.push_back(std::stoll(one));
    }
    selection = "samples " + o.samples + (o.filter.given() ? " (filtered)" : "");
    return selectSampleItems(store, filter, unverified);
}

int runResubmit(const BatchOpts& o) {
    auto dir = findBatch(o.resubmit, batchRoot(o));
    if (!dir)
        return fail("submit", dir.error());
    auto shards = parseShards(o.shardList);
    if (!shards)
        return fail("submit", shards.error(), kExitUsage);
    auto job = submitBatch(*dir, *shards);
    if (!job)
        return fail("submit", job.error());
    std::cout << "Submitted shard" << (shards->size() == 1 ? " " : "s ") << o.shardList
              << " of batch " << dir->filename().string() << " again as Slurm job " << job->jobId
              << "\n";
    return 0;
}

BatchRequest requestOf(const BatchOpts& o, std::vector<BatchItem> items, std::string selection) {
    BatchRequest r;
    const int count = int(items.size());
    r.items = std::move(items);
    r.selection = std::move(selection);
    r.options.seed = o.seed;
    r.options.bench = !o.noBench;
    r.options.timeoutSeconds = o.timeout;
    r.buildTimeoutSeconds = o.buildTimeout;
    r.shards = o.array > 0 ? o.array : (count + 31) / 32;
    r.partition = o.partition;
    r.gpusPerTask = o.gpusPerTask;
    r.cpusPerTask = o.cpusPerTask;
    r.timeLimit = o.time;
    r.kwbProgram = selfProgram();
    return r;
}

int checkSubmitUsage(const BatchOpts& o) {
    if (!o.resubmit.empty() != !o.shardList.empty()) {
        std::cerr << "kwb batch submit: --resubmit BATCH and --shard K go together\n";
        return kExitUsage;
    }
    if (!o.resubmit.empty())
        return -1;
    if (!o.slurm) {
        std::cerr << "kwb batch submit: batches run on Slurm: add --slurm\n";
        return kExitUsage;
    }
    if (o.samples.empty() == o.plan.empty()) {
        std::cerr << "kwb batch submit: give --samples (all, unverified or ids) or --plan\n";
        return kExitUsage;
    }
    if (!o.plan.empty() && o.filter.given()) {
        std::cerr << "kwb batch submit: the filters of `samples list` go with --samples\n";
        return kExitUsage;
    }
    if (findInPath("sbatch").empty()) {
        std::cerr << "kwb batch submit: sbatch is not installed here (Slurm's client commands: "
                     "apt-get install slurm-client); submit from a host of the cluster\n";
        return 2;
    }
    return -1;
}

int runSubmit(const BatchOpts& o) {
    if (int usage = checkSubmitUsage(o); usage >= 0)
        return usage;
    if (!o.resubmit.empty())
        return runResubmit(o);
    auto store = openProject(o.project);
    if (!store)
        return fail("submit", store.error());
    std::string selection;
    auto items = selectItems(**store, o, selection);
    if (!items)
        return fail("submit", items.error(), items.error().code == "usage" ? kExitUsage : 2);
    const std::size_t count = items->size();
    auto dir = writeBatch(**store, batchRoot(o), requestOf(o, std::move(*items), selection));
    if (!dir)
        return fail("submit", dir.error());
    auto m = readManifest(*dir);
    if (!m)
        return fail("submit", m.error());
    std::vector<int> all(m->shards.size());
    for (std::size_t k = 0; k < all.size(); ++k)
        all[k] = int(k);
    std::cout << "Batch " << m->batchId << ": " << count << " samples in " << all.size()
              << " shards, in " << dir->string() << "\n";
    auto job = submitBatch(*dir, all);
    if (!job) {
        std::cerr << "kwb batch submit: " << job.error().message
                  << "\nThe batch is written; submit it when Slurm answers:\n  kwb batch submit "
                     "--resubmit "
                  << dir->string() << " --shard " << arraySpec(all) << "\n";
        return 2;
    }
    std::cout << "Submitted as Slurm job " << job->jobId << " (array " << arraySpec(all)
              << "). `kwb batch status` follows it; `kwb batch collect` brings the records home.\n";
    return 0;
}

int runStatus(const BatchOpts& o) {
    auto dir = findBatch(o.batch, batchRoot(o));
    if (!dir)
        return fail("status", dir.error());
    auto m = readManifest(*dir);
    if (!m)
        return fail("status", m.error());
    const BatchStatus s = batchStatus(*dir, *m, !o.noSlurm);
    if (o.json)
        std::cout << statusJson(s).dump(1) << "\n";
    else
        printStatus(s);
    return 0;
}

int runCollect(const BatchOpts& o) {
    auto dir = findBatch(o.batch, batchRoot(o));
    if (!dir)
        return fail("collect", dir.error());
    auto m = readManifest(*dir);
    if (!m)
        return fail("collect", m.error());
    // The project the batch was made from, unless another is named.
    auto store = openProject(o.project.empty() ? m->project : o.project);
    if (!store)
        return fail("collect", store.error());
    const CollectReport r = collectBatch(**store, *dir, *m, !o.noSlurm);
    if (o.json) {
        std::cout << nlohmann::json{{"added", r.added},
                                    {"already", r.already},
                                    {"problems", r.problems},
                                    {"status", statusJson(r.status)}}
                         .dump(1)
                  << "\n";
    } else {
        printStatus(r.status);
        for (const auto& p : r.problems)
            std::cout << "not kept: " << p << "\n";
        std::cout << r.added << " records added to " << (*store)->path().string() << ", "
                  << r.already << " were there already\n";
        printResubmitHint(*dir, r.status);
    }
    if (!r.problems.empty())
        return 2;
    return r.status.complete() ? 0 : 1;
}

std::atomic<bool> g_stop{false};
void onStop(int) {
    g_stop = true;
}

int runRunShard(const BatchOpts& o) {
    // Slurm ends a cancelled or timed-out task with SIGTERM: the queue then stops its workers.
    std::signal(SIGTERM, onStop);
    std::signal(SIGINT, onStop);
    ShardRunSettings s;
    s.buildJobs = o.jobs;
    const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
    s.lanes = allocatedLanes(visible);
    s.log = [](const std::string& line) { std::cout << line << std::endl; };
    std::cout << "shard " << o.shard << " of " << o.batch << ": " << s.lanes.size()
              << " GPU lane(s), CUDA_VISIBLE_DEVICES=" << (visible ? visible : "(unset)") << ", "
              << (o.jobs > 0 ? o.jobs : allowedCpus()) << " builds at once" << std::endl;
    auto r = runShard(o.batch, o.shard, s, &g_stop);
    if (!r)
        return fail("run-shard", r.error());
    std::cout << "shard " << o.shard << ": " << r->written << " verified, " << r->already
              << " verified before, " << r->errors << " errors, of " << r->items << std::endl;
    if (g_stop)
        return 130;
    return r->errors ? 1 : 0;
}

} // namespace

Runner addBatchCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "batch", "Verification batches on a Slurm cluster: submit, status, collect.");
    cmd->require_subcommand(1);
    auto o = std::make_shared<BatchOpts>();
    const BatchCommands c = addBatchSubcommands(cmd, *o);
    return [=]() -> int {
        if (!cmd->parsed())
            return -1;
        if (c.submit->parsed())
            return runSubmit(*o);
        if (c.status->parsed())
            return runStatus(*o);
        if (c.collect->parsed())
            return runCollect(*o);
        return runRunShard(*o);
    };
}

} // namespace kwb::cli
