// Bad input against every output path: kwb export sft|prefs|unpaired|hf -o (and --test-output)
// and kwb generate --out must never replace, truncate or append to what they did not write,
// must name the destination the user gave when the disk refuses, must not invent missing
// folders, and must say which samples had text that is not UTF-8. kwb runs as a real child
// process on real project files, FIFOs, links, device nodes and a read-only mount.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/badinput/registry.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

extern char** environ;

namespace kwbtest {
namespace {

namespace fs = std::filesystem;

struct Scene {
    fs::path dir, project;
    std::vector<std::string> env;
};

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

// A fresh folder with a demo project whose first four samples are accepted (rows to export).
Scene makeScene(const std::string& name) {
    Scene s;
    s.dir =
        fs::temp_directory_path() / ("kwb-bad-export-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(s.dir);
    fs::create_directories(s.dir);
    s.project = s.dir / "work.kwbproj";
    s.env = {"KWB_DATA_DIR=" + (s.dir / "data").string(),
             "KWB_CONFIG_DIR=" + (s.dir / "config").string(),
             "KWB_PROJECT=",
             "KWB_REVIEWER=tester",
             "ANTHROPIC_API_KEY=",
             "OPENAI_API_KEY=",
             "HF_TOKEN="};
    Run r = runKwb({"project", "new", s.project.string(), "--demo"}, s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    r = runKwb({"review", "accept", "1", "2", "3", "4", "--project", s.project.string()}, s.env,
               s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    return s;
}

mode_t typeOf(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

// The project still opens with every sample and verdict it had.
bool projectIntact(const fs::path& project) {
    return slurp(project).rfind(std::string("SQLite format 3\0", 16), 0) == 0 &&
           queryInt(project, "SELECT count(*) FROM samples") == 24 &&
           queryInt(project, "SELECT count(*) FROM reviews") >= 4;
}

// A refusal: exit 2 before anything was written, a sentence on stderr, no "Wrote".
bool refused(const Run& r) {
    return r.exitCode == 2 && r.err.find("kwb export: ") != std::string::npos &&
           r.out.find("Wrote") == std::string::npos;
}

Run exportTo(const Scene& s, const std::string& kind, const fs::path& out,
             std::vector<std::string> extra = {}) {
    // The demo's samples are not verified: these cases are about destinations, not the gate
    // (dataset_gate_cases.cpp), so the gate lets them in.
    std::vector<std::string> args = {
        "export", kind,         "--project",           s.project.string(),
        "-o",     out.string(), "--include-unverified"};
    args.insert(args.end(), extra.begin(), extra.end());
    return runKwb(args, s.env, s.dir, std::chrono::seconds(60));
}

// No file named like one of our temporaries is left anywhere under dir.
bool noTemporaries(const fs::path& dir) {
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(dir, ec))
        if (e.path().filename().string().find(".kwb-tmp-") != std::string::npos)
            return false;
    return true;
}

// The project (by several spellings and links), another project, its sidecars: refused for
// every export kind, --force or not; the files stay databases.
void projectAndDatabaseCases(const Scene& s) {
    const fs::path other = s.dir / "other.kwbproj";
    CHECK(runKwb({"project", "new", other.string()}, s.env, s.dir).exitCode == 0);
    fs::create_directories(s.dir / "sub");
    fs::create_symlink(s.project, s.dir / "link-to-project.jsonl");
    fs::create_hard_link(s.project, s.dir / "hard-link-to-project.jsonl");
    const std::vector<fs::path> targets = {s.project,
                                           s.dir / "sub" / ".." / "work.kwbproj",
                                           s.dir / "." / "work.kwbproj",
                                           s.dir / "link-to-project.jsonl",
                                           s.dir / "hard-link-to-project.jsonl",
                                           other,
                                           fs::path(s.project.string() + "-wal"),
                                           fs::path(s.project.string() + "-journal"),
                                           fs::path(other.string() + "-shm")};
    for (const auto& kind : {"sft", "prefs", "unpaired"}) {
        for (const auto& t : targets) {
            for (bool force : {false, true}) {
                Run r = exportTo(s, kind, t,
                                 force ? std::vector<std::string>{"--force"}
                                       : std::vector<std::string>{});
                CHECK_MSG(refused(r), std::string(kind) + " -o " + t.string() +
                                          (force ? " --force" : "") + ": " + r.err);
            }
        }
        CHECK_MSG(projectIntact(s.project), std::string("the project survives export ") + kind);
    }
    // --test-output is held to the same rules.
    Run r = exportTo(s, "sft", s.dir / "train.jsonl",
                     {"--test-fraction", "0.5", "--test-output", s.project.string(), "--force"});
    CHECK_MSG(refused(r) && !fs::exists(s.dir / "train.jsonl"), r.err);
    CHECK(projectIntact(s.project));
    CHECK(typeOf(s.dir / "link-to-project.jsonl") == S_IFLNK);
    CHECK(slurp(other).rfind("SQLite format 3", 0) == 0);
    CHECK(!fs::exists(s.project.string() + "-journal") && !fs::exists(other.string() + "-shm"));
    // The HF folder: the project file is not a folder, and a folder holding it is not ours.
    r = exportTo(s, "hf", s.project, {"--force"});
    CHECK_MSG(refused(r), r.err);
    r = exportTo(s, "hf", s.dir, {"--force"});
    CHECK_MSG(refused(r), r.err);
    CHECK(projectIntact(s.project) && noTemporaries(s.dir));
}

// FIFOs, sockets, links and device nodes are never replaced by regular files (and a FIFO
// never blocks the command). Private device nodes (mknod) first: only when those were
// refused are the system's own /dev/null, /dev/full and /dev/stdout tried.
void specialFileCases(const Scene& s) {
    const fs::path fifo = s.dir / "pipe.jsonl";
    CHECK(::mkfifo(fifo.c_str(), 0644) == 0);
    const fs::path sock = s.dir / "sock.jsonl";
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", sock.c_str());
    const bool haveSocket =
        fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    writeFile(s.dir / "mine.txt", "my notes\n");
    fs::create_symlink(s.dir / "mine.txt", s.dir / "link-to-notes.jsonl");
    fs::create_symlink(s.dir / "nowhere", s.dir / "dangling.jsonl");
    std::vector<std::pair<fs::path, mode_t>> targets = {{fifo, S_IFIFO},
                                                        {s.dir / "link-to-notes.jsonl", S_IFLNK},
                                                        {s.dir / "dangling.jsonl", S_IFLNK}};
    if (haveSocket)
        targets.push_back({sock, S_IFSOCK});
    const fs::path node = s.dir / "private-null";
    if (::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0)
        targets.push_back({node, S_IFCHR});
    else
        std::printf("  (no private device node: mknod refused; the FIFO stands in for it)\n");
    bool canary = true;
    for (const auto& [target, type] : targets) {
        for (const auto& kind : {"sft", "hf"}) {
            Run r = exportTo(s, kind, target, {"--force"});
            canary = CHECK_MSG(refused(r) && typeOf(target) == type,
                               std::string(kind) + " -o " + target.string() + ": " + r.err) &&
                     canary;
        }
    }
    CHECK(slurp(s.dir / "mine.txt") == "my notes\n");
    if (fd >= 0)
        ::close(fd);
    if (!canary) {
        std::printf(
            "  (the system's device nodes are not tried: the private ones were not refused)\n");
        return;
    }
    for (const char* dev : {"/dev/null", "/dev/full", "/dev/stdout"}) {
        const mode_t before = typeOf(dev);
        if (!before) {
            std::printf("  (%s is missing here; skipped)\n", dev);
            continue;
        }
        for (const auto& kind : {"sft", "unpaired", "hf"}) {
            Run r = exportTo(s, kind, dev, {"--force"});
            CHECK_MSG(refused(r) && typeOf(dev) == before,
                      std::string(kind) + " -o " + dev + ": " + r.err);
        }
        Run r = exportTo(s, "sft", s.dir / "t.jsonl",
                         {"--test-fraction", "0.5", "--test-output", dev, "--force"});
        CHECK_MSG(refused(r) && typeOf(dev) == before && !fs::exists(s.dir / "t.jsonl"), r.err);
    }
    CHECK(noTemporaries(s.dir) && projectIntact(s.project));
}

// Existing files and folders: an unrelated file needs --force; an earlier export of ours
// needs --force; a folder that is not ours (or holds anything we did not write) is never
// replaced, and nothing is removed recursively; -o equal to --test-output is refused.
void existingOutputCases(const Scene& s) {
    // An unrelated regular file: refused without --force, replaced with it (README: Exports).
    writeFile(s.dir / "notes.jsonl", "my own notes\n");
    Run r = exportTo(s, "sft", s.dir / "notes.jsonl");
    CHECK_MSG(refused(r) && r.err.find("--force") != std::string::npos, r.err);
    CHECK(slurp(s.dir / "notes.jsonl") == "my own notes\n");
    // An earlier export of ours: refused without --force, replaced with it.
    r = exportTo(s, "sft", s.dir / "sft.jsonl");
    CHECK_MSG(r.exitCode == 0, r.err);
    const std::string first = slurp(s.dir / "sft.jsonl");
    CHECK(lines(s.dir / "sft.jsonl") >= 1);
    r = exportTo(s, "unpaired", s.dir / "sft.jsonl");
    CHECK_MSG(refused(r) && r.err.find("earlier export") != std::string::npos, r.err);
    CHECK(slurp(s.dir / "sft.jsonl") == first);
    r = exportTo(s, "unpaired", s.dir / "sft.jsonl", {"--force"});
    CHECK_MSG(r.exitCode == 0 && slurp(s.dir / "sft.jsonl") != first, r.err);
    r = exportTo(s, "sft", s.dir / "notes.jsonl", {"--force"});
    CHECK_MSG(r.exitCode == 0 && slurp(s.dir / "notes.jsonl") != "my own notes\n", r.err);

    // -o equal to --test-output, however spelled: the train split would be lost.
    fs::create_directories(s.dir / "sub");
    for (const fs::path& test : {s.dir / "split.jsonl", s.dir / "sub" / ".." / "split.jsonl"}) {
        r = exportTo(s, "sft", s.dir / "split.jsonl",
                     {"--test-fraction", "0.5", "--test-output", test.string()});
        CHECK_MSG(refused(r) && !fs::exists(s.dir / "split.jsonl"), r.err);
    }

    // A home-like folder with keys and the project beside it: never swapped out or removed.
    const fs::path home = s.dir / "home";
    fs::create_directories(home / ".ssh");
    writeFile(home / ".ssh" / "id_ed25519", "PRIVATE KEY\n");
    writeFile(home / "README.md", "mine\n");
    for (const auto& extra : {std::vector<std::string>{}, std::vector<std::string>{"--force"}}) {
        r = exportTo(s, "hf", home, extra);
        CHECK_MSG(refused(r), r.err);
        CHECK(slurp(home / ".ssh" / "id_ed25519") == "PRIVATE KEY\n" &&
              slurp(home / "README.md") == "mine\n");
    }
    // The folder that holds the project being exported.
    r = exportTo(s, "hf", s.dir, {"--force"});
    CHECK_MSG(refused(r) && projectIntact(s.project), r.err);

    // Our own dataset folder: refused without --force, replaced with it; a file the user
    // added to it keeps it from being replaced even with --force.
    const fs::path ds = s.dir / "dataset";
    r = exportTo(s, "hf", ds, {"--test-fraction", "0.5"});
    CHECK_MSG(r.exitCode == 0 && fs::exists(ds / ".kwb-dataset") &&
                  fs::exists(ds / "data" / "train.jsonl"),
              r.err);
    r = exportTo(s, "hf", ds);
    CHECK_MSG(refused(r) && r.err.find("--force") != std::string::npos, r.err);
    writeFile(ds / "my-notes.txt", "keep me\n");
    fs::create_directories(ds / ".git");
    writeFile(ds / ".git" / "HEAD", "ref: refs/heads/main\n");
    r = exportTo(s, "hf", ds, {"--force"});
    CHECK_MSG(refused(r), r.err);
    CHECK(slurp(ds / "my-notes.txt") == "keep me\n" &&
          slurp(ds / ".git" / "HEAD") == "ref: refs/heads/main\n");
    fs::remove(ds / "my-notes.txt");
    fs::remove_all(ds / ".git");
    r = exportTo(s, "hf", ds, {"--force"});
    CHECK_MSG(r.exitCode == 0 && fs::exists(ds / ".kwb-dataset") &&
                  !fs::exists(ds / "data" / "test.jsonl"),
              r.err);
    // An empty folder is fine (nothing in it to lose); a file where a folder goes is not.
    fs::create_directories(s.dir / "empty");
    r = exportTo(s, "hf", s.dir / "empty");
    CHECK_MSG(r.exitCode == 0 && fs::exists(s.dir / "empty" / "README.md"), r.err);
    writeFile(s.dir / "plain.txt", "text\n");
    r = exportTo(s, "hf", s.dir / "plain.txt", {"--force"});
    CHECK_MSG(refused(r) && slurp(s.dir / "plain.txt") == "text\n", r.err);
    // A folder where a JSONL file goes.
    r = exportTo(s, "sft", home, {"--force"});
    CHECK_MSG(refused(r) && fs::exists(home / ".ssh" / "id_ed25519"), r.err);
    CHECK(noTemporaries(s.dir) && projectIntact(s.project));
}

// kwb generate --out appends only to a samples file of its own: never to a project, another
// SQLite file, a device node or a FIFO (the request never leaves: nothing listens on port 9).
void generateOutCases(const Scene& s) {
    std::vector<std::string> env = s.env;
    env.push_back("ANTHROPIC_API_KEY=sk-ant-test-not-a-key");
    const fs::path fifo = s.dir / "gen-pipe.jsonl";
    CHECK(::mkfifo(fifo.c_str(), 0644) == 0);
    writeFile(s.dir / "notes.txt", "my notes without a final newline");
    auto generateTo = [&](const fs::path& out, const std::string& log) {
        std::vector<std::string> args = {
            "generate",   "reduce-sum-f32",     "--provider",    "anthropic", "--model", "m",
            "--base-url", "http://127.0.0.1:9", "--max-retries", "0",         "-n",      "1",
            "--out",      out.string()};
        if (!log.empty()) {
            args.push_back("--log");
            args.push_back(log);
        }
        return runKwb(args, env, s.dir, std::chrono::seconds(60));
    };
    for (const fs::path& out : {s.project, s.dir / "notes.txt", fifo}) {
        Run r = generateTo(out, "");
        CHECK_MSG(r.exitCode == 2 && r.err.find(out.string()) != std::string::npos,
                  out.string() + ": " + r.err);
    }
    // --log appends text: never to the project, a FIFO (opening it would block) or a device.
    for (const fs::path& log : {s.project, fifo, fs::path("/dev/full")}) {
        Run r = generateTo(s.dir / "fresh.jsonl", log.string());
        CHECK_MSG(r.exitCode == 2 && r.err.find(log.string()) != std::string::npos,
                  "--log " + log.string() + ": " + r.err);
    }
    CHECK(projectIntact(s.project));
    CHECK(slurp(s.dir / "notes.txt") == "my notes without a final newline");
    CHECK(typeOf(fifo) == S_IFIFO);
}

void exportNeverReplacesWhatItDidNotWrite() {
    Scene s = makeScene("replace");
    projectAndDatabaseCases(s);
    specialFileCases(s);
    existingOutputCases(s);
    generateOutCases(s);
    fs::remove_all(s.dir);
}

// Runs `sh -c script` in a new user and mount namespace (unshare -rm), where a read-only tmpfs
// can be mounted without privileges; exit 99 from the script: no such mount here.
Run inReadOnlyMount(const std::string& script, const fs::path& dir) {
    const fs::path out = dir / "ro-stdout.txt", err = dir / "ro-stderr.txt";
    const std::string cmd =
        "unshare -rm sh -c '" + script + "' >" + out.string() + " 2>" + err.string();
    std::vector<std::string> argStore = {"/bin/sh", "-c", cmd};
    std::vector<char*> argv;
    for (auto& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    Run r;
    pid_t pid = -1;
    if (posix_spawn(&pid, "/bin/sh", nullptr, nullptr, argv.data(), environ) != 0)
        return r;
    int status = 0;
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > end) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        ::usleep(20000);
    }
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

// A read-only file system is reported with the name the user gave, not a temporary's.
void exportReportsTheNamedDestination() {
    Scene s = makeScene("named");
    const fs::path ro = s.dir / "ro";
    fs::create_directories(ro);
    const std::vector<std::pair<std::string, std::string>> outputs = {{"sft", "out.jsonl"},
                                                                      {"hf", "dataset"}};
    for (const auto& [kind, name] : outputs) {
        const fs::path target = ro / name;
        std::string script = "mount -t tmpfs -o ro tmpfs " + ro.string() + " || exit 99; exec " +
                             std::string(KWB_CLI_PATH) + " export " + kind + " --project " +
                             s.project.string() + " -o " + target.string();
        Run r = inReadOnlyMount(script, s.dir);
        if (r.exitCode == 99 || r.exitCode == -1) {
            std::printf("SKIP: no read-only mount can be made here (unshare -rm and mount -t tmpfs "
                        "-o ro): %s\n",
                        r.err.c_str());
            fs::remove_all(s.dir);
            std::exit(kSkip);
        }
        CHECK_MSG(r.exitCode == 2, r.err);
        CHECK_MSG(r.err.find("cannot write " + target.string() + ": Read-only file system") !=
                      std::string::npos,
                  r.err);
        CHECK_MSG(r.err.find(".kwb-tmp-") == std::string::npos, r.err);
    }
    fs::remove_all(s.dir);
}

// Missing parent folders are reported by name, never created: export -o, generate --out,
// project new.
void outputParentFoldersAreNotInvented() {
    Scene s = makeScene("parents");
    const fs::path missing = s.dir / "typo";
    std::vector<std::string> env = s.env;
    env.push_back("ANTHROPIC_API_KEY=sk-ant-test-not-a-key");
    const std::vector<std::vector<std::string>> commands = {
        {"export", "sft", "--project", s.project.string(), "-o",
         (missing / "deep" / "out.jsonl").string()},
        {"export", "prefs", "--project", s.project.string(), "-o",
         (missing / "out.jsonl").string()},
        {"export", "sft", "--project", s.project.string(), "-o", (s.dir / "fine.jsonl").string(),
         "--test-fraction", "0.5", "--test-output", (missing / "test.jsonl").string()},
        {"export", "hf", "--project", s.project.string(), "-o", (missing / "dataset").string()},
        {"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m", "--base-url",
         "http://127.0.0.1:9", "--max-retries", "0", "-n", "1", "--out",
         (missing / "samples.jsonl").string()},
        {"generate", "reduce-sum-f32", "--provider", "anthropic", "--model", "m", "--base-url",
         "http://127.0.0.1:9", "--max-retries", "0", "-n", "1", "--out",
         (s.dir / "fine-samples.jsonl").string(), "--log", (missing / "generate.log").string()},
        {"project", "new", (missing / "new.kwbproj").string()},
    };
    for (const auto& args : commands) {
        Run r = runKwb(args, env, s.dir);
        CHECK_MSG(r.exitCode == 2 && r.err.find(missing.string()) != std::string::npos &&
                      r.err.find("does not exist") != std::string::npos,
                  args[0] + " " + args[1] + ": " + r.err);
        CHECK_MSG(!fs::exists(missing), args[0] + " " + args[1] + " created " + missing.string());
    }
    CHECK(!fs::exists(s.dir / "fine.jsonl") && !fs::exists(s.dir / "fine-samples.jsonl"));
    // A file name ending in a separator names a folder: not made either.
    Run r =
        runKwb({"export", "sft", "--project", s.project.string(), "-o", (missing.string() + "/")},
               env, s.dir);
    CHECK_MSG(r.exitCode == 2 && !fs::exists(missing), r.err);
    fs::remove_all(s.dir);
}

// Text that is not UTF-8 (a Latin-1 comment) is exported as U+FFFD, and the command names
// the samples it changed.
void exportWarnsOfTextThatIsNotUtf8() {
    Scene s = makeScene("utf8");
    const std::string entry =
        R"(extern "C" void kwb_reduce_sum(const float* x, float* y, int n, cudaStream_t stream) {})";
    fs::create_directories(s.dir / "cu");
    writeFile(s.dir / "cu" / "latin1.cu", "// caf\xe9 na\xefve r\xe9sum\xe9\n" + entry + "\n");
    Run r = runKwb({"import", (s.dir / "cu").string(), "--task", "reduce-sum-f32", "--project",
                    s.project.string()},
                   s.env, s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    const auto id = queryInt(s.project, "SELECT max(id) FROM samples");
    CHECK(id > 24);
    r = runKwb({"review", "accept", std::to_string(id), "--project", s.project.string()}, s.env,
               s.dir);
    CHECK_MSG(r.exitCode == 0, r.err);
    r = exportTo(s, "sft", s.dir / "out.jsonl");
    CHECK_MSG(r.exitCode == 0, r.err);
    CHECK_MSG(r.err.find("not UTF-8") != std::string::npos &&
                  r.err.find(" " + std::to_string(id)) != std::string::npos,
              r.err);
    CHECK(slurp(s.dir / "out.jsonl").find("caf\xEF\xBF\xBD") != std::string::npos);
    // Samples that are UTF-8 throughout draw no warning.
    r = exportTo(s, "sft", s.dir / "clean.jsonl", {"--task", "sgemm-f32"});
    CHECK_MSG(r.exitCode == 0 && r.err.find("not UTF-8") == std::string::npos, r.err);
    fs::remove_all(s.dir);
}

} // namespace

KWB_BAD_INPUT_SUITE("export-never-replaces-what-it-did-not-write",
                    exportNeverReplacesWhatItDidNotWrite);
KWB_BAD_INPUT_SUITE("export-reports-the-named-destination", exportReportsTheNamedDestination);
KWB_BAD_INPUT_SUITE("output-parent-folders-are-not-invented", outputParentFoldersAreNotInvented);
KWB_BAD_INPUT_SUITE("export-warns-of-text-that-is-not-utf8", exportWarnsOfTextThatIsNotUtf8);

} // namespace kwbtest
