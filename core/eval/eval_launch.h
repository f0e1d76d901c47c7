#pragma once
// What `kwb eval run` and the window's "New evaluation run" both do around EvalRun: read the plan
// (its tasks from the catalog, its skills from their files), add each model's provider to a
// client under the model's name, open or resume the run's record in the project (the stored plan
// holds the resolved tasks and each skill's hash, so a changed skill is another run), connect the
// verification queue of this machine, and build the EvalRun. One place, so the two front ends
// cannot drift apart. Threads: everything here runs on the caller's thread; the EvalRun then
// runs on it too (eval_run.h).
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/eval/eval_plan.h"
#include "core/eval/eval_run.h"
#include "core/llm/llm_client.h"
#include "core/llm/llm_settings.h"
#include "core/model/error.h"

namespace kwb {

class ProjectStore;

struct EvalLaunchOptions {
    std::filesystem::path settings; // the LLM settings file; empty: LlmSettings::defaultPath()
    int concurrency = 0;            // requests in flight per model; 0: its provider's
    int verifyJobs = 0;             // answers built at once; 0: the host's cores
    bool noBench = false;           // correctness only, no timing
    std::string client = "kwb";     // who the worker is told it serves
    // A provider's key when neither the environment nor the settings hold one (may be null).
    std::function<std::string(const std::string&)> keychainKey;
};

// The plan as the run keeps it: the tasks it resolved to and each skill's hash, not the skill's
// path on this machine.
nlohmann::json storedEvalPlan(const EvalPlan& plan, const std::vector<Task>& tasks,
                              const std::vector<std::string>& skills);

class EvalLaunch {
public:
    // Reads the plan and adds its models to the client. Errors: the plan's problems (each with
    // its file, line and column), a model whose provider is not usable (with the plan's line).
    static Result<std::unique_ptr<EvalLaunch>> prepare(const std::filesystem::path& plan,
                                                       EvalLaunchOptions options);
    ~EvalLaunch();

    // Opens (or resumes) the run in `store` and connects the verification queue; the store must
    // outlive this object. "worker-not-found" without kwb-runner.
    Status start(ProjectStore& store);

    const EvalPlan& plan() const { return m_plan; }
    const std::vector<Task>& tasks() const { return m_tasks; }
    // Every key a response or an error might quote (redact before showing or storing).
    const std::vector<std::string>& secrets() const { return m_secrets; }
    // After start(): the run's id and the run itself.
    const std::string& runId() const { return m_runId; }
    EvalRun& run() { return *m_run; }

private:
    EvalLaunch() = default;

    EvalLaunchOptions m_options;
    EvalPlan m_plan;
    std::vector<Task> m_tasks;
    std::vector<std::string> m_skills;
    std::vector<std::string> m_secrets;
    std::vector<EvalModelProvider> m_models;
    std::optional<LlmSettings> m_settings; // its price table outlives the run
    LlmClient m_client;
    std::string m_runId;
    std::unique_ptr<EvalRun> m_run; // last: destroyed first, before the client it uses
};

} // namespace kwb
