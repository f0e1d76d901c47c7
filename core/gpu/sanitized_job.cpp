#include "core/gpu/sanitized_job.h"

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/model/verification.h"
#include "core/sys/child_process.h"
#include "core/sys/programs.h"

namespace kwb::gpu {
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string sanitizerVersion(const std::string& path) {
    ProcessSpec spec{path, {"--version"}, std::nullopt, {}, 1 << 16};
    auto out = runProcess(spec, {}, std::chrono::seconds(20));
    std::smatch m;
    if (out && std::regex_search(out->out, m, std::regex(R"(Version ([0-9.]+))")))
        return m[1];
    return "unknown";
}

// One tool's run: the job under the sanitizer, then its record file.
verification::SanitizerRun runOneTool(const SanitizedJob& job, const std::string& tool,
                                      const std::function<void(const nlohmann::json&)>& onEvent,
                                      nlohmann::json* result,
                                      std::vector<verification::SanitizerFinding>* findings) {
    verification::SanitizerRun run;
    run.tool = tool;
    const fs::path xml = job.reportFolder / (tool + ".xml");
    const fs::path log = job.reportFolder / (tool + ".log");
    run.reportPath = xml.string();
    JobWrapper wrapper{job.sanitizerPath,
                       tools::sanitizerArguments(tool, xml.string(), log.string(), ""),
                       job.runnerPath};
    wrapper.args.pop_back(); // the launcher appends the job's path
    onEvent({{"event", "progress"}, {"stage", "sanitizer"}, {"tool", tool}});
    const auto t0 = std::chrono::steady_clock::now();
    nlohmann::json spec = job.spec;
    spec["sanitize"] = true; // every buffer its own allocation (job_buffers.h)
    spec["bench"] = false;
    *result = runJobInChild(job.jobPath, spec, job.limits, onEvent,
                            startJobChild(job.jobPath, nullptr, &wrapper));
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    run.outcome = result->value("verdict", "");
    const std::string text = slurp(xml);
    if (text.empty()) {
        run.error = "compute-sanitizer wrote no report (" + xml.string() +
                    "); its log: " + slurp(log).substr(0, 2000);
        return run;
    }
    auto read = tools::readSanitizerXml(text, tool, job.candidate);
    if (!read) {
        run.error = read.error().message;
        return run;
    }
    run.excluded = read->excluded;
    if (!read->excludedKinds.empty())
        run.extra["excluded_kinds"] = read->excludedKinds;
    findings->insert(findings->end(), read->findings.begin(), read->findings.end());
    return run;
}

} // namespace

nlohmann::json runSanitizedJob(const SanitizedJob& job,
                               const std::function<void(const nlohmann::json&)>& onEvent) {
    if (job.sanitizerPath.empty())
        return {{"verdict", "harness-error"},
                {"detail", cudaToolInstallHint("compute-sanitizer")},
                {"shapes", nlohmann::json::array()}};
    std::error_code ec;
    fs::create_directories(job.reportFolder, ec);
    verification::SanitizerReport report;
    report.version = sanitizerVersion(job.sanitizerPath);
    nlohmann::json first;
    std::string tampering, toolError;
    for (const auto& tool : job.tools) {
        nlohmann::json result;
        report.runs.push_back(runOneTool(job, tool, onEvent, &result, &report.findings));
        if (result.value("verdict", "") == "tampering" && tampering.empty())
            tampering = result.value("detail", "");
        if (!report.runs.back().error.empty() && toolError.empty())
            toolError = tool + ": " + report.runs.back().error;
        if (first.is_null())
            first = std::move(result);
    }
    if (first.is_null())
        first = {{"verdict", "harness-error"},
                 {"detail", "no sanitizer tool was asked for"},
                 {"shapes", nlohmann::json::array()}};
    if (!tampering.empty()) {
        first["verdict"] = "tampering";
        first["detail"] = tampering;
    } else if (!report.findings.empty()) {
        first["verdict"] = "sanitizer";
        first["detail"] = tools::describeFindings(report.findings);
    } else if (!toolError.empty() && first.value("verdict", "") == "pass") {
        // A tool that left no report checked nothing: no pass on its word.
        first["verdict"] = "harness-error";
        first["detail"] = "compute-sanitizer " + toolError;
    }
    first["sanitizer"] = verification::toJson(report);
    return first;
}

} // namespace kwb::gpu
