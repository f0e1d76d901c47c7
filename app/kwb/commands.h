#pragma once
// Each kwb sub-command registers itself on the CLI11 app and returns its exit code when run.
#include <CLI/CLI.hpp>
#include <functional>

namespace kwb::cli {

// Exit codes shared by every sub-command (README, "Command line").
inline constexpr int kExitUsage = 64;

using Runner = std::function<int()>;

// Adds `doctor`; the returned runner is called when the sub-command was given.
Runner addDoctorCommand(CLI::App& app);
Runner addVerifyCommand(CLI::App& app);
Runner addTasksCommand(CLI::App& app);
Runner addSuiteCommand(CLI::App& app);
Runner addGenerateCommand(CLI::App& app);
// The project database: project, samples, review, import, export (README, "Projects").
Runner addProjectCommand(CLI::App& app);
Runner addSamplesCommand(CLI::App& app);
// `samples no-code`, added to the samples command (call after addSamplesCommand).
Runner addSamplesNoCodeCommand(CLI::App& app);
Runner addReviewCommand(CLI::App& app);
Runner addImportCommand(CLI::App& app);
Runner addExportCommand(CLI::App& app);
// Evaluation plans, runs and reports (README, "Evaluating students").
Runner addEvalCommand(CLI::App& app);
// Agent skills from curated samples (README, "Skills").
Runner addSkillCommand(CLI::App& app);
// Nsight Compute profiles: `profile`, and `samples profile` (call after addSamplesCommand).
Runner addProfileCommand(CLI::App& app);
Runner addSamplesProfileCommand(CLI::App& app);
// Verification batches on a Slurm cluster (README, "Clusters (Slurm)").
Runner addBatchCommand(CLI::App& app);

} // namespace kwb::cli
