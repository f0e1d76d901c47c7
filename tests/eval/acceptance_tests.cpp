// `kwb eval run` end to end, as a child process, against scripted students on loopback servers
// (OpenAI-compatible and Anthropic) and with real nvcc builds through kwb-runner: one student
// writes a kernel that compiles only when the skill's text is in its prompt, one never compiles,
// one always writes the task's reference kernel. 3 tasks x 2 conditions x 4 samples per student
// gives exactly the expected answered and compiled counts; a run killed with SIGKILL part-way
// and run again gives the same report as an uninterrupted run, with no duplicate cell and no
// second request for a finished cell; every number of the report is recounted from the records.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/store/project_store.h"
#include "tests/eval/suites.h"
#include "tests/llm/loopback_server.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const char* const kSkillMarker = "KWB-SKILL-7f3a: declare every pointer __restrict__";
const std::vector<std::pair<std::string, std::string>> kTasks = {
    {"saxpy-f32", "kwb_saxpy"}, {"reduce-sum-f32", "kwb_reduce_sum"}, {"gelu-f32", "kwb_gelu"}};

std::string reference(const std::string& task) {
    return slurp(fs::path(KWB_TASK_SOURCE_DIR) / "reference" / (task + ".cu"));
}

// The reference with a line nvcc refuses.
std::string broken(const std::string& task) {
    return reference(task) + "\nint kwb_eval_broken = undefined_symbol_in_eval;\n";
}

std::string answerText(const std::string& code) {
    return "Here is the kernel.\n\n```cuda\n" + code + "```\n";
}

ScriptedResponse openaiStream(const std::string& text) {
    ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    json delta = {
        {"id", "chatcmpl-eval"},
        {"object", "chat.completion.chunk"},
        {"model", "student"},
        {"choices", {{{"index", 0}, {"delta", {{"content", text}}}, {"finish_reason", nullptr}}}}};
    json stop = {
        {"id", "chatcmpl-eval"},
        {"object", "chat.completion.chunk"},
        {"model", "student"},
        {"choices", {{{"index", 0}, {"delta", json::object()}, {"finish_reason", "stop"}}}}};
    json usage = {
        {"id", "chatcmpl-eval"},
        {"object", "chat.completion.chunk"},
        {"model", "student"},
        {"choices", json::array()},
        {"usage", {{"prompt_tokens", 900}, {"completion_tokens", 300}, {"total_tokens", 1200}}}};
    r.body = "data: " + delta.dump() + "\n\ndata: " + stop.dump() + "\n\ndata: " + usage.dump() +
             "\n\ndata: [DONE]\n\n";
    return r;
}

ScriptedResponse anthropicStream(const std::string& text) {
    ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    auto event = [](const std::string& name, const json& data) {
        return "event: " + name + "\ndata: " + data.dump() + "\n\n";
    };
    r.body =
        event("message_start", {{"type", "message_start"},
                                {"message",
                                 {{"id", "msg_eval"},
                                  {"type", "message"},
                                  {"role", "assistant"},
                                  {"content", json::array()},
                                  {"model", "broken-student"},
                                  {"usage", {{"input_tokens", 800}, {"output_tokens", 1}}}}}}) +
        event("content_block_start", {{"type", "content_block_start"},
                                      {"index", 0},
                                      {"content_block", {{"type", "text"}, {"text", ""}}}}) +
        event("content_block_delta", {{"type", "content_block_delta"},
                                      {"index", 0},
                                      {"delta", {{"type", "text_delta"}, {"text", text}}}}) +
        event("content_block_stop", {{"type", "content_block_stop"}, {"index", 0}}) +
        event("message_delta", {{"type", "message_delta"},
                                {"delta", {{"stop_reason", "end_turn"}}},
                                {"usage", {{"output_tokens", 250}}}}) +
        event("message_stop", {{"type", "message_stop"}});
    return r;
}

// The task a request asks for, by the entry point its prompt names.
std::string taskOf(const std::string& body) {
    for (const auto& [task, entry] : kTasks)
        if (body.find("void " + entry + "(") != std::string::npos)
            return task;
    return "saxpy-f32";
}

struct Fixture {
    fs::path root, proj, plan;
    std::vector<std::string> env;
};

void writePlan(const Fixture& f, const fs::path& plan, const std::string& name,
               const LoopbackServer& openai, const LoopbackServer& anthropic) {
    std::ofstream(f.root / "skill.md") << "---\nname: eval-test\ndescription: test skill\n---\n"
                                       << kSkillMarker << "\n";
    std::ofstream(plan) << "name = \"" << name << "\"\n"
                        << "tasks = [\"saxpy-f32\", \"reduce-sum-f32\", \"gelu-f32\"]\n"
                        << "conditions = [\"plain\", \"skill:skill.md\"]\nsamples = 4\nseed = 11\n"
                        << "[[models]]\nname = \"skilled\"\nprovider = \"openai\"\nbase_url = \""
                        << openai.url() << "/v1\"\nmodel = \"skilled-student\"\n"
                        << "[[models]]\nname = \"broken\"\nprovider = \"anthropic\"\nbase_url = \""
                        << anthropic.url() << "\"\nmodel = \"broken-student\"\n"
                        << "[[models]]\nname = \"good\"\nprovider = \"openai\"\nbase_url = \""
                        << openai.url() << "/v1\"\nmodel = \"good-student\"\n";
}

std::vector<std::string> runArgs(const Fixture& f, const fs::path& plan) {
    return {"eval", "run", plan.string(), "--project", f.proj.string(), "--concurrency", "4"};
}

json reportJson(const Fixture& f, const std::string& run) {
    Run r = runKwb({"eval", "report", run, "--json", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    auto j = json::parse(r.out, nullptr, false);
    CHECK(j.is_object());
    return j.is_object() ? j : json::object();
}

json result(const json& report, const std::string& model, const std::string& condition) {
    if (report.contains("results") && report["results"].is_array())
        for (const auto& r : report["results"])
            if (r.value("model", "") == model && r.value("condition", "") == condition)
                return r;
    CHECK_MSG(false, "no result for " + model + " / " + condition);
    return json::object();
}

// The run's numbers without what differs between two runs of the same answers: ids, latency,
// and on a GPU the timings (speedups and fast_p, measured anew for each run).
json comparable(json report) {
    for (const char* k : {"run_id", "name", "created_at", "plan"})
        report.erase(k);
    auto strip = [](json& s) {
        for (const char* k :
             {"cell_ids", "mean_latency_ms", "fast_p", "mean_speedup", "geomean_speedup"})
            s.erase(k);
    };
    for (auto& r : report["results"]) {
        strip(r);
        r["difference_from_plain"].erase("fast_1.0");
        for (const char* by : {"by_level", "by_family", "by_task"})
            for (auto& [k, s] : r[by].items())
                strip(s);
    }
    return report;
}

void expectCounts(const json& report) {
    CHECK_MSG(report.value("cells", 0) == 72 && report.value("expected_cells", 0) == 72,
              report.dump().substr(0, 400));
    struct Want {
        const char *model, *condition;
        int compiled;
    };
    for (const Want& w : {Want{"skilled", "plain", 0}, Want{"skilled", "skill:skill.md", 12},
                          Want{"broken", "plain", 0}, Want{"broken", "skill:skill.md", 0},
                          Want{"good", "plain", 12}, Want{"good", "skill:skill.md", 12}}) {
        const json r = result(report, w.model, w.condition);
        CHECK_MSG(r.value("cells", -1) == 12 && r.value("answered", -1) == 12 &&
                      r.value("compiled", -1) == w.compiled,
                  std::string(w.model) + " / " + w.condition + ": " + r.dump().substr(0, 300));
    }
    // On a GPU every answer that builds is a reference kernel, which passes.
    if (report.value("verified_on_gpu", 0) > 0)
        for (const auto& r : report.value("results", json::array()))
            CHECK_MSG(r.value("correct", -1) == r.value("compiled", -2), r.dump().substr(0, 300));
    const json d = result(report, "skilled", "skill:skill.md")["difference_from_plain"];
    CHECK_MSG(d.contains("compiled") && d["compiled"].value("difference", 0.0) == 1.0 &&
                  d["compiled"].value("tasks", 0) == 3,
              d.dump());
}

// Each number of a result against the records the cells link to, counted in SQL.
void recount(const Fixture& f, const json& report) {
    const std::string run = report.value("run_id", "");
    for (const auto& r : report.value("results", json::array())) {
        const std::string where =
            " FROM eval_cells c JOIN eval_runs e ON e.id = c.eval_run JOIN generations g ON g.id "
            "= c.generation LEFT JOIN verifications v ON v.id = c.verification_id WHERE e.run_id "
            "= '" +
            run + "' AND c.model = '" + r.value("model", "") + "' AND c.condition = '" +
            r.value("condition", "") + "'";
        auto n = [&](const std::string& what) {
            return queryInt(f.proj, "SELECT " + what + where);
        };
        CHECK(r.value("cells", -1) == n("count(*)"));
        CHECK(r.value("answered", -1) == n("count(g.sample_id)"));
        CHECK(r.value("compiled", -1) ==
              n("coalesce(sum(json_extract(v.record_json, '$.build.ok') = 1), 0)"));
        CHECK(r.value("correct", -1) == n("coalesce(sum(v.verdict = 'pass' AND v.on_gpu), 0)"));
        CHECK(r.value("prompt_tokens", -1) == n("coalesce(sum(g.prompt_tokens), 0)"));
        CHECK(r.value("completion_tokens", -1) == n("coalesce(sum(g.completion_tokens), 0)"));
        CHECK(r.value("tasks", -1) == n("count(DISTINCT c.task_id)"));
    }
}

// Kills the first run once some cells are stored, then runs it again to the end.
void killedAndResumed(Fixture& f, LoopbackServer& openai, LoopbackServer& anthropic) {
    writePlan(f, f.plan, "ab", openai, anthropic);
    Started s = startKwb(runArgs(f, f.plan), f.env, f.root);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(600);
    while (std::chrono::steady_clock::now() < deadline &&
           queryInt(f.proj, "SELECT count(*) FROM eval_cells") < 8 &&
           ::waitpid(s.pid, nullptr, WNOHANG) == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::kill(s.pid, SIGKILL);
    finishKwb(s, std::chrono::seconds(10));
    const std::int64_t finished = queryInt(f.proj, "SELECT count(*) FROM eval_cells");
    const std::size_t asked = openai.requests().size() + anthropic.requests().size();
    std::printf("killed after %lld of 72 cells, %zu requests\n", static_cast<long long>(finished),
                asked);
    CHECK_MSG(finished > 0 && finished < 72,
              "the kill must land part-way for the resume to be tested; it came after " +
                  std::to_string(finished) + " cells");
    Run r = runKwb(runArgs(f, f.plan), f.env, f.root, std::chrono::seconds(600));
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    CHECK_MSG(r.out.find(std::to_string(finished) + " were already there") != std::string::npos,
              r.out);
    const std::size_t again = openai.requests().size() + anthropic.requests().size() - asked;
    CHECK_MSG(again == std::size_t(72 - finished),
              "the resumed run asked " + std::to_string(again) + " times for " +
                  std::to_string(72 - finished) + " open cells");
    CHECK(queryInt(f.proj, "SELECT count(*) FROM eval_cells") == 72);
    CHECK(queryInt(f.proj, "SELECT count(*) FROM (SELECT DISTINCT eval_run, model, condition, "
                           "task_id, sample_index FROM eval_cells)") == 72);
}

void setUpServers(LoopbackServer& openai, LoopbackServer& anthropic) {
    openai.setResponder([](const RecordedRequest& req) {
        const std::string task = taskOf(req.body);
        if (req.body.find("\"good-student\"") != std::string::npos)
            return openaiStream(answerText(reference(task)));
        const bool skill = req.body.find(kSkillMarker) != std::string::npos;
        return openaiStream(answerText(skill ? reference(task) : broken(task)));
    });
    anthropic.setResponder([](const RecordedRequest& req) {
        return anthropicStream(answerText(broken(taskOf(req.body))));
    });
}

} // namespace

void acceptanceTests() {
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // progress lines survive a crash of the suite
    const std::string runner = KWB_RUNNER_PATH;
    if (runner.empty() || std::system("command -v nvcc > /dev/null 2>&1") != 0) {
        std::printf("SKIP eval acceptance: %s\n",
                    runner.empty() ? "kwb-runner is not built" : "nvcc is not on PATH");
        return;
    }
    Fixture f;
    f.root = fs::temp_directory_path() / ("kwb-eval-acceptance-" + std::to_string(::getpid()));
    fs::remove_all(f.root);
    fs::create_directories(f.root / "config");
    f.proj = f.root / "eval.kwbproj";
    f.plan = f.root / "plan.toml";
    f.env = {"KWB_CONFIG_DIR=" + (f.root / "config").string(),
             "ANTHROPIC_API_KEY=sk-ant-eval-test-0123456789",
             "OPENAI_API_KEY=",
             "HF_TOKEN=",
             "KWB_DATA_DIR=" + (f.root / "data").string(),
             "KWB_PROJECT=",
             "KWB_RUNNER=" + runner,
             "KWB_CACHE_DIR=" + (f.root / "cache").string()};
    CHECK(kwb::ProjectStore::create(f.proj));
    LoopbackServer openai, anthropic;
    CHECK(openai.start() && anthropic.start());
    setUpServers(openai, anthropic);
    const auto t0 = std::chrono::steady_clock::now();
    killedAndResumed(f, openai, anthropic);
    std::printf("killed and resumed run: %.1f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    const json resumed = reportJson(f, "ab");
    expectCounts(resumed);
    recount(f, resumed);
    // The same plan under another name, never interrupted: the same report.
    const fs::path clean = f.root / "clean.toml";
    writePlan(f, clean, "ab-clean", openai, anthropic);
    const std::size_t before = openai.requests().size();
    const auto t1 = std::chrono::steady_clock::now();
    Run r = runKwb(runArgs(f, clean), f.env, f.root, std::chrono::seconds(600));
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    std::printf("uninterrupted run of 72 answers (builds cached): %.1f s, %.2f s per answer\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count() / 72);
    const json uninterrupted = reportJson(f, "ab-clean");
    CHECK_MSG(comparable(resumed) == comparable(uninterrupted),
              comparable(resumed).dump().substr(0, 600) + "\n" +
                  comparable(uninterrupted).dump().substr(0, 600));
    // Compile-only here: the report says so in every form.
    Run md =
        runKwb({"eval", "report", "ab", "--markdown", "--project", f.proj.string()}, f.env, f.root);
    const bool gpu = resumed.value("verified_on_gpu", 0) > 0;
    CHECK_MSG(gpu || (resumed.value("mode", "") == "compile-only" &&
                      md.out.find("**Compile-only**") != std::string::npos),
              md.out.substr(0, 800));
    CHECK(md.out.find("xychart-beta") != std::string::npos);
    // The results table: one row per model and condition (the overall figures), each once.
    const auto results = md.out.find("## Results");
    const std::string table =
        results == std::string::npos
            ? std::string()
            : md.out.substr(results, md.out.find("\n## ", results + 1) - results);
    CHECK_MSG(occurrences(table, "\n| ") == 1 + 6 &&
                  occurrences(table, "\n| skilled | skill:skill.md | 12 |") == 1,
              table);
    std::printf("---- kwb eval report ab --markdown ----\n%s---- end of report ----\n",
                md.out.c_str());
    Run csv =
        runKwb({"eval", "report", "ab", "--csv", "--project", f.proj.string()}, f.env, f.root);
    CHECK(csv.exitCode == 0 &&
          occurrences(csv.out, "\"skilled\",\"skill:skill.md\",\"overall\",3,12,12,12,") == 1);
    Run list = runKwb({"eval", "list", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(list.out.find("ab-clean") != std::string::npos &&
                  occurrences(list.out, "72 cells") == 2,
              list.out);
    // The uninterrupted run: the skill reached each OpenAI student's prompt under its condition
    // only (2 students x 24 cells, 12 of them with the skill).
    int withSkill = 0, asked = 0;
    const auto requests = openai.requests();
    for (std::size_t i = before; i < requests.size(); ++i, ++asked)
        withSkill += requests[i].body.find(kSkillMarker) != std::string::npos;
    CHECK_MSG(asked == 48 && withSkill == 24, std::to_string(asked) + " requests, " +
                                                  std::to_string(withSkill) + " with the skill");
    // The API key never reached the project.
    CHECK(queryInt(f.proj,
                   "SELECT count(*) FROM generations WHERE instr(provider_json, "
                   "'sk-ant-eval-test') > 0 OR instr(response_json, 'sk-ant-eval-test') > 0") == 0);
    auto check = runKwb({"project", "check", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(check.exitCode == 0, check.out + check.err);
    openai.stop();
    anthropic.stop();
    fs::remove_all(f.root);
}

} // namespace kwbtest
