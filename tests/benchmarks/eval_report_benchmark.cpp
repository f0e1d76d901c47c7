// The evaluation report's speed on a large run: N answers (default 100,000) of 2 models x 4
// conditions x every built-in task stored through the project's own path (addEvalAnswer, one
// transaction per answer, with code, verification records and costs as real runs store them),
// then the report built and rendered in this process and by `kwb eval report` as a child.
//
//   kwb_eval_report_benchmark [--answers N] [--keep]
//
// Prints the times; exit 1 when a report's counts disagree with what was stored.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/eval/eval_report.h"
#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/support/kwb_process.h"

namespace {

namespace fs = std::filesystem;
namespace v = kwb::verification;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

const char* const kModels[] = {"student-7b", "student-32b"};
const char* const kConditions[] = {"plain", "skill:skill.md", "examples:3", "skill+examples"};

v::VerificationRecordData record(const std::string& task, const std::string& source,
                                 const std::string& verdict, std::optional<double> speedup) {
    json j = {{"schema_version", v::VerificationRecordData::kSchemaVersion},
              {"task_id", task},
              {"verdict", verdict},
              {"source_hash", kwb::sha256Hex(source)},
              {"created_at", "2026-01-01T00:00:00Z"},
              {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}},
              {"build", {{"ok", verdict != "compile-error"}}}};
    if (speedup)
        j["geomean_speedup"] = *speedup;
    return v::sealed(*v::fromJson(j));
}

struct Stored {
    int answers = 0, compiled = 0, correct = 0;
};

// One answer of a cell: no code (10 %), a compile error (20 %), a wrong result (20 %), or a
// pass with a speedup around 1.
Stored storeAnswers(kwb::ProjectStore& store, std::int64_t run, const std::vector<kwb::Task>& tasks,
                    int samples, int limit) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0, 1);
    Stored s;
    for (int i = 0; i < samples && s.answers < limit; ++i)
        for (const char* model : kModels)
            for (const char* condition : kConditions)
                for (const auto& task : tasks) {
                    if (s.answers >= limit)
                        return s;
                    kwb::GenerationRecord g;
                    g.generationId = kwb::sha256Hex(std::to_string(s.answers)).substr(0, 32);
                    g.runId = "bench";
                    g.taskId = task.id;
                    g.provider = "openai";
                    g.model = model;
                    g.rawResponse = "answer " + std::to_string(s.answers);
                    const double x = u(rng);
                    if (x >= 0.1)
                        g.code =
                            "// answer " + std::to_string(s.answers) + "\n" + task.entrySignature;
                    g.promptTokens = 900;
                    g.completionTokens = 300 + int(u(rng) * 200);
                    g.costUsd = 0.0004;
                    std::optional<v::VerificationRecordData> rec;
                    if (g.code) {
                        const char* verdict = x < 0.3   ? "compile-error"
                                              : x < 0.5 ? "wrong-result"
                                                        : "pass";
                        rec = record(task.id, *g.code, verdict,
                                     x >= 0.5 ? std::optional<double>(0.5 + u(rng)) : std::nullopt);
                        s.compiled += x >= 0.3;
                        s.correct += x >= 0.5;
                    }
                    kwb::EvalCellRecord cell{{model, condition, task.id, i},
                                             g.generationId,
                                             1,
                                             g.code && x >= 0.3,
                                             g.promptTokens,
                                             g.completionTokens,
                                             g.costUsd,
                                             800.0 + 400.0 * u(rng)};
                    auto r = store.addEvalAnswer(run, task, g, rec, cell);
                    if (!r) {
                        std::fprintf(stderr, "store: %s\n", r.error().message.c_str());
                        std::exit(2);
                    }
                    ++s.answers;
                }
    return s;
}

} // namespace

int main(int argc, char** argv) {
    int answers = 100000;
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--answers" && i + 1 < argc)
            answers = std::atoi(argv[++i]);
        else if (a == "--keep")
            keep = true;
    }
    auto folder = kwb::loadTaskFolder(KWB_TASK_SOURCE_DIR);
    const std::vector<kwb::Task> tasks = folder.tasks;
    const int perSample = int(std::size(kModels) * std::size(kConditions) * tasks.size());
    const int samples = (answers + perSample - 1) / perSample;
    const fs::path dir =
        fs::temp_directory_path() / ("kwb-eval-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path proj = dir / "bench.kwbproj";
    auto store = kwb::ProjectStore::create(proj);
    if (!store)
        return 2;
    json plan = {
        {"name", "bench"},           {"samples", samples},      {"seed", 7},
        {"task_ids", json::array()}, {"models", json::array()}, {"conditions", json::array()}};
    for (const auto& t : tasks)
        plan["task_ids"].push_back(t.id);
    for (const char* m : kModels)
        plan["models"].push_back({{"name", m}});
    for (const char* c : kConditions)
        plan["conditions"].push_back({{"label", c}});
    auto run = (*store)->openEvalRun("bench", plan);
    if (!run)
        return 2;
    auto t0 = Clock::now();
    const Stored stored = storeAnswers(**store, run->id, tasks, samples, answers);
    std::printf("stored %d answers (%zu tasks, %d compiled, %d correct) in %.1f s\n",
                stored.answers, tasks.size(), stored.compiled, stored.correct, msSince(t0) / 1000);
    int bad = 0;
    for (int rep = 0; rep < 3; ++rep) {
        t0 = Clock::now();
        auto report = kwb::buildEvalReport(**store, "bench");
        const double built = msSince(t0);
        if (!report)
            return 2;
        t0 = Clock::now();
        const std::string md = kwb::evalReportMarkdown(*report);
        const double markdown = msSince(t0);
        t0 = Clock::now();
        const std::string js = kwb::evalReportJson(*report).dump();
        std::printf(
            "in process: report built %.0f ms, markdown %.0f ms (%zu bytes), json %.0f ms\n", built,
            markdown, md.size(), msSince(t0));
        bad += report->cells != stored.answers;
    }
    for (const char* format : {"--markdown", "--json"}) {
        t0 = Clock::now();
        kwbtest::Run r =
            kwbtest::runKwb({"eval", "report", "bench", format, "--project", proj.string()},
                            {"KWB_DATA_DIR=" + (dir / "data").string()}, dir);
        std::printf("kwb eval report %s: %.0f ms, exit %d (target: under 2000 ms)\n", format,
                    msSince(t0), r.exitCode);
        bad += r.exitCode != 0;
        if (std::string(format) == "--json") {
            auto j = json::parse(r.out, nullptr, false);
            bad += !j.is_object() || j.value("cells", -1) != stored.answers;
        }
    }
    if (!keep)
        fs::remove_all(dir);
    std::printf("%s\n", bad ? "FAILED: a report's counts differ from what was stored" : "ok");
    return bad ? 1 : 0;
}
