// Bad input against keys, the audit trail, request deadlines and the review / samples command
// line: a key given where no one expects it (in --base-url, as --model, in an imported row's
// model, typed into a note) never reaches a file; an undo names who undid; a trickling server
// cannot hold a request forever; model text cannot drive the terminal; --timing and --seed
// refuse what they cannot mean; a review batch is all or nothing; tags and notes are stored as
// meant; search text that cannot match is reported. Real kwb processes, a real HTTP server on
// loopback, real project files.
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/store/project_store.h"
#include "tests/badinput/registry.h"
#include "tests/llm/loopback_server.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

const std::string kEnvKey = "sk-ant-api03-FAKE-BADINPUT-ENV-3d9e1a7c";
const std::string kFileKey = "sk-proj-FAKE-BADINPUT-SETTINGS-8b2f6e0a";
const std::string kUrlKey = "urlpass-FAKE-BADINPUT-5c7a9e1f";

// A fresh folder with the user's settings (a key in them) and the environment every run gets.
struct Scene {
    fs::path root, config, work, project;
    std::vector<std::string> env;

    explicit Scene(const std::string& name) {
        root = fs::temp_directory_path() /
               ("kwb-bad-input-" + name + "-" + std::to_string(::getpid()));
        fs::remove_all(root);
        config = root / "config";
        work = root / "work";
        fs::create_directories(config);
        fs::create_directories(work);
        project = work / "p.kwbproj";
        env = {"KWB_CONFIG_DIR=" + config.string(),
               "ANTHROPIC_API_KEY=" + kEnvKey,
               "OPENAI_API_KEY=",
               "HF_TOKEN=",
               "KWB_DATA_DIR=" + (root / "data").string(),
               "KWB_PROJECT=",
               "KWB_REVIEWER=alice"};
        settings(nlohmann::json::object());
    }
    ~Scene() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
    void settings(const nlohmann::json& providers) {
        nlohmann::json p = providers;
        p["keyed"] = {
            {"protocol", "openai"}, {"base_url", "http://127.0.0.1:9/v1"}, {"api_key", kFileKey}};
        std::ofstream(config / "llm.json") << nlohmann::json{{"providers", p}}.dump(2);
        fs::permissions(config / "llm.json", fs::perms(0600));
    }
    Run kwb(const std::vector<std::string>& args,
            std::chrono::seconds limit = std::chrono::seconds(60),
            const std::vector<std::string>& extraEnv = {}) {
        std::vector<std::string> e; // extraEnv's entries replace env's of the same name
        for (const auto& kv : env) {
            bool replaced = false;
            for (const auto& x : extraEnv)
                replaced = replaced || x.substr(0, x.find('=')) == kv.substr(0, kv.find('='));
            if (!replaced)
                e.push_back(kv);
        }
        e.insert(e.end(), extraEnv.begin(), extraEnv.end());
        return runKwb(args, e, work, limit);
    }
    // Imports rows (JSON objects) as a JSONL file; returns the new sample ids.
    std::vector<std::int64_t> import(const std::vector<nlohmann::json>& rows) {
        static int n = 0;
        const fs::path file = root / ("rows-" + std::to_string(++n) + ".jsonl");
        {
            std::ofstream f(file);
            for (const auto& r : rows)
                f << r.dump() << "\n";
        }
        Run r = kwb({"import", file.string(), "--json", "--project", project.string()});
        CHECK_MSG(r.exitCode == 0, r.err);
        auto j = nlohmann::json::parse(r.out, nullptr, false);
        std::vector<std::int64_t> ids;
        if (j.is_object() && j.contains("ids"))
            ids = j["ids"].get<std::vector<std::int64_t>>();
        return ids;
    }
};

std::string reduceSumSource() {
    return slurp(fs::path(KWB_LLM_TRANSCRIPT_DIR) / "expected_reduce_sum.cu");
}

nlohmann::json row(const std::string& extraComment, const std::string& model = "some-model") {
    return {{"task", "reduce-sum-f32"},
            {"source", "// " + extraComment + "\n" + reduceSumSource()},
            {"model", model},
            {"prompt", "Write the kernel."}};
}

// kwb with a file as its standard input (runKwb gives it /dev/null).
Run kwbWithStdin(const std::vector<std::string>& args, const std::vector<std::string>& env,
                 const fs::path& dir, const fs::path& input) {
    const fs::path out = dir / "stdin-run.out", err = dir / "stdin-run.err";
    pid_t pid = ::fork();
    if (pid == 0) {
        int in = ::open(input.c_str(), O_RDONLY);
        int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || o < 0 || e < 0)
            ::_exit(127);
        ::dup2(in, 0);
        ::dup2(o, 1);
        ::dup2(e, 2);
        for (const auto& kv : env) {
            auto eq = kv.find('=');
            ::setenv(kv.substr(0, eq).c_str(), kv.substr(eq + 1).c_str(), 1);
        }
        std::vector<std::string> all = {KWB_CLI_PATH};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(KWB_CLI_PATH, argv.data());
        ::_exit(127);
    }
    Run r;
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

// A key in --base-url's user information, a key passed as --model, a key in an imported row's
// model and provider, a key typed into a review note: none reaches any file the runs wrote (the
// project file and its write-ahead log, the --out file, the --log file, every output).
void keysNeverReachDisk() {
    Scene sc("keys");
    LoopbackServer server;
    CHECK(server.start());
    server.setFallback(loadTranscript("anthropic_reduce_sum.http"));
    CHECK(kwb::ProjectStore::create(sc.project));
    const std::string keyedUrl =
        "http://badinput:" + kUrlKey + "@127.0.0.1:" + std::to_string(server.port());
    const fs::path log = sc.work / "generate.log";
    Run r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--base-url", keyedUrl,
                    "--model", kEnvKey, "--project", sc.project.string(), "--log", log.string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(queryInt(sc.project, "SELECT count(*) FROM generations") == 1);
    CHECK_MSG(queryText(sc.project, "SELECT model FROM generations") == "[redacted]",
              queryText(sc.project, "SELECT model FROM generations"));
    // The same into a JSONL file.
    r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--base-url", keyedUrl,
                "--model", kFileKey, "--out", (sc.work / "out.jsonl").string(), "--log",
                log.string()});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(lines(sc.work / "out.jsonl") == 1);
    CHECK(slurp(log).find("[redacted]") != std::string::npos);
    // Imported rows naming a key as their model and provider.
    auto imported = row("imported", kFileKey);
    imported["provider"] = kEnvKey;
    imported["label"] = "label " + kFileKey;
    auto ids = sc.import({imported});
    CHECK(ids.size() == 1);
    // A note and a tag with a key in them.
    if (!ids.empty()) {
        r = sc.kwb({"review", "accept", std::to_string(ids[0]), "--note", "pasted " + kEnvKey,
                    "--tag", kFileKey, "--project", sc.project.string()});
        CHECK_MSG(r.exitCode == 0, r.err);
    }
    // Every file written: project, -wal (if left), -shm, out.jsonl, log, every run's stdout and
    // stderr.
    for (const auto& key : {kEnvKey, kFileKey, kUrlKey}) {
        auto hits = filesContaining(sc.root / "work", key);
        CHECK_MSG(hits.empty(), key + " in " + (hits.empty() ? std::string() : hits.front()));
    }
    server.stop();
}

// kwb review undo by bob of alice's verdict: the undo entry names bob; alice's entry stays hers.
void reviewUndoRecordsTheActor() {
    Scene sc("undo");
    CHECK(kwb::ProjectStore::create(sc.project));
    auto ids = sc.import({row("one")});
    if (!CHECK(ids.size() == 1))
        return;
    const std::string id = std::to_string(ids[0]), p = sc.project.string();
    Run r = sc.kwb({"review", "accept", id, "--project", p}, std::chrono::seconds(60),
                   {"KWB_REVIEWER=alice"});
    CHECK_MSG(r.exitCode == 0, r.err);
    r = sc.kwb({"review", "undo", id, "--project", p}, std::chrono::seconds(60),
               {"KWB_REVIEWER=bob"});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(queryText(sc.project, "SELECT reviewer FROM reviews WHERE reverts IS NOT NULL") ==
                  "bob",
              queryText(sc.project, "SELECT reviewer FROM reviews WHERE reverts IS NOT NULL"));
    CHECK(queryText(sc.project, "SELECT reviewer FROM reviews WHERE reverts IS NULL") == "alice");
    CHECK(queryText(sc.project, "SELECT verdict FROM samples") == "unreviewed");
    // With --reviewer, only one's own verdict: carol cannot undo alice's.
    r = sc.kwb({"review", "accept", id, "--project", p}, std::chrono::seconds(60),
               {"KWB_REVIEWER=alice"});
    r = sc.kwb({"review", "undo", id, "--reviewer", "carol", "--project", p});
    CHECK(r.exitCode == 2 && r.err.find("alice") != std::string::npos);
    r = sc.kwb({"review", "undo", id, "--reviewer", "alice", "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
}

// A server that sends one byte at a time, never idle for long: --request-timeout 2 ends the
// request after about two seconds with the deadline's message; the settings' request_timeout_s
// does the same for a provider of the settings file.
void requestHasATotalDeadline() {
    Scene sc("deadline");
    LoopbackServer server;
    CHECK(server.start());
    auto trickle = loadTranscript("anthropic_reduce_sum.http");
    trickle.pieceBytes = 1;
    trickle.pause = std::chrono::milliseconds(100); // thousands of bytes: minutes in all
    server.setFallback(trickle);
    auto started = std::chrono::steady_clock::now();
    Run r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--base-url",
                    server.url(), "--model", "m", "--request-timeout", "2", "--idle-timeout", "5",
                    "--max-retries", "0", "--out", (sc.work / "a.jsonl").string()},
                   std::chrono::seconds(40));
    auto took = std::chrono::steady_clock::now() - started;
    CHECK_MSG(r.exitCode == 1, std::to_string(r.exitCode) + " " + r.err);
    CHECK_MSG(r.err.find("deadline of 2 s") != std::string::npos, r.err);
    CHECK_MSG(took < std::chrono::seconds(15),
              "took " + std::to_string(std::chrono::duration<double>(took).count()) + " s");
    // Through the settings file, no option.
    sc.settings(
        {{"slow",
          {{"protocol", "anthropic"}, {"base_url", server.url()}, {"request_timeout_s", 2}}}});
    started = std::chrono::steady_clock::now();
    r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "slow", "--model", "m", "--max-retries",
                "0", "--out", (sc.work / "b.jsonl").string()},
               std::chrono::seconds(40));
    took = std::chrono::steady_clock::now() - started;
    CHECK_MSG(r.exitCode == 1 && r.err.find("deadline of 2 s") != std::string::npos,
              std::to_string(r.exitCode) + " " + r.err);
    CHECK(took < std::chrono::seconds(15));
    // Out of range.
    r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m",
                "--request-timeout", "-1"});
    CHECK(r.exitCode == 64);
    server.stop();
}

bool hasRawControl(const std::string& text) {
    for (unsigned char c : text)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            return true;
    return text.find("\xc2\x9b") != std::string::npos; // C1 CSI
}

// Escape sequences in a model's answer, a label, a model name, a note: the human-readable output
// shows them escaped (\x1b), the JSON output keeps them exactly.
void terminalEscapesAreNeutralised() {
    Scene sc("escapes");
    CHECK(kwb::ProjectStore::create(sc.project));
    const std::string evil = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\r\xc2\x9b"
                             "6n";
    const std::string p = sc.project.string();
    auto r0 = row("comment " + evil, "model" + evil);
    r0["label"] = "label" + evil;
    auto ids = sc.import({r0});
    if (!CHECK(ids.size() == 1))
        return;
    const std::string id = std::to_string(ids[0]);
    Run r = sc.kwb({"review", "needs-work", id, "--note", "note" + evil, "--tag", "tag" + evil,
                    "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
    // An answer without code, its text full of escapes, from a real generate run.
    LoopbackServer server;
    CHECK(server.start());
    auto noCode = loadTranscript("anthropic_no_code.http");
    auto at = noCode.body.find("I can't write that kern");
    CHECK(at != std::string::npos);
    noCode.body.insert(at, "\\u001b]0;pwned\\u0007\\u001b[2J\\r");
    server.setFallback(noCode);
    r = sc.kwb({"generate", "reduce-sum-f32", "--provider", "anthropic", "--base-url", server.url(),
                "--model", "m", "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
    server.stop();
    const std::string gen =
        queryText(sc.project, "SELECT generation_id FROM generations WHERE sample_id IS NULL");
    CHECK(!gen.empty());
    for (const auto& args : std::vector<std::vector<std::string>>{{"review", "history", id},
                                                                  {"samples", "list"},
                                                                  {"samples", "show", id},
                                                                  {"samples", "no-code"},
                                                                  {"samples", "no-code", gen}}) {
        auto a = args;
        a.push_back("--project");
        a.push_back(p);
        r = sc.kwb(a);
        std::string what = a[0] + " " + a[1];
        CHECK_MSG(r.exitCode == 0, what + ": " + r.err);
        CHECK_MSG(!hasRawControl(r.out), what + " printed a raw control character");
        CHECK_MSG(r.out.find("\\x1b") != std::string::npos,
                  what + " does not show the escape: " + r.out);
    }
    // JSON stays exact.
    r = sc.kwb({"review", "history", id, "--json", "--project", p});
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(j.is_array() && !j.empty() && j.back().value("note", "") == "note" + evil);
    r = sc.kwb({"samples", "no-code", gen, "--json", "--project", p});
    j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(j.is_object() &&
          j.value("raw_response", "").find("\x1b]0;pwned\x07") != std::string::npos);
}

// --timing values out of range, not whole where whole numbers are meant, or contradicting each
// other (with the defaults) are refused naming the key; --seed 0, negative and too large seeds
// are refused instead of meaning "random" or wrapping.
void timingAndSeedOptionsAreValidated() {
    Scene sc("options");
    const fs::path cu = sc.work / "k.cu";
    std::ofstream(cu) << reduceSumSource();
    // KWB_RUNNER pointing nowhere: an accepted option line ends at "no worker" (exit 2), fast.
    const std::vector<std::string> noRunner = {"KWB_RUNNER=" + (sc.root / "no-runner").string()};
    auto verify = [&](std::vector<std::string> extra) {
        std::vector<std::string> a = {"verify", "reduce-sum-f32", cu.string(), "--no-bench"};
        a.insert(a.end(), extra.begin(), extra.end());
        return sc.kwb(a, std::chrono::seconds(60), noRunner);
    };
    struct Bad {
        std::string timing, key;
    };
    for (const auto& b :
         std::vector<Bad>{{"min_samples=1e300", "min_samples"},
                          {"max_samples=99999999999999999999", "max_samples"},
                          {"min_samples=2.5", "min_samples"},
                          {"min_samples=0", "min_samples"},
                          {"min_samples=500", "max_samples"}, // above the default 400
                          {"min_samples=50,max_samples=20", "max_samples"},
                          {"target_rse=0", "target_rse"},
                          {"target_rse=1.5", "target_rse"},
                          {"time_cap_ms=0", "time_cap_ms"},
                          {"keep_above_clock_fraction=2", "keep_above_clock_fraction"},
                          {"min_buffer_sets=64,max_buffer_sets=8", "min_buffer_sets"},
                          {"cover_us=5000,max_cover_us=100", "max_cover_us"},
                          {"flush_l2=2", "flush_l2"},
                          {"warmup=", "warmup"},
                          {"min_samples=5,min_samples=6", "min_samples"}}) {
        Run r = verify({"--timing", b.timing});
        CHECK_MSG(r.exitCode == 2 && r.err.find("--timing: ") != std::string::npos &&
                      r.err.find(b.key) != std::string::npos,
                  b.timing + ": exit " + std::to_string(r.exitCode) + " " + r.err);
    }
    Run r = verify(
        {"--timing", "min_samples=20,max_samples=50,target_rse=0.01,keep_above_clock_fraction=0"});
    CHECK_MSG(r.exitCode == 2 && r.err.find("--timing") == std::string::npos,
              std::to_string(r.exitCode) + " " + r.err);
    for (const std::string seed :
         {"0", "-1", "18446744073709551616", "1e3", "+5", "99999999999999999999999"}) {
        r = verify({"--seed", seed});
        CHECK_MSG(r.exitCode == 64 && r.err.find("--seed") != std::string::npos,
                  "--seed " + seed + ": " + std::to_string(r.exitCode) + " " + r.err);
    }
    r = verify({"--seed", "18446744073709551615"});
    CHECK_MSG(r.exitCode == 2 && r.err.find("--seed") == std::string::npos, r.err);
    r = sc.kwb({"samples", "verify", "1", "--seed", "0", "--project", sc.project.string()});
    CHECK(r.exitCode == 64);
    r = sc.kwb({"suite", "--seed", "-3"});
    CHECK(r.exitCode == 64);
}

// One unknown id in a batch: no sample of the batch is changed (accept and undo alike).
void reviewBatchIsAllOrNothing() {
    Scene sc("batch");
    CHECK(kwb::ProjectStore::create(sc.project));
    auto ids = sc.import({row("a"), row("b")});
    if (!CHECK(ids.size() == 2))
        return;
    const std::string a = std::to_string(ids[0]), b = std::to_string(ids[1]),
                      p = sc.project.string();
    Run r = sc.kwb({"review", "accept", a, "987654", b, "--project", p});
    CHECK(r.exitCode == 2 && r.err.find("987654") != std::string::npos);
    CHECK_MSG(queryInt(sc.project, "SELECT count(*) FROM reviews") == 0, "a partly applied batch");
    CHECK(queryInt(sc.project, "SELECT count(*) FROM samples WHERE verdict <> 'unreviewed'") == 0);
    r = sc.kwb({"review", "accept", a, "--project", p});
    CHECK(r.exitCode == 0);
    // b has nothing to undo: a's verdict stays.
    r = sc.kwb({"review", "undo", a, b, "--project", p});
    CHECK(r.exitCode == 2);
    CHECK(queryText(sc.project, "SELECT verdict FROM samples WHERE id = " + a) == "accepted");
    CHECK(queryInt(sc.project, "SELECT count(*) FROM reviews") == 1);
    r = sc.kwb({"review", "reject", a, b, "--project", p});
    CHECK(r.exitCode == 0 &&
          queryInt(sc.project, "SELECT count(*) FROM samples WHERE verdict = 'rejected'") == 2);
}

// Tags are trimmed and an empty one is refused; --note-file keeps a long note byte for byte,
// from a file or from standard input.
void tagsAndNotesAreExact() {
    Scene sc("tags");
    CHECK(kwb::ProjectStore::create(sc.project));
    auto ids = sc.import({row("a")});
    if (!CHECK(ids.size() == 1))
        return;
    const std::string id = std::to_string(ids[0]), p = sc.project.string();
    for (const std::string tag : {"", "   ", "\t\n"}) {
        Run r = sc.kwb({"review", "accept", id, "--tag", "good", "--tag", tag, "--project", p});
        CHECK_MSG(r.exitCode != 0 && r.err.find("tag") != std::string::npos,
                  "tag \"" + tag + "\": " + r.err);
    }
    CHECK(queryInt(sc.project, "SELECT count(*) FROM reviews") == 0);
    Run r = sc.kwb({"review", "accept", id, "--tag", "  tiled ", "--tag", "good", "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(queryText(sc.project, "SELECT tags_json FROM reviews") == "[\"tiled\",\"good\"]",
              queryText(sc.project, "SELECT tags_json FROM reviews"));
    std::string note = "Line one  \n\n  indented line two\ttab\n";
    for (int i = 0; i < 2000; ++i)
        note += "long note line " + std::to_string(i) + " with unicode \xc3\xa9\xe2\x9c\x93\n";
    const fs::path noteFile = sc.work / "note.txt";
    std::ofstream(noteFile, std::ios::binary) << note;
    r = sc.kwb({"review", "needs-work", id, "--note-file", noteFile.string(), "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(queryText(sc.project, "SELECT note FROM reviews ORDER BY id DESC LIMIT 1") == note);
    r = kwbWithStdin({"review", "reject", id, "--note-file", "-", "--project", p}, sc.env, sc.work,
                     noteFile);
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK(queryText(sc.project, "SELECT note FROM reviews ORDER BY id DESC LIMIT 1") == note);
    r = sc.kwb({"review", "accept", id, "--note-file", (sc.work / "missing.txt").string(),
                "--project", p});
    CHECK(r.exitCode == 2 && r.err.find("missing.txt") != std::string::npos);
    r = sc.kwb(
        {"review", "accept", id, "--note", "x", "--note-file", noteFile.string(), "--project", p});
    CHECK(r.exitCode == 64);
    CHECK(queryInt(sc.project, "SELECT count(*) FROM reviews") == 3);
}

// Search text that cannot match as written is an error naming it, not an empty list.
void searchSyntaxErrorsAreReported() {
    Scene sc("search");
    CHECK(kwb::ProjectStore::create(sc.project));
    auto ids = sc.import({row("shuffle warp reduction")});
    CHECK(ids.size() == 1);
    const std::string p = sc.project.string();
    for (const std::string text :
         {"!!", "shfl OR warp", "\"warp reduction\"", "NOT warp", "-- ++"}) {
        Run r = sc.kwb({"samples", "list", "--text", text, "--project", p});
        CHECK_MSG(r.exitCode == 64 && r.err.find("bad search text") != std::string::npos,
                  text + ": " + r.err);
        r = sc.kwb({"samples", "stats", "--text", text, "--project", p});
        CHECK(r.exitCode == 64);
    }
    Run r = sc.kwb({"samples", "list", "--text", "warp redu", "--json", "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(j.is_object() && j.value("total", 0) == 1);
    r = sc.kwb({"samples", "list", "--text", "__syncthreads()", "--json", "--project", p});
    CHECK_MSG(r.exitCode == 0, r.err);
}

KWB_BAD_INPUT_SUITE("keys-never-reach-disk", keysNeverReachDisk);
KWB_BAD_INPUT_SUITE("review-undo-records-the-actor", reviewUndoRecordsTheActor);
KWB_BAD_INPUT_SUITE("request-has-a-total-deadline", requestHasATotalDeadline);
KWB_BAD_INPUT_SUITE("terminal-escapes-are-neutralised", terminalEscapesAreNeutralised);
KWB_BAD_INPUT_SUITE("timing-and-seed-options-are-validated", timingAndSeedOptionsAreValidated);
KWB_BAD_INPUT_SUITE("review-batch-is-all-or-nothing", reviewBatchIsAllOrNothing);
KWB_BAD_INPUT_SUITE("tags-and-notes-are-exact", tagsAndNotesAreExact);
KWB_BAD_INPUT_SUITE("search-syntax-errors-are-reported", searchSyntaxErrorsAreReported);

} // namespace
} // namespace kwbtest
