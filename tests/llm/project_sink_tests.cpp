// GenerationRun into a real project file (ProjectSampleSink over ProjectStore) against the
// loopback server: samples land with their messages (system first), raw response, tokens and
// cost; answers without code are kept as generation records only; an unknown cost stays
// unknown; a server that fails part way, then a resumed run, ends at n first answers without
// duplicates; repair turns are linked to the answer they repair (not as edits), with the full
// verification record of a check.
#include <atomic>
#include <filesystem>
#include <set>
#include <unistd.h>

#include "core/generate/generation_run.h"
#include "core/generate/project_sample_sink.h"
#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;

ProviderConfig anthropicAt(const kwbtest::LoopbackServer& s, int concurrency = 4) {
    ProviderConfig c;
    c.name = "anthropic";
    c.kind = ProviderKind::Anthropic;
    c.baseUrl = s.url();
    c.apiKey = "sk-ant-project-sink-test-0123456789";
    c.apiKeySource = "test";
    c.maxConcurrency = concurrency;
    c.retry.initialDelaySeconds = 0.01;
    c.retry.maxRetries = 0;
    return c;
}

GenerationOptions options(const std::string& model, int n) {
    GenerationOptions o;
    o.provider = "anthropic";
    o.model = model;
    o.samplesPerTask = n;
    return o;
}

// A checker standing in for the GPU worker that returns full records of the exact source it was
// given: the first candidate "does not compile", later ones pass.
class RecordingChecker final : public SampleChecker {
public:
    Result<CheckOutcome> check(const Task& task, const std::string& source, const std::string&,
                               const std::atomic<bool>*) override {
        ++calls;
        const bool first = calls == 1;
        nlohmann::json j = {
            {"schema_version", verification::VerificationRecordData::kSchemaVersion},
            {"task_id", task.id},
            {"verdict", first ? "compile-error" : "pass"},
            {"source_hash", sha256Hex(source)},
            {"created_at", "2025-01-01T00:00:00Z"},
            {"seed", calls}};
        if (!first) {
            j["device"] = {{"name", "NVIDIA H200 (test record)"}};
            j["geomean_speedup"] = 1.25;
        }
        CheckOutcome o;
        o.verdict = verification::RecordVerdict::fromText(j["verdict"].get<std::string>());
        o.repairable = first;
        o.feedback =
            first
                ? "Your kernel does not compile: reduce.cu(7): error: identifier \"s\" is undefined"
                : "";
        o.record = verification::sealed(verification::fromJson(j).value());
        o.summary = {{"verdict", o.verdict.text()}, {"record_id", o.record->id}};
        return o;
    }
    int calls = 0;
};

std::int64_t orMinus1(const Result<std::int64_t>& r) {
    return r ? *r : -1;
}
std::int64_t query(ProjectStore& ps, const std::string& sql) {
    return orMinus1(ps.connection().queryInt(sql));
}

} // namespace

void projectSinkTests() {
    namespace fs = std::filesystem;
    auto dir = fs::temp_directory_path() / ("kwb-llm-project-sink-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    auto reduce = loadTaskFile(std::string(KWB_TASK_SOURCE_DIR) + "/reduce-sum-f32.toml");
    auto sgemm = loadTaskFile(std::string(KWB_TASK_SOURCE_DIR) + "/sgemm-f32.toml");
    CHECK(reduce && sgemm);
    if (!reduce || !sgemm)
        return;
    const std::vector<Task> tasks = {*reduce, *sgemm};
    auto created = ProjectStore::create(dir / "gen.kwbproj");
    CHECK_MSG(created, created ? "" : created.error().message);
    if (!created)
        return;
    ProjectStore& ps = **created;
    PriceTable prices;
    prices.set("claude-sonnet-4-5", {3.0, 15.0, std::nullopt, std::nullopt});

    // n = 3 for two tasks: reduce's answers carry code (samples), sgemm's do not (records only).
    kwbtest::LoopbackServer server;
    CHECK(server.start());
    server.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
    std::string runId;
    {
        LlmClient client;
        CHECK(client.addProvider(anthropicAt(server)).ok());
        ProjectSampleSink sink(ps, tasks);
        auto o = options("claude-sonnet-4-5", 3);
        o.temperature = 0.7;
        GenerationRun run(client, sink, o);
        run.setPrices(&prices);
        CHECK(run.run(tasks).ok());
        CHECK(run.totals().stored == 6 && run.totals().withCode == 3 && run.totals().noCode == 3);
        CHECK(sink.stored().size() == 6);
        runId = run.runId();
    }
    SampleFilter generated;
    generated.origin = SampleOrigin::Model;
    CHECK(orMinus1(ps.countSamples(generated)) == 3);
    auto records = ps.generationsOfRun(runId);
    CHECK(records && records->size() == 6);
    const auto requests = server.requests();
    int withSample = 0;
    for (const auto& g : records ? *records : std::vector<GenerationRecord>{}) {
        CHECK(g.turn == 0 && g.repairOfGenerationId.empty() && !g.repairOf && g.runId == runId);
        CHECK(g.provider == "anthropic" && g.model == "claude-sonnet-4-5" &&
              g.providerInfo["base_url"] == server.url());
        CHECK(g.parameters["temperature"] == 0.7 && g.parameters["max_tokens"] == 8192);
        CHECK(g.promptTokens == 1432 && g.completionTokens == 387 &&
              g.response["stop_reason"] == "end_turn");
        CHECK(g.costUsd && std::abs(*g.costUsd - (1432 * 3.0 + 387 * 15.0) / 1e6) < 1e-12);
        CHECK(g.rawResponse.find("résumé") != std::string::npos && g.messages.size() == 2 &&
              g.messages[0]["role"] == "system");
        // The stored messages are exactly what one request carried: its system, then its messages.
        bool sent = false;
        for (const auto& q : requests) {
            auto b = nlohmann::json::parse(q.body, nullptr, false);
            sent = sent ||
                   (b["system"] == g.messages[0]["content"] && b["messages"][0] == g.messages[1]);
        }
        CHECK(sent);
        if (g.taskId == "reduce-sum-f32") {
            CHECK(g.sampleId && g.hasCode() &&
                  g.code->find("kwb_reduce_sum(") != std::string::npos);
            if (!g.sampleId)
                continue;
            ++withSample;
            auto s = ps.sample(*g.sampleId);
            CHECK(s && s->origin == SampleOrigin::Model && s->provider == "anthropic" &&
                  s->model == "claude-sonnet-4-5");
            CHECK(s && s->messages == g.messages && s->rawResponse == g.rawResponse &&
                  s->source == *g.code);
            CHECK(s && s->promptTokens == 1432 && s->completionTokens == 387 &&
                  s->costUsd == *g.costUsd);
            CHECK(s && s->parameters == g.parameters && !s->parentId);
            auto back = ps.generationOfSample(*g.sampleId);
            CHECK(back && *back && (*back)->generationId == g.generationId);
        } else {
            CHECK(!g.sampleId && !g.hasCode() && g.taskId == "sgemm-f32");
        }
    }
    CHECK(withSample == 3);
    CHECK(orMinus1(ps.countFirstGenerations("sgemm-f32", "anthropic", "claude-sonnet-4-5")) == 3);
    CHECK(orMinus1(ps.queueLength()) == 3); // answers without code are nothing to review
    auto rep = ps.checkIntegrity();
    CHECK(rep && rep->ok());

    // Resume with n = 4 and no price table: one more each; its cost is unknown, not $0.
    {
        const auto before = server.requests().size();
        LlmClient client;
        CHECK(client.addProvider(anthropicAt(server)).ok());
        ProjectSampleSink sink(ps, tasks);
        GenerationRun run(client, sink, options("claude-sonnet-4-5", 4));
        CHECK(run.run(tasks).ok());
        CHECK(run.totals().alreadyStored == 6 && run.totals().stored == 2 &&
              server.requests().size() - before == 2);
        auto rs = ps.generationsOfRun(run.runId());
        CHECK(rs && rs->size() == 2);
        for (const auto& g : rs ? *rs : std::vector<GenerationRecord>{}) {
            CHECK(!g.costUsd);
            if (g.sampleId)
                CHECK(ps.sample(*g.sampleId)->costUsd == 0.0);
        }
        CHECK(query(ps, "SELECT count(*) FROM generations WHERE cost_usd IS NULL") == 2);
    }

    // A server that fails part way (a 400 after two answers): two stored, then a resumed run
    // completes to n = 5 with no duplicates.
    {
        kwbtest::LoopbackServer flaky;
        CHECK(flaky.start());
        flaky.enqueue(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        flaky.enqueue(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        flaky.setFallback(kwbtest::loadTranscript("anthropic_bad_request_400.http"));
        LlmClient client;
        CHECK(client.addProvider(anthropicAt(flaky, 1)).ok());
        ProjectSampleSink sink(ps, tasks);
        GenerationRun run(client, sink, options("flaky-model", 5));
        CHECK(run.run({*reduce}).ok());
        CHECK(run.totals().stored == 2 && run.totals().failed == 3);
        CHECK(orMinus1(ps.countFirstGenerations("reduce-sum-f32", "anthropic", "flaky-model")) ==
              2);
        flaky.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        LlmClient again;
        CHECK(again.addProvider(anthropicAt(flaky, 2)).ok());
        ProjectSampleSink sink2(ps, tasks);
        GenerationRun resumed(again, sink2, options("flaky-model", 5));
        CHECK(resumed.run({*reduce}).ok());
        CHECK(resumed.totals().alreadyStored == 2 && resumed.totals().stored == 3 &&
              resumed.totals().failed == 0);
        CHECK(orMinus1(ps.countFirstGenerations("reduce-sum-f32", "anthropic", "flaky-model")) ==
              5);
        CHECK(query(ps, "SELECT count(*) FROM generations WHERE model = 'flaky-model'") == 5);
        CHECK(query(ps, "SELECT count(*) FROM samples WHERE model = 'flaky-model'") == 5);
        CHECK(query(ps, "SELECT count(DISTINCT generation_id) FROM generations") ==
              query(ps, "SELECT count(*) FROM generations"));
    }

    // An interrupted run (the flag a signal sets) keeps what it stored; the resumed run completes.
    {
        kwbtest::LoopbackServer slow;
        CHECK(slow.start());
        auto t = kwbtest::loadTranscript("anthropic_reduce_sum.http");
        t.pieceBytes = 200;
        t.pause = std::chrono::milliseconds(30);
        slow.setFallback(t);
        std::atomic<bool> stop{false};
        {
            LlmClient client;
            CHECK(client.addProvider(anthropicAt(slow, 1)).ok());
            ProjectSampleSink sink(ps, tasks);
            GenerationRun run(client, sink, options("interrupted-model", 4));
            run.setLog([&](const std::string&) { stop = true; }); // after the first stored answer
            CHECK(run.run({*reduce}, &stop).ok());
            CHECK(run.totals().interrupted && run.totals().stored == 1);
        }
        LlmClient client;
        CHECK(client.addProvider(anthropicAt(slow, 2)).ok());
        ProjectSampleSink sink(ps, tasks);
        GenerationRun run(client, sink, options("interrupted-model", 4));
        CHECK(run.run({*reduce}).ok());
        CHECK(run.totals().alreadyStored == 1 && run.totals().stored == 3);
        CHECK(orMinus1(ps.countFirstGenerations("reduce-sum-f32", "anthropic",
                                                "interrupted-model")) == 4);
    }

    // Repair turns: an answer without code, then a repair that fails its check, then one that
    // passes. Each repair points at the answer it repairs; none is a person's edit; both checks'
    // full records are stored with their samples.
    {
        kwbtest::LoopbackServer s2;
        CHECK(s2.start());
        s2.enqueue(kwbtest::loadTranscript("anthropic_no_code.http"));
        s2.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
        LlmClient client;
        CHECK(client.addProvider(anthropicAt(s2)).ok());
        ProjectSampleSink sink(ps, tasks);
        auto o = options("repair-model", 1);
        o.repairTurns = 3;
        RecordingChecker checker;
        GenerationRun run(client, sink, o);
        run.setChecker(&checker);
        CHECK(run.run({*reduce}).ok());
        CHECK(run.totals().repairs == 2 && run.totals().stored == 3 && run.totals().passed == 1 &&
              checker.calls == 2);
        auto rs = ps.generationsOfRun(run.runId());
        CHECK(rs && rs->size() == 3);
        if (rs && rs->size() == 3) {
            const auto &a = (*rs)[0], &b = (*rs)[1], &c = (*rs)[2];
            CHECK(a.turn == 0 && !a.hasCode() && !a.sampleId && a.rawResponse.size() > 0 &&
                  a.messages.size() == 2);
            CHECK(b.turn == 1 && b.repairOfGenerationId == a.generationId &&
                  b.repairOf == std::optional<std::int64_t>(a.id));
            CHECK(c.turn == 2 && c.repairOfGenerationId == b.generationId &&
                  c.repairOf == std::optional<std::int64_t>(b.id));
            CHECK(b.messages.size() == 4 && b.messages[2]["role"] == "assistant" &&
                  b.messages[2]["content"] == a.rawResponse);
            CHECK(b.check["verdict"] == "compile-error" && c.check["verdict"] == "pass");
            for (const auto* g : {&b, &c}) {
                CHECK(g->sampleId);
                if (!g->sampleId)
                    continue;
                auto s = ps.sample(*g->sampleId);
                CHECK(s && !s->parentId); // a repair turn is not a person's edit
                auto v = ps.verifications(*g->sampleId);
                CHECK(v && v->size() == 1 && v->front().id == g->check["record_id"]);
                CHECK(s && s->status.verificationVerdict == g->check["verdict"]);
            }
            CHECK(ps.sample(*c.sampleId)->status.speedup == std::optional<double>(1.25));
            // Only the first answer counts towards n.
            CHECK(orMinus1(ps.countFirstGenerations("reduce-sum-f32", "anthropic",
                                                    "repair-model")) == 1);
        }
    }

    // The store refuses a repair whose parent answer it does not hold, and stores an answer once.
    {
        GeneratedSample g;
        g.id = newSampleId();
        g.runId = "r";
        g.taskId = "reduce-sum-f32";
        g.provider = "anthropic";
        g.model = "m";
        g.rawResponse = "no code here";
        g.messages = {{"user", "hi"}};
        ProjectSampleSink sink(ps, tasks);
        CHECK(sink.store(g).ok());
        CHECK(sink.store(g).ok());
        CHECK(query(ps, "SELECT count(*) FROM generations WHERE generation_id = '" + g.id + "'") ==
              1);
        GeneratedSample orphan = g;
        orphan.id = newSampleId();
        orphan.turn = 1;
        orphan.parentId = "0123456789abcdef0123456789abcdef";
        auto st = sink.store(orphan);
        CHECK(!st.ok() && st.error().code == "bad-generation");
        GeneratedSample other = g;
        other.id = newSampleId();
        other.taskId = "softmax-rows-f32";
        CHECK(!sink.store(other).ok());
        // The records are as immutable as samples.
        CHECK(!ps.connection().exec("UPDATE generations SET cost_usd = 0"));
        CHECK(!ps.connection().exec("DELETE FROM generations"));
    }
    rep = ps.checkIntegrity();
    CHECK(rep && rep->ok());
    created->reset();
    fs::remove_all(dir);
}

} // namespace kwbtest
