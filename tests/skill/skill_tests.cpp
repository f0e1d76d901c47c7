// `kwb skill build` as a real child process on a real project file: the deterministic skill from
// accepted, failing and rejected samples (contract, techniques with speedups, mistakes with
// verdicts, the shortest faster sample), the token budget, refusals, and a teacher on a loopback
// OpenAI-compatible server that is sent the material and asked again when over budget.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/record/record_identity.h"
#include "core/skill/skill_document.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/llm/loopback_server.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace {

namespace fs = std::filesystem;
namespace v = kwb::verification;
using nlohmann::json;
using namespace kwbtest;

const char* const kTask = "softmax-rows-f32";

struct Fixture {
    fs::path root, proj;
    std::vector<std::string> env;
    std::int64_t shortFaster = 0, longFaster = 0;
};

v::VerificationRecordData record(const kwb::Sample& s, const std::string& verdict,
                                 std::optional<double> speedup, const std::string& detail) {
    json j = {{"schema_version", v::VerificationRecordData::kSchemaVersion},
              {"task_id", s.taskId},
              {"verdict", verdict},
              {"detail", detail},
              {"source_hash", kwb::sha256Hex(s.source)},
              {"created_at", "2026-01-01T00:00:00Z"},
              {"device", {{"name", "NVIDIA H200"}, {"cc", "9.0"}}}};
    if (speedup)
        j["geomean_speedup"] = *speedup;
    if (verdict == "not-run")
        j.erase("device");
    return v::sealed(*v::fromJson(j));
}

// Adds a sample, its verification and its review; returns its id.
std::int64_t add(kwb::ProjectStore& store, const kwb::Task& task, const std::string& source,
                 const std::string& verdict, std::optional<double> speedup,
                 std::optional<kwb::Verdict> review, const std::string& detail = {},
                 const std::string& note = {}) {
    kwb::Sample s;
    s.taskId = task.id;
    s.label = "s";
    s.origin = kwb::SampleOrigin::Model;
    s.model = "teacher-model";
    s.source = source;
    auto id = store.addSample(task, s);
    CHECK(id);
    s.id = *id;
    CHECK(store.addVerification(*id, record(s, verdict, speedup, detail)));
    if (review)
        CHECK(store.review(*id, *review, "tester", note));
    return *id;
}

std::string kernel(const std::string& body, int padLines) {
    std::string s = "extern \"C\" void kwb_softmax_rows(const float* x, float* y, int rows, "
                    "int cols, cudaStream_t stream) {\n" +
                    body + "\n";
    for (int i = 0; i < padLines; ++i)
        s += "    // line " + std::to_string(i) + "\n";
    return s + "}\n";
}

void populate(Fixture& f) {
    auto task = kwb::loadTaskFile(fs::path(KWB_TASK_SOURCE_DIR) / (std::string(kTask) + ".toml"));
    CHECK(task);
    auto store = kwb::ProjectStore::create(f.proj);
    CHECK(store);
    auto& st = **store;
    using kwb::Verdict;
    f.shortFaster = add(st, *task, kernel("    float4 v; __shfl_xor_sync(0xffffffff, 1.f, 1);", 2),
                        "pass", 1.5, Verdict::Accepted);
    f.longFaster = add(st, *task, kernel("    __shfl_down_sync(0xffffffff, 1.f, 1);", 40), "pass",
                       1.2, Verdict::Accepted);
    add(st, *task, kernel("    __shared__ float s[32]; // slow", 1), "pass", 0.8,
        Verdict::Accepted);
    add(st, *task, kernel("    // forgot the max", 1), "wrong-result", std::nullopt,
        Verdict::Rejected, "shape odd: y[1003] off by 3e-2\nmore");
    add(st, *task, kernel("    undefined_symbol;", 1), "compile-error", std::nullopt, std::nullopt,
        "build failed: identifier undefined_symbol is undefined");
    add(st, *task, kernel("    // fixed grid", 1), "pass", 1.1, Verdict::Rejected, {},
        "uses a fixed block count for every shape");
    add(st, *task, kernel("    // not reviewed", 1), "pass", 3.0, std::nullopt);
}

Run skill(const Fixture& f, std::vector<std::string> args) {
    std::vector<std::string> all = {"skill", "build", "--project", f.proj.string()};
    all.insert(all.end(), args.begin(), args.end());
    return runKwb(all, f.env, f.root);
}

void deterministicSkill(const Fixture& f) {
    const fs::path out = f.root / "SKILL.md";
    Run r = skill(f, {"--task", kTask, "-o", out.string()});
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    const std::string text = slurp(out);
    CHECK(text.rfind("---\nname: kwb-softmax-rows-f32\ndescription: \"", 0) == 0);
    CHECK_MSG(text.find("7 verified samples: 2 faster than the library baseline, 3 failing") !=
                  std::string::npos,
              text.substr(0, 400));
    CHECK(text.find("extern \"C\" void kwb_softmax_rows(") != std::string::npos);
    CHECK(text.find("- Launch kernels only on `stream`") != std::string::npos);
    CHECK_MSG(text.find("- warp shuffles (__shfl_*_sync): 2 of 2, 1.20x to 1.50x") !=
                  std::string::npos,
              text);
    CHECK(text.find("vectorised loads and stores (float4, float2, half2, int4): 1 of 2, 1.50x") !=
          std::string::npos);
    CHECK_MSG(text.find("shared-memory tiles") == std::string::npos, "a slower sample's technique");
    CHECK(text.find("- wrong-result (1 sample): shape odd: y[1003] off by 3e-2\n") !=
          std::string::npos);
    CHECK(text.find("- compile-error (1 sample): build failed: identifier undefined_symbol") !=
          std::string::npos);
    CHECK(text.find("- rejected by a reviewer (1 sample): uses a fixed block count") !=
          std::string::npos);
    CHECK_MSG(text.find("Sample " + std::to_string(f.shortFaster) + " (softmax-rows-f32, 1.50x") !=
                  std::string::npos,
              "the shortest faster sample is the example");
    CHECK(text.find("not reviewed") == std::string::npos);
    const int tokens = kwb::estimateTokens(text);
    CHECK(tokens <= 800);
    CHECK_MSG(r.out.find("about " + std::to_string(tokens) + " of 800 tokens") != std::string::npos,
              r.out);
    // The same project gives the same file; an existing file needs --force.
    Run again = skill(f, {"--task", kTask, "-o", out.string()});
    CHECK_MSG(again.exitCode == 2 && again.err.find("--force") != std::string::npos, again.err);
    CHECK(slurp(out) == text);
    again = skill(f, {"--task", kTask, "-o", out.string(), "--force"});
    CHECK(again.exitCode == 0 && slurp(out) == text);
}

void budgets(const Fixture& f) {
    const fs::path out = f.root / "small.md";
    Run r = skill(f, {"--task", kTask, "-o", out.string(), "--budget", "300"});
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    const std::string text = slurp(out);
    CHECK_MSG(kwb::estimateTokens(text) <= 300, text);
    CHECK(text.find("```cuda") == std::string::npos);
    CHECK_MSG(r.out.find("Left out to fit: the example (sample " + std::to_string(f.shortFaster) +
                         ")") != std::string::npos,
              r.out);
    const fs::path tiny = f.root / "tiny.md";
    r = skill(f, {"--task", kTask, "-o", tiny.string(), "--budget", "60"});
    CHECK_MSG(r.exitCode == 2 && r.err.find("larger --budget") != std::string::npos, r.err);
    CHECK(!fs::exists(tiny));
}

void refusals(const Fixture& f) {
    const fs::path out = f.root / "x.md";
    Run r = skill(f, {"--task", kTask, "--family", "softmax", "-o", out.string()});
    CHECK_MSG(r.exitCode == 64, r.err);
    r = skill(f, {"-o", out.string()});
    CHECK_MSG(r.exitCode == 64, r.err);
    r = skill(f, {"--family", "no-such-family", "-o", out.string()});
    CHECK_MSG(r.exitCode == 2 && r.err.find("the families are:") != std::string::npos &&
                  r.err.find("softmax") != std::string::npos,
              r.err);
    r = skill(f, {"--task", "gelu-f32", "-o", out.string()});
    CHECK_MSG(r.exitCode == 2 && r.err.find("nothing to teach") != std::string::npos, r.err);
    r = skill(f, {"--task", kTask, "-o", out.string(), "--teacher", "openai"});
    CHECK_MSG(r.exitCode == 64 && r.err.find("PROVIDER:MODEL") != std::string::npos, r.err);
    CHECK(!fs::exists(out));
    // A family: both softmax tasks' contracts, the material of the one with samples.
    r = skill(f, {"--family", "softmax", "-o", out.string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string text = slurp(out);
    CHECK(text.find("name: kwb-family-softmax") != std::string::npos);
    CHECK(text.find("`scaled-masked-softmax-f32`:") != std::string::npos);
}

kwbtest::ScriptedResponse openaiAnswer(const std::string& text) {
    kwbtest::ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    auto chunk = [](const json& delta, const json& finish) {
        return "data: " +
               json{{"id", "chatcmpl-skill"},
                    {"object", "chat.completion.chunk"},
                    {"model", "teacher"},
                    {"choices", {{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}}}}
                   .dump() +
               "\n\n";
    };
    r.body =
        chunk({{"content", text}}, nullptr) + chunk(json::object(), "stop") + "data: [DONE]\n\n";
    return r;
}

void teacher(Fixture& f) {
    kwbtest::LoopbackServer server;
    CHECK(server.start());
    std::string longBody;
    for (int i = 0; i < 400; ++i)
        longBody += "Use warp shuffles and vectorised loads everywhere. ";
    const std::string shortBody =
        "# Softmax rows\n\nTEACHER-BODY-91c2: reduce with __shfl_xor_sync.\n";
    server.enqueue(openaiAnswer(longBody));
    server.enqueue(
        openaiAnswer("```markdown\n---\nname: theirs\ndescription: x\n---\n" + shortBody + "```"));
    std::ofstream(f.root / "llm.json") << json{{"providers",
                                                {{"teach",
                                                  {{"protocol", "openai"},
                                                   {"base_url", server.url() + "/v1"},
                                                   {"api_key", "sk-teacher-test-0123456789"}}}}}}
                                              .dump();
    const fs::path out = f.root / "teacher.md";
    Run r = skill(f, {"--task", kTask, "-o", out.string(), "--teacher", "teach:big-teacher",
                      "--settings", (f.root / "llm.json").string()});
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    const auto requests = server.requests();
    CHECK_MSG(requests.size() == 2, std::to_string(requests.size()));
    if (requests.size() == 2) {
        CHECK(requests[0].body.find("big-teacher") != std::string::npos);
        CHECK(requests[0].body.find("warp shuffles (__shfl_*_sync): 2 of 2") != std::string::npos);
        CHECK(requests[0].body.find("shape odd: y[1003] off by 3e-2") != std::string::npos);
        CHECK(requests[1].body.find("over the budget of 800") != std::string::npos);
    }
    const std::string text = slurp(out);
    CHECK_MSG(text == "---\nname: kwb-softmax-rows-f32\n" +
                          text.substr(text.find("description:"),
                                      text.find("\n---\n") - text.find("description:")) +
                          "\n---\n\n" + shortBody,
              text);
    CHECK(r.out.find("2 turns") != std::string::npos);
    // A teacher that stays over budget: refused, nothing written.
    server.enqueue(openaiAnswer(longBody));
    server.enqueue(openaiAnswer(longBody));
    const fs::path over = f.root / "over.md";
    r = skill(f, {"--task", kTask, "-o", over.string(), "--teacher", "teach:big-teacher",
                  "--settings", (f.root / "llm.json").string()});
    CHECK_MSG(r.exitCode == 2 && r.err.find("after two turns") != std::string::npos, r.err);
    CHECK(!fs::exists(over));
    CHECK(r.err.find("sk-teacher-test") == std::string::npos);
    server.stop();
}

} // namespace

int main() {
    Fixture f;
    f.root = fs::temp_directory_path() / ("kwb-skill-" + std::to_string(::getpid()));
    fs::remove_all(f.root);
    fs::create_directories(f.root / "config");
    f.proj = f.root / "skill.kwbproj";
    f.env = {"KWB_CONFIG_DIR=" + (f.root / "config").string(),
             "OPENAI_API_KEY=",
             "ANTHROPIC_API_KEY=",
             "HF_TOKEN=",
             "KWB_DATA_DIR=" + (f.root / "data").string(),
             "KWB_PROJECT="};
    populate(f);
    deterministicSkill(f);
    budgets(f);
    refusals(f);
    teacher(f);
    if (!std::getenv("KWB_KEEP_TEST_FILES"))
        fs::remove_all(f.root);
    std::printf("%d passed, %d failed\n", counts().passed, counts().failed);
    return counts().failed ? 1 : 0;
}
