// Evaluation plans: the shipped example reads; every kind of bad plan is refused with its file,
// line and what is wrong; tasks and skills resolve against the catalog and the plan's folder.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/eval/eval_plan.h"
#include "core/tasks/task_loader.h"
#include "tests/eval/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;
namespace fs = std::filesystem;

const char* const kModel = "\n[[models]]\nname = \"s\"\nprovider = \"openai\"\nmodel = \"m\"\n";

// The problems of a plan text, as one string ("plan.toml:3:9: ...", one a line).
std::string problemsOf(const std::string& text) {
    auto r = parseEvalPlan(text, "plan.toml", "/plans");
    CHECK_MSG(!r.plan, "a bad plan was accepted:\n" + text);
    return joinProblems(r.problems);
}

void expectProblem(const std::string& text, const std::string& where, const std::string& what) {
    const std::string p = problemsOf(text);
    CHECK_MSG(p.find(where) != std::string::npos && p.find(what) != std::string::npos,
              "expected \"" + where + "\" and \"" + what + "\" in:\n" + p);
}

void example() {
    auto plan = loadEvalPlan(KWB_EVAL_EXAMPLE);
    CHECK_MSG(plan, plan ? "" : plan.error().message);
    if (!plan)
        return;
    CHECK(plan->name == "skill-ab" && plan->samples == 4 && plan->repair == 0 && plan->seed == 7);
    CHECK(plan->conditions.size() == 4 && plan->models.size() == 1);
    CHECK(plan->conditions[0].plain());
    const fs::path skill = fs::path(KWB_EVAL_EXAMPLE).parent_path() / "skills/softmax.md";
    CHECK(plan->conditions[1].skillFile == skill && plan->conditions[1].examples == 0);
    CHECK(plan->conditions[2].skillFile.empty() && plan->conditions[2].examples == 3);
    // skill+examples: the plan's one skill file together with its one K.
    CHECK(plan->conditions[3].skillFile == skill && plan->conditions[3].examples == 3);
    CHECK(plan->models[0].temperature && *plan->models[0].temperature == 0.2);
    CHECK(plan->models[0].baseUrl == "http://127.0.0.1:8000/v1");
    auto skills = readEvalSkills(*plan);
    CHECK(skills && skills->size() == 4 && (*skills)[0].empty() &&
          (*skills)[1].find("name: softmax-rows-f32") != std::string::npos &&
          (*skills)[1] == (*skills)[3]);
    auto catalog = loadTaskFolder(KWB_TASK_SOURCE_DIR).tasks;
    auto tasks = selectEvalTasks(*plan, catalog);
    CHECK(tasks && tasks->size() == 2);
}

void selectors() {
    auto catalog = loadTaskFolder(KWB_TASK_SOURCE_DIR).tasks;
    auto select = [&](const std::string& list) {
        auto r =
            parseEvalPlan("name = \"x\"\ntasks = [" + list + "]\nconditions = [\"plain\"]" + kModel,
                          "p.toml", ".");
        CHECK_MSG(r.plan, joinProblems(r.problems));
        return r.plan ? selectEvalTasks(*r.plan, catalog)
                      : Result<std::vector<Task>>(Error::make("bad-plan", "unread"));
    };
    auto all = select("\"all\"");
    CHECK(all && all->size() == catalog.size());
    auto gemm = select("\"family:gemm\"");
    CHECK(gemm && !gemm->empty());
    if (gemm)
        for (const auto& t : *gemm)
            CHECK(t.family == "gemm");
    auto level1 = select("\"level:1\", \"saxpy-f32\"");
    CHECK(level1 && !level1->empty());
    int saxpy = 0;
    if (level1)
        for (const auto& t : *level1)
            saxpy += t.id == "saxpy-f32";
    CHECK(saxpy == 1); // chosen twice, listed once
    // Nothing matches: the selector's own line and column.
    auto none = select("\"saxpy-f32\",\n  \"no-such-task\"");
    CHECK_MSG(!none && none.error().message.find("p.toml:3:3: no task matches \"no-such-task\"") !=
                           std::string::npos,
              none ? "" : none.error().message);
}

void badPlans() {
    const std::string head = "name = \"x\"\ntasks = [\"saxpy-f32\"]\n";
    expectProblem("name = \"x\"\ntasks = [\"saxpy-f32\"\n", "plan.toml:2:", "not valid TOML");
    expectProblem(head + "conditions = [\"plain\"]\nsampels = 4\n" + kModel,
                  "plan.toml:4:11:", "unknown key \"sampels\"");
    expectProblem(head + "conditions = [\"plain\"]\nsamples = \"four\"\n" + kModel,
                  "plan.toml:4:11:", "samples must be an integer");
    expectProblem(head + "conditions = [\"plain\"]\nsamples = 0\n" + kModel,
                  "plan.toml:4:11:", "samples must be from 1 to 10000, not 0");
    expectProblem(head + "conditions = [\"plain\"]\nrepair = 11\n" + kModel,
                  "plan.toml:4:10:", "repair must be from 0 to 10");
    expectProblem(head + "conditions = [\"plain\"]\nseed = 0\n" + kModel,
                  "plan.toml:4:8:", "seed must be from 1");
    expectProblem(head + "conditions = [\"plain\", \"hints:3\"]\n" + kModel,
                  "plan.toml:3:24:", "unknown condition part \"hints:3\"");
    expectProblem(head + "conditions = [\"examples:0\"]\n" + kModel,
                  "plan.toml:3:15:", "examples:K needs K from 1 to 50");
    expectProblem(head + "conditions = [\"plain\", \"plain\"]\n" + kModel,
                  "plan.toml:3:24:", "is listed twice");
    expectProblem(head + "conditions = [\"plain\", \"skill+examples\"]\n" + kModel,
                  "plan.toml:3:24:", "needs a skill");
    expectProblem(head + "conditions = [\"skill:a.md\", \"skill:b.md\", \"skill\"]\n" + kModel,
                  "plan.toml:3:43:", "needs a skill");
    expectProblem(head + "conditions = []\n" + kModel, "plan.toml:3:14:", "conditions is empty");
    expectProblem(head + kModel, "plan.toml:1:1:", "the plan has no conditions");
    expectProblem(head + "conditions = [\"plain\"]\n", "plan.toml:1:1:", "the plan has no models");
    expectProblem(head + "conditions = [\"plain\"]\n[[models]]\nname = \"s\"\nmodel = \"m\"\n",
                  "plan.toml:4:1:", "models[0] needs a non-empty provider");
    expectProblem(head + "conditions = [\"plain\"]\n" + kModel + "temprature = 0.2\n",
                  "plan.toml:9:14:", "unknown key \"temprature\" in a model");
    expectProblem(head + "conditions = [\"plain\"]\n" + kModel + "temperature = 3\n",
                  "plan.toml:9:15:", "models[0].temperature must be from 0 to 2");
    expectProblem(head + "conditions = [\"plain\"]\n" + kModel + kModel,
                  "plan.toml:10:1:", "two models are named \"s\" (the first on line 5)");
    expectProblem("tasks = \"saxpy-f32\"\nconditions = [\"plain\"]\n" + std::string(kModel),
                  "plan.toml:1:9:", "tasks must be an array of strings");
    expectProblem(head + "conditions = [\"plain\"]\nmodels = 3\n",
                  "plan.toml:4:10:", "models must be an array of tables");
    auto missing = loadEvalPlan("/nonexistent/plan.toml");
    CHECK(!missing && missing.error().message.find("cannot read the plan /nonexistent/plan.toml") !=
                          std::string::npos);
}

void skillFiles() {
    const fs::path dir = fs::temp_directory_path() / ("kwb-eval-plan-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "empty.md") << "  \n";
    std::ofstream(dir / "plan.toml") << "name = \"x\"\ntasks = [\"saxpy-f32\"]\n"
                                        "conditions = [\"plain\",\n  \"skill:missing.md\",\n"
                                        "  \"skill:empty.md\"]\n"
                                     << kModel;
    auto plan = loadEvalPlan(dir / "plan.toml");
    CHECK_MSG(plan, plan ? "" : plan.error().message);
    if (plan) {
        auto skills = readEvalSkills(*plan);
        const std::string m = skills ? "" : skills.error().message;
        CHECK_MSG(m.find("plan.toml:4:3: cannot read the skill file " +
                         (dir / "missing.md").string()) != std::string::npos &&
                      m.find("plan.toml:5:3: cannot read the skill file " +
                             (dir / "empty.md").string() + " (it is empty)") != std::string::npos,
                  m);
    }
    fs::remove_all(dir);
}

} // namespace

void planTests() {
    example();
    selectors();
    badPlans();
    skillFiles();
}

} // namespace kwbtest
