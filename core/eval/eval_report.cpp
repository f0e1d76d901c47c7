#include "core/eval/eval_report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "core/model/verification.h"
#include "core/store/project_store.h"

namespace kwb {

namespace {

namespace v = verification;

std::string fixed(double x, int digits) {
    char b[48];
    std::snprintf(b, sizeof b, "%.*f", digits, x);
    return b;
}

std::string thresholdKey(double p) {
    return fixed(p, 1);
}

// The run's cells as the metrics count them, with their task's level and family.
Result<std::vector<EvalAnswer>> readAnswers(ProjectStore& store, EvalReport& report) {
    std::vector<EvalAnswer> out;
    std::map<std::int64_t, std::pair<std::string, int>> specs; // family, level
    std::set<std::string> gpus;
    std::optional<Error> failed;
    Status st = store.forEachEvalCell(report.run.id, [&](const EvalCellRow& row) {
        if (!specs.count(row.taskSpecId)) {
            auto t = store.taskSpec(row.taskSpecId);
            if (!t && !failed)
                failed = t.error();
            specs[row.taskSpecId] = t ? std::pair{t->family, t->level} : std::pair{"", 0};
        }
        EvalAnswer a;
        a.cellId = row.id;
        a.model = row.key.model;
        a.condition = row.key.condition;
        a.taskId = row.key.taskId;
        a.family = specs[row.taskSpecId].first;
        a.level = specs[row.taskSpecId].second;
        a.answered = row.sampleId.has_value();
        a.compiled = row.compiled;
        a.ran = row.onGpu;
        a.correct = row.onGpu && v::isPass(v::verdictFromString(row.verdict));
        if (a.correct)
            a.speedup = row.speedup;
        a.promptTokens = row.promptTokens;
        a.completionTokens = row.completionTokens;
        a.costUsd = row.costUsd;
        a.latencyMs = row.latencyMs;
        report.onGpu += row.onGpu;
        report.notRun += row.verdict == v::toString(v::Verdict::NotRun);
        if (!row.gpu.empty())
            gpus.insert(row.gpu);
        out.push_back(std::move(a));
    });
    if (!st)
        return st.error();
    if (failed)
        return *failed;
    report.gpus.assign(gpus.begin(), gpus.end());
    report.cells = int(out.size());
    return out;
}

std::vector<std::string> planList(const nlohmann::json& plan, const char* key, const char* field) {
    std::vector<std::string> out;
    if (plan.contains(key) && plan[key].is_array())
        for (const auto& x : plan[key])
            out.push_back(field ? x.value(field, "") : x.is_string() ? x.get<std::string>() : "");
    return out;
}

// Per task: the condition's value and plain's, for each task both have.
std::vector<std::pair<double, double>>
pairedByTask(const std::vector<EvalAnswer>& answers, const std::string& model,
             const std::string& condition, const std::function<bool(const EvalAnswer&)>& hit) {
    std::map<std::string, std::array<int, 4>> t; // hits, n for the condition; hits, n for plain
    for (const auto& a : answers) {
        if (a.model != model || (a.condition != condition && a.condition != "plain"))
            continue;
        auto& c = t[a.taskId];
        const int at = a.condition == condition ? 0 : 2;
        c[std::size_t(at)] += hit(a);
        c[std::size_t(at + 1)] += 1;
    }
    std::vector<std::pair<double, double>> out;
    for (const auto& [id, c] : t)
        if (c[1] && c[3])
            out.emplace_back(double(c[0]) / c[1], double(c[2]) / c[3]);
    return out;
}

void addDifferences(const std::vector<EvalAnswer>& answers, const std::vector<std::string>& models,
                    const std::vector<std::string>& conditions, EvalReport& report) {
    if (std::find(conditions.begin(), conditions.end(), "plain") == conditions.end())
        return;
    const std::uint64_t seed = report.run.plan.value("seed", std::uint64_t(1));
    const std::vector<std::pair<std::string, std::function<bool(const EvalAnswer&)>>> metrics = {
        {"compiled", [](const EvalAnswer& a) { return a.compiled; }},
        {"correct", [](const EvalAnswer& a) { return a.correct; }},
        {"fast_1.0",
         [](const EvalAnswer& a) { return a.correct && a.speedup && *a.speedup > 1.0; }}};
    for (const auto& m : models)
        for (const auto& c : conditions) {
            if (c == "plain")
                continue;
            for (const auto& [name, hit] : metrics)
                report.differences.push_back(
                    {m, c, name, bootstrapDifference(pairedByTask(answers, m, c, hit), seed)});
        }
}

} // namespace

Result<EvalReport> buildEvalReport(ProjectStore& store, const std::string& runIdOrName) {
    auto run = store.evalRun(runIdOrName);
    if (!run)
        return run.error();
    if (!*run)
        return Error::make("eval-run-not-found", "the project has no evaluation run \"" +
                                                     runIdOrName + "\" (kwb eval list shows them)");
    EvalReport report;
    report.run = std::move(**run);
    auto answers = readAnswers(store, report);
    if (!answers)
        return answers.error();
    const auto models = planList(report.run.plan, "models", "name");
    const auto conditions = planList(report.run.plan, "conditions", "label");
    const auto tasks = planList(report.run.plan, "task_ids", nullptr);
    report.expectedCells =
        int(models.size() * conditions.size() * tasks.size()) * report.run.plan.value("samples", 0);
    std::map<std::string, int> taskOrder;
    for (std::size_t i = 0; i < tasks.size(); ++i)
        taskOrder[tasks[i]] = int(i);
    for (const auto& m : models)
        for (const auto& c : conditions) {
            std::map<std::string, std::vector<const EvalAnswer*>> scopes;
            for (const auto& a : *answers)
                if (a.model == m && a.condition == c) {
                    scopes["0 overall"].push_back(&a);
                    scopes["1 level:" + std::to_string(a.level)].push_back(&a);
                    scopes["2 family:" + a.family].push_back(&a);
                    char order[16];
                    std::snprintf(order, sizeof order, "3 %08d ",
                                  taskOrder.count(a.taskId) ? taskOrder[a.taskId] : 99999999);
                    scopes[order + std::string("task:") + a.taskId].push_back(&a);
                }
            if (scopes.empty())
                scopes["0 overall"] = {};
            for (const auto& [key, list] : scopes) {
                std::string scope = key.substr(2);
                if (key[0] == '3')
                    scope = scope.substr(9);
                report.groups.push_back({m, c, scope, evalStats(list)});
            }
        }
    addDifferences(*answers, models, conditions, report);
    return report;
}

namespace {

nlohmann::json statsJson(const EvalStats& s, bool withCells) {
    nlohmann::json j = {{"tasks", s.tasks},
                        {"cells", s.cells},
                        {"answered", s.answered},
                        {"compiled", s.compiled},
                        {"ran_on_gpu", s.ran},
                        {"correct", s.correct},
                        {"pass_at_1", s.passAt1},
                        {"prompt_tokens", s.promptTokens},
                        {"completion_tokens", s.completionTokens},
                        {"mean_latency_ms", s.meanLatencyMs}};
    j["pass_at_k"] = nlohmann::json::object();
    for (const auto& [k, x] : s.passAtK)
        j["pass_at_k"][std::to_string(k)] = x;
    j["fast_p"] = nlohmann::json::object();
    for (const auto& [p, x] : s.fastP)
        j["fast_p"][thresholdKey(p)] = x;
    j["mean_speedup"] = s.meanSpeedup ? nlohmann::json(*s.meanSpeedup) : nlohmann::json();
    j["geomean_speedup"] = s.geomeanSpeedup ? nlohmann::json(*s.geomeanSpeedup) : nlohmann::json();
    j["cost_usd"] = s.costKnown ? nlohmann::json(s.costUsd) : nlohmann::json();
    if (withCells)
        j["cell_ids"] = s.cellIds;
    return j;
}

std::string mode(const EvalReport& r) {
    return r.cells == 0         ? "empty"
           : r.onGpu == r.cells ? "gpu"
           : r.onGpu == 0       ? "compile-only"
                                : "mixed";
}

} // namespace

nlohmann::json evalReportJson(const EvalReport& r) {
    nlohmann::json j = {{"run_id", r.run.runId},
                        {"name", r.run.name},
                        {"created_at", r.run.createdAt},
                        {"plan", r.run.plan},
                        {"expected_cells", r.expectedCells},
                        {"cells", r.cells},
                        {"verified_on_gpu", r.onGpu},
                        {"built_not_run", r.notRun},
                        {"mode", mode(r)},
                        {"gpus", r.gpus}};
    j["results"] = nlohmann::json::array();
    for (const auto& g : r.groups) {
        if (g.scope != "overall")
            continue;
        nlohmann::json o = statsJson(g.stats, false);
        o["model"] = g.model;
        o["condition"] = g.condition;
        for (const char* kind : {"level", "family", "task"})
            o[std::string("by_") + kind] = nlohmann::json::object();
        for (const auto& s : r.groups)
            if (s.model == g.model && s.condition == g.condition && s.scope != "overall") {
                const auto colon = s.scope.find(':');
                o["by_" + s.scope.substr(0, colon)][s.scope.substr(colon + 1)] =
                    statsJson(s.stats, s.scope.starts_with("task:"));
            }
        o["difference_from_plain"] = nlohmann::json::object();
        for (const auto& d : r.differences)
            if (d.model == g.model && d.condition == g.condition)
                o["difference_from_plain"][d.metric] = {{"difference", d.interval.difference},
                                                        {"ci95_low", d.interval.low},
                                                        {"ci95_high", d.interval.high},
                                                        {"tasks", d.interval.tasks}};
        j["results"].push_back(std::move(o));
    }
    return j;
}

std::string evalReportCsv(const EvalReport& r) {
    std::ostringstream out;
    out << "model,condition,scope,tasks,cells,answered,compiled,ran_on_gpu,correct,pass_at_1";
    for (double p : evalFastPThresholds())
        out << ",fast_" << thresholdKey(p);
    out << ",mean_speedup,geomean_speedup,prompt_tokens,completion_tokens,cost_usd,"
           "mean_latency_ms\n";
    auto quoted = [](const std::string& s) {
        std::string q = "\"";
        for (char c : s)
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    auto opt = [](const std::optional<double>& x) { return x ? fixed(*x, 6) : std::string(); };
    for (const auto& g : r.groups) {
        const EvalStats& s = g.stats;
        out << quoted(g.model) << "," << quoted(g.condition) << "," << quoted(g.scope) << ","
            << s.tasks << "," << s.cells << "," << s.answered << "," << s.compiled << "," << s.ran
            << "," << s.correct << "," << fixed(s.passAt1, 6);
        for (double p : evalFastPThresholds())
            out << "," << fixed(s.fastP.at(p), 6);
        out << "," << opt(s.meanSpeedup) << "," << opt(s.geomeanSpeedup) << "," << s.promptTokens
            << "," << s.completionTokens << ","
            << (s.costKnown ? fixed(s.costUsd, 6) : std::string()) << ","
            << fixed(s.meanLatencyMs, 1) << "\n";
    }
    return out.str();
}

} // namespace kwb
