// `kwb generate` as a real child process against the loopback server: keys from the environment
// and from the settings file never appear in any file the run writes (samples, log, the project
// file and its write-ahead log), in its output or in its error messages; resume, also after the
// process was killed mid-run; the default project; --all; usage errors.
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "tests/tasks/check.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"

extern char** environ;

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

struct Run {
    int exitCode = -1;
    std::string out, err;
};

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Started {
    pid_t pid = -1;
    fs::path outFile, errFile;
};

// Starts kwb with args and extra environment entries ("NAME=value"; "NAME=" removes NAME), its
// output captured in files under dir.
Started startKwb(const std::vector<std::string>& args, const std::vector<std::string>& env, const fs::path& dir) {
    std::vector<std::string> envStore;
    for (char** e = environ; *e; ++e) {
        std::string kv = *e;
        std::string name = kv.substr(0, kv.find('='));
        bool overridden = false;
        for (const auto& x : env)
            overridden = overridden || x.substr(0, x.find('=')) == name;
        if (!overridden)
            envStore.push_back(kv);
    }
    for (const auto& x : env)
        if (x.back() != '=')
            envStore.push_back(x);
    std::vector<std::string> argStore = {KWB_CLI_PATH};
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv, envp;
    for (auto& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    for (auto& e : envStore)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    static int runs = 0; // every run's output is kept for the key check at the end
    ++runs;
    const fs::path outFile = dir / ("stdout-" + std::to_string(runs) + ".txt");
    const fs::path errFile = dir / ("stderr-" + std::to_string(runs) + ".txt");
    posix_spawn_file_actions_addopen(&fa, 1, outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    Started started{-1, outFile, errFile};
    if (posix_spawn(&started.pid, argv[0], &fa, nullptr, argv.data(), envp.data()) != 0)
        started.pid = -1;
    posix_spawn_file_actions_destroy(&fa);
    return started;
}

// Waits for a started kwb; kills it after 60 s.
Run finishKwb(const Started& started) {
    Run r;
    if (started.pid < 0)
        return r;
    const pid_t pid = started.pid;
    int status = 0;
    auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > end) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    r.out = slurp(started.outFile);
    r.err = slurp(started.errFile);
    return r;
}

Run runKwb(const std::vector<std::string>& args, const std::vector<std::string>& env, const fs::path& dir) {
    return finishKwb(startKwb(args, env, dir));
}

// Every file under dir that contains needle.
std::vector<std::string> filesContaining(const fs::path& dir, const std::string& needle) {
    std::vector<std::string> hits;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && slurp(e.path()).find(needle) != std::string::npos)
            hits.push_back(e.path().string());
    return hits;
}

std::size_t lines(const fs::path& p) {
    std::ifstream in(p);
    std::string l;
    std::size_t n = 0;
    while (std::getline(in, l))
        ++n;
    return n;
}

std::int64_t queryInt(const fs::path& project, const std::string& sql) {
    auto store = kwb::ProjectStore::open(project);
    if (!store)
        return -1;
    auto n = (*store)->connection().queryInt(sql);
    return n ? *n : -1;
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ++n;
    return n;
}

// kwb generate into a project: killed (SIGKILL) mid-run, then resumed to n without duplicates;
// the answer quotes the key in use, and neither key is in the project file or its write-ahead log
// (grepped before anything else opens the file) holds them. Then the default project.
void projectTests(kwbtest::LoopbackServer& server, const std::vector<std::string>& env, const fs::path& dir,
                  const fs::path& dataDir, const std::string& envKey, const std::string& fileKey) {
    const fs::path proj = dir / "generated.kwbproj";
    CHECK(kwb::ProjectStore::create(proj));
    auto leaky = kwbtest::loadTranscript("anthropic_reduce_sum.http");
    const auto at = leaky.body.find("Here is a kernel");
    CHECK(at != std::string::npos);
    // The key in use (the environment's wins over the settings file's), as a proxy or a
    // confused model might echo it; the run redacts it before anything is stored.
    leaky.body.replace(at, 16, "Here is a kernel (key " + envKey + ")");
    auto slow = leaky;
    slow.pieceBytes = 200;
    slow.pause = std::chrono::milliseconds(40);
    server.setFallback(slow);
    const std::vector<std::string> args = {"generate", "reduce-sum-f32", "-n", "6", "--concurrency", "1", "--provider",
                                           "anthropic", "--model", "claude-sonnet-4-5", "--project", proj.string()};
    auto started = startKwb(args, env, dir);
    CHECK(started.pid > 0);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (occurrences(slurp(started.errFile), ": sample ") < 2 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ::kill(started.pid, SIGKILL);
    int status = 0;
    ::waitpid(started.pid, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    const fs::path wal = proj.string() + "-wal";
    std::error_code ec;
    CHECK_MSG(fs::exists(wal, ec) && fs::file_size(wal, ec) > 0, "a killed writer leaves its write-ahead log");
    const std::string stored = slurp(proj) + slurp(wal);
    CHECK(stored.find("[redacted]") != std::string::npos); // the answers are in there, redacted
    CHECK(stored.find(envKey) == std::string::npos && stored.find(fileKey) == std::string::npos);
    const auto firstRun = queryInt(proj, "SELECT count(*) FROM generations WHERE turn = 0");
    CHECK_MSG(firstRun >= 2 && firstRun < 6, "stored before the kill: " + std::to_string(firstRun));

    // Resumed: only the missing answers are asked for.
    server.setFallback(leaky);
    Run r = runKwb(args, env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(r.out.find(std::to_string(firstRun) + " were already there") != std::string::npos &&
          r.out.find(proj.string()) != std::string::npos);
    CHECK(queryInt(proj, "SELECT count(*) FROM generations WHERE turn = 0 AND task_id = 'reduce-sum-f32'") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM generations") == 6);
    CHECK(queryInt(proj, "SELECT count(DISTINCT generation_id) FROM generations") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM samples WHERE origin = 'model' AND model = 'claude-sonnet-4-5'") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM sample_content WHERE instr(raw_response, '[redacted]') > 0 "
                         "AND json_extract(messages_json, '$[0].role') = 'system'") == 6);
    CHECK(queryInt(proj, "SELECT count(*) FROM generations WHERE cost_usd > 0") == 6); // the settings price it
    const std::string after = slurp(proj) + slurp(wal);
    CHECK(after.find(envKey) == std::string::npos && after.find(fileKey) == std::string::npos);

    // --out and --project are alternatives.
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m", "--project", proj.string(), "--out",
                (dir / "both.jsonl").string()},
               env, dir);
    CHECK(r.exitCode == 64);

    // Neither: the default project in the data folder, created on first use.
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "default-project-model"}, env, dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    fs::path found;
    for (const auto& e : fs::recursive_directory_iterator(dataDir, ec))
        if (e.path().extension() == ".kwbproj")
            found = e.path();
    CHECK_MSG(!found.empty() && r.out.find(found.string()) != std::string::npos, r.out);
    if (!found.empty())
        CHECK(queryInt(found, "SELECT count(*) FROM samples WHERE model = 'default-project-model'") == 1);
    CHECK(filesContaining(dataDir, envKey).empty() && filesContaining(dataDir, fileKey).empty());
}

} // namespace

void cliTests() {
    const std::string envKey = "sk-ant-api03-FAKE-ENV-KEY-7f3a9c2e5b1d";
    const std::string fileKey = "sk-proj-FAKE-SETTINGS-KEY-4e8b2a6c0d9f";
    auto root = fs::temp_directory_path() / ("kwb-llm-cli-" + std::to_string(::getpid()));
    fs::remove_all(root);
    auto config = root / "config"; // the user's settings: outside the project
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
                              {"local", {{"protocol", "openai"}, {"base_url", server.url() + "/v1"}, {"api_key", fileKey}}}}},
                            {"prices", {{"claude-sonnet-4-5", {{"input", 3}, {"output", 15}}}}}}
                 .dump(2);
    }
    fs::permissions(config / "llm.json", fs::perms(0600));
    const std::vector<std::string> env = {"KWB_CONFIG_DIR=" + config.string(), "ANTHROPIC_API_KEY=" + envKey,
                                          "OPENAI_API_KEY=", "HF_TOKEN=", "KWB_DATA_DIR=" + (root / "data").string(),
                                          "KWB_PROJECT="};
    const auto out = project / "samples.jsonl";
    const auto log = project / "generate.log";
    const std::vector<std::string> base = {"generate", "--provider", "anthropic", "--model", "claude-sonnet-4-5",
                                           "--out", out.string(), "--log", log.string()};

    auto args = base;
    for (auto a : {"reduce-sum-f32", "-n", "2", "--concurrency", "2"})
        args.push_back(a);
    Run r = runKwb(args, env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(out) == 2 && r.out.find("stored 2 samples (2 with code") != std::string::npos);
    CHECK(r.out.find("Cost: $") != std::string::npos);
    CHECK(server.requests().size() == 2 && server.requests().back().headers["x-api-key"] == envKey); // env wins
    CHECK(slurp(log).find("sample") != std::string::npos);

    // Resume: -n 3 asks only for the third.
    args = base;
    for (auto a : {"reduce-sum-f32", "-n", "3"})
        args.push_back(a);
    r = runKwb(args, env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(out) == 3 && server.requests().size() == 3 && r.out.find("2 were already there") != std::string::npos);

    // --all through a provider from the settings file (OpenAI protocol, the settings key).
    server.setFallback(kwbtest::loadTranscript("openai_reduce_sum.http"));
    r = runKwb({"generate", "--all", "--provider", "local", "--model", "qwen", "--out", (project / "all.jsonl").string(),
                "--log", log.string()},
               env, project);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(project / "all.jsonl") >= 6 && r.out.find("Cost: unknown") != std::string::npos);
    CHECK(server.requests().back().headers["authorization"] == "Bearer " + fileKey);

    // A server that echoes the key back in a 401: the error is shown, the key is not.
    auto echo = kwbtest::loadTranscript("openai_401_echo_key.http");
    echo.body.replace(echo.body.find("{{KEY}}"), 7, fileKey);
    server.setFallback(echo);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "local", "--model", "qwen", "--out", (project / "denied.jsonl").string(),
                "--log", log.string()},
               env, project);
    CHECK(r.exitCode == 1 && r.err.find("HTTP 401") != std::string::npos && r.err.find("[redacted]") != std::string::npos);
    r = runKwb({"generate", "--list-models", "--provider", "local"}, env, project);
    CHECK(r.exitCode == 2 && r.err.find("[redacted]") != std::string::npos);

    // Usage errors.
    r = runKwb({"generate", "--provider", "anthropic", "--model", "m"}, env, project);
    CHECK(r.exitCode == 64);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "nope", "--model", "m"}, env, project);
    CHECK(r.exitCode == 64);
    r = runKwb({"generate", "reduce-sum-f32", "--provider", "openai", "--model", "m", "--out", (project / "x.jsonl").string()}, env, project);
    CHECK(r.exitCode == 2 && r.err.find("OPENAI_API_KEY") != std::string::npos);

    projectTests(server, env, project, root / "data", envKey, fileKey);

    // The hygiene check proper: no key in any file the runs wrote, output and errors included
    // (stdout-N.txt and stderr-N.txt hold every run's).
    CHECK_MSG(filesContaining(project, envKey).empty(), filesContaining(project, envKey).empty() ? "" : filesContaining(project, envKey)[0]);
    CHECK_MSG(filesContaining(project, fileKey).empty(), filesContaining(project, fileKey).empty() ? "" : filesContaining(project, fileKey)[0]);
    CHECK(fs::file_size(log) > 0 && fs::file_size(out) > 0);
    server.stop();
    fs::remove_all(root);
}

} // namespace kwbtest
