// `kwb generate` into a real project, as a child process against the loopback server, for the
// parts that work with what the project already holds: accepted samples of a task as examples
// in its prompt (--examples-from-project K; rejected and unreviewed ones never); answers without
// code found from the run's summary, `samples list` and `samples no-code`; --verify through the
// real kwb-runner and nvcc (compile-only without a GPU: "not run", or the compile error's
// diagnostics, stored with each sample).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/store/project_store.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

// The recorded reduce-sum answer with a marker comment as the code's first line, so that each
// variant's source is distinct and can be found in a prompt.
ScriptedResponse variant(const std::string& marker) {
    auto t = loadTranscript("anthropic_reduce_sum.http");
    const auto fence = t.body.find("```cuda\\n#include");
    CHECK(fence != std::string::npos);
    if (fence != std::string::npos)
        t.body.insert(fence + 9, "// " + marker + "\\n");
    return t;
}

struct Fixture {
    fs::path root, proj;
    std::vector<std::string> env;
    std::vector<std::string> generate(const std::string& model,
                                      const std::vector<std::string>& more = {}) const {
        std::vector<std::string> a = {
            "generate", "reduce-sum-f32", "--provider", "anthropic", "--model",
            model,      "--concurrency",  "1",          "--project", proj.string()};
        a.insert(a.end(), more.begin(), more.end());
        return a;
    }
};

std::int64_t sampleWith(const Fixture& f, const std::string& marker) {
    return queryInt(f.proj, "SELECT sample_id FROM sample_content WHERE instr(source, '// " +
                                marker + "') > 0");
}

std::string fileText(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// `kwb import` of a JSONL file that holds keys this machine knows (the environment's, one in
// the settings) in its prompt, source and model's reply: none of them reaches the project.
void importRedacts(const Fixture& f) {
    const std::string envKey =
        "sk-ant-generate-cli-test-0123456789"; // the fixture's ANTHROPIC_API_KEY
    const std::string settingsKey = "sk-import-settings-key-5e7d21c9";
    const fs::path config = f.root / "import-config";
    fs::create_directories(config);
    std::ofstream(config / "llm.json") << nlohmann::json{
        {"providers",
         {{"local",
           {{"base_url", "http://127.0.0.1:9/v1"},
            {"api_key", settingsKey}}}}}}.dump();
    const fs::path jsonl = f.root / "leaky.jsonl";
    std::ofstream(jsonl)
        << nlohmann::json{{"task", "reduce-sum-f32"},
                          {"source",
                           "// key " + envKey +
                               "\n#include <cuda_runtime.h>\nextern \"C\" void kwb_reduce_sum("
                               "const float* x, float* out, int n, cudaStream_t s) {}\n"},
                          {"model", "leaky-model"},
                          {"prompt", "use " + settingsKey + " and " + envKey}}
               .dump()
        << "\n";
    std::vector<std::string> env = f.env;
    for (auto& e : env)
        if (e.starts_with("KWB_CONFIG_DIR="))
            e = "KWB_CONFIG_DIR=" + config.string();
    const fs::path proj = f.root / "import.kwbproj";
    CHECK(kwb::ProjectStore::create(proj));
    Run r = runKwb({"import", jsonl.string(), "--project", proj.string(), "--json"}, env, f.root);
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    const std::string stored = fileText(proj) + fileText(proj.string() + "-wal");
    CHECK(stored.find("leaky-model") !=
          std::string::npos); // the sample is there (negative control)
    CHECK(stored.find("[redacted]") != std::string::npos);
    CHECK_MSG(stored.find(envKey) == std::string::npos,
              "the environment's key reached the project");
    CHECK_MSG(stored.find(settingsKey) == std::string::npos,
              "the settings' key reached the project");
}

// Four samples (A, B accepted; C rejected; D unreviewed), then a run with examples from the
// project: the messages stored with its sample (exactly those sent) hold A and B only.
void examplesFromProject(LoopbackServer& server, const Fixture& f) {
    for (const char* m : {"variant-A", "variant-B", "variant-C", "variant-D"})
        server.enqueue(variant(m));
    Run r = runKwb(f.generate("first-model", {"-n", "4"}), f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    const auto a = sampleWith(f, "variant-A"), b = sampleWith(f, "variant-B"),
               c = sampleWith(f, "variant-C");
    CHECK(a > 0 && b > 0 && c > 0 && sampleWith(f, "variant-D") > 0);
    r = runKwb(
        {"review", "accept", std::to_string(a), std::to_string(b), "--project", f.proj.string()},
        f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    r = runKwb({"review", "reject", std::to_string(c), "--project", f.proj.string()}, f.env,
               f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    // A verdict taken back no longer counts: D accepted, then undone.
    const auto d = sampleWith(f, "variant-D");
    r = runKwb({"review", "accept", std::to_string(d), "--project", f.proj.string()}, f.env,
               f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    r = runKwb({"review", "undo", std::to_string(d), "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);

    const auto before = server.requests().size();
    server.enqueue(variant("variant-E"));
    r = runKwb(f.generate("examples-model", {"--examples-from-project", "3"}), f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.err.find("task reduce-sum-f32: 2 accepted samples as examples") !=
                  std::string::npos,
              r.err);
    const std::string messages =
        queryText(f.proj, "SELECT c.messages_json FROM samples s JOIN sample_content c ON "
                          "c.sample_id = s.id WHERE s.model = 'examples-model'");
    auto j = nlohmann::json::parse(messages, nullptr, false);
    CHECK_MSG(j.is_array() && j.size() == 2 && j[1]["role"] == "user", messages);
    const std::string user = j.is_array() && j.size() == 2 ? j[1].value("content", "") : "";
    CHECK(user.find("Accepted kernels for this task") != std::string::npos);
    CHECK(user.find("Sample #" + std::to_string(a) + ":\n```cuda\n// variant-A\n#include") !=
          std::string::npos);
    CHECK(user.find("Sample #" + std::to_string(b) + ":\n```cuda\n// variant-B\n") !=
          std::string::npos);
    CHECK(user.find("variant-C") == std::string::npos &&
          user.find("variant-D") == std::string::npos);
    // Exactly what was sent.
    const auto reqs = server.requests();
    CHECK(reqs.size() == before + 1);
    if (reqs.size() == before + 1) {
        auto body = nlohmann::json::parse(reqs.back().body, nullptr, false);
        CHECK(!body.is_discarded() && body["messages"][0]["content"] == user);
    }

    // K = 1: the newest accepted one only; K = 0 and no option: none.
    server.enqueue(variant("variant-F"));
    r = runKwb(f.generate("one-example-model", {"--examples-from-project", "1"}), f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string one = server.requests().back().body;
    CHECK(occurrences(one, "variant-") == 1 && one.find("variant-B") != std::string::npos);
    server.enqueue(variant("variant-G"));
    r = runKwb(f.generate("no-example-model"), f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(server.requests().back().body.find("variant-") == std::string::npos);
    // Examples come from a project: not with --out.
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m",
                "--examples-from-project", "2", "--out", (f.root / "x.jsonl").string()},
               f.env, f.root);
    CHECK(r.exitCode == 64);
    r = runKwb({"generate", "--help"}, f.env, f.root);
    CHECK(r.out.find("--examples-from-project") != std::string::npos);
}

// An answer without code is kept as a generation record, not a sample: the run's summary, `samples
// list` and `samples no-code` (list, one in full, JSON, filters) point the user to it.
void noCodeVisible(LoopbackServer& server, const Fixture& f) {
    server.enqueue(loadTranscript("anthropic_no_code.http"));
    Run r = runKwb(f.generate("no-code-model"), f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string runId =
        queryText(f.proj, "SELECT run_id FROM generations WHERE model = 'no-code-model'");
    const std::string genId =
        queryText(f.proj, "SELECT generation_id FROM generations WHERE model = 'no-code-model'");
    CHECK(runId.size() == 16 && genId.size() == 32);
    CHECK_MSG(r.out.find("(0 with code, 1 without)") != std::string::npos &&
                  r.out.find("kwb samples no-code --run " + runId + " --project " +
                             f.proj.string()) != std::string::npos,
              r.out);
    CHECK(queryInt(f.proj, "SELECT count(*) FROM samples WHERE model = 'no-code-model'") == 0);

    r = runKwb({"samples", "list", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(r.exitCode == 0 &&
                  r.out.find(
                      "1 answers without code are not samples: `kwb samples no-code` lists them") !=
                      std::string::npos,
              r.out + r.err);
    r = runKwb({"samples", "no-code", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.out.find(genId.substr(0, 12) + "  reduce-sum-f32") != std::string::npos &&
                  r.out.find("no-code-model") != std::string::npos &&
                  r.out.find("I can't write that kernel without knowing more") !=
                      std::string::npos &&
                  r.out.find("1 answers without code") != std::string::npos,
              r.out);
    r = runKwb({"samples", "no-code", genId.substr(0, 8), "--project", f.proj.string()}, f.env,
               f.root);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.out.find("Answer " + genId + " (no code)") != std::string::npos &&
                  r.out.find("I can't write that kernel without knowing more about the data "
                             "layout. Could you tell me whether x is contiguous?") !=
                      std::string::npos &&
                  r.out.find("stop reason") != std::string::npos,
              r.out);
    r = runKwb({"samples", "no-code", genId, "--json", "--project", f.proj.string()}, f.env,
               f.root);
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK_MSG(
        r.exitCode == 0 && j.is_object() &&
            j["raw_response"] ==
                queryText(f.proj, "SELECT raw_response FROM generations WHERE generation_id = '" +
                                      genId + "'") &&
            j["messages"].size() == 2 && j["run_id"] == runId,
        r.out);
    r = runKwb(
        {"samples", "no-code", "--json", "--run", "0000000000000000", "--project", f.proj.string()},
        f.env, f.root);
    j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(r.exitCode == 0 && j.is_array() && j.empty());
    r = runKwb(
        {"samples", "no-code", "--json", "--task", "sgemm-f32", "--project", f.proj.string()},
        f.env, f.root);
    j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(r.exitCode == 0 && j.is_array() && j.empty());
    r = runKwb({"samples", "no-code", "--json", "--run", runId, "--task", "reduce-sum-f32",
                "--project", f.proj.string()},
               f.env, f.root);
    j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(r.exitCode == 0 && j.is_array() && j.size() == 1 && j[0]["generation_id"] == genId);
    r = runKwb({"samples", "no-code", "ffffffffffff", "--project", f.proj.string()}, f.env, f.root);
    CHECK(r.exitCode == 2 && r.err.find("no answer without code") != std::string::npos);
    // The other samples sub-commands still run as before.
    r = runKwb({"samples", "stats", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(r.exitCode == 0 && r.out.find("reduce-sum-f32") != std::string::npos, r.out + r.err);
}

bool onPath(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t at = 0; at <= dirs.size();) {
        auto end = dirs.find(':', at);
        if (end == std::string::npos)
            end = dirs.size();
        if (end > at && ::access((dirs.substr(at, end - at) + "/" + program).c_str(), X_OK) == 0)
            return true;
        at = end + 1;
    }
    return false;
}

// kwb generate --verify through the real kwb-runner and nvcc: on a machine without a GPU each
// sample is stored with its compile result, "not run: no CUDA device" for one that builds, and
// the compiler's diagnostics for one that does not.
void verifyCompileOnly(LoopbackServer& server, const Fixture& f) {
    const std::string runner = KWB_RUNNER_PATH;
    if (runner.empty() || !onPath("nvcc")) {
        std::printf("SKIP verifyCompileOnly: %s\n",
                    runner.empty() ? "kwb-runner is not built (no CUDA toolkit)"
                                   : "nvcc is not on PATH");
        return;
    }
    auto broken = variant("broken-variant");
    const auto fence = broken.body.find("// broken-variant\\n");
    CHECK(fence != std::string::npos);
    if (fence != std::string::npos)
        broken.body.insert(fence + 19, "int kwb_broken_value = undefined_symbol_xyz;\\n");
    server.enqueue(variant("builds-variant"));
    server.enqueue(broken);
    auto env = f.env;
    env.push_back("KWB_RUNNER=" + runner);
    env.push_back("KWB_CACHE_DIR=" +
                  (f.root / "cache").string()); // a fresh build cache: nvcc really runs
    const auto t0 = std::chrono::steady_clock::now();
    Run r = runKwb(f.generate("verify-model", {"-n", "2", "--verify", "--no-bench"}), env, f.root,
                   std::chrono::seconds(240));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("kwb generate --verify, 2 samples, compile-only: %.1f s\n", seconds);
    CHECK_MSG(r.exitCode == 0, r.out + r.err);
    CHECK_MSG(r.out.find("stored 2 samples (2 with code, 0 without)") != std::string::npos &&
                  r.out.find("0 passed verification") != std::string::npos,
              r.out);
    const auto good = sampleWith(f, "builds-variant"), bad = sampleWith(f, "broken-variant");
    CHECK(good > 0 && bad > 0);
    auto show = [&](std::int64_t id) {
        Run s =
            runKwb({"samples", "show", std::to_string(id), "--json", "--project", f.proj.string()},
                   f.env, f.root);
        auto j = nlohmann::json::parse(s.out, nullptr, false);
        CHECK_MSG(s.exitCode == 0 && j.is_object() && j["verifications"].is_array() &&
                      j["verifications"].size() == 1,
                  s.out + s.err);
        return j.is_object() && j["verifications"].is_array() && !j["verifications"].empty()
                   ? j["verifications"][0]
                   : nlohmann::json::object();
    };
    // Compiled, not run: the record says why, keeps the build, and is the sample's verification.
    const nlohmann::json ok = show(good);
    const bool gpu = ok.contains("device") && ok["device"].is_object() &&
                     !ok["device"].value("name", "").empty() && ok["verdict"] != "not-run";
    if (gpu) {
        std::printf("note: a CUDA device is present; verdict %s instead of not-run\n",
                    ok["verdict"].dump().c_str());
    } else {
        CHECK_MSG(ok["verdict"] == "not-run" &&
                      ok.value("detail", "").starts_with("not run: no CUDA device"),
                  ok.dump(1));
        CHECK(queryText(f.proj, "SELECT verification_verdict FROM samples WHERE id = " +
                                    std::to_string(good)) == "not-run");
    }
    CHECK_MSG(ok["build"].is_object() && ok["build"].value("ok", false), ok.dump(1));
    CHECK(queryText(
              f.proj,
              "SELECT json_extract(check_json, '$.verdict') FROM generations WHERE sample_id = " +
                  std::to_string(good)) == ok["verdict"].get<std::string>());
    // Does not compile: the compile error and nvcc's diagnostics are stored with the sample.
    const nlohmann::json failed = show(bad);
    CHECK_MSG(failed["verdict"] == "compile-error" && failed["build"].is_object() &&
                  !failed["build"].value("ok", true),
              failed.dump(1));
    CHECK(queryText(f.proj, "SELECT verification_verdict FROM samples WHERE id = " +
                                std::to_string(bad)) == "compile-error");
    bool diagnosed = false;
    for (const auto& d : failed["build"].value("diagnostics", nlohmann::json::array()))
        diagnosed = diagnosed ||
                    (d.value("severity", "") == "error" &&
                     d.value("message", "").find("undefined_symbol_xyz") != std::string::npos &&
                     d.value("line", 0) > 0);
    CHECK_MSG(diagnosed, failed["build"].dump(1));
    Run text = runKwb(
        {"samples", "show", std::to_string(bad), "--no-source", "--project", f.proj.string()},
        f.env, f.root);
    CHECK_MSG(text.out.find(": compile-error") != std::string::npos, text.out);
    // The worker's environment carried no key (scrubbed), and nothing it returned holds one.
    CHECK(filesContaining(f.root / "cache", "sk-ant-generate-cli-test").empty());
}

} // namespace

void generateCliTests() {
    Fixture f;
    f.root = fs::temp_directory_path() / ("kwb-llm-generate-cli-" + std::to_string(::getpid()));
    fs::remove_all(f.root);
    fs::create_directories(f.root / "config");
    f.proj = f.root / "gen.kwbproj";
    LoopbackServer server;
    CHECK(server.start());
    server.setFallback(loadTranscript("anthropic_reduce_sum.http"));
    std::ofstream(f.root / "config" / "llm.json")
        << nlohmann::json{{"providers", {{"anthropic", {{"base_url", server.url()}}}}}}.dump();
    f.env = {"KWB_CONFIG_DIR=" + (f.root / "config").string(),
             "ANTHROPIC_API_KEY=sk-ant-generate-cli-test-0123456789",
             "OPENAI_API_KEY=",
             "HF_TOKEN=",
             "KWB_DATA_DIR=" + (f.root / "data").string(),
             "KWB_PROJECT=",
             "KWB_REVIEWER=generate-cli-test"};
    CHECK(kwb::ProjectStore::create(f.proj));
    examplesFromProject(server, f);
    noCodeVisible(server, f);
    verifyCompileOnly(server, f);
    importRedacts(f);
    auto check = runKwb({"project", "check", "--project", f.proj.string()}, f.env, f.root);
    CHECK_MSG(check.exitCode == 0, check.out + check.err);
    server.stop();
    fs::remove_all(f.root);
}

} // namespace kwbtest
