#pragma once
// `kwb profile`: the job run under Nsight Compute twice, once for one call of the candidate and
// once for one call of the baseline (the job's "profile_target"; ncu --profile-from-start off
// sees only the call between the job's cudaProfilerStart and cudaProfilerStop), each report read
// back through ncu's raw page (and, for the full set, its source page) into the record's
// "profile" section. Like the sanitizer, ncu is started in the job's place and starts kwb-job,
// which confines itself as always; ncu's report is written by ncu's own process outside the
// job's folder, and its messages go to a log file, never to the job's channel. The injection
// lives in the candidate's process: the figures describe the candidate, they are not a verdict.
// `--clock-control none`: the device's clocks are never changed.
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/gpu/job_launcher.h"

namespace kwb::gpu {

struct ProfiledJob {
    std::string jobPath;    // kwb-job
    std::string ncuPath;    // empty: not installed
    std::string runnerPath; // kwb-runner, which supervises it (JobWrapper); empty: none
    nlohmann::json spec;    // the job's spec, one shape
    JobLimits limits;       // per side
    std::string sections;   // "basic" or "full"
    std::string candidateFile = "candidate.cu";
    std::string candidateSource;        // the hot lines' text (ncu cannot open the built copy)
    std::filesystem::path reportFolder; // where the reports and ncu's logs are kept
};

// The candidate side's job result (its correctness verdict) with "profile" added: both sides'
// kernels, figures and hot lines. Without ncu: a "harness-error" naming how to install it.
nlohmann::json runProfiledJob(const ProfiledJob& job,
                              const std::function<void(const nlohmann::json&)>& onEvent);

// ncu's command line for one side, without the job's path (the launcher appends it).
std::vector<std::string> ncuArguments(const std::string& sections, const std::string& report,
                                      const std::string& log);

} // namespace kwb::gpu
