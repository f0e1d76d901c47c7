#pragma once
// `kwb verify --sanitize`: the job run once under each compute-sanitizer tool (correctness only,
// no timing), each tool's record file read (core/tools/sanitizer_report.h) and the candidate's
// hazards put into the result's "sanitizer" section. The report is written by the sanitizer's
// own process, outside the job's folder where the confined job cannot write, and read by the
// worker: the candidate cannot forge it as a result line. What it cannot do is hide from the
// sanitizer's injection, which lives in its process: findings are evidence, a clean report is
// the absence of mistakes, not proof against hostile code (README, "compute-sanitizer").
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/gpu/job_launcher.h"
#include "core/tools/sanitizer_report.h"

namespace kwb::gpu {

struct SanitizedJob {
    std::string jobPath;       // kwb-job
    std::string sanitizerPath; // compute-sanitizer; empty: not installed
    std::string runnerPath;    // kwb-runner, which supervises it (JobWrapper); empty: none
    nlohmann::json spec;       // the job's spec, as for an ordinary run
    JobLimits limits;          // per tool
    std::vector<std::string> tools;
    tools::CandidateCode candidate;
    std::filesystem::path reportFolder; // where each tool's XML and log are kept
};

// The first tool's job result with "sanitizer" added; the verdict becomes "sanitizer" (the
// findings as its detail) when any tool found a hazard in the candidate's code, unless the job
// was refused as tampering. Without the sanitizer: a "harness-error" naming how to install it.
nlohmann::json runSanitizedJob(const SanitizedJob& job,
                               const std::function<void(const nlohmann::json&)>& onEvent);

} // namespace kwb::gpu
