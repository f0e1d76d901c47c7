// `kwb generate` as a real child process against the loopback server: keys from the environment
// (all three variables) and from the settings file never appear in any file the run writes
// (samples, log, the project file and its write-ahead log, exports of it), in its output or in
// its error messages, even when the answers and an error quote every one of them; resume, also
// after the process was killed mid-run; the default project; --all; usage errors.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

// kwb generate into a project: killed (SIGKILL) mid-run, then resumed to n without duplicates;
// the answer quotes the key in use, and neither key is in the project file or its write-ahead log
// (grepped before anything else opens the file) holds them. Then the default project.
// keys: every configured key (the three environment variables', the settings file's); the
// answers and an error quote them all.
void projectTests(kwbtest::LoopbackServer& server, const std::vector<std::string>& env,
                  const fs::path& dir, const fs::path& dataDir,
                  const std::vector<std::string>& keys) {
    auto noKey = [&](const std::string& text) {
        for (const auto& k : keys)
            if (text.find(k) != std::string::npos)
                return false;
        return true;
    };
    std::string allKeys;
    for (const auto& k : keys)
        allKeys += " " + k;
    const fs::path proj = dir / "generated.kwbproj";
    CHECK(kwb::ProjectStore::create(proj));
    auto leaky = kwbtest::loadTranscript("anthropic_reduce_sum.http");
    const auto at = leaky.body.find("Here is a kernel");
    CHECK(at != std::string::npos);
    // Every configured key, not only the one in use, as a proxy or a confused model might echo
    // them; the run redacts them all before anything is stored.
    leaky.body.replace(at, 16, "Here is a kernel (keys" + allKeys + ")");
    const auto fence = leaky.body.find("```cuda\\n#include");
    CHECK(fence != std::string::npos); // and in the code, so that exports would carry them
    leaky.body.insert(fence + 9, "// keys" + allKeys + "\\n");
    auto slow = leaky;
    slow.pieceBytes = 200;
    slow.pause = std::chrono::milliseconds(40);
    server.setFallback(slow);
    const std::vector<std::string> args = {
        "generate",  "reduce-sum-f32", "-n",        "6",       "--concurrency",
        "1",         "--provider",     "anthropic", "--model", "claude-sonnet-4-5",
        "--project", proj.string()};
    auto started = startKwb(args, env, dir);
    CHECK(started.pid > 0);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (occurrences(slurp(started.errFile), ": sample ") < 2 &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(started.pid, SIGKILL);
    int status = 0;
    ::waitpid(started.pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    const fs::path wal = proj.string() + "-wal";
    std::error_code ec;
    CHECK_MSG(fs::exists(wal, ec) && fs::file_size(wal, ec) > 0,
              "a killed writer leaves its write-ahead log");
    const std::string stored = slurp(proj) + slurp(wal);
    CHECK(stored.find("[redacted]") != std::string::npos); // the answers are in there, redacted
    CHECK(noKey(stored));
    const auto firstRun = queryInt(proj, "SELECT count(*) FROM generations WHERE turn = 0");
    CHECK_MSG(firstRun >= 2 && firstRun < 6, "stored before the kill: " + std::to_string(firstRun));

    // Resumed: only the missing answers are asked for.
    server.setFallback(leaky);
    Run r = runKwb(args, env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(r.out.find(std::to_string(firstRun) + " were already there") != std::string::npos &&
          r.out.find(proj.string()) != std::string::npos);
    CHECK(queryInt(
              proj,
              "SELECT count(*) FROM generations WHERE turn = 0 AND task_id = 'reduce-sum-f32'") ==
          6);
    CHECK(queryInt(proj, "SELECT count(*) FROM generations") == 6);
    CHECK(queryInt(proj, "SELECT count(DISTINCT generation_id) FROM generations") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM samples WHERE origin = 'model' AND model = "
                         "'claude-sonnet-4-5'") == 6);
    CHECK(
        queryInt(proj,
                 "SELECT count(*) FROM sample_content WHERE instr(raw_response, '[redacted]') > 0 "
                 "AND json_extract(messages_json, '$[0].role') = 'system'") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM generations WHERE cost_usd > 0") ==
          6); // the settings price it
    CHECK(queryInt(proj, "SELECT count(*) FROM sample_content WHERE length(raw_response) - "
                         "length(replace(raw_response, "
                         "'[redacted]', '')) = 80") ==
          6); // all four keys twice in each answer, each redacted
    // An error that quotes every key: shown, keys redacted, nothing stored.
    kwbtest::ScriptedResponse denied;
    denied.status = 401;
    denied.reason = "Unauthorized";
    denied.headers = {{"content-type", "application/json"}};
    denied.body = nlohmann::json{{"type", "error"},
                                 {"error",
                                  {{"type", "authentication_error"},
                                   {"message", "invalid x-api-key:" + allKeys}}}}
                      .dump();
    server.setFallback(denied);
    r = runKwb({"generate", "reduce-sum-f32", "-n", "1", "--provider", "anthropic", "--model",
                "denied-model", "--project", proj.string(), "--log", (dir / "denied.log").string()},
               env, dir);
    CHECK_MSG(r.exitCode == 1 && r.err.find("HTTP 401") != std::string::npos &&
                  r.err.find("[redacted]") != std::string::npos,
              r.err);
    CHECK(noKey(r.err) && noKey(r.out) && noKey(slurp(dir / "denied.log")));
    CHECK(queryInt(proj, "SELECT count(*) FROM samples WHERE model = 'denied-model'") == 0);
    server.setFallback(leaky);
    const std::string after = slurp(proj) + slurp(wal);
    CHECK(noKey(after));
    // Every export of the reviewed samples (accepted, rejected) is free of keys too.
    const auto first = queryInt(proj, "SELECT min(id) FROM samples"),
               last = queryInt(proj, "SELECT max(id) FROM samples");
    r = runKwb({"review", "accept", std::to_string(first), "--project", proj.string()}, env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    r = runKwb({"review", "reject", std::to_string(last), "--project", proj.string()}, env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    const fs::path exports = dir / "exports";
    fs::create_directories(exports);
    for (const char* kind : {"sft", "prefs", "unpaired", "hf"}) {
        const fs::path target =
            exports / (std::string(kind) + (std::string(kind) == "hf" ? "" : ".jsonl"));
        // Generated samples are not verified on a GPU: the gate's override lets them in.
        r = runKwb({"export", kind, "-o", target.string(), "--include-duplicates",
                    "--include-unverified", "--include-flagged", "--project", proj.string()},
                   env, dir);
        CHECK_MSG(r.exitCode == 0, std::string(kind) + ": " + r.err);
        CHECK_MSG(fs::exists(target) && (fs::is_directory(target) || fs::file_size(target) > 0),
                  std::string(kind) + " wrote nothing");
    }
    CHECK(slurp(exports / "sft.jsonl").find("// keys [redacted]") !=
          std::string::npos); // the code is exported, redacted
    for (const auto& k : keys)
        CHECK_MSG(filesContaining(exports, k).empty(), "a key in an export");

    // --out and --project are alternatives.
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m",
                "--project", proj.string(), "--out", (dir / "both.jsonl").string()},
               env, dir);
    CHECK(r.exitCode == 64);

    // Neither: the default project in the data folder, created on first use.
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model",
                "default-project-model"},
               env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    fs::path found;
    for (const auto& e : fs::recursive_directory_iterator(dataDir, ec))
        if (e.path().extension() == ".kwbproj")
            found = e.path();
    CHECK_MSG(!found.empty() && r.out.find(found.string()) != std::string::npos, r.out);
    if (!found.empty())
        CHECK(queryInt(found,
                       "SELECT count(*) FROM samples WHERE model = 'default-project-model'") == 1);
    for (const auto& k : keys)
        CHECK(filesContaining(dataDir, k).empty());
}

} // namespace

void cliTests() {
    const std::string envKey = "sk-ant-api03-FAKE-ENV-KEY-7f3a9c2e5b1d";
    const std::string fileKey = "sk-proj-FAKE-SETTINGS-KEY-4e8b2a6c0d9f";
    auto root = fs::temp_directory_path() / ("kwb-llm-cli-" + std::to_string(::getpid()));
    fs::remove_all(root);
    auto config = root / "config";   // the user's settings: outside the project
    auto project = root / "project"; // everything the run writes
    fs::create_directories(config);
    fs::create_directories(project);
    kwbtest::LoopbackServer server;
    CHECK(server.start());
    server.setFallback(kwbtest::loadTranscript("anthropic_reduce_sum.http"));
    {
        std::ofstream s(config / "llm.json");
        s << nlohmann::json{{"providers",
                             {{"anthropic", {{"base_url", server.url()}, {"api_key", fileKey}}},
                              {"local",
                               {{"protocol", "openai"},
                                {"base_url", server.url() + "/v1"},
                                {"api_key", fileKey}}}}},
                            {"prices", {{"claude-sonnet-4-5", {{"input", 3}, {"output", 15}}}}}}
                 .dump(2);
    }
    fs::permissions(config / "llm.json", fs::perms(0600));
    const std::vector<std::string> env = {"KWB_CONFIG_DIR=" + config.string(),
                                          "ANTHROPIC_API_KEY=" + envKey,
                                          "OPENAI_API_KEY=",
                                          "HF_TOKEN=",
                                          "KWB_DATA_DIR=" + (root / "data").string(),
                                          "KWB_PROJECT="};
    const auto out = project / "samples.jsonl";
    const auto log = project / "generate.log";
    const std::vector<std::string> base = {
        "generate", "--provider", "anthropic", "--model",   "claude-sonnet-4-5",
        "--out",    out.string(), "--log",     log.string()};

    auto args = base;
    for (auto a : {"reduce-sum-f32", "-n", "2", "--concurrency", "2"})
        args.push_back(a);
    Run r = runKwb(args, env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(out) == 2 && r.out.find("stored 2 samples (2 with code") != std::string::npos);
    CHECK(r.out.find("Cost: $") != std::string::npos);
    CHECK(server.requests().size() == 2 &&
          server.requests().back().headers["x-api-key"] == envKey); // env wins
    CHECK(slurp(log).find("sample") != std::string::npos);

    // Resume: -n 3 asks only for the third.
    args = base;
    for (auto a : {"reduce-sum-f32", "-n", "3"})
        args.push_back(a);
    r = runKwb(args, env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(out) == 3 && server.requests().size() == 3 &&
          r.out.find("2 were already there") != std::string::npos);

    // --all through a provider from the settings file (OpenAI protocol, the settings key).
    server.setFallback(kwbtest::loadTranscript("openai_reduce_sum.http"));
    r = runKwb({"generate", "--all", "--provider", "local", "--model", "qwen", "--out",
                (project / "all.jsonl").string(), "--log", log.string()},
               env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(project / "all.jsonl") >= 6 && r.out.find("Cost: unknown") != std::string::npos);
    CHECK(server.requests().back().headers["authorization"] == "Bearer " + fileKey);

    // A server that echoes the key back in a 401: the error is shown, the key is not.
    auto echo = kwbtest::loadTranscript("openai_401_echo_key.http");
    echo.body.replace(echo.body.find("{{KEY}}"), 7, fileKey);
    server.setFallback(echo);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "local", "--model", "qwen", "--out",
                (project / "denied.jsonl").string(), "--log", log.string()},
               env, project);
    CHECK(r.exitCode == 1 && r.err.find("HTTP 401") != std::string::npos &&
          r.err.find("[redacted]") != std::string::npos);
    r = runKwb({"generate", "--list-models", "--provider", "local"}, env, project);
    CHECK(r.exitCode == 2 && r.err.find("[redacted]") != std::string::npos);

    // Usage errors.
    r = runKwb({"generate", "--provider", "anthropic", "--model", "m"}, env, project);
    CHECK(r.exitCode == 64);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "nope", "--model", "m"}, env, project);
    CHECK(r.exitCode == 64);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "openai", "--model", "m", "--out",
                (project / "x.jsonl").string()},
               env, project);
    CHECK(r.exitCode == 2 && r.err.find("OPENAI_API_KEY") != std::string::npos);

    // With all three key variables set (the anthropic provider uses the first).
    const std::string openaiKey = "sk-proj-FAKE-OPENAI-ENV-KEY-1c5e9a3f7b20",
                      hfKey = "hf_FAKEhfTokenFromEnv8d2b6f0a4c1e";
    auto allEnv = env;
    for (auto& e : allEnv) {
        if (e == "OPENAI_API_KEY=")
            e += openaiKey;
        if (e == "HF_TOKEN=")
            e += hfKey;
    }
    allEnv.push_back("KWB_REVIEWER=key-test");
    projectTests(server, allEnv, project, root / "data", {envKey, openaiKey, hfKey, fileKey});

    // The hygiene check proper: no key in any file the runs wrote, output and errors included
    // (stdout-N.txt and stderr-N.txt hold every run's).
    for (const auto& k : {envKey, openaiKey, hfKey, fileKey})
        CHECK_MSG(filesContaining(project, k).empty(),
                  filesContaining(project, k).empty() ? "" : filesContaining(project, k)[0]);
    CHECK(fs::file_size(log) > 0 && fs::file_size(out) > 0);
    server.stop();
    fs::remove_all(root);
}

} // namespace kwbtest
