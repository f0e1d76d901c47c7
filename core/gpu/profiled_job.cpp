#include "core/gpu/profiled_job.h"

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/model/profile.h"
#include "core/sys/child_process.h"
#include "core/sys/programs.h"
#include "core/tools/ncu_report.h"

namespace kwb::gpu {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kHotLines = 10;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// ncu's own output on stdout: a page of a report, or its version.
Result<std::string> runNcu(const std::string& ncu, std::vector<std::string> args) {
    ProcessSpec spec{ncu, std::move(args), std::nullopt, {}, std::size_t(64) << 20};
    auto out = runProcess(spec, {}, std::chrono::seconds(120));
    if (!out)
        return out.error();
    if (out->exit.kind != ProcessExit::Kind::Exited || out->exit.code != 0)
        return Error::make("ncu-failed",
                           "ncu " + out->exit.describe() + ": " + out->err.substr(0, 2000));
    return out->out;
}

std::string ncuVersion(const std::string& ncu) {
    auto out = runNcu(ncu, {"--version"});
    std::smatch m;
    if (out && std::regex_search(*out, m, std::regex(R"(Version ([0-9.]+))")))
        return m[1];
    return "unknown";
}

// The report's kernels and, for the full set, the candidate's hot source lines.
void readReport(const ProfiledJob& job, const fs::path& report, verification::ProfileSide* side) {
    auto raw = runNcu(job.ncuPath, {"--import", report.string(), "--csv", "--page", "raw",
                                    "--print-units", "base"});
    if (!raw) {
        side->error = raw.error().message;
        return;
    }
    side->rawCsv = *raw;
    auto kernels = tools::readNcuRawCsv(*raw);
    if (!kernels) {
        side->error = kernels.error().message;
        return;
    }
    for (const auto& k : *kernels)
        side->kernels.push_back(tools::summarizeKernel(k));
    if (job.sections != "full" || side->target != "candidate")
        return;
    auto source = runNcu(job.ncuPath, {"--import", report.string(), "--csv", "--page", "source",
                                       "--print-source", "cuda,sass"});
    if (!source)
        return; // the figures stand without the lines
    auto lines = tools::readNcuSourceCsv(*source, job.candidateFile, kHotLines);
    if (!lines)
        return;
    // The build's copy of the source is gone by now: the lines' text comes from the source sent.
    std::vector<std::string> text;
    std::istringstream in(job.candidateSource);
    for (std::string l; std::getline(in, l);)
        text.push_back(l);
    for (auto& h : *lines)
        if (h.line >= 1 && std::size_t(h.line) <= text.size())
            h.source = text[std::size_t(h.line) - 1];
    side->hotLines = std::move(*lines);
}

// One side: the job under ncu with its profile target, then the report read back.
verification::ProfileSide profileSide(const ProfiledJob& job, const std::string& target,
                                      const std::function<void(const nlohmann::json&)>& onEvent,
                                      nlohmann::json* result) {
    verification::ProfileSide side;
    side.target = target;
    const fs::path report = job.reportFolder / target;
    const fs::path log = job.reportFolder / (target + ".log");
    side.reportPath = report.string() + ".ncu-rep";
    JobWrapper wrapper{job.ncuPath, ncuArguments(job.sections, report.string(), log.string()),
                       job.runnerPath};
    onEvent({{"event", "progress"}, {"stage", "profile"}, {"target", target}});
    const auto t0 = std::chrono::steady_clock::now();
    nlohmann::json spec = job.spec;
    spec["profile_target"] = target;
    spec["bench"] = false;
    *result = runJobInChild(job.jobPath, spec, job.limits, onEvent,
                            startJobChild(job.jobPath, nullptr, &wrapper));
    if (!fs::exists(side.reportPath)) {
        side.error =
            "ncu wrote no report (" + side.reportPath + "); its log: " + slurp(log).substr(0, 2000);
    } else {
        readReport(job, report.string() + ".ncu-rep", &side);
        if (side.kernels.empty() && side.error.empty())
            side.error = "ncu profiled no kernel of the " + target + "'s call";
    }
    side.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return side;
}

} // namespace

std::vector<std::string> ncuArguments(const std::string& sections, const std::string& report,
                                      const std::string& log) {
    return {"--clock-control",
            "none",
            "--target-processes",
            "all",
            "--profile-from-start",
            "off",
            "--set",
            sections,
            "--metrics",
            tools::profileExtraMetrics(),
            "--import-source",
            "yes",
            "--log-file",
            log,
            "-f",
            "-o",
            report};
}

nlohmann::json runProfiledJob(const ProfiledJob& job,
                              const std::function<void(const nlohmann::json&)>& onEvent) {
    if (job.ncuPath.empty())
        return {{"verdict", "harness-error"},
                {"detail", cudaToolInstallHint("ncu")},
                {"shapes", nlohmann::json::array()}};
    std::error_code ec;
    fs::create_directories(job.reportFolder, ec);
    verification::ProfileReport report;
    report.version = ncuVersion(job.ncuPath);
    report.sections = job.sections;
    const auto shapes = job.spec.value("shapes", std::vector<std::string>{});
    report.shape = shapes.empty() ? "" : shapes.front();
    nlohmann::json candidate, baseline;
    report.sides.push_back(profileSide(job, "candidate", onEvent, &candidate));
    report.sides.back().label = job.candidateFile;
    if (candidate.value("verdict", "") == "pass") {
        report.sides.push_back(profileSide(job, "baseline", onEvent, &baseline));
        if (auto b = baseline.find("baseline"); b != baseline.end() && b->is_object())
            report.sides.back().label = b->value("label", "");
    }
    candidate["profile"] = verification::toJson(report);
    return candidate;
}

} // namespace kwb::gpu
