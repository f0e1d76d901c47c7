// GenerationRun end to end, in process, against the loopback server: samples with provenance in a
// real JSONL file, "no code", cost, resume, repair turns (no code block; a failed check), and
// an interrupted run.
#include <atomic>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/generate/generation_run.h"
#include "core/generate/jsonl_sample_sink.h"
#include "core/generate/verifier_sample_checker.h"
#include "core/tasks/task_loader.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;

std::vector<nlohmann::json> readJsonl(const std::filesystem::path& p) {
    std::vector<nlohmann::json> out;
    std::ifstream in(p);
    std::string line;
    while (std::getline(in, line))
        out.push_back(nlohmann::json::parse(line, nullptr, false));
    return out;
}

// A checker standing in for the GPU worker: the first candidate "does not compile", later
// ones pass. It records what it was asked to check.
class FirstFailsChecker final : public SampleChecker {
public:
    Result<CheckOutcome> check(const Task&, const std::string& source, const std::string&,
                               const std::atomic<bool>*) override {
        sources.push_back(source);
        CheckOutcome o;
        bool first = sources.size() == 1;
        o.verdict = verification::RecordVerdict::fromText(first ? "compile-error" : "pass");
        o.repairable = first;
        o.feedback =
            first
                ? "Your kernel does not compile: reduce.cu(7): error: identifier \"s\" is undefined"
                : "";
        o.summary = {{"verdict", o.verdict.text()}};
        return o;
    }
    std::vector<std::string> sources;
};

ProviderConfig provider(const kwbtest::LoopbackServer& s) {
    ProviderConfig c;
    c.name = "anthropic";
    c.kind = ProviderKind::Anthropic;
    c.baseUrl = s.url();
    c.apiKey = "sk-ant-generate-test-0123456789";
    c.apiKeySource = "test";
    c.maxConcurrency = 4;
    c.retry.initialDelaySeconds = 0.01;
    return c;
}

} // namespace

void generateTests() {
    auto dir =
        std::filesystem::temp_directory_path() / ("kwb-llm-generate-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    auto reduce = loadTaskFile(std::string(KWB_TASK_SOURCE_DIR) + "/reduce-sum-f32.toml");
    auto sgemm = loadTaskFile(std::string(KWB_TASK_SOURCE_DIR) + "/sgemm-f32.toml");
    CHECK(reduce && sgemm);
    if (!reduce || !sgemm)
        return;
    std::vector<Task> tasks = {*reduce, *sgemm};
    kwbtest::LoopbackServer server;
    CHECK(server.start());
    server.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
    PriceTable prices;
    prices.set("claude-sonnet-4-5", {3.0, 15.0, std::nullopt, std::nullopt});
    const auto path = dir / "samples.jsonl";

    // Two tasks, three samples each: the transcript defines kwb_reduce_sum, so sgemm's are "no
    // code".
    {
        LlmClient client;
        CHECK(client.addProvider(provider(server)).ok());
        auto sink = JsonlSampleSink::open(path);
        CHECK(sink.ok());
        GenerationOptions o;
        o.provider = "anthropic";
        o.model = "claude-sonnet-4-5";
        o.samplesPerTask = 3;
        o.temperature = 1.0;
        GenerationRun run(client, **sink, o);
        run.setPrices(&prices);
        std::vector<std::string> log;
        run.setLog([&](const std::string& l) { log.push_back(l); });
        CHECK(run.run(tasks).ok());
        const auto& t = run.totals();
        CHECK(t.wanted == 6 && t.stored == 6 && t.withCode == 3 && t.noCode == 3 && t.failed == 0 &&
              !t.interrupted);
        CHECK(t.usage.inputTokens == 6 * 1432 && t.usage.outputTokens == 6 * 387 && t.costKnown);
        CHECK(std::abs(t.costUsd - 6 * (1432 * 3.0 + 387 * 15.0) / 1e6) < 1e-9);
        CHECK(log.size() == 6);
    }
    auto recs = readJsonl(path);
    CHECK(recs.size() == 6);
    auto requests = server.requests();
    int code = 0;
    for (const auto& r : recs) {
        code += r["status"] == "code";
        CHECK(r["author"]["provider"] == "anthropic" &&
              r["author"]["model"] == "claude-sonnet-4-5");
        CHECK(r["provider"]["base_url"] == server.url() &&
              r["provider"]["protocol"] == "anthropic");
        CHECK(r["parameters"]["temperature"] == 1.0 && r["parameters"]["max_tokens"] == 8192);
        CHECK(r["response"]["stop_reason"] == "end_turn" && r["usage"]["output_tokens"] == 387 &&
              r["cost_usd"].is_number());
        CHECK(r["parent_id"].is_null() && r["turn"] == 0 &&
              r["raw_response"].get<std::string>().find("résumé") != std::string::npos);
        CHECK(r["status"] == "code"
                  ? r["task_id"] == "reduce-sum-f32" &&
                        r["code"].get<std::string>().find("kwb_reduce_sum(") != std::string::npos
                  : r["task_id"] == "sgemm-f32" && r["code"].is_null());
        // The stored messages are exactly the ones a request carried.
        bool sent = false;
        for (const auto& q : requests) {
            auto b = nlohmann::json::parse(q.body, nullptr, false);
            sent = sent || (b["system"] == r["system"] && b["messages"] == r["messages"]);
        }
        CHECK(sent);
    }
    CHECK(code == 3);

    // Resume: asking for 4 a task generates only the missing one of each.
    {
        std::size_t before = server.requests().size();
        LlmClient client;
        CHECK(client.addProvider(provider(server)).ok());
        auto sink = JsonlSampleSink::open(path);
        GenerationOptions o;
        o.provider = "anthropic";
        o.model = "claude-sonnet-4-5";
        o.samplesPerTask = 4;
        GenerationRun run(client, **sink, o);
        CHECK(run.run(tasks).ok());
        CHECK(run.totals().alreadyStored == 6 && run.totals().wanted == 2 &&
              run.totals().stored == 2);
        CHECK(server.requests().size() - before == 2);
        CHECK(!run.totals().costKnown); // no price table given
        CHECK(readJsonl(path).size() == 8);
    }

    // Repair turns: an answer without code is sent back, the next one is linked to it.
    {
        kwbtest::LoopbackServer s2;
        CHECK(s2.start());
        s2.enqueue(kwbtest::loadTranscript("anthropic_no_code.http"));
        s2.enqueue(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        LlmClient client;
        CHECK(client.addProvider(provider(s2)).ok());
        auto p2 = dir / "repair.jsonl";
        auto sink = JsonlSampleSink::open(p2);
        GenerationOptions o;
        o.provider = "anthropic";
        o.model = "m";
        o.repairTurns = 2;
        GenerationRun run(client, **sink, o);
        CHECK(run.run({*reduce}).ok());
        auto r = readJsonl(p2);
        CHECK(r.size() == 2 && run.totals().repairs == 1);
        if (r.size() == 2) {
            CHECK(r[0]["status"] == "no-code" && r[1]["status"] == "code");
            CHECK(r[1]["parent_id"] == r[0]["id"] && r[1]["turn"] == 1);
            CHECK(r[1]["messages"].size() == 3 && r[1]["messages"][1]["role"] == "assistant" &&
                  r[1]["messages"][1]["content"] == r[0]["raw_response"]);
            CHECK(r[1]["messages"][2]["content"].get<std::string>().find(
                      "no complete ```cuda code block") != std::string::npos);
        }
    }
    // Repair after a failed check: the checker's feedback goes back, the verdict is stored.
    {
        kwbtest::LoopbackServer s3;
        CHECK(s3.start());
        s3.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        LlmClient client;
        CHECK(client.addProvider(provider(s3)).ok());
        auto p3 = dir / "checked.jsonl";
        auto sink = JsonlSampleSink::open(p3);
        GenerationOptions o;
        o.provider = "anthropic";
        o.model = "m";
        o.repairTurns = 3;
        FirstFailsChecker checker;
        GenerationRun run(client, **sink, o);
        run.setChecker(&checker);
        CHECK(run.run({*reduce}).ok());
        auto r = readJsonl(p3);
        CHECK(r.size() == 2 && checker.sources.size() == 2 && run.totals().passed == 1);
        if (r.size() == 2) {
            CHECK(r[0]["verification"]["verdict"] == "compile-error" &&
                  r[1]["verification"]["verdict"] == "pass");
            CHECK(r[1]["parent_id"] == r[0]["id"]);
            CHECK(r[1]["messages"][2]["content"].get<std::string>().find(
                      "identifier \\\"s\\\" is undefined") != std::string::npos ||
                  r[1]["messages"][2]["content"].get<std::string>().find(
                      "identifier \"s\" is undefined") != std::string::npos);
        }
    }
    // Interrupted: samples stored so far stay, nothing half-written, the run says so.
    {
        kwbtest::LoopbackServer s4;
        CHECK(s4.start());
        auto slow = kwbtest::loadTranscript("anthropic_reduce_sum.http");
        slow.pieceBytes = 200;
        slow.pause = std::chrono::milliseconds(40);
        s4.enqueue(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        s4.setFallback(slow);
        LlmClient client;
        auto cfg = provider(s4);
        cfg.maxConcurrency = 1;
        CHECK(client.addProvider(cfg).ok());
        auto p4 = dir / "interrupted.jsonl";
        auto sink = JsonlSampleSink::open(p4);
        GenerationOptions o;
        o.provider = "anthropic";
        o.model = "m";
        o.samplesPerTask = 5;
        std::atomic<bool> stop{false};
        GenerationRun run(client, **sink, o);
        run.setLog([&](const std::string&) { stop = true; }); // after the first stored sample
        CHECK(run.run({*reduce}, &stop).ok());
        CHECK(run.totals().interrupted && run.totals().stored == 1);
        auto r = readJsonl(p4);
        CHECK(r.size() == 1 && !r[0].is_discarded());
    }
    std::filesystem::remove_all(dir);

    // What a verification record becomes for the run: feedback for the model and a summary.
    auto record = [](nlohmann::json extra) {
        nlohmann::json j = {{"schema_version", 1},
                            {"task_id", "reduce-sum-f32"},
                            {"source_hash", "ab"},
                            {"created_at", "now"}};
        j.update(extra);
        return verification::fromJson(j).value();
    };
    auto ce =
        VerifierSampleChecker::outcomeOf(record({{"verdict", "compile-error"},
                                                 {"build",
                                                  {{"ok", false},
                                                   {"diagnostics",
                                                    {{{"file", "c.cu"},
                                                      {"line", 7},
                                                      {"column", 3},
                                                      {"severity", "error"},
                                                      {"message", "identifier \"s\" is undefined"}},
                                                     {{"file", "c.cu"},
                                                      {"line", 9},
                                                      {"column", 1},
                                                      {"severity", "warning"},
                                                      {"message", "unused"}}}}}}}));
    CHECK(ce.repairable &&
          ce.feedback.find("c.cu:7:3: error: identifier \"s\" is undefined") != std::string::npos &&
          ce.feedback.find("unused") == std::string::npos &&
          ce.summary["verdict"] == "compile-error" && ce.summary.contains("record_id"));
    auto wrong = VerifierSampleChecker::outcomeOf(
        record({{"verdict", "wrong-result"},
                {"detail", "3 of 1000 elements out of tolerance in out at shape odd"},
                {"build", {{"ok", true}}},
                {"shapes",
                 {{{"name", "large"}, {"verdict", "pass"}},
                  {{"name", "odd"}, {"verdict", "wrong-result"}, {"dims", {{"n", 1000003}}}}}}}));
    CHECK(wrong.repairable &&
          wrong.feedback.find("Failing shape odd (n=1000003)") != std::string::npos &&
          wrong.feedback.find("out of tolerance") != std::string::npos);
    auto pass =
        VerifierSampleChecker::outcomeOf(record({{"verdict", "pass"}, {"geomean_speedup", 1.3}}));
    CHECK(!pass.repairable && pass.summary["geomean_speedup"] == 1.3);
    CHECK(!VerifierSampleChecker::outcomeOf(record({{"verdict", "not-run"}})).repairable);
}

} // namespace kwbtest
