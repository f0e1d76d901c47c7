// kwb_store_benchmark: generates a project of N samples (default 100,000) and measures what
// the issue sets limits for: open < 0.5 s, one filtered page < 50 ms, next in the review queue
// < 10 ms, SFT export of all rows < 5 s with < 300 MB of memory (the export runs as a real
// `kwb export sft` child process; its peak RSS comes from wait4).
//   kwb_store_benchmark [--samples N] [--dir DIR] [--keep] [--reuse] [--out results.txt]
// --reuse measures the project a previous --keep run left in DIR instead of generating one.
// Exit code 0 when every figure is within its limit, 1 otherwise.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/sys/sha256.h"
#include "core/tasks/task_loader.h"
#include "tests/store/synthetic_kernels.h"

using namespace kwb;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Timing {
    std::vector<double> ms;
    double median() const {
        auto v = ms;
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[v.size() / 2];
    }
    double max() const { return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
};

std::string machine() {
    std::ifstream cpu("/proc/cpuinfo");
    std::string line, model;
    int cores = 0;
    while (std::getline(cpu, line)) {
        if (line.rfind("model name", 0) == 0 && model.empty())
            model = line.substr(line.find(':') + 2);
        if (line.rfind("processor", 0) == 0)
            ++cores;
    }
    std::ifstream mem("/proc/meminfo");
    std::string memLine;
    std::getline(mem, memLine);
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return model + ", " + std::to_string(cores) + " cores, " +
           memLine.substr(memLine.find_first_of("0123456789")) + " RAM; " +
           "Linux; build " KWB_BUILD_TYPE;
}

void die(const std::string& what, const Error& e) {
    std::fprintf(stderr, "%s: %s\n", what.c_str(), describe(e).c_str());
    std::exit(2);
}

} // namespace

int main(int argc, char** argv) {
    std::int64_t n = 100000;
    fs::path dir = fs::temp_directory_path() / ("kwb-store-bench-" + std::to_string(::getpid()));
    std::string out;
    bool keep = false, reuse = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--samples" && i + 1 < argc)
            n = std::stoll(argv[++i]);
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--out" && i + 1 < argc)
            out = argv[++i];
        else if (a == "--keep")
            keep = true;
        else if (a == "--reuse")
            reuse = keep = true;
        else {
            std::fprintf(stderr, "usage: %s [--samples N] [--dir DIR] [--keep] [--out FILE]\n",
                         argv[0]);
            return 64;
        }
    }
    fs::create_directories(dir);
    const fs::path project = dir / "bench.kwbproj";
    std::error_code ec;
    reuse = reuse && fs::exists(project, ec);
    if (!reuse)
        fs::remove(project, ec);
    std::ostringstream report;
    auto say = [&](const std::string& s) {
        std::printf("%s\n", s.c_str());
        std::fflush(stdout);
        report << s << "\n";
    };
    char line[512];

    // Generate: 6 tasks x 5 models; every sample keeps its exact messages (system + the task's
    // prompt) and a raw response; 60% verified (80% of those pass, speedups log-normal around
    // 1.2x), 30% reviewed.
    TaskFolder suite = loadTaskFolder(fs::path(KWB_SOURCE_DIR) / "resources" / "tasks");
    if (suite.tasks.empty())
        return 2;
    const char* models[] = {"claude-opus-4", "claude-sonnet-4", "gpt-5", "qwen3-coder-480b",
                            "deepseek-v3"};
    auto t0 = Clock::now();
    if (!reuse) {
        auto store = ProjectStore::create(project, "benchmark");
        if (!store)
            die("create", store.error());
        std::mt19937_64 rng(42);
        std::lognormal_distribution<double> speed(0.2, 0.6);
        const std::int64_t chunk = 5000;
        for (std::int64_t start = 0; start < n; start += chunk) {
            SampleBatch b;
            b.tasks = suite.tasks;
            b.importKind = "benchmark";
            for (std::int64_t i = start; i < std::min(n, start + chunk); ++i) {
                const Task& t = suite.tasks[std::size_t(i) % suite.tasks.size()];
                Sample s;
                s.taskId = t.id;
                s.origin = SampleOrigin::Model;
                s.model = models[(i / 7) % 5];
                s.provider = "bench";
                s.label = "sample-" + std::to_string(i) + ".cu";
                s.source = kwbtest::syntheticKernel(t.id, std::uint64_t(i));
                s.messages = {
                    {{"role", "system"}, {"content", "You are an expert CUDA kernel engineer."}},
                    {{"role", "user"}, {"content", t.prompt}}};
                s.rawResponse =
                    "Here is a kernel that should be fast.\n\n```cuda\n" + s.source + "```\n";
                s.promptTokens = 800;
                s.completionTokens = 1500;
                s.costUsd = 0.02;
                b.samples.push_back(std::move(s));
            }
            auto ids = (*store)->addSamples(b);
            if (!ids)
                die("add samples", ids.error());
            for (std::size_t k = 0; k < ids->size(); ++k) {
                const Sample& s = b.samples[k];
                const std::int64_t id = (*ids)[k];
                if (rng() % 10 < 6) {
                    const bool pass = rng() % 10 < 8;
                    nlohmann::json j = {
                        {"schema_version", 2},
                        {"task_id", s.taskId},
                        {"verdict", pass ? "pass" : "wrong-result"},
                        {"source_hash", sha256Hex(s.source)},
                        {"created_at", "2025-06-01T00:00:00Z"},
                        {"seed", rng()},
                        {"device", {{"name", "NVIDIA H200 (synthetic benchmark record)"}}}};
                    if (pass)
                        j["geomean_speedup"] = speed(rng);
                    if (auto st = (*store)->addVerification(
                            id, verification::sealed(*verification::fromJson(j)));
                        !st)
                        die("verification", st.error());
                }
                if (rng() % 10 < 3)
                    if (auto r = (*store)->review(
                            id, rng() % 3 ? Verdict::Accepted : Verdict::Rejected, "bench");
                        !r)
                        die("review", r.error());
            }
            std::fprintf(stderr, "\r%lld / %lld samples",
                         static_cast<long long>(start + std::int64_t(ids->size())),
                         static_cast<long long>(n));
        }
        std::fprintf(stderr, "\n");
    }
    const double genSeconds = msSince(t0) / 1000;
    if (reuse)
        n = ProjectStore::open(project).value()->info().value().samples;
    const auto bytes = fs::file_size(project, ec);
    say("Kernel Workbench project store benchmark");
    say("machine: " + machine());
    std::snprintf(line, sizeof line,
                  reuse ? "project: %lld samples, %.0f MiB (reused)"
                        : "project: %lld samples, %.0f MiB, generated in %.1f s",
                  static_cast<long long>(n), double(bytes) / 1048576.0, genSeconds);
    say(line);

    // Open: a fresh ProjectStore each time (the file is in the OS cache, as after any recent use).
    Timing open;
    for (int i = 0; i < 7; ++i) {
        auto t = Clock::now();
        auto s = ProjectStore::open(project);
        open.ms.push_back(msSince(t));
        if (!s)
            die("open", s.error());
    }
    auto store = ProjectStore::open(project);
    ProjectStore& ps = **store;

    // Filtered pages (50 rows and the total count), the filters the GUI offers.
    auto verdictIs = [](Verdict v) { return std::vector<Verdict>{v}; };
    std::vector<std::pair<std::string, std::function<SampleFilter()>>> filters = {
        {"no filter, page 1000", [] { return SampleFilter{}; }},
        {"task",
         [&] {
             SampleFilter f;
             f.tasks = {suite.tasks[0].id};
             return f;
         }},
        {"task + verdict accepted",
         [&] {
             SampleFilter f;
             f.tasks = {suite.tasks[1].id};
             f.verdicts = verdictIs(Verdict::Accepted);
             return f;
         }},
        {"model + speedup 1.5..3",
         [&] {
             SampleFilter f;
             f.models = {"gpt-5"};
             f.minSpeedup = 1.5;
             f.maxSpeedup = 3.0;
             return f;
         }},
        {"verdict unreviewed + verified",
         [&] {
             SampleFilter f;
             f.verdicts = verdictIs(Verdict::Unreviewed);
             f.verifiedOnGpu = true;
             return f;
         }},
        {"text \"helper_4242\"",
         [] {
             SampleFilter f;
             f.text = "helper_4242";
             return f;
         }},
        {"text \"float\" (in every sample)",
         [] {
             SampleFilter f;
             f.text = "float";
             return f;
         }},
        {"text + task + verdict",
         [&] {
             SampleFilter f;
             f.text = "fmaxf";
             f.tasks = {suite.tasks[2].id};
             f.verdicts = verdictIs(Verdict::Rejected);
             return f;
         }},
        // Text with other filters takes one of two plans (core/store/project_store_text.cpp): a
        // common word with broad filters merges many candidates, a rare one probes its matches.
        {"text + unreviewed + verified",
         [&] {
             SampleFilter f;
             f.text = "fmaxf";
             f.verdicts = verdictIs(Verdict::Unreviewed);
             f.verifiedOnGpu = true;
             return f;
         }},
        {"text \"float\" + no dups, fastest",
         [] {
             SampleFilter f;
             f.text = "float";
             f.includeDuplicates = false;
             return f;
         }},
        {"text \"helper_4242\" + unreviewed",
         [&] {
             SampleFilter f;
             f.text = "helper_4242";
             f.verdicts = verdictIs(Verdict::Unreviewed);
             return f;
         }},
        {"no duplicates, fastest first",
         [] {
             SampleFilter f;
             f.includeDuplicates = false;
             return f;
         }},
    };
    double worstPage = 0;
    say("filtered page of 50 rows with its total (median / max of 5 runs):");
    for (const auto& [name, make] : filters) {
        Timing t;
        std::int64_t total = 0;
        for (int i = 0; i < 5; ++i) {
            PageRequest pr;
            pr.limit = 50;
            pr.offset = name.find("page 1000") != std::string::npos ? 50 * 1000 : 0;
            pr.order = name.find("fastest") != std::string::npos ? SampleOrder::FastestFirst
                                                                 : SampleOrder::NewestFirst;
            auto tt = Clock::now();
            auto page = ps.listSamples(make(), pr);
            t.ms.push_back(msSince(tt));
            if (!page)
                die("page", page.error());
            total = page->total;
        }
        worstPage = std::max(worstPage, t.median());
        std::snprintf(line, sizeof line, "  %-34s %8.2f / %8.2f ms  (%lld matching)", name.c_str(),
                      t.median(), t.max(), static_cast<long long>(total));
        say(line);
    }

    // Next in the review queue: from its head, after an arbitrary sample, within one task.
    Timing next;
    std::mt19937_64 rng(7);
    for (int i = 0; i < 200; ++i) {
        std::optional<std::int64_t> after;
        if (i % 2)
            after = std::int64_t(1 + rng() % std::uint64_t(n));
        QueueFilter q;
        if (i % 3 == 0)
            q.tasks = {suite.tasks[std::size_t(i) % suite.tasks.size()].id};
        auto tt = Clock::now();
        auto s = ps.nextInQueue(q, after);
        next.ms.push_back(msSince(tt));
        if (!s)
            die("queue", s.error());
    }
    Timing stats;
    for (int i = 0; i < 3; ++i) {
        auto tt = Clock::now();
        auto a = ps.statsByTask();
        auto b = ps.statsByModel();
        stats.ms.push_back(msSince(tt));
        if (!a || !b)
            die("stats", !a ? a.error() : b.error());
    }
    // The export gate never lets a failed verification in as a positive: every other row is
    // exported (both overrides given), and that is the count the export must reach.
    std::size_t admitted = 0;
    {
        SampleFilter all;
        all.includeDuplicates = true;
        if (auto counts = ps.gateClassCounts(all))
            for (const auto& [cls, count] : *counts)
                if (cls != kGateFailed && cls != kGateHack)
                    admitted += std::size_t(count);
    }
    store->reset();

    // SFT export of every row, by the real command, in its own process.
    const fs::path exportFile = dir / "all.jsonl";
    auto tt = Clock::now();
    pid_t pid = ::fork();
    if (pid == 0) {
        int devnull = ::open("/dev/null", O_WRONLY);
        ::dup2(devnull, 1);
        ::execl(KWB_CLI_PATH, "kwb", "export", "sft", "--project", project.c_str(), "-o",
                exportFile.c_str(), "--verdict", "unreviewed,accepted,rejected,needs-work",
                "--include-duplicates", "--include-unverified", "--include-flagged",
                static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    struct rusage ru {};
    ::wait4(pid, &status, 0, &ru);
    const double exportMs = msSince(tt);
    const double exportRssMb = double(ru.ru_maxrss) / 1024.0;
    std::size_t rows = 0;
    {
        std::ifstream f(exportFile);
        std::string l;
        while (std::getline(f, l))
            ++rows;
    }
    const auto exportBytes = fs::file_size(exportFile, ec);

    std::snprintf(line, sizeof line, "open: median %.1f ms, max %.1f ms (limit 500 ms)",
                  open.median(), open.max());
    say(line);
    std::snprintf(line, sizeof line,
                  "filtered page: worst median %.2f ms (limit 50 ms; the maxima above include the "
                  "first, cold run)",
                  worstPage);
    say(line);
    std::snprintf(line, sizeof line,
                  "next in queue: median %.3f ms, max %.3f ms over 200 calls (limit 10 ms)",
                  next.median(), next.max());
    say(line);
    std::snprintf(line, sizeof line, "statistics per task and per model: median %.1f ms",
                  stats.median());
    say(line);
    std::snprintf(line, sizeof line,
                  "SFT export of %zu rows the gate admits (%.0f MiB): %.2f s, peak RSS %.1f MiB, "
                  "exit %d (limits 5 s, 300 MB)",
                  rows, double(exportBytes) / 1048576.0, exportMs / 1000, exportRssMb,
                  WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    say(line);
    const bool ok = open.max() < 500 && worstPage < 50 && next.median() < 10 && exportMs < 5000 &&
                    exportRssMb < 300 && rows == admitted && rows > 0 && WIFEXITED(status) &&
                    WEXITSTATUS(status) == 0;
    say(ok ? "result: every figure within its limit" : "result: SOME FIGURE OVER ITS LIMIT");
    if (!out.empty()) {
        std::ofstream f(out);
        f << report.str();
    }
    if (!keep)
        fs::remove_all(dir, ec);
    return ok ? 0 : 1;
}
