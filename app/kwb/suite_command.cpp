// kwb suite --samples DIR: verify one candidate file per task (DIR/<task-id>.cu) through the
// same Verifier as kwb verify, then print a table and fast_p (the share of all tasks that are
// correct and more than p times faster than their baseline; p = 0 is the share correct).
// Through the verification queue: builds run in parallel (--build-jobs), verification and
// timing one at a time, so no two candidates share the GPU.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "app/kwb/commands.h"
#include "app/kwb/seed_option.h"
#include "app/kwb/task_lookup.h"
#include "app/kwb/user_file.h"
#include "app/kwb/verdict_text.h"
#include "core/verify/fast_p.h"
#include "core/verify/verification_queue.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb::cli {
namespace {

std::atomic<bool> g_interrupted{false};
void onSigint(int) {
    g_interrupted = true;
}

struct Options {
    std::string samples, dir;
    std::vector<std::string> only;
    bool json = false, noBench = false;
    std::uint64_t seed = 0;
    int trials = 2, timeout = 600, idle = 60, buildJobs = 0; // 0: the host's cores
    std::string workerHost;                                  // empty: this machine's kwb-runner
};

namespace v = verification;

struct Row {
    enum class State { Missing, Error, Verified };
    const CatalogTask* task = nullptr;
    std::string file; // the sample, empty when missing
    std::string source;
    State state = State::Missing;
    std::string detail;
    std::optional<v::VerificationRecordData> record; // when one was made
    double seconds = 0;

    bool passed() const { return record && record->passed(); }
    // The geometric mean over shapes; 0 when not timed.
    double speedup() const { return record ? record->geomeanSpeedup.value_or(0.0) : 0.0; }
    // As JSON gives it: the record's verdict, else "missing" or "error".
    std::string verdictText() const {
        return record ? record->verdict.text() : state == State::Error ? "error" : "missing";
    }
    // As the table shows it: suspected hacks apart from plain failures.
    std::string verdictShown() const {
        return record ? verdictCell(record->verdict) : verdictText();
    }
};

std::string fmt(const char* f, double v) {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string shapesText(const std::optional<v::VerificationRecordData>& rec) {
    if (!rec)
        return "-";
    int pass = 0, total = 0;
    for (const auto& s : rec->shapes) {
        ++total;
        pass += s.verdict.value == v::Verdict::Pass;
    }
    return total ? std::to_string(pass) + "/" + std::to_string(total) : "-";
}

// fast_p (core/verify/fast_p.h) keyed as the JSON output names them: "0", "1", "1.5", "2".
nlohmann::json fastPJson(const std::vector<Row>& rows) {
    std::vector<TaskOutcome> outcomes;
    for (const auto& r : rows)
        outcomes.push_back({r.passed(), r.speedup()});
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [p, share] : fastP(outcomes))
        out[fmt("%g", p)] = share;
    return out;
}

void printTable(const std::vector<Row>& rows, const nlohmann::json& fp, double wall,
                const std::string& device) {
    std::printf("%-26s %3s %-24s %7s %9s %-17s %8s\n", "task", "lvl", "verdict", "shapes",
                "speedup", "baseline", "wall s");
    for (const auto& r : rows) {
        const std::string kind = r.record && r.record->baseline
                                     ? r.record->baseline->kind
                                     : toString(r.task->task.baseline.library);
        std::printf("%-26s %3d %-24s %7s %9s %-17s %8.1f\n", r.task->task.id.c_str(),
                    r.task->task.level, r.verdictShown().c_str(), shapesText(r.record).c_str(),
                    r.speedup() > 0 ? fmt("%.2fx", r.speedup()).c_str() : "-", kind.c_str(),
                    r.seconds);
        if (!r.passed() && !r.detail.empty())
            std::printf("    %s\n", r.detail.substr(0, 400).c_str());
    }
    std::size_t correct = 0;
    for (const auto& r : rows)
        correct += r.passed();
    std::printf("\n%zu of %zu tasks correct%s\n", correct, rows.size(),
                device.empty() ? "" : (" on " + device).c_str());
    std::printf("fast_0 = %.3f  fast_1 = %.3f  fast_1.5 = %.3f  fast_2 = %.3f\n",
                fp["0"].get<double>(), fp["1"].get<double>(), fp["1.5"].get<double>(),
                fp["2"].get<double>());
    std::printf("wall time %.1f s\n", wall);
}

nlohmann::json rowJson(const Row& r) {
    nlohmann::json j = {{"id", r.task->task.id},      {"level", r.task->task.level},
                        {"verdict", r.verdictText()}, {"detail", r.detail},
                        {"sample", r.file},           {"wall_seconds", r.seconds}};
    if (r.speedup() > 0)
        j["geomean_speedup"] = r.speedup();
    if (!r.record)
        return j;
    j["record_id"] = r.record->id;
    j["verdict_family"] = v::toString(v::family(r.record->verdict.value));
    const nlohmann::json record = v::toJson(*r.record);
    j["baseline"] = record.value("baseline", nlohmann::json::object());
    nlohmann::json shapes = nlohmann::json::array();
    for (const auto& s : r.record->shapes) {
        nlohmann::json sj = {{"name", s.name}, {"verdict", s.verdict.text()}};
        if (s.speedup)
            sj["speedup"] = *s.speedup;
        if (s.candidate && s.baseline) {
            sj["baseline_ms"] = s.baseline->medianMs;
            sj["candidate_ms"] = s.candidate->medianMs;
        }
        shapes.push_back(sj);
    }
    j["shapes"] = shapes;
    return j;
}

// One row per task of the catalog (or of --tasks), with its sample read when there is one.
std::vector<Row> collectRows(const TaskCatalog& catalog, const Options& o) {
    std::vector<Row> rows;
    for (const auto& t : catalog.tasks) {
        if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), t.task.id) == o.only.end())
            continue;
        Row r;
        r.task = &t;
        const auto path = std::filesystem::path(o.samples) / (t.task.id + ".cu");
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec)) {
            r.file = path.string();
            if (auto text = readUserFile(path.string()); text) {
                r.source = std::move(*text);
            } else {
                r.state = Row::State::Error;
                r.detail = text.error().message; // says why: permission, a loop of links, ...
                r.file.clear();
            }
        } else {
            r.detail = "no sample " + path.string();
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// How the verified rows went, for the exit code.
struct SuiteOutcome {
    std::string device;
    bool notRun = false, failedAny = false;
};

// A row's result from the queue: its record, or why there is none.
void takeRow(Row& r, QueueResult& result, SuiteOutcome& out) {
    if (!result.record) {
        r.state = Row::State::Error;
        r.detail = describe(result.record.error());
        out.failedAny = true;
        return;
    }
    r.state = Row::State::Verified;
    r.record = std::move(*result.record);
    r.detail = r.record->detail;
    r.seconds = r.record->queue ? r.record->queue->buildSeconds + r.record->queue->gpuSeconds
                                : r.record->wallSeconds;
    if (out.device.empty() && r.record->device)
        out.device = r.record->device->name;
    const bool notRunHere = r.record->verdict.value == v::Verdict::NotRun;
    out.notRun = out.notRun || notRunHere;
    out.failedAny = out.failedAny || (!r.passed() && !notRunHere);
}

// Verifies the rows through the verification queue: --build-jobs builds at once, then one
// verification at a time on the worker's GPU; results as they finish.
SuiteOutcome verifyRows(std::vector<Row>& rows, const WorkerEndpoint& endpoint, const Options& o) {
    VerifyOptions vo;
    vo.seed = o.seed;
    vo.bench = !o.noBench;
    vo.trials = o.trials;
    vo.timeoutSeconds = o.timeout;
    vo.idleTimeoutSeconds = o.idle;
    QueueSettings settings;
    settings.buildJobs =
        o.buildJobs > 0 ? o.buildJobs : int(std::max(1u, std::thread::hardware_concurrency()));
    settings.lanes = {endpoint};
    VerificationQueue queue(settings);
    SuiteOutcome out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].file.empty()) {
            out.failedAny = out.failedAny || rows[i].state == Row::State::Error;
            continue;
        }
        queue.submit({rows[i].task->task, rows[i].source, "candidate.cu", vo, std::int64_t(i)});
    }
    queue.close();
    const bool tty = ::isatty(2);
    while (!queue.finished()) {
        if (g_interrupted)
            queue.cancel();
        if (auto r = queue.next(std::chrono::milliseconds(200)))
            takeRow(rows[std::size_t(r->tag)], *r, out);
        if (tty) {
            const QueueProgress p = queue.progress();
            std::cerr << "\r\033[K" << p.done << " of " << p.submitted << " done, " << p.building
                      << " building, " << p.verifying << " verifying" << std::flush;
        }
    }
    if (tty)
        std::cerr << "\r\033[K";
    return out;
}

int runSuite(const Options& o) {
    const auto t0 = std::chrono::steady_clock::now();
    auto endpoint = WorkerEndpoint::sshHost(o.workerHost); // empty: this machine
    auto worker = // checks the endpoint before anything runs
        endpoint ? makeWorker(*endpoint, "kwb") : Result<std::unique_ptr<Worker>>(endpoint.error());
    if (!worker) { // a bad host, or an ssh launcher that cannot be written
        std::cerr << "kwb suite: --worker-host: " << worker.error().message << "\n";
        return kExitUsage;
    }
    const TaskCatalog catalog = loadCatalog(o.dir);
    for (const auto& p : catalog.problems)
        std::cerr << "kwb suite: skipped: " << p.toString() << "\n";
    std::vector<Row> rows = collectRows(catalog, o);
    for (const auto& id : o.only)
        if (!catalog.find(id)) {
            std::cerr << "kwb suite: no task \"" << id << "\"\n";
            return kExitUsage;
        }
    std::signal(SIGINT, onSigint);
    const SuiteOutcome outcome = verifyRows(rows, *endpoint, o);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const nlohmann::json fp = fastPJson(rows);
    if (o.json) {
        nlohmann::json tasks = nlohmann::json::array();
        for (const auto& r : rows)
            tasks.push_back(rowJson(r));
        std::cout << nlohmann::json{{"tasks", tasks},
                                    {"fast_p", fp},
                                    {"device", outcome.device},
                                    {"wall_seconds", wall},
                                    {"skipped_files", catalog.problems.size()}}
                         .dump(1)
                  << "\n";
    } else {
        printTable(rows, fp, wall, outcome.device);
    }
    if (g_interrupted)
        return 130;
    if (outcome.failedAny)
        return 1;
    return outcome.notRun ? 3 : 0;
}

} // namespace

Runner addSuiteCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "suite",
        "Verify one sample per task (DIR/<task-id>.cu) and report fast_p.\n"
        "Exit code: 0 all present samples pass, 1 a sample failed, 3 not run (no CUDA device).");
    auto o = std::make_shared<Options>();
    cmd->add_option("--samples", o->samples, "Folder with one <task-id>.cu per task")
        ->required()
        ->check(CLI::ExistingDirectory);
    cmd->add_option("--tasks-dir", o->dir, "A folder of your own task files (.toml)");
    cmd->add_option("--tasks", o->only, "Only these task ids")->delimiter(',');
    cmd->add_flag("--json", o->json,
                  "Print JSON: per task verdict and speedups, fast_p, wall time");
    addSeedOption(cmd, o->seed, "Seed for the inputs, 1 or more (default: random per task)");
    cmd->add_flag("--no-bench", o->noBench, "Check correctness only, no timing");
    cmd->add_option("--trials", o->trials, "Correctness trials per shape")
        ->check(CLI::Range(1, 20));
    cmd->add_option("--timeout", o->timeout, "Seconds before one task's job is killed")
        ->check(CLI::Range(5, 3600));
    cmd->add_option("--idle-timeout", o->idle, "Seconds without progress before a job is killed")
        ->check(CLI::Range(2, 600));
    cmd->add_option("--build-jobs", o->buildJobs,
                    "Compile this many samples at once (default: the host's cores)")
        ->check(CLI::Range(1, 64));
    cmd->add_option(
        "--worker-host", o->workerHost,
        "Run the GPU worker on this host over ssh (keys or agent only; kwb-runner on its PATH)");
    return [cmd, o]() -> int {
        if (!cmd->parsed())
            return -1;
        return runSuite(*o);
    };
}

} // namespace kwb::cli
