// The build (nvcc in kwb-runner) against hostile and clumsy candidates: it reads nothing outside
// the candidate, stays within its memory and time limits, never caches a build it killed, and
// names the cause of a failure. Real kwb, kwb-runner and nvcc; no GPU needed (compile-only runs
// end "not run").
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/badinput/registry.h"
#include "tests/support/check.h"
#include "tests/support/kwb_process.h"

namespace {

namespace fs = std::filesystem;
using kwbtest::Run;

const char* const kTask = "softmax-rows-f32";

fs::path referenceKernel() {
    return fs::path(KWB_TASK_SOURCE_DIR) / "reference" / "softmax-rows-f32.cu";
}

std::string findNvcc() {
    if (const char* env = std::getenv("KWB_NVCC"); env && *env)
        return env;
    for (const char* p : {"/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc"})
        if (::access(p, X_OK) == 0)
            return p;
    return {};
}

// Why the suite cannot run here; empty when it can.
std::string missingTools() {
    if (std::string(KWB_RUNNER_PATH).empty())
        return "kwb-runner is not built (no CUDA toolkit at configure time)";
    if (findNvcc().empty())
        return "nvcc not found (set KWB_NVCC or install the CUDA toolkit)";
    return {};
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << text;
}

// One private folder per suite: cache, data, project and every run's output live in it.
struct Sandbox {
    fs::path root;
    Sandbox() {
        std::string tmpl = (fs::temp_directory_path() / "kwb-badinput-build-XXXXXX").string();
        root = ::mkdtemp(tmpl.data()) ? fs::path(tmpl) : fs::path();
        fs::create_directories(root / "cache");
        fs::create_directories(root / "data");
        fs::create_directories(root / "out");
        fs::create_directories(root / "in");
    }
    ~Sandbox() {
        std::error_code ec;
        if (!std::getenv("KWB_KEEP_TEST_FILES"))
            fs::remove_all(root, ec);
    }
    std::vector<std::string> env(std::vector<std::string> extra = {}) const {
        std::vector<std::string> e = {"KWB_CACHE_DIR=" + (root / "cache").string(),
                                      "KWB_DATA_DIR=" + (root / "data").string(),
                                      "KWB_RUNNER=" KWB_RUNNER_PATH,
                                      "KWB_PROJECT=" + (root / "data" / "p.kwbproj").string(),
                                      "KWB_NVCC=" + findNvcc(),
                                      "KWB_BUILD_MEMORY_MIB="};
        for (auto& x : extra) {
            std::erase_if(e, [&](const std::string& have) {
                return have.substr(0, have.find('=')) == x.substr(0, x.find('='));
            });
            e.push_back(x);
        }
        return e;
    }
    fs::path candidate(const std::string& name, const std::string& text) const {
        fs::path p = root / "in" / name;
        write(p, text);
        return p;
    }
    Run kwb(const std::vector<std::string>& args, std::vector<std::string> extraEnv = {},
            int limitS = 120) const {
        return kwbtest::runKwb(args, env(std::move(extraEnv)), root / "out",
                               std::chrono::seconds(limitS));
    }
    // `kwb verify --json` of one file: the record, or null when kwb printed none.
    nlohmann::json verify(const fs::path& file, std::vector<std::string> extraEnv = {},
                          std::vector<std::string> more = {}, Run* runOut = nullptr) const {
        std::vector<std::string> args = {"verify", kTask, file.string(), "--json", "--no-bench"};
        args.insert(args.end(), more.begin(), more.end());
        Run r = kwb(args, std::move(extraEnv));
        if (runOut)
            *runOut = r;
        auto j = nlohmann::json::parse(r.out, nullptr, false);
        if (!j.is_object())
            std::printf("  kwb verify %s: exit %d, no record; stderr: %s\n",
                        file.filename().c_str(), r.exitCode, r.err.substr(0, 400).c_str());
        return j.is_object() ? j : nlohmann::json();
    }
};

std::string buildField(const nlohmann::json& rec, const char* key) {
    if (!rec.is_object() || !rec.contains("build") || !rec["build"].contains(key) ||
        !rec["build"][key].is_string())
        return {};
    return rec["build"][key].get<std::string>();
}

nlohmann::json sandboxOf(const nlohmann::json& rec) {
    if (!rec.is_object() || !rec.contains("build") || !rec["build"].is_object())
        return nlohmann::json::object();
    nlohmann::json s = rec["build"].value("sandbox", nlohmann::json::object());
    return s.is_object() ? s : nlohmann::json::object();
}

bool landlocked(const nlohmann::json& rec) {
    return sandboxOf(rec).value("landlock", false);
}

bool has(const std::string& text, const std::string& needle) {
    return text.find(needle) != std::string::npos;
}

// No file under the suite's folder (cache, data, project, kwb's output) holds `needle`.
void checkNowhere(const Sandbox& s, const std::string& needle, const std::string& what) {
    auto found = kwbtest::filesContaining(s.root / "cache", needle);
    for (const auto& sub : {"data", "out"})
        for (auto& f : kwbtest::filesContaining(s.root / sub, needle))
            found.push_back(f);
    CHECK_MSG(found.empty(), what + " found in " + (found.empty() ? std::string() : found.front()));
}

// ---------------------------------------------------------------------------------------------

void readsNothingOutside() {
    if (auto why = missingTools(); !why.empty()) {
        std::printf("SKIP: %s\n", why.c_str());
        std::exit(kwbtest::kSkip);
    }
    Sandbox s;
    const std::string reference = kwbtest::slurp(referenceKernel());
    // A private file in a temporary folder, with a line that must never be stored.
    const std::string secret = "root:$6$kwbBuildSecret7f3a9c:19000:0:99999:7:::";
    const fs::path secretDir = s.root / "private";
    fs::create_directories(secretDir);
    fs::permissions(secretDir, fs::perms::owner_all, fs::perm_options::replace);
    write(secretDir / "key.txt", secret + "\nsecond-kwbBuildSecret-line;\n");

    struct Case {
        std::string name, include, needle;
        bool readable; // Landlock lets the build read it (a system file): only the log filter
                       // protects
    };
    std::vector<Case> cases = {
        {"private.cu", "\"" + (secretDir / "key.txt").string() + "\"", "kwbBuildSecret", false}};
    // /etc/passwd is readable by the build (the system folders are): what it quotes must still go.
    if (std::string passwd = kwbtest::slurp("/etc/passwd"); !passwd.empty())
        cases.push_back(
            {"passwd.cu", "\"/etc/passwd\"", passwd.substr(0, passwd.find('\n')), true});
    std::string shadow = kwbtest::slurp("/etc/shadow");
    if (!shadow.empty())
        cases.push_back(
            {"shadow.cu", "\"/etc/shadow\"", shadow.substr(0, shadow.find('\n')), false});
    else
        std::printf(
            "note: /etc/shadow is not readable by this user (not root): its case is left out\n");

    bool landlockSeen = false;
    for (const auto& c : cases) {
        const fs::path file = s.candidate(c.name, "#include " + c.include + "\n" + reference);
        nlohmann::json rec = s.verify(file);
        CHECK_MSG(rec.is_object() && rec.contains("build") && !rec["build"].value("ok", true),
                  c.name + ": the build must fail");
        const std::string failure = buildField(rec, "failure");
        if (landlocked(rec)) {
            landlockSeen = true;
            if (!c.readable)
                CHECK_MSG(has(failure, "build refused") &&
                              has(failure, c.include.substr(1, c.include.size() - 2)),
                          c.name + ": the outcome names the refused file: " + failure);
        } else {
            std::printf(
                "note: %s: Landlock not applied (%s); only the log filter is checked\n",
                c.name.c_str(),
                sandboxOf(rec).value("note", "no report of the build's confinement").c_str());
        }
        if (c.readable)
            CHECK_MSG(has(buildField(rec, "log"), "outside the candidate left out"),
                      c.name + ": the log says it left diagnostics out: " +
                          buildField(rec, "log").substr(0, 300));
        CHECK_MSG(!has(rec.dump(), c.needle), c.name + ": the record quotes the included file");
    }
    if (!landlockSeen)
        std::printf("SKIP (part): this kernel has no Landlock, so reads outside the candidate were "
                    "not refused\n");

    // The same through a project: import, `kwb samples verify`, then nothing stored anywhere.
    Run r = s.kwb({"project", "new", (s.root / "data" / "p.kwbproj").string()});
    CHECK_MSG(r.exitCode == 0, "project new: " + r.err);
    fs::create_directories(s.root / "import");
    for (const auto& c : cases)
        fs::copy_file(s.root / "in" / c.name, s.root / "import" / c.name,
                      fs::copy_options::overwrite_existing);
    r = s.kwb({"import", (s.root / "import").string(), "--task", kTask, "--model", "hostile"});
    CHECK_MSG(r.exitCode == 0, "import: " + r.err);
    const auto count =
        kwbtest::queryInt(s.root / "data" / "p.kwbproj", "SELECT count(*) FROM samples");
    CHECK_MSG(count == std::int64_t(cases.size()), "every case imported: " + std::to_string(count));
    for (std::int64_t id = 1; id <= count; ++id) {
        r = s.kwb({"samples", "verify", std::to_string(id)});
        CHECK_MSG(r.exitCode == 1 || r.exitCode == 2 || r.exitCode == 3,
                  "samples verify " + std::to_string(id) + ": exit " + std::to_string(r.exitCode));
    }
    CHECK_MSG(kwbtest::queryInt(s.root / "data" / "p.kwbproj",
                                "SELECT count(*) FROM verifications") >= count,
              "every verification stored");
    for (const auto& c : cases)
        checkNowhere(s, c.needle, c.name + "'s included line");
    checkNowhere(s, "kwbBuildSecret", "the private file's secret");
}

// ---------------------------------------------------------------------------------------------

// A macro that doubles its argument, 32 deep: the preprocessor's memory grows exponentially
// (tens of GB) within seconds. Safe only under a memory limit.
std::string memoryBomb() {
    std::string e = "1";
    for (int i = 0; i < 32; ++i)
        e = "D(" + e + ")";
    return "#define D(x) x+x\nint bomb = " + e + ";\n";
}

// Includes itself twice per level, 26 levels: 2^26 inclusions, seconds of CPU per million,
// little memory. Saved as candidate.cu, the name under which the build compiles it (and, since
// the user's file is called so too, the name an unconfined nvcc would find it under).
const char* const kSlowBuild =
    "#if __INCLUDE_LEVEL__ < 26\n#include \"candidate.cu\"\n#include \"candidate.cu\"\n#endif\n";

// A backstop for this test process and its children (kwb, kwb-runner, nvcc): a build that
// ignores its own limit fails at 4 GiB of data here instead of waking the machine's OOM killer.
// RLIMIT_DATA, not RLIMIT_AS: CUDA's address-space reservations (on a GPU machine) stay allowed.
struct DataBackstop {
    rlimit before{};
    DataBackstop() {
        ::getrlimit(RLIMIT_DATA, &before);
        rlimit l{rlim_t(4) << 30, before.rlim_max};
        if (before.rlim_max != RLIM_INFINITY && before.rlim_max < l.rlim_cur)
            l.rlim_cur = before.rlim_max;
        ::setrlimit(RLIMIT_DATA, &l);
    }
    ~DataBackstop() { ::setrlimit(RLIMIT_DATA, &before); }
};

// Processes other than this one whose command line holds `text`.
std::vector<std::string> processesNaming(const std::string& text) {
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc", ec)) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(name) == ::getpid())
            continue;
        std::string cmd = kwbtest::slurp(e.path() / "cmdline");
        for (char& ch : cmd)
            ch = ch == '\0' ? ' ' : ch;
        if (has(cmd, text))
            found.push_back(name + ": " + cmd.substr(0, 200));
    }
    return found;
}

// Processes whose command line names the suite's folder (nvcc's tools name their temporaries).
std::vector<std::string> leftoverProcesses(const fs::path& root) {
    return processesNaming(root.string());
}

void buildIsBounded() {
    if (auto why = missingTools(); !why.empty()) {
        std::printf("SKIP: %s\n", why.c_str());
        std::exit(kwbtest::kSkip);
    }
    DataBackstop backstop;
    Sandbox s;
    const std::vector<std::string> small = {"KWB_BUILD_MEMORY_MIB=256"};

    auto t0 = std::chrono::steady_clock::now();
    nlohmann::json rec = s.verify(s.candidate("bomb.cu", memoryBomb()), small);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK_MSG(has(buildField(rec, "failure"), "build killed: memory limit 256 MiB"),
              "the memory bomb is killed at its limit: " + buildField(rec, "failure"));
    CHECK_MSG(buildField(rec, "stopped") == "memory", "stopped: " + buildField(rec, "stopped"));
    CHECK_MSG(seconds < 90, "the memory bomb ends within 90 s: " + std::to_string(seconds));

    // An endless include: refused by Landlock, or stopped by the memory limit without it.
    rec = s.verify(s.candidate("zero.cu", "#include </dev/zero>\n"), small);
    const std::string zero = buildField(rec, "failure");
    if (landlocked(rec))
        CHECK_MSG(has(zero, "build refused") && has(zero, "/dev/zero"),
                  "/dev/zero is refused: " + zero);
    else
        CHECK_MSG(has(zero, "build killed: memory limit 256 MiB"),
                  "/dev/zero is stopped by the memory limit: " + zero);

    // The deadline: --timeout bounds the build too; its whole process group goes.
    t0 = std::chrono::steady_clock::now();
    rec = s.verify(s.candidate("candidate.cu", kSlowBuild), {}, {"--timeout", "5"});
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK_MSG(has(buildField(rec, "failure"), "build killed: time limit 5 s"),
              "the slow build is killed at its deadline: " + buildField(rec, "failure"));
    CHECK_MSG(seconds < 40,
              "the slow build ends soon after its deadline: " + std::to_string(seconds));
    const auto left = leftoverProcesses(s.root);
    CHECK_MSG(left.empty(), "no tool of a killed build lives on: " +
                                (left.empty() ? std::string() : left.front()));

    // A limit that is no number is an error that names the setting.
    Run r;
    rec = s.verify(referenceKernel(), {"KWB_BUILD_MEMORY_MIB=lots"}, {}, &r);
    CHECK_MSG(r.exitCode == 2 && has(r.err, "KWB_BUILD_MEMORY_MIB"),
              "a bad KWB_BUILD_MEMORY_MIB is named: " + r.err);
}

// A worker killed mid-build (a cancelled queue kills its workers) takes the whole build with it:
// not only nvcc, which the kernel's death signal reaches, but every tool nvcc started (cudafe++
// under a shell of nvcc's own); and a job under compute-sanitizer or ncu likewise, which
// kwb-runner --supervise runs. A stand-in for nvcc (or for the tool) starts two tools of its own
// and waits; the worker is a shell that starts it as kwb-runner would, killed with SIGKILL.
void nothingOutlivesAKilledWorker() {
    if (std::string(KWB_RUNNER_PATH).empty()) {
        std::printf("SKIP: kwb-runner is not built (no CUDA toolkit at configure time)\n");
        std::exit(kwbtest::kSkip);
    }
    Sandbox s;
    const fs::path toolkit = s.root / "toolkit", build = s.root / "build";
    fs::create_directories(toolkit);
    fs::create_directories(build);
    auto waitFor = [&](auto done) {
        for (int i = 0; i < 200 && !done(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        return done();
    };
    int round = 0;
    auto check = [&](const std::string& what, const std::string& runner) {
        const std::string marker = // sleep's argument: unique to this run
            "3599." + std::to_string(::getpid()) + std::to_string(++round);
        const fs::path stand = toolkit / ("tool" + std::to_string(round)); // the build may run it
        write(stand,
              "#!/bin/sh\nsleep " + marker + " &\nsh -c 'sleep " + marker + "; true' &\nwait\n");
        ::chmod(stand.c_str(), 0755);
        const std::string command =
            "'" + std::string(KWB_RUNNER_PATH) + "' " + runner + " '" + stand.string() + "' & wait";
        const pid_t worker = ::fork();
        if (worker == 0) {
            ::setsid();
            ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        const std::string sleeping = "sleep " + marker;
        const bool started = waitFor([&] { return processesNaming(sleeping).size() >= 2; });
        CHECK_MSG(started, what + ": the stand-in's two tools run");
        ::kill(worker, SIGKILL);
        ::waitpid(worker, nullptr, 0);
        const bool gone = waitFor([&] { return processesNaming(sleeping).empty(); });
        const auto left = processesNaming(sleeping);
        CHECK_MSG(gone, what + ": no tool outlives the worker by 10 s: " +
                            (left.empty() ? std::string() : left.front()));
        for (const auto& p : left) // the test's own leftovers, whatever the outcome
            ::kill(std::stoi(p), SIGKILL);
    };
    check("a build", "--confined-build --memory-mib 512 --cpu-s 60 --file-mib 16 --build-dir '" +
                         build.string() + "' --toolkit '" + toolkit.string() + "' --");
    check("a job under a tool", "--supervise --");
}

// ---------------------------------------------------------------------------------------------

void killedBuildIsNotCached() {
    if (auto why = missingTools(); !why.empty()) {
        std::printf("SKIP: %s\n", why.c_str());
        std::exit(kwbtest::kSkip);
    }
    DataBackstop backstop;
    Sandbox s;
    const fs::path bomb = s.candidate("bomb.cu", memoryBomb());
    for (int i = 0; i < 2; ++i) {
        nlohmann::json rec = s.verify(bomb, {"KWB_BUILD_MEMORY_MIB=256"});
        CHECK_MSG(rec.is_object() && !rec["build"].value("cached", true),
                  "run " + std::to_string(i + 1) +
                      " of the memory bomb is built, not taken from the cache");
        CHECK_MSG(has(buildField(rec, "failure"), "memory limit"),
                  "run " + std::to_string(i + 1) + ": " + buildField(rec, "failure"));
    }
    const fs::path slow = s.candidate("candidate.cu", kSlowBuild);
    for (int i = 0; i < 2; ++i) {
        nlohmann::json rec = s.verify(slow, {}, {"--timeout", "5"});
        CHECK_MSG(rec.is_object() && !rec["build"].value("cached", true),
                  "run " + std::to_string(i + 1) +
                      " of the slow build is built, not taken from the cache");
        CHECK_MSG(has(buildField(rec, "failure"), "time limit"),
                  "run " + std::to_string(i + 1) + ": " + buildField(rec, "failure"));
    }
    // A genuine compile error is cached: the cache works here, the two above were left out.
    const fs::path broken = s.candidate("broken.cu", "int x = undefined_name;\n");
    (void)s.verify(broken);
    nlohmann::json again = s.verify(broken);
    CHECK_MSG(again.is_object() && again["build"].value("cached", false),
              "a real compile error is cached");
}

// ---------------------------------------------------------------------------------------------

void buildErrorsNameTheCause() {
    if (auto why = missingTools(); !why.empty()) {
        std::printf("SKIP: %s\n", why.c_str());
        std::exit(kwbtest::kSkip);
    }
    Sandbox s;
    const std::string reference = kwbtest::slurp(referenceKernel());
    const std::string missingEntry = "does not define extern \"C\" kwb_softmax_rows(...)";

    nlohmann::json rec = s.verify(s.candidate("empty.cu", ""));
    CHECK_MSG(has(buildField(rec, "failure"), missingEntry) &&
                  has(buildField(rec, "failure"), "empty"),
              "an empty file: " + buildField(rec, "failure"));

    rec = s.verify(s.candidate("other.cu",
                               "__global__ void k(float* x) { x[0] = 1; }\n"
                               "extern \"C\" void launch(float* x) { k<<<1, 1>>>(x); }\n"));
    CHECK_MSG(has(buildField(rec, "failure"), missingEntry),
              "no entry point: " + buildField(rec, "failure"));

    // A valid kernel without the .cu suffix builds (nvcc is given candidate.cu).
    rec = s.verify(s.candidate("kernel.txt", reference));
    CHECK_MSG(rec.is_object() && rec["build"].value("ok", false),
              "a kernel in kernel.txt builds: " + buildField(rec, "failure"));

    // A binary file is refused before nvcc, with a reason, and fills no log.
    std::string binary(20000, '\0');
    for (std::size_t i = 0; i < binary.size(); ++i)
        binary[i] = static_cast<char>((i * 131 + 7) % 256);
    rec = s.verify(s.candidate("blob.cu", binary));
    CHECK_MSG(has(buildField(rec, "failure"), "not CUDA source text") &&
                  has(buildField(rec, "failure"), "NUL byte"),
              "a binary file: " + buildField(rec, "failure"));
    CHECK_MSG(buildField(rec, "log").size() < 4096, "a binary file fills no log");

    // A flood of errors keeps its first ones (they explain the rest) and says what it left out.
    std::string flood;
    for (int i = 0; i < 200; ++i) {
        flood += "int v" + std::to_string(i) + " = undefined_name_" + std::to_string(i);
        for (int k = 0; k < 900; ++k)
            flood += "+1"; // a long line, echoed with each error
        flood += ";\n";
    }
    rec = s.verify(s.candidate("flood.cu", flood));
    const std::string log = buildField(rec, "log");
    CHECK_MSG(log.size() <= 65536 && has(log, "flood.cu(1): error") &&
                  has(log, "of compiler output left out"),
              "a flood of errors keeps the first: " + log.substr(0, 200));

    // Files that cannot be read say why.
    Run r;
    fs::create_symlink("loop-b.cu", s.root / "in" / "loop-a.cu");
    fs::create_symlink("loop-a.cu", s.root / "in" / "loop-b.cu");
    r = s.kwb({"verify", kTask, (s.root / "in" / "loop-a.cu").string()});
    CHECK_MSG(r.exitCode != 0 && has(r.err, "Too many levels of symbolic links"),
              "a symlink loop: " + r.err);
    r = s.kwb({"verify", kTask, (s.root / "in").string()});
    CHECK_MSG(r.exitCode != 0 && has(r.err, "folder"), "a folder: " + r.err);
    r = s.kwb({"verify", kTask, (s.root / "in" / "absent.cu").string()});
    CHECK_MSG(r.exitCode != 0 && has(r.err, "No such file or directory"),
              "a missing file: " + r.err);
    r = s.kwb({"import", (s.root / "in" / "loop-a.cu").string(), "--task", kTask});
    CHECK_MSG(r.exitCode != 0 && has(r.err, "Too many levels of symbolic links"),
              "import of a symlink loop: " + r.err);

    // KWB_NVCC that names nothing is an error everywhere, never a silent fallback to PATH.
    const std::string nowhere = (s.root / "no-such-nvcc").string();
    r = s.kwb({"verify", kTask, referenceKernel().string()}, {"KWB_NVCC=" + nowhere});
    CHECK_MSG(r.exitCode == 2 && has(r.err, "KWB_NVCC") && has(r.err, nowhere),
              "verify with KWB_NVCC nowhere: exit " + std::to_string(r.exitCode) + " " + r.err);
    r = s.kwb({"doctor", "--json"}, {"KWB_NVCC=" + nowhere});
    auto doctor = nlohmann::json::parse(r.out, nullptr, false);
    std::string nvccDetail;
    if (doctor.is_object())
        for (const auto& c : doctor.value("checks", nlohmann::json::array()))
            if (c.value("name", "") == "nvcc")
                nvccDetail = c.value("detail", "");
    CHECK_MSG(has(nvccDetail, "KWB_NVCC") && has(nvccDetail, nowhere),
              "doctor names KWB_NVCC and its value: " + nvccDetail);
}

KWB_BAD_INPUT_SUITE("build-reads-nothing-outside-the-candidate", readsNothingOutside);
KWB_BAD_INPUT_SUITE("build-is-bounded", buildIsBounded);
KWB_BAD_INPUT_SUITE("killed-build-is-not-cached", killedBuildIsNotCached);
KWB_BAD_INPUT_SUITE("nothing-outlives-a-killed-worker", nothingOutlivesAKilledWorker);
KWB_BAD_INPUT_SUITE("build-errors-name-the-cause", buildErrorsNameTheCause);

} // namespace
