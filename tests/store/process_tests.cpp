// Real processes on real files: two writers at once, kill -9 in the middle of an import and of
// an export, and the kwb commands end to end.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <thread>

#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "tests/store/fixtures.h"
#include "tests/store/suites.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
using namespace kwbtest;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

void writeJsonl(const fs::path& p, const std::string& model, int n, std::uint64_t seed0) {
    std::ofstream f(p);
    const char* tasks[] = {"sgemm-f32", "softmax-rows-f32", "reduce-sum-f32"};
    for (int i = 0; i < n; ++i) {
        const char* t = tasks[i % 3];
        f << nlohmann::json{{"task", t},
                            {"source", syntheticKernel(t, seed0 + std::uint64_t(i))},
                            {"model", model},
                            {"prompt", std::string("Write ") + t + "."}}
                 .dump()
          << "\n";
    }
}

fs::path seededProject(const fs::path& dir, int n) {
    fs::path p = dir / "p.kwbproj";
    auto store = ProjectStore::create(p);
    SampleBatch b;
    b.tasks = {task("sgemm-f32")};
    for (int i = 0; i < n; ++i)
        b.samples.push_back(
            sample("sgemm-f32", syntheticKernel("sgemm-f32", 900000 + std::uint64_t(i))));
    CHECK((*store)->addSamples(b));
    return p;
}

std::int64_t count(const fs::path& p, const std::string& sql) {
    auto store = ProjectStore::open(p);
    if (!store)
        return -1;
    return (*store)->connection().queryInt(sql).value();
}

bool sound(const fs::path& p) {
    auto store = ProjectStore::open(p);
    if (!store) {
        std::printf("  cannot open %s: %s\n", p.c_str(), store.error().message.c_str());
        return false;
    }
    auto rep = (*store)->checkIntegrity();
    if (rep)
        for (const auto& pr : rep->problems)
            std::printf("  problem: %s\n", pr.c_str());
    return rep && rep->ok();
}

// Runs argv, kills it with SIGKILL after `after`; true when it was still running then.
bool killAfter(const std::vector<std::string>& argv, std::chrono::milliseconds after,
               const fs::path& logDir) {
    int pid = spawnProcess(argv, {}, logDir / "out", logDir / "err");
    auto deadline = Clock::now() + after;
    int status = 0;
    while (Clock::now() < deadline) {
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return false; // finished before the kill
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

} // namespace

void concurrentWriterTests() {
    const fs::path dir = tempDir("concurrent");
    const fs::path p = seededProject(dir, 50);
    const int perBatch = 1500;
    for (int k = 0; k < 8; ++k)
        writeJsonl(dir / ("batch" + std::to_string(k) + ".jsonl"), "batch-" + std::to_string(k),
                   perBatch, std::uint64_t(k) * 10000);
    // The GUI stand-in writes for 4 s (a review per transaction every 2 ms, a new sample every
    // 20th); meanwhile kwb imports batches, each one transaction, until the writer is done.
    int writer = spawnProcess({writerPath(), p.string(), "4", "20", "gui", "2"}, {},
                              dir / "writer.out", dir / "writer.err");
    auto writerRunning = [&] {
        siginfo_t info{};
        return ::waitid(P_PID, id_t(writer), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
               info.si_pid == 0;
    };
    int imports = 0, rcImports = 0;
    bool overlapped = false;
    auto t0 = Clock::now();
    while (imports < 8 && (imports < 2 || writerRunning())) {
        auto r = runProcess({kwbPath(), "import",
                             (dir / ("batch" + std::to_string(imports) + ".jsonl")).string(),
                             "--project", p.string()});
        if (r.exitCode != 0)
            std::printf("  import %d: %s\n", imports, r.err.c_str());
        rcImports |= r.exitCode;
        ++imports;
        if (imports == 1)
            overlapped = writerRunning(); // still writing after a whole import: they overlapped
    }
    int rcWriter = waitProcess(writer, 300000);
    const std::string said = fileBytes(dir / "writer.out");
    std::printf("  %d imports of %d while the writer ran; both done in %.1f s; writer: %s", imports,
                perBatch, std::chrono::duration<double>(Clock::now() - t0).count(), said.c_str());
    CHECK_MSG(rcWriter == 0, fileBytes(dir / "writer.err"));
    CHECK(rcImports == 0);
    CHECK_MSG(overlapped, "the writer finished before the first import did: no overlap to test");
    int reviews = -1, samples = -1;
    CHECK(std::sscanf(said.c_str(), "ok reviews=%d samples=%d", &reviews, &samples) == 2);
    // Nothing lost: every review, every single sample, every imported row.
    CHECK(count(p, "SELECT count(*) FROM reviews WHERE reviewer = 'gui'") == reviews);
    CHECK(count(p, "SELECT count(*) FROM samples WHERE author = 'gui'") == samples);
    for (int k = 0; k < imports; ++k)
        CHECK(count(p, "SELECT count(*) FROM samples WHERE model = 'batch-" + std::to_string(k) +
                           "'") == perBatch);
    CHECK(count(p, "SELECT count(*) FROM samples") == 50 + samples + imports * perBatch);
    CHECK(reviews > 100 && samples > 5);
    CHECK(sound(p));
}

void killTests() {
    const fs::path dir = tempDir("kill");
    const int n = 12000;
    writeJsonl(dir / "big.jsonl", "bulk", n, 500000);
    // How long a whole import takes here, on a copy; the kills land at fractions of it.
    const fs::path measure = seededProject(dir / "measure", 10);
    auto t0 = Clock::now();
    auto full = runProcess(
        {kwbPath(), "import", (dir / "big.jsonl").string(), "--project", measure.string()}, {},
        600000);
    const auto whole = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0);
    CHECK_MSG(full.exitCode == 0, full.err);
    CHECK(count(measure, "SELECT count(*) FROM samples") == 10 + n);
    std::printf("  a whole import of %d samples takes %lld ms\n", n,
                static_cast<long long>(whole.count()));
    int killedMidway = 0;
    for (double frac : {0.3, 0.6, 0.85, 0.95}) {
        const fs::path d = dir / ("import-" + std::to_string(int(frac * 100)));
        const fs::path p = seededProject(d, 10);
        const bool killed =
            killAfter({kwbPath(), "import", (dir / "big.jsonl").string(), "--project", p.string()},
                      std::chrono::milliseconds(std::int64_t(double(whole.count()) * frac)), d);
        killedMidway += killed;
        const auto samples = count(p, "SELECT count(*) FROM samples");
        std::printf("  import killed at %.0f%%: %s, %lld samples after\n", frac * 100,
                    killed ? "killed" : "had finished", static_cast<long long>(samples));
        CHECK_MSG(samples == 10 || samples == 10 + n, "all or none of the import");
        CHECK(count(p, "SELECT count(*) FROM imports") == (samples == 10 ? 0 : 1));
        CHECK(sound(p));
    }
    CHECK_MSG(killedMidway >= 2, "the kills must land while the import runs");

    // Export: the final name is absent or complete, never half-written.
    const fs::path out = dir / "exports" / "all.jsonl";
    fs::create_directories(out.parent_path());
    const std::vector<std::string> exportArgs = {kwbPath(),
                                                 "export",
                                                 "sft",
                                                 "--project",
                                                 measure.string(),
                                                 "-o",
                                                 out.string(),
                                                 "--verdict",
                                                 "unreviewed,accepted,rejected,needs-work",
                                                 "--include-duplicates",
                                                 "--include-unverified",
                                                 "--include-flagged"};
    t0 = Clock::now();
    auto ex = runProcess(exportArgs, {}, 600000);
    const auto exportTime =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0);
    CHECK_MSG(ex.exitCode == 0, ex.err);
    const std::string complete = fileBytes(out);
    fs::remove(out);
    int exportKilled = 0;
    for (double frac : {0.4, 0.8}) {
        const bool killed = killAfter(
            exportArgs, std::chrono::milliseconds(std::int64_t(double(exportTime.count()) * frac)),
            dir / "exports");
        exportKilled += killed;
        std::error_code ec;
        const bool exists = fs::exists(out, ec);
        std::printf("  export killed at %.0f%%: %s; final file %s\n", frac * 100,
                    killed ? "killed" : "had finished", exists ? "present" : "absent");
        if (exists)
            CHECK_MSG(fileBytes(out) == complete, "a present export is the complete one");
        else
            CHECK(killed);
        fs::remove(out, ec);
    }
    CHECK(exportKilled >= 1);
    // The next export completes and clears the killed one's temporary file.
    auto again = runProcess(exportArgs, {}, 600000);
    CHECK(again.exitCode == 0 && fileBytes(out) == complete);
    int temporaries = 0;
    for (const auto& e : fs::directory_iterator(out.parent_path()))
        temporaries += e.path().filename().string().find(".kwb-tmp-") != std::string::npos;
    CHECK(temporaries == 0);
    std::size_t lines = std::size_t(std::count(complete.begin(), complete.end(), '\n'));
    CHECK(lines == std::size_t(10 + n));
    CHECK(sound(measure));
}

void cliTests() {
    const fs::path dir = tempDir("cli");
    const std::map<std::string, std::string> env = {{"KWB_DATA_DIR", (dir / "data").string()},
                                                    {"KWB_REVIEWER", "ana"}};
    auto kwb = [&](std::vector<std::string> args) {
        args.insert(args.begin(), kwbPath());
        return runProcess(args, env);
    };
    // First start: the default project is created with the demo samples.
    auto info = kwb({"project", "info", "--json"});
    CHECK_MSG(info.exitCode == 0, info.err);
    auto j = nlohmann::json::parse(info.out, nullptr, false);
    CHECK(!j.is_discarded() && j.value("samples", 0) == 24 && j.value("tasks", 0) == 6);
    CHECK(fs::exists(dir / "data" / "projects" / "default.kwbproj"));
    auto queue = kwb({"samples", "next", "--json"});
    CHECK(queue.exitCode == 0 && nlohmann::json::parse(queue.out)["queue_length"] == 24);

    // A new project becomes the current one.
    const fs::path p = dir / "mine.kwbproj";
    CHECK(kwb({"project", "new", p.string()}).exitCode == 0);
    CHECK(nlohmann::json::parse(kwb({"project", "info", "--json"}).out)["samples"] == 0);
    fs::create_directories(dir / "cu");
    for (int i = 0; i < 3; ++i)
        writeFile(dir / "cu" / ("k" + std::to_string(i) + ".cu"),
                  syntheticKernel("sgemm-f32", std::uint64_t(i)));
    auto imp = kwb({"import", (dir / "cu").string(), "--task", "sgemm-f32", "--model", "m1"});
    CHECK_MSG(imp.exitCode == 0 && imp.out.find("Imported 3") != std::string::npos, imp.err);
    CHECK(kwb({"import", (dir / "cu").string()}).exitCode == 64); // a folder needs --task
    auto list = kwb({"samples", "list", "--json", "--task", "sgemm-f32"});
    CHECK(list.exitCode == 0 && nlohmann::json::parse(list.out)["total"] == 3);
    auto acc = kwb({"review", "accept", "1", "--note", "clean", "--tag", "a", "--tag", "b"});
    CHECK_MSG(acc.exitCode == 0, acc.err);
    auto hist = nlohmann::json::parse(kwb({"review", "history", "1", "--json"}).out);
    CHECK(hist.size() == 1 && hist[0]["reviewer"] == "ana" && hist[0]["note"] == "clean" &&
          hist[0]["tags"].size() == 2);
    CHECK(kwb({"review", "undo", "1"}).exitCode == 0);
    CHECK(nlohmann::json::parse(kwb({"samples", "show", "1", "--json"}).out)["status"]["verdict"] ==
          "unreviewed");
    CHECK(kwb({"review", "accept", "1", "2"}).exitCode == 0);
    CHECK(kwb({"review", "reject", "3", "--note", "slow"}).exitCode == 0);
    CHECK(kwb({"review", "accept", "99"}).exitCode == 2);
    CHECK(kwb({"review", "accept"}).exitCode == 64);
    auto next = kwb({"samples", "next"});
    CHECK(next.exitCode == 1 && next.out.find("empty") != std::string::npos);
    auto show = kwb({"samples", "show", "2"});
    CHECK(show.exitCode == 0 && show.out.find("kwb_entry") != std::string::npos &&
          show.out.find("accepted") != std::string::npos);
    auto stats = kwb({"samples", "stats", "--json"});
    CHECK(stats.exitCode == 0 && nlohmann::json::parse(stats.out)[0]["accepted"] == 2);
    // Not verified on a GPU: the gate leaves both out and says so; --include-unverified lets them
    // in.
    auto gated = kwb({"export", "sft", "-o", (dir / "gated.jsonl").string()});
    CHECK_MSG(gated.exitCode == 0 &&
                  gated.err.find("2 sample(s) left out by the gate: not verified") !=
                      std::string::npos,
              gated.err);
    auto sft = kwb({"export", "sft", "-o", (dir / "sft.jsonl").string(), "--include-unverified",
                    "--include-flagged"});
    CHECK_MSG(sft.exitCode == 0, sft.err);
    const std::string sftText = fileBytes(dir / "sft.jsonl");
    CHECK(std::count(sftText.begin(), sftText.end(), '\n') == 2);
    auto prefs = kwb({"export", "prefs", "-o", (dir / "prefs.jsonl").string(), "--json",
                      "--include-unverified", "--include-flagged"});
    CHECK(prefs.exitCode == 0 && nlohmann::json::parse(prefs.out)["train_rows"] == 2);
    auto hf = kwb({"export", "hf", "-o", (dir / "hf").string(), "--license", "mit", "--format",
                   "unpaired", "--include-unverified", "--include-flagged"});
    CHECK_MSG(hf.exitCode == 0, hf.err);
    CHECK(fileBytes(dir / "hf" / "README.md").find("license: mit") != std::string::npos);
    CHECK(kwb({"export", "sft", "-o", (dir / "x.jsonl").string(), "--test-fraction", "0.5"})
              .exitCode == 64);
    CHECK(kwb({"project", "check"}).exitCode == 0);
    // Opening something that is not a project says so, and changes nothing.
    writeFile(dir / "notes.txt", "my notes\n");
    auto bad = kwb({"project", "open", (dir / "notes.txt").string()});
    CHECK(bad.exitCode == 2 && bad.err.find("not a Kernel Workbench project") != std::string::npos);
    CHECK(fileBytes(dir / "notes.txt") == "my notes\n");
    CHECK(nlohmann::json::parse(kwb({"project", "info", "--json"}).out)["path"] == p.string());
}
