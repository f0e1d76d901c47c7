#pragma once
// An evaluation plan (TOML): which student models answer which tasks under which conditions
// (plain; a skill in the system prompt; K accepted samples of the task from the project; both),
// how many answers each, with how many repair turns. Reading checks every key and reports each
// problem with its file, line and column; the tasks and skill files are resolved separately,
// against the catalog and the plan's folder, with the same placement.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"
#include "core/model/task.h"
#include "core/tasks/task_problem.h"

namespace kwb {

struct EvalPlace {
    int line = 0;
    int column = 0;
};

struct EvalCondition {
    std::string label;               // as written: "plain", "skill:skills/a.md", "examples:3", ...
    std::filesystem::path skillFile; // empty: no skill; else resolved against the plan's folder
    int examples = 0;                // accepted samples of the task in the prompt
    EvalPlace at;
    bool plain() const { return skillFile.empty() && examples == 0; }
    nlohmann::json toJson() const;
};

struct EvalModel {
    std::string name;     // unique in the plan; what reports call it
    std::string provider; // "openai", "anthropic", or a provider of the settings file
    std::string baseUrl;  // empty: the provider's
    std::string model;    // as the server knows it
    std::optional<double> temperature;
    std::optional<double> topP;
    int maxTokens = 8192;
    EvalPlace at;
    nlohmann::json toJson() const;
};

struct EvalTaskSelector {
    std::string text; // a task id, "family:F", "level:N" or "all"
    EvalPlace at;
};

struct EvalPlan {
    std::string file; // as given, for problems
    std::string name;
    std::vector<EvalTaskSelector> tasks;
    std::vector<EvalCondition> conditions;
    int samples = 1; // answers per model, condition and task
    int repair = 0;  // repair turns per answer
    std::uint64_t seed = 1;
    bool bench = true; // time passing answers against the baseline (on a GPU)
    std::vector<EvalModel> models;

    // What the run stores and compares on resume: everything that changes an answer.
    nlohmann::json toJson() const;
};

struct EvalPlanRead {
    std::optional<EvalPlan> plan; // set only when there are no problems
    std::vector<TaskProblem> problems;
};

// baseDir: where relative skill paths start (the plan file's folder).
EvalPlanRead parseEvalPlan(const std::string& text, const std::string& sourceName,
                           const std::filesystem::path& baseDir);
// Every problem joined, one a line, into the Error's message (code "bad-plan").
Result<EvalPlan> loadEvalPlan(const std::filesystem::path& path);

// The plan's tasks from the catalog, in catalog order, each once. An id or selector that matches
// nothing is a problem at its place in the plan.
Result<std::vector<Task>> selectEvalTasks(const EvalPlan& plan, const std::vector<Task>& catalog);

// Each condition's skill text by label (empty for conditions without a skill); a file that
// cannot be read or is empty is a problem at the condition's place.
Result<std::vector<std::string>> readEvalSkills(const EvalPlan& plan);

} // namespace kwb
