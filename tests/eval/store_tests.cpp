// The project's evaluation tables: a run is found again by its name only with the same plan; a
// cell is stored with the answer that ends its chain, once; a schema-3 project gains the tables.
#include <filesystem>
#include <unistd.h>

#include "core/store/project_schema.h"
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/tasks/task_loader.h"
#include "tests/eval/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;
namespace fs = std::filesystem;

GenerationRecord answer(const std::string& id, const std::string& code, int turn = 0,
                        const std::string& repairs = {}) {
    GenerationRecord g;
    g.generationId = id;
    g.runId = "evalrun";
    g.turn = turn;
    g.repairOfGenerationId = repairs;
    g.taskId = "saxpy-f32";
    g.provider = "openai";
    g.model = "student-7b";
    g.messages = nlohmann::json::array({{{"role", "user"}, {"content", "write saxpy"}}});
    g.rawResponse = "```cuda\n" + code + "\n```";
    if (!code.empty())
        g.code = code;
    g.promptTokens = 100;
    g.completionTokens = 20;
    g.costUsd = 0.001;
    return g;
}

void runsAndCells(ProjectStore& store, const Task& task) {
    const nlohmann::json plan = {{"name", "ab"}, {"samples", 2}};
    auto run = store.openEvalRun("ab", plan);
    CHECK_MSG(run, run ? "" : run.error().message);
    if (!run)
        return;
    CHECK(run->runId.size() == 16 && run->cells == 0);
    auto again = store.openEvalRun("ab", plan);
    CHECK(again && again->id == run->id && again->runId == run->runId);
    auto changed = store.openEvalRun("ab", {{"name", "ab"}, {"samples", 3}});
    CHECK_MSG(!changed && changed.error().code == "eval-plan-changed" &&
                  changed.error().message.find("differs in samples") != std::string::npos,
              changed ? "" : changed.error().message);
    // An answer, then its repair turn that ends the chain: one cell, linked to both.
    EvalCellRecord cell{
        {"student", "plain", "saxpy-f32", 0}, "g1", 2, false, 200, 40, 0.002, 1500.0};
    auto first =
        store.addEvalAnswer(run->id, task, answer("g1", "int broken"), std::nullopt, std::nullopt);
    CHECK(first && first->sampleId);
    auto last =
        store.addEvalAnswer(run->id, task, answer("g2", "int fixed", 1, "g1"), std::nullopt, cell);
    CHECK_MSG(last, last ? "" : last.error().message);
    // The same cell again: refused, and its answer is not stored either.
    auto twice = store.addEvalAnswer(run->id, task, answer("g3", "int again"), std::nullopt, cell);
    CHECK(!twice && twice.error().code == "eval-cell-exists");
    auto g3 = store.generation("g3");
    CHECK(g3 && !*g3);
    std::vector<EvalCellRow> rows;
    CHECK(store.forEachEvalCell(run->id, [&](const EvalCellRow& r) { rows.push_back(r); }));
    CHECK(rows.size() == 1);
    if (rows.size() == 1) {
        const auto& r = rows[0];
        CHECK(r.key == cell.key && r.generationId == "g2" && r.firstGenerationId == "g1");
        CHECK(r.turns == 2 && !r.compiled && r.promptTokens == 200 && r.costUsd &&
              *r.costUsd == 0.002 && r.latencyMs == 1500.0 && r.sampleId == last->sampleId);
        CHECK(!r.verificationId && r.taskSpecId > 0);
    }
    auto listed = store.evalRuns();
    CHECK(listed && listed->size() == 1 && listed->front().cells == 1);
    auto byId = store.evalRun(run->runId);
    CHECK(byId && *byId && (*byId)->name == "ab");
    auto none = store.evalRun("nope");
    CHECK(none && !*none);
    // Cells are immutable, like every record they link.
    CHECK(!store.connection().exec("UPDATE eval_cells SET compiled = 1"));
    CHECK(!store.connection().exec("DELETE FROM eval_runs"));
}

void migrates(const fs::path& dir) {
    const fs::path v3 = dir / "v3.kwbproj";
    {
        auto raw = SqliteConnection::open(v3, SqliteConnection::Mode::Create);
        CHECK(raw && project_schema::migrate(**raw, 0, 3));
    }
    auto store = ProjectStore::open(v3);
    CHECK_MSG(store, store ? "" : store.error().message);
    if (!store)
        return;
    auto info = (*store)->info();
    CHECK(info && info->schemaVersion == project_schema::kCurrentVersion);
    auto runs = (*store)->evalRuns();
    CHECK(runs && runs->empty());
}

} // namespace

void evalStoreTests() {
    const fs::path dir = fs::temp_directory_path() / ("kwb-eval-store-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    auto task = loadTaskFile(fs::path(KWB_TASK_SOURCE_DIR) / "saxpy-f32.toml");
    CHECK(task);
    auto store = ProjectStore::create(dir / "eval.kwbproj");
    CHECK(store);
    if (task && store)
        runsAndCells(**store, *task);
    migrates(dir);
    if (store) {
        auto check = (*store)->checkIntegrity();
        CHECK(check && check->ok());
    }
    fs::remove_all(dir);
}

} // namespace kwbtest
