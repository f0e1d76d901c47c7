#include "core/eval/eval_launch.h"

#include <algorithm>
#include <thread>

#include "core/generate/generation_setup.h"
#include "core/store/project_store.h"
#include "core/sys/programs.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"

namespace kwb {

nlohmann::json storedEvalPlan(const EvalPlan& plan, const std::vector<Task>& tasks,
                              const std::vector<std::string>& skills) {
    nlohmann::json j = plan.toJson();
    j["task_ids"] = nlohmann::json::array();
    for (const auto& t : tasks)
        j["task_ids"].push_back(t.id);
    for (std::size_t i = 0; i < skills.size(); ++i) {
        j["conditions"][i].erase("skill_file");
        j["conditions"][i]["skill_sha256"] = skills[i].empty() ? "" : sha256Hex(skills[i]);
    }
    return j;
}

Result<std::unique_ptr<EvalLaunch>> EvalLaunch::prepare(const std::filesystem::path& planPath,
                                                        EvalLaunchOptions options) {
    auto plan = loadEvalPlan(planPath);
    if (!plan)
        return plan.error();
    auto dir = builtinTaskDirectory();
    if (!dir)
        return dir.error();
    auto tasks = selectEvalTasks(*plan, loadTaskFolder(*dir).tasks);
    if (!tasks)
        return tasks.error();
    auto skills = readEvalSkills(*plan);
    if (!skills)
        return skills.error();
    auto settings =
        LlmSettings::load(options.settings.empty() ? LlmSettings::defaultPath() : options.settings);
    if (!settings)
        return settings.error();
    std::unique_ptr<EvalLaunch> launch(new EvalLaunch);
    launch->m_options = std::move(options);
    launch->m_plan = std::move(*plan);
    launch->m_tasks = std::move(*tasks);
    launch->m_skills = std::move(*skills);
    launch->m_settings = std::move(*settings);
    // Each model's provider under the model's name, with the plan's base URL.
    for (const auto& m : launch->m_plan.models) {
        ProviderOverrides ov;
        ov.baseUrl = m.baseUrl;
        ov.concurrency = launch->m_options.concurrency;
        auto p = providerForRun(*launch->m_settings, m.provider, ov, launch->m_options.keychainKey);
        if (!p)
            return Error::make(p.error().code, launch->m_plan.file + ":" +
                                                   std::to_string(m.at.line) + ": model " + m.name +
                                                   ": " + p.error().message);
        p->config.name = m.name;
        launch->m_secrets.insert(launch->m_secrets.end(), p->secrets.begin(), p->secrets.end());
        if (Status st = launch->m_client.addProvider(p->config); !st)
            return st.error();
        launch->m_models.push_back({m, p->config});
    }
    return launch;
}

EvalLaunch::~EvalLaunch() = default;

// Verification: one queue (builds in parallel, one verification at a time per GPU lane) fed by
// enough checkers for every build slot and every lane; its first GPU goes into the prompts.
Status EvalLaunch::start(ProjectStore& store) {
    auto record = store.openEvalRun(m_plan.name, storedEvalPlan(m_plan, m_tasks, m_skills));
    if (!record)
        return record.error();
    if (locateRunner().empty())
        return Error::make("worker-not-found",
                           "kwb eval verifies every answer and needs kwb-runner (set KWB_RUNNER "
                           "or install it)");
    VerifyOptions vo;
    vo.bench = m_plan.bench && !m_options.noBench;
    vo.seed = m_plan.seed;
    const int builds = m_options.verifyJobs > 0
                           ? m_options.verifyJobs
                           : int(std::max(1u, std::thread::hardware_concurrency()));
    PromptContext base;
    auto queue = localQueue({}, builds, m_options.client, &base);
    std::vector<std::unique_ptr<SampleChecker>> checkers;
    for (std::size_t i = 0; i < std::size_t(builds) + queue->laneCount(); ++i)
        checkers.push_back(std::make_unique<QueueSampleChecker>(queue, vo));
    m_runId = record->runId;
    m_run =
        std::make_unique<EvalRun>(store, m_client, m_plan, m_tasks, m_skills, std::move(*record));
    m_run->setModels(m_models);
    m_run->setPromptBase(base);
    m_run->setCheckers(std::move(checkers));
    m_run->setPrices(&m_settings->prices());
    m_run->addSecrets(m_secrets);
    return okStatus();
}

} // namespace kwb
