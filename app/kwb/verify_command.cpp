// kwb verify <task> <file.cu>: build, check and time one candidate; a table or JSON.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "app/kwb/commands.h"
#include "app/kwb/seed_option.h"
#include "app/kwb/task_lookup.h"
#include "app/kwb/terminal_text.h"
#include "app/kwb/user_file.h"
#include "app/kwb/verdict_text.h"
#include "core/model/source_limit.h"
#include "core/screening/host_code_screen.h"
#include "core/tools/sanitizer_report.h"
#include "core/verify/timing_overrides.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb::cli {
namespace {

namespace v = verification;

std::atomic<bool> g_interrupted{false};
void onSigint(int) {
    g_interrupted = true;
}

std::string fmt(const char* f, double v) {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string dimsText(const std::map<std::string, std::int64_t>& dims) {
    std::string s;
    for (const auto& [k, v] : dims)
        s += (s.empty() ? "" : " ") + k + "=" + std::to_string(v);
    return s;
}

void printBuild(const v::BuildReport& b, std::ostream& out) {
    out << "Build: " << (b.ok ? "ok" : "FAILED") << (b.cached ? " (cached)" : "") << ", " << b.arch
        << ", nvcc " << b.nvccVersion << ", " << fmt("%.2f s", b.seconds) << "\n";
    for (const auto& r : b.resources)
        out << "  " << r.function << ": " << r.registers << " registers, " << r.sharedBytes
            << " B shared, " << r.stackBytes << " B stack, " << r.spillStoreBytes + r.spillLoadBytes
            << " B spilled\n";
    for (const auto& d : b.diagnostics)
        out << "  " << terminalSafe(d.file) << ":" << d.line << ":" << d.column << ": "
            << terminalSafe(d.severity) << ": " << terminalSafe(d.message) << "\n";
}

void printShapes(const std::vector<v::ShapeResult>& shapes, std::ostream& out) {
    if (shapes.empty())
        return;
    std::printf("%s", ""); // keep stdio and iostream ordered
    out << "\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-10s %-26s %-18s %10s %10s %11s %11s %8s %7s\n", "shape",
                  "dims", "verdict", "max abs", "max rel", "base ms", "cand ms", "speedup",
                  "SOL %");
    out << line;
    for (const auto& s : shapes) {
        double maxAbs = 0, maxRel = 0;
        for (const auto& [name, o] : s.outputs) {
            maxAbs = std::max(maxAbs, o.maxAbsErr);
            maxRel = std::max(maxRel, o.maxRelErr);
        }
        std::string base = "-", cand = "-", speed = "-", sol = "-";
        if (s.candidate && s.baseline) {
            base = fmt("%.4f", s.baseline->medianMs);
            cand = fmt("%.4f", s.candidate->medianMs);
            speed = fmt("%.2fx", s.speedup.value_or(0.0));
        }
        if (s.speedOfLight)
            sol = fmt("%.1f", 100.0 * s.speedOfLight->fraction);
        std::snprintf(line, sizeof line, "%-10s %-26s %-18s %10.2e %10.2e %11s %11s %8s %7s\n",
                      s.name.c_str(), dimsText(s.dims).c_str(), verdictCell(s.verdict).c_str(),
                      maxAbs, maxRel, base.c_str(), cand.c_str(), speed.c_str(), sol.c_str());
        out << line;
        for (const auto& f : s.flags)
            out << "           flag: " << f << "\n";
    }
}

void printTable(const v::VerificationRecordData& rec, const std::string& file, std::ostream& out) {
    out << "Task " << rec.taskId << "  candidate " << file << " (sha256 "
        << rec.sourceHash.substr(0, 12) << ")";
    if (rec.device)
        out << "  on " << rec.device->name << " (cc " << rec.device->cc << ")";
    out << "  seed " << rec.seed << "\n";
    printBuild(rec.build.value_or(v::BuildReport{}), out);
    if (rec.baseline)
        out << "Baseline: " << rec.baseline->label << " [" << rec.baseline->kind << "]\n";
    printShapes(rec.shapes, out);
    const std::vector<v::ScreeningFinding> findings =
        rec.screening ? rec.screening->findings : std::vector<v::ScreeningFinding>{};
    out << "\nVerdict: " << recordVerdictLine(rec);
    if (!findings.empty())
        out << " (needs a human: the host code does what a launcher never needs)";
    out << "\n";
    for (const auto& f : findings)
        out << "  screening: line " << f.line << ": " << f.kind << " ("
            << describeScreeningKind(f.kind) << "): " << terminalSafe(f.text) << "\n";
    if (rec.sanitizer) {
        for (const auto& run : rec.sanitizer->runs)
            out << "  compute-sanitizer " << run.tool << ": " << fmt("%.1f s", run.seconds)
                << ", job " << run.outcome << ", " << run.excluded
                << " reports outside the candidate's code left out"
                << (run.error.empty() ? std::string() : ", " + terminalSafe(run.error))
                << " (report " << run.reportPath << ")\n";
        for (const auto& f : rec.sanitizer->findings)
            out << "  hazard: " << terminalSafe(tools::describeFinding(f)) << "\n";
    }
    if (rec.geomeanSpeedup && rec.baseline)
        out << "Speedup (geometric mean over shapes): " << fmt("%.3fx", *rec.geomeanSpeedup)
            << " against " << rec.baseline->label << " [" << rec.baseline->kind << "]\n";
    out << "Record " << rec.id << ", " << fmt("%.2f s", rec.wallSeconds) << "\n";
}

struct VerifyOpts {
    std::string task, file;
    bool json = false, noBench = false;
    std::uint64_t seed = 0;
    std::vector<std::string> shapes;
    int trials = 2, timeout = 300, idle = 20;
    std::vector<std::string> timing;
    std::string workerHost; // empty: this machine's kwb-runner
    std::string tasksDir;
    std::string sanitize;
    CLI::Option* sanitizeOption = nullptr;
};

void addVerifyOptions(CLI::App* cmd, VerifyOpts& o) {
    cmd->add_option("task", o.task, "Task id (e.g. sgemm-f32) or a task file (.toml)")->required();
    cmd->add_option("--tasks-dir", o.tasksDir,
                    "A folder of your own tasks, searched for the task id before the others");
    cmd->add_option("file", o.file, "The candidate CUDA source (.cu)")
        ->required()
        ->check(readableFile());
    cmd->add_flag("--json", o.json, "Print the verification record as JSON");
    addSeedOption(cmd, o.seed, "Seed for the inputs, 1 or more (default: random)");
    cmd->add_flag("--no-bench", o.noBench, "Check correctness only, no timing");
    cmd->add_option("--shapes", o.shapes, "Only these shapes (names)")->delimiter(',');
    cmd->add_option("--trials", o.trials, "Correctness trials per shape, each with fresh inputs")
        ->check(CLI::Range(1, 20));
    cmd->add_option("--timeout", o.timeout, "Seconds before the job is killed")
        ->check(CLI::Range(5, 3600));
    cmd->add_option(
           "--timing", o.timing,
           "Timing policy overrides, KEY=VALUE[,...]: target_rse, min_samples, max_samples, "
           "time_cap_ms, "
           "warmup, warmup_long, warmup_ms, flush_l2, min_sample_ms, max_batch, graphs, "
           "clock_settle_ms, "
           "keep_above_clock_fraction, cover_us, max_cover_us, memset_kernels, stop_on "
           "(mean|median), "
           "rotate_l2, min_buffer_sets, max_buffer_sets, max_rotate_mib, warm_l2_fill, "
           "prime_sets (0|1|2), watch_ms, watch_tries")
        ->delimiter(',');
    o.sanitizeOption =
        cmd->add_option("--sanitize", o.sanitize,
                        "Run the small and odd shapes under compute-sanitizer, correctness only: "
                        "memcheck,racecheck,synccheck,initcheck (default: all four); a hazard in "
                        "the candidate's code fails it as \"sanitizer\"")
            ->expected(0, 1);
    cmd->add_option("--idle-timeout", o.idle, "Seconds without progress before the job is killed")
        ->check(CLI::Range(2, 600));
    cmd->add_option(
        "--worker-host", o.workerHost,
        "Run the GPU worker on this host over ssh, e.g. user@gpu-server or a Host of ~/.ssh/config "
        "(keys or agent only; kwb-runner on its PATH)");
}

// The candidate's text, refused when over the source limit. Reads at most one byte over the
// limit: a huge file (or /dev/zero) is refused at once, long before a worker starts, and never
// held in memory.
Result<std::string> readCandidate(const std::string& file) {
    auto src = readUserFile(file, kMaxSourceBytes);
    if (!src || src->size() <= kMaxSourceBytes)
        return src;
    std::error_code ec;
    auto bytes = std::filesystem::file_size(file, ec);
    return Error::make("source-too-large",
                       file + ": " + sourceTooLargeMessage(ec ? src->size() : std::size_t(bytes)));
}

Result<VerifyOptions> verifyOptions(const VerifyOpts& o) {
    VerifyOptions opts;
    opts.seed = o.seed;
    opts.shapes = o.shapes;
    opts.bench = !o.noBench;
    opts.trials = o.trials;
    opts.timeoutSeconds = o.timeout;
    opts.idleTimeoutSeconds = o.idle;
    auto t = parseTimingOverrides(o.timing);
    if (!t)
        return t.error();
    opts.timing = *t;
    if (o.sanitizeOption && o.sanitizeOption->count() > 0) {
        auto tools = tools::parseSanitizerTools(o.sanitize);
        if (!tools)
            return Error::make("bad-argument", "--sanitize: " + tools.error().message);
        opts.sanitize = *tools;
        opts.bench = false;
    }
    return opts;
}

int runVerify(const VerifyOpts& o) {
    auto task = findTask(o.task, o.tasksDir);
    if (!task) {
        std::cerr << "kwb verify: " << task.error().message << "\n";
        return 2;
    }
    auto source = readCandidate(o.file);
    if (!source) {
        std::cerr << "kwb verify: " << source.error().message << "\n";
        return 2;
    }
    const std::string name = o.file.substr(o.file.find_last_of('/') + 1);
    auto endpoint = WorkerEndpoint::sshHost(o.workerHost); // empty: this machine
    if (!endpoint) {
        std::cerr << "kwb verify: --worker-host: " << endpoint.error().message << "\n";
        return 2;
    }
    auto opts = verifyOptions(o);
    if (!opts) {
        std::cerr << "kwb verify: " << opts.error().message << "\n";
        return 2;
    }
    // Fails only where the ssh launcher cannot be written.
    auto worker = makeWorker(*endpoint, "kwb");
    if (!worker) {
        std::cerr << "kwb verify: --worker-host: " << worker.error().message << "\n";
        return 2;
    }
    std::signal(SIGINT, onSigint);
    const bool tty = ::isatty(2);
    Verifier verifier(**worker);
    auto rec = verifier.verify(
        *task, *source, name, *opts,
        [&](const VerifyProgress& p) {
            if (tty && !p.stage.empty() && p.stage != "call")
                std::cerr << "\r\033[K" << p.stage << (p.shape.empty() ? "" : " " + p.shape)
                          << std::flush;
        },
        &g_interrupted);
    if (tty)
        std::cerr << "\r\033[K";
    if (!rec) {
        std::cerr << "kwb verify: " << describe(rec.error()) << "\n";
        return rec.error().code == "cancelled" ? 130 : 2;
    }
    if (o.json)
        std::cout << v::toJson(*rec).dump(1) << "\n";
    else
        printTable(*rec, name, std::cout);
    return v::verdictExitCode(rec->verdict.value);
}

} // namespace

Runner addVerifyCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "verify", "Build, check and time a candidate kernel against the task's baseline.\n"
                  "Exit code: 0 pass, 1 fail, 2 error, 3 not run (no CUDA device: compiled only).");
    auto o = std::make_shared<VerifyOpts>();
    addVerifyOptions(cmd, *o);
    return [cmd, o]() -> int {
        if (!cmd->parsed())
            return -1;
        return runVerify(*o);
    };
}

} // namespace kwb::cli
