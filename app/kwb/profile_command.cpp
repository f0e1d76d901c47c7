// kwb profile TASK FILE and kwb samples profile ID: one call of the candidate and one of the
// baseline under Nsight Compute, side by side (core/gpu/profiled_job.h, core/model/profile.h).
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "app/kwb/commands.h"
#include "app/kwb/project_lookup.h"
#include "app/kwb/task_lookup.h"
#include "app/kwb/terminal_text.h"
#include "app/kwb/user_file.h"
#include "core/model/source_limit.h"
#include "core/sys/programs.h"
#include "core/verify/stored_sample_verification.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb::cli {
namespace {

namespace v = verification;

std::atomic<bool> g_interrupted{false};
void onSigint(int) {
    g_interrupted = true;
}

struct ProfileOpts {
    std::string task, file, tasksDir, shape, sections = "full", workerHost, project;
    std::int64_t sample = 0;
    bool json = false;
    int timeout = 600;
};

std::string number(const std::optional<double>& v, const std::string& unit) {
    if (!v)
        return "-";
    char b[64];
    const double x = *v;
    if (unit.empty() && x == std::floor(x) && std::abs(x) < 1e15) // counts: kernels, registers
        std::snprintf(b, sizeof b, "%.0f", x);
    else
        std::snprintf(b, sizeof b, x != 0 && std::abs(x) < 10 ? "%.2f" : "%.1f", x);
    return std::string(b) + (unit.empty() || unit == "%" ? unit : " " + unit);
}

std::string padded(std::string s, std::size_t width) {
    if (s.size() < width)
        s.append(width - s.size(), ' ');
    return s;
}

void printSide(const v::ProfileSide& side, std::ostream& out) {
    out << "  " << side.target << " (" << terminalSafe(side.label) << "), "
        << number(side.seconds, "s") << " under ncu:";
    if (!side.error.empty()) {
        out << " not profiled: " << terminalSafe(side.error) << "\n";
        return;
    }
    out << "\n";
    for (const auto& k : side.kernels) {
        out << "    " << terminalSafe(k.name.substr(0, 90)) << "  "
            << number(k.durationNs ? std::optional<double>(*k.durationNs * 1e-3) : std::nullopt,
                      "us");
        if (!k.occupancyLimiter.empty())
            out << ", occupancy limited by " << k.occupancyLimiter;
        for (std::size_t i = 0; i < k.topStalls.size(); ++i)
            out << (i == 0 ? ", stalls: " : ", ") << k.topStalls[i].first << " "
                << number(k.topStalls[i].second, "");
        out << "\n";
    }
    for (const auto& h : side.hotLines)
        out << "    hot line " << terminalSafe(h.file) << ":" << h.line << "  "
            << number(h.samples, "") << " samples  " << terminalSafe(h.source.substr(0, 70))
            << "\n";
}

void printProfile(const v::VerificationRecordData& rec, std::ostream& out) {
    out << "Task " << rec.taskId << ": " << rec.verdict.text()
        << (rec.detail.empty() ? "" : " - " + terminalSafe(rec.detail)) << "\n";
    if (!rec.profile) {
        out << "No profile (the candidate did not reach the GPU).\n";
        return;
    }
    const v::ProfileReport& p = *rec.profile;
    out << "Nsight Compute " << p.version << ", section set " << p.sections << ", shape " << p.shape
        << ", clocks not controlled\n";
    out << padded("", 26) << padded("candidate", 16) << padded("baseline", 16) << "\n";
    for (const auto& row : v::profileRows(p))
        out << padded(row.figure, 26) << padded(number(row.candidate, row.unit), 16)
            << padded(number(row.baseline, row.unit), 16) << (row.differs ? "*" : "") << "\n";
    if (p.peakFlopsPerSecond || p.peakBytesPerSecond)
        out << "Ceilings (measured): "
            << number(p.peakFlopsPerSecond.value_or(0) * 1e-12, "TFLOP/s") << ", "
            << number(p.peakBytesPerSecond.value_or(0) * 1e-9, "GB/s") << "\n";
    out << "(* the two sides differ by more than a quarter, or 10 points of a percentage)\n";
    for (const auto& side : p.sides)
        printSide(side, out);
}

// Where the worker runs on this machine, ncu must be there: said before anything is built.
bool ncuMissingHere(const ProfileOpts& o, const char* command) {
    if (!o.workerHost.empty() || !locateCudaTool("ncu").empty())
        return false;
    std::cerr << command << ": " << cudaToolInstallHint("ncu") << "\n";
    return true;
}

int finish(const Result<v::VerificationRecordData>& rec, const ProfileOpts& o,
           const char* command) {
    if (!rec) {
        std::cerr << command << ": " << describe(rec.error()) << "\n";
        return rec.error().code == "cancelled" ? 130 : 2;
    }
    if (o.json)
        std::cout << v::toJson(*rec).dump(1) << "\n";
    else
        printProfile(*rec, std::cout);
    if (!rec->profile)
        return v::verdictExitCode(rec->verdict.value);
    for (const auto& side : rec->profile->sides)
        if (!side.error.empty())
            return 2;
    return v::verdictExitCode(rec->verdict.value);
}

VerifyOptions profileOptions(const ProfileOpts& o) {
    VerifyOptions opts;
    opts.profile = o.sections;
    if (!o.shape.empty())
        opts.shapes = {o.shape};
    opts.bench = false;
    opts.trials = 1;
    opts.timeoutSeconds = o.timeout;
    opts.idleTimeoutSeconds = std::min(o.timeout, 300);
    return opts;
}

VerifyProgressFn progressLine() {
    const bool tty = ::isatty(2);
    return [tty](const VerifyProgress& p) {
        if (tty && !p.stage.empty() && p.stage != "call")
            std::cerr << "\r\033[K" << p.stage
                      << (p.event.contains("target") && p.event["target"].is_string()
                              ? " " + p.event["target"].get<std::string>()
                              : std::string())
                      << std::flush;
    };
}

int runProfile(const ProfileOpts& o) {
    const char* command = "kwb profile";
    auto task = findTask(o.task, o.tasksDir);
    if (!task) {
        std::cerr << command << ": " << task.error().message << "\n";
        return 2;
    }
    if (!o.shape.empty() && !task->findShape(o.shape)) {
        std::cerr << command << ": task " << task->id << " has no shape \"" << o.shape << "\"\n";
        return 2;
    }
    auto source = readUserFile(o.file, kMaxSourceBytes);
    if (!source) {
        std::cerr << command << ": " << source.error().message << "\n";
        return 2;
    }
    if (ncuMissingHere(o, command))
        return 2;
    auto endpoint = WorkerEndpoint::sshHost(o.workerHost);
    if (!endpoint) {
        std::cerr << command << ": --worker-host: " << endpoint.error().message << "\n";
        return 2;
    }
    SampleVerification sample;
    sample.task = *task;
    sample.source = *source;
    sample.fileName = std::filesystem::path(o.file).filename().string();
    std::signal(SIGINT, onSigint);
    auto rec =
        verifySample(sample, *endpoint, "kwb", profileOptions(o), progressLine(), &g_interrupted);
    if (::isatty(2))
        std::cerr << "\r\033[K";
    return finish(rec, o, command);
}

int runSamplesProfile(const ProfileOpts& o) {
    const char* command = "kwb samples profile";
    auto store = openProject(o.project);
    if (!store) {
        std::cerr << command << ": " << store.error().message << "\n";
        return 2;
    }
    auto sample = loadSampleVerification(**store, o.sample);
    if (!sample) {
        std::cerr << command << ": " << sample.error().message << "\n";
        return 2;
    }
    if (!o.shape.empty() && !sample->task.findShape(o.shape)) {
        std::cerr << command << ": task " << sample->task.id << " has no shape \"" << o.shape
                  << "\"\n";
        return 2;
    }
    if (ncuMissingHere(o, command))
        return 2;
    auto endpoint = WorkerEndpoint::sshHost(o.workerHost);
    if (!endpoint) {
        std::cerr << command << ": --worker-host: " << endpoint.error().message << "\n";
        return 2;
    }
    std::signal(SIGINT, onSigint);
    auto rec =
        verifySample(*sample, *endpoint, "kwb", profileOptions(o), progressLine(), &g_interrupted);
    if (::isatty(2))
        std::cerr << "\r\033[K";
    if (rec && rec->profile)
        if (auto kept = (*store)->addProfile(o.sample, *rec); !kept) {
            std::cerr << command << ": " << kept.error().message << "\n";
            return 2;
        }
    return finish(rec, o, command);
}

void addCommonOptions(CLI::App* cmd, ProfileOpts& o) {
    cmd->add_option("--shape", o.shape, "The shape to profile (default: large, else the first)");
    cmd->add_option("--sections", o.sections,
                    "Nsight Compute's section set: basic, or full (stall reasons and the hot "
                    "source lines; slower)")
        ->check(CLI::IsMember({"basic", "full"}));
    cmd->add_flag("--json", o.json, "Print the record, its profile section included, as JSON");
    cmd->add_option("--timeout", o.timeout, "Seconds before each profiled job is killed")
        ->check(CLI::Range(30, 3600));
    cmd->add_option("--worker-host", o.workerHost,
                    "Profile on this host over ssh (ncu and kwb-runner on its PATH)");
}

} // namespace

Runner addProfileCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "profile", "Profile one call of a candidate and one of the task's baseline with Nsight "
                   "Compute, side by side (clocks left as they are).\n"
                   "Exit code: 0 profiled (the candidate correct), 1 the candidate failed, 2 "
                   "error (ncu missing or it did not profile).");
    auto o = std::make_shared<ProfileOpts>();
    cmd->add_option("task", o->task, "Task id (e.g. sgemm-f32) or a task file (.toml)")->required();
    cmd->add_option("file", o->file, "The candidate CUDA source (.cu)")
        ->required()
        ->check(readableFile());
    cmd->add_option("--tasks-dir", o->tasksDir, "A folder of your own tasks");
    addCommonOptions(cmd, *o);
    return [cmd, o]() -> int { return cmd->parsed() ? runProfile(*o) : -1; };
}

Runner addSamplesProfileCommand(CLI::App& app) {
    CLI::App* samples = app.get_subcommand("samples");
    auto* cmd = samples->add_subcommand(
        "profile", "Profile a stored sample against its task's baseline with Nsight Compute; "
                   "the profile is kept in the project (the window's Profile tab shows it).");
    auto o = std::make_shared<ProfileOpts>();
    cmd->add_option("id", o->sample, "The sample's id")->required();
    addProjectOption(cmd, o->project);
    addCommonOptions(cmd, *o);
    return [cmd, o]() -> int { return cmd->parsed() ? runSamplesProfile(*o) : -1; };
}

} // namespace kwb::cli
