// Hostile CPU-only children through the real launcher (core/gpu/job_launcher.h) and the real
// kwb-job in its probe mode (core/gpu/probe_job.h): each is contained and its outcome
// named. One case per run, so ctest reports them apart:
//   tst_sandbox <hang|forkbomb|daemon|write|network|output|environment|signal|crash|benign|
//                leftovers|nice|channel|key>
// Negative controls run some probes with part of the sandbox switched off, to show that each
// check sees the harm when the sandbox does not stop it. No GPU needed.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <poll.h>
#include <sstream>
#include <string>
#include <sys/ipc.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

#include "core/gpu/job_launcher.h"
#include "core/gpu/sandbox.h"
#include "core/protocol/job_channel.h"
#include "core/sys/child_process.h"
#include "tests/support/check.h"

extern char** environ;

namespace {
namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

// Secrets the test process holds in its environment from its start (see main: it re-executes
// itself with them, so they are in /proc/<pid>/environ, as a real client's keys would be).
const char* const kMarkers[][2] = {{"ANTHROPIC_API_KEY", "sk-ant-kwbmarker-5d1e0c"},
                                   {"OPENAI_API_KEY", "sk-kwbmarker-openai-93b2"},
                                   {"HF_TOKEN", "hf_kwbmarker_c07f11"}};
const char kHomeMarker[] = "kwbmarker-settings-file-41aa";

std::string g_root; // private folder of this run: the jobs' TMPDIR, the fake home, targets

struct Run {
    json result;
    double seconds = 0;
    std::vector<json> events;
    std::string verdict() const { return result.value("verdict", ""); }
    std::string detail() const { return result.value("detail", ""); }
    std::string note() const {
        return result.contains("probe") ? result["probe"].value("note", "") : "";
    }
};

std::string text(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool has(const std::string& hay, const std::string& needle) {
    return hay.find(needle) != std::string::npos;
}

Run runProbe(const std::string& probe, const std::string& arg, const json& extra = json::object(),
             int idleSeconds = 10, int totalSeconds = 60) {
    json spec = {{"mode", "probe"},
                 {"library", std::string(KWB_PROBE_DIR) + "/" + probe + ".so"},
                 {"arg", arg}};
    spec.update(extra);
    kwb::gpu::JobLimits limits;
    limits.idle = std::chrono::seconds(idleSeconds);
    limits.total = std::chrono::seconds(totalSeconds);
    Run r;
    const auto t0 = Clock::now();
    r.result = kwb::gpu::runJobInChild(KWB_JOB_PATH, spec, limits,
                                       [&](const json& ev) { r.events.push_back(ev); });
    r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    std::string detail = r.detail().substr(0, 400);
    std::printf("  %s %s%s: %s in %.2f s -- %s\n", probe.c_str(), arg.substr(0, 60).c_str(),
                extra.empty() ? "" : (" " + text(extra)).c_str(), r.verdict().c_str(), r.seconds,
                detail.c_str());
    return r;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A process that can run no more code: a zombie, or one already in its exit (PF_EXITING, as
// the job child the launcher kills after its result is while the kernel tears it down).
bool ending(const std::string& procDir) {
    const std::string stat = readFile(procDir + "/stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return true; // gone already
    std::istringstream rest(stat.substr(close + 1));
    std::string state;
    long ppid = 0, pgrp = 0, session = 0, tty = 0, tpgid = 0;
    unsigned long flags = 0;
    rest >> state >> ppid >> pgrp >> session >> tty >> tpgid >> flags;
    constexpr unsigned long kPfExiting = 0x4;
    if (state == "Z" || state == "X" || (flags & kPfExiting))
        return true;
    // Or killed, not yet scheduled to act on it: SIGKILL pending (bit 8 of the masks).
    std::istringstream status(readFile(procDir + "/status"));
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigPnd:", 0) == 0 || line.rfind("ShdPnd:", 0) == 0)
            if (std::stoull(line.substr(7), nullptr, 16) & (1ull << (SIGKILL - 1)))
                return true;
    return false;
}

// Processes started for a job of this run and still alive: their environment names a job
// folder under g_root (the launcher sets HOME and TMPDIR to it, and children inherit them).
std::vector<pid_t> survivors() {
    std::vector<pid_t> found;
    const std::string mark = g_root + "/kwb-job-";
    for (const auto& entry : fs::directory_iterator("/proc")) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const pid_t pid = pid_t(std::atoi(name.c_str()));
        if (pid == ::getpid())
            continue;
        if (has(readFile(entry.path().string() + "/environ"), mark) &&
            !ending(entry.path().string()))
            found.push_back(pid);
    }
    return found;
}

std::vector<pid_t> survivorsAfter(std::chrono::milliseconds wait) {
    const auto end = Clock::now() + wait;
    std::vector<pid_t> s = survivors();
    while (s.empty() && Clock::now() < end) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        s = survivors();
    }
    return s;
}

void killSurvivors(const std::vector<pid_t>& pids) {
    for (pid_t p : pids)
        ::kill(p, SIGKILL); // only processes our own jobs started (found by their job folder)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
}

long vmHwmKiB() {
    std::istringstream in(readFile("/proc/self/status"));
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atol(line.c_str() + 6);
    return -1;
}

int skip(const std::string& what, const std::string& why) {
    std::printf("SKIP: %s: %s\n", what.c_str(), why.c_str());
    return kwbtest::kSkip;
}

// ---- the cases --------------------------------------------------------------------------------

int hangCase() {
    // 3 s of silence after the probe was called (the runner's start-up, which loads the CUDA
    // libraries, takes part of the first 3 s on a busy machine).
    Run r = runProbe("hang", "", json::object(), /*idle=*/3, /*total=*/30);
    CHECK(r.verdict() == "timeout");
    CHECK_MSG(has(r.detail(), "no progress for 3 s"), r.detail());
    CHECK_MSG(r.seconds >= 2.5 && r.seconds < 10, std::to_string(r.seconds));
    bool loaded = false;
    for (const auto& ev : r.events)
        loaded = loaded || ev.value("stage", "") == "loaded";
    CHECK_MSG(loaded, "the probe was loaded and called before the deadline hit");
    CHECK(survivors().empty());
    return 0;
}

int forkBombCase() {
    Run r = runProbe("fork_bomb", "");
    CHECK(r.verdict() == "refused");
    CHECK_MSG(has(r.note(), "forked 0 of 200"), r.note());
    CHECK_MSG(has(r.note(), "vfork: Operation not permitted"), r.note());
    CHECK_MSG(has(r.note(), "clone: Operation not permitted"), r.note());
    CHECK_MSG(!has(r.note(), "posix_spawn: ok"), r.note());
    CHECK(r.result["sandbox"].value("seccomp", false));
    CHECK(survivorsAfter(std::chrono::milliseconds(300)).empty());
    // The parent is unharmed: it still starts processes.
    kwb::ProcessSpec ps;
    ps.program = "true";
    auto out = kwb::runProcess(ps, {}, std::chrono::seconds(5));
    CHECK(out && out->exit.kind == kwb::ProcessExit::Kind::Exited && out->exit.code == 0);
    return 0;
}

int daemonCase() {
    Run r = runProbe("daemon", "");
    CHECK(r.verdict() == "refused");
    CHECK_MSG(has(r.note(), "fork: Operation not permitted"), r.note());
    CHECK(survivorsAfter(std::chrono::milliseconds(500)).empty());
    // Negative control: without the filter the daemon escapes the job's process group, and the
    // check above sees it.
    Run open = runProbe("daemon", "", {{"seccomp", false}});
    CHECK_MSG(has(open.note(), "daemon started"), open.note());
    auto left = survivorsAfter(std::chrono::seconds(2));
    CHECK_MSG(!left.empty(), "the survivor check must see the daemon that seccomp did not stop");
    killSurvivors(left);
    CHECK(survivors().empty());
    return 0;
}

int writeCase() {
    const int abi = kwb::gpu::landlockAbi();
    if (abi == 0)
        return skip("write outside its folder",
                    "Landlock is not available on this kernel, nothing confines file writes");
    const fs::path dir = g_root + "/outside";
    fs::create_directories(dir);
    std::ofstream(dir / "existing.txt") << "original\n";
    Run r = runProbe("write_outside", dir.string());
    CHECK(r.verdict() == "refused");
    CHECK(r.result["sandbox"].value("landlock", false));
    CHECK_MSG(has(r.note(), "inside: ok"), r.note());
    CHECK(!fs::exists(dir / "new.txt"));
    CHECK(readFile((dir / "existing.txt").string()) == "original\n");
    CHECK(!fs::exists(dir / "moved.txt"));
    CHECK(!fs::exists(dir / "sub"));
    CHECK(!fs::is_symlink(dir / "link"));
    CHECK(!fs::exists(dir / "fifo"));
    // Negative control: without Landlock the same probe writes there.
    Run open = runProbe("write_outside", dir.string(), {{"landlock", false}});
    CHECK_MSG(fs::exists(dir / "new.txt"),
              "without Landlock the probe's file must appear (else this check proves nothing)");
    fs::remove_all(dir);
    return 0;
}

// A loopback listener; true when a connection is waiting within `wait` (it is accepted and closed).
bool connectionArrives(int listener, int waitMs) {
    pollfd p{listener, POLLIN, 0};
    if (::poll(&p, 1, waitMs) <= 0)
        return false;
    int c = ::accept(listener, nullptr, nullptr);
    if (c >= 0)
        ::close(c);
    return c >= 0;
}

int networkCase() {
    int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (listener < 0 || ::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::listen(listener, 8) != 0 ||
        ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
        CHECK_MSG(false, std::string("cannot open a loopback listener: ") + std::strerror(errno));
        return 0;
    }
    const std::string port = std::to_string(ntohs(addr.sin_port));
    Run r = runProbe("network", port);
    CHECK(r.verdict() == "refused");
    for (const char* what :
         {"tcp socket: Operation not permitted", "udp socket: Operation not permitted",
          "unix socket: Operation not permitted", "io_uring: Operation not permitted"})
        CHECK_MSG(has(r.note(), what), r.note());
    CHECK(!connectionArrives(listener, 300));
    if (kwb::gpu::landlockAbi() >= 4) { // Landlock alone also stops TCP connections
        Run ll = runProbe("network", port, {{"seccomp", false}});
        CHECK_MSG(has(ll.note(), "tcp connect:") && !has(ll.note(), "tcp connect: ok"), ll.note());
        CHECK(!connectionArrives(listener, 300));
    } else {
        std::printf("SKIP: Landlock network rules: the kernel's Landlock ABI is below 4\n");
    }
    // Negative control: with neither, the connection reaches the listener.
    Run open = runProbe("network", port, {{"seccomp", false}, {"landlock", false}});
    CHECK_MSG(connectionArrives(listener, 2000),
              "an unconfined probe must reach the listener (else this check proves nothing)");
    ::close(listener);
    return 0;
}

int outputCase() {
    const long hwm0 = vmHwmKiB();
    Run r = runProbe("output", "", json::object(), 20, 120);
    const long hwm1 = vmHwmKiB();
    std::printf("  peak memory of the parent: %ld KiB before, %ld KiB after\n", hwm0, hwm1);
    CHECK(r.verdict() == "pass");
    CHECK_MSG(!has(r.detail(), "FORGED"), r.detail());
    CHECK_MSG(has(r.note(), "wrote 64 MiB: ok"), r.note());
    CHECK(r.result.contains("sandbox"));
    for (const auto& ev : r.events)
        CHECK_MSG(!has(text(ev), "FORGED") && !has(text(ev), "xxxx"), text(ev).substr(0, 200));
    const std::string log = r.result.value("log", "");
    CHECK_MSG(log.size() <= 64 * 1024, std::to_string(log.size()));
    CHECK_MSG(r.seconds < 60, std::to_string(r.seconds));
    CHECK_MSG(hwm1 - hwm0 < 32 * 1024, std::to_string(hwm1 - hwm0) + " KiB more");
    CHECK(survivors().empty());
    return 0;
}

bool leaks(const std::string& s) {
    bool any = has(s, kHomeMarker);
    for (const auto& m : kMarkers)
        any = any || has(s, m[1]);
    return any;
}

int environmentCase() {
    const fs::path settings = g_root + "/home/.config/kernel-workbench/settings.toml";
    fs::create_directories(settings.parent_path());
    std::ofstream(settings) << "[llm]\napi_key = \"" << kHomeMarker << "\"\n";
    for (const auto& m : kMarkers)
        CHECK_MSG(has(readFile("/proc/self/environ"), m[1]),
                  "the test holds the marker in its environment");
    // The environment is scrubbed whatever the kernel offers.
    Run env = runProbe("environment", "env");
    CHECK(env.verdict() == "pass");
    CHECK_MSG(!leaks(text(env.result)), text(env.result).substr(0, 2000));
    if (kwb::gpu::landlockAbi() ==
        0) { // the scrubbed environment was checked; the rest needs Landlock
        std::printf(
            "SKIP: reading the parent's /proc/<pid>/environ and the home folder: Landlock is not "
            "available on this kernel, nothing stops it\n");
        return 0;
    }
    Run all = runProbe("environment", "all:" + settings.string());
    CHECK(all.verdict() == "refused");
    CHECK(all.result["sandbox"].value("landlock", false));
    CHECK_MSG(!leaks(text(all.result)), text(all.result).substr(0, 2000));
    // Negative control: without Landlock the probe finds the secrets, and the check sees them.
    Run open = runProbe("environment", "all:" + settings.string(), {{"landlock", false}});
    CHECK_MSG(leaks(text(open.result)),
              "an unconfined probe must find the markers (else this check proves nothing)");
    return 0;
}

std::atomic<int> g_usr1{0};

int signalCase() {
    if (kwb::gpu::landlockAbi() < 6)
        return skip("signals to the parent", "Landlock ABI " +
                                                 std::to_string(kwb::gpu::landlockAbi()) +
                                                 " has no signal scoping (needs 6, Linux 6.12)");
    struct sigaction sa {};
    sa.sa_handler = [](int) { g_usr1.fetch_add(1); };
    ::sigaction(SIGUSR1, &sa, nullptr);
    Run r = runProbe("signal_parent", "");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    CHECK(r.verdict() == "refused");
    CHECK_MSG(g_usr1.load() == 0, std::to_string(g_usr1.load()));
    Run open = runProbe("signal_parent", "", {{"landlock", false}});
    for (int i = 0; i < 20 && g_usr1.load() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK_MSG(g_usr1.load() == 1,
              "an unconfined probe's signal must arrive (else this check proves nothing)");
    return 0;
}

int crashCase() {
    Run segv = runProbe("crash", "segv");
    CHECK(segv.verdict() == "crash");
    CHECK_MSG(has(segv.detail(), "SIGSEGV"), segv.detail());
    Run exited = runProbe("crash", "exit");
    CHECK(exited.verdict() == "crash");
    CHECK_MSG(has(exited.detail(), "exited with code 3"), exited.detail());
    CHECK(survivors().empty());
    return 0;
}

int benignCase() {
    Run r = runProbe("benign", "");
    CHECK_MSG(r.verdict() == "pass", r.detail());
    CHECK(r.result["sandbox"].value("seccomp", false));
    CHECK(r.result["sandbox"].value("landlock", false) == (kwb::gpu::landlockAbi() > 0));
    CHECK_MSG(has(r.note(), "HOME=" + g_root + "/kwb-job-"),
              "the job's HOME is its own folder: " + r.note());
    // A private /dev/shm stays usable (CUDA's IPC would use it); without one there is none.
    const std::string shm = r.result["sandbox"].value("shm", "");
    CHECK_MSG(shm == "private" || shm.starts_with("none ("), shm);
    CHECK_MSG(has(r.note(), shm == "private" ? "/dev/shm writable: yes" : "/dev/shm writable: no"),
              shm + " / " + r.note());
    return 0;
}

// Every place a job could leave something that outlives it, as sorted lines: entries of the
// world-writable folders and of the run's own folder (the jobs' TMPDIR and HOME), and the
// System V IPC objects and POSIX message queues of the whole system.
std::vector<std::string> writablePlaces() {
    std::vector<std::string> found;
    for (const char* dir : {"/dev/shm", "/tmp", "/var/tmp", "/run", "/dev/mqueue"}) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(dir, ec))
            found.push_back(e.path().string());
    }
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(g_root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        found.push_back(it->path().string());
    for (const char* table : {"/proc/sysvipc/shm", "/proc/sysvipc/msg", "/proc/sysvipc/sem"}) {
        std::istringstream lines(readFile(table));
        std::string line, key, id;
        std::getline(lines, line); // the header
        while (std::getline(lines, line)) {
            std::istringstream(line) >> key >> id;
            found.push_back(std::string(table) + " key " + key + " id " + id);
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::vector<std::string> newPlaces(const std::vector<std::string>& before,
                                   const std::vector<std::string>& after) {
    std::vector<std::string> added;
    std::set_difference(after.begin(), after.end(), before.begin(), before.end(),
                        std::back_inserter(added));
    return added;
}

// A hostile job leaves nothing behind: whatever it created in /dev/shm, IPC or the mqueue file
// system was its own namespace's (gone with it) or was refused. The negative control creates the
// same kind of things from this process, outside any sandbox, and the listing must see them.
int leftoversCase() {
    const std::string mark = "kwb-leftover-" + std::to_string(::getpid());
    const auto before = writablePlaces();
    Run r = runProbe("leftovers", mark);
    // "refused": some attempts were refused (which depends on the system's namespaces).
    CHECK_MSG(r.verdict() == "pass" || r.verdict() == "refused", r.detail());
    const std::string shm = r.result["sandbox"].value("shm", "");
    std::printf("  /dev/shm of the job: %s\n", shm.c_str());
    if (shm == "private") // inside its namespaces the job could create them: harmless
        CHECK_MSG(has(r.note(), "/dev/shm file: created") && has(r.note(), "shmget: created"),
                  r.note());
    // Other programs of the machine (tests running beside this one) come and go in /tmp: what
    // counts is what names the probe's marker, lies in this run's folder, or holds its keys.
    std::string listing;
    for (const auto& p : newPlaces(before, writablePlaces()))
        if (has(p, mark) || p.starts_with(g_root) ||
            has(p, " key 180298598")) // keys 0x6b776200..02
            listing += " " + p;
    CHECK_MSG(listing.empty(), "left behind:" + listing);

    // The control: the same writes from outside the sandbox are seen.
    const std::string shmFile = "/dev/shm/" + mark + "-control";
    std::ofstream(shmFile) << "control\n";
    const int segment = ::shmget(key_t(0x6b776210), 4096, IPC_CREAT | 0600);
    const auto seen = newPlaces(before, writablePlaces()); // 0x6b776210 = 1802986000
    CHECK_MSG(std::find(seen.begin(), seen.end(), shmFile) != seen.end(),
              "the listing misses " + shmFile);
    CHECK_MSG(segment < 0 || std::any_of(seen.begin(), seen.end(),
                                         [](const std::string& p) {
                                             return has(p, "/proc/sysvipc/shm key 1802986000 ");
                                         }),
              "the listing misses a System V segment");
    std::error_code ec;
    fs::remove(shmFile, ec);
    if (segment >= 0)
        ::shmctl(segment, IPC_RMID, nullptr);
    return 0;
}

// A probe speaking on the job's channel without the key: whatever it writes, and however it
// glues bytes onto the harness's own frames, nothing is believed and the job ends as
// tampering. (The output case shows that what goes to stdout and stderr is only the log.)
int channelCase() {
    // A pipe of this process without close-on-exec: the job must not hold it (it closes what it
    // inherited), so the probe's lines never arrive here.
    int inherited[2];
    CHECK(::pipe(inherited) == 0);
    Run raw = runProbe("forge", "raw");
    ::close(inherited[1]);
    char byte = 0;
    CHECK_MSG(::read(inherited[0], &byte, 1) == 0, "the job wrote to a pipe it inherited");
    ::close(inherited[0]);
    CHECK_MSG(raw.verdict() == "tampering", raw.detail());
    CHECK_MSG(has(raw.detail(), "not a signed frame"), raw.detail());
    Run framed = runProbe("forge", "frame");
    CHECK_MSG(framed.verdict() == "tampering", framed.detail());
    CHECK_MSG(has(framed.detail(), "fails authentication"), framed.detail());
    Run split = runProbe("forge", "split");
    CHECK_MSG(split.verdict() == "tampering", split.detail());
    CHECK_MSG(has(split.detail(), "not a signed frame: \"FORGED"), split.detail());
    for (const Run* r : {&raw, &framed, &split}) {
        CHECK(!r->result.contains("probe")); // nothing the job said is kept
        CHECK(r->result["shapes"].empty());
    }
    CHECK(survivors().empty());
    return 0;
}

// The job's key is nowhere a candidate finds by name: not in its environment, argv, files or
// stdin. Each job gets its own. Negative control: the same search finds the job's folder name,
// which is in its environment.
int keyCase() {
    auto first = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    auto second = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    const kwb::protocol::JobKey* key = kwb::gpu::keyOf(*first);
    CHECK(key && kwb::gpu::keyOf(*second));
    if (!key || !kwb::gpu::keyOf(*second))
        return 0;
    CHECK_MSG(!(*key == *kwb::gpu::keyOf(*second)), "each job has its own key");
    second.reset();
    std::string hex = key->line();
    hex.pop_back();
    json spec = {
        {"mode", "probe"}, {"library", std::string(KWB_PROBE_DIR) + "/key_hunt.so"}, {"arg", hex}};
    kwb::gpu::JobLimits limits;
    limits.idle = std::chrono::seconds(10);
    json result = kwb::gpu::runJobInChild(
        KWB_JOB_PATH, spec, limits, [](const json&) {}, std::move(first));
    const std::string note = result.contains("probe") ? result["probe"].value("note", "") : "";
    std::printf("  key_hunt <the job's key>: %s -- %s\n", result.value("verdict", "").c_str(),
                note.c_str());
    CHECK_MSG(result.value("verdict", "") == "pass", text(result).substr(0, 600));
    CHECK_MSG(has(note, "stdin held 0 bytes") && has(note, "not found"), note);
    Run control = runProbe("key_hunt", "kwb-job-");
    CHECK_MSG(control.verdict() == "probe-error" && has(control.note(), "found in environ"),
              control.note());
    return 0;
}

// The benign probe's spec run in a job child started earlier (a waiting or a held one).
json runBenignIn(kwb::gpu::StartedJobPtr job) {
    json spec = {
        {"mode", "probe"}, {"library", std::string(KWB_PROBE_DIR) + "/benign.so"}, {"arg", ""}};
    kwb::gpu::JobLimits limits;
    limits.idle = std::chrono::seconds(10);
    return kwb::gpu::runJobInChild(
        KWB_JOB_PATH, spec, limits, [](const json&) {}, std::move(job));
}

// A job started ahead of its verification (worker_session.h: the next job's child, started
// while the current job runs) waits with its key while another job's candidate runs beside it.
// That candidate can neither read the waiting job's memory nor open its descriptors (its stdin,
// where a forged spec would go, or its channel), and the waiting job then runs its own spec to a
// clean result. Negative control: unconfined, the same probe finds the waiting job's key in its
// memory and opens its descriptors, so the check above would see an attack that worked.
int neighbourCase() {
    if (kwb::gpu::landlockAbi() == 0)
        return skip("another job's memory and descriptors",
                    "Landlock is not available on this kernel; only its scoping keeps one job's "
                    "candidate out of another job's /proc files");
    auto target = [](const kwb::gpu::StartedJob& job) {
        std::string hex = kwb::gpu::keyOf(job) ? kwb::gpu::keyOf(job)->line() : std::string();
        if (!hex.empty())
            hex.pop_back();
        return std::to_string(kwb::gpu::jobChildPid(job)) + ":" + hex;
    };
    auto waiting = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    CHECK(kwb::gpu::jobChildWaiting(*waiting) && kwb::gpu::keyOf(*waiting));
    Run r = runProbe("neighbour", target(*waiting));
    CHECK_MSG(r.verdict() == "refused", r.detail());
    CHECK_MSG(has(r.note(), "mem: Permission denied") || has(r.note(), "mem: Operation not"),
              r.note());
    CHECK_MSG(has(r.note(), "fd folder: ") || has(r.note(), "opened for writing: 0 of"), r.note());
    CHECK_MSG(!has(r.note(), "found the key"), r.note());
    json own = runBenignIn(std::move(waiting));
    std::printf("  the waiting job, its own spec after the probe: %s -- %s\n",
                own.value("verdict", "").c_str(), own.value("detail", "").substr(0, 200).c_str());
    CHECK_MSG(own.value("verdict", "") == "pass", text(own).substr(0, 600));

    auto exposed = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    Run open = runProbe("neighbour", target(*exposed), {{"landlock", false}});
    if (::getuid() != 0 && !has(open.note(), "mem: opened"))
        return skip("the unconfined control",
                    "not root, and the kernel keeps a process of the same user out of another's "
                    "memory here (" +
                        open.note() + ")");
    CHECK_MSG(has(open.note(), "found the key") && !has(open.note(), "writing: 0 of"),
              "an unconfined probe must find the key and open the descriptors (else this check "
              "proves nothing): " +
                  open.note());
    return 0;
}

// A job child started ahead is held still while another job times (worker_session.h): held, it is
// stopped and still counts as waiting; let go, it runs on and then runs its own spec to a clean
// result. A held child that is never used is killed with its group all the same. One that has not
// read its key yet (still loading, not yet bound to die with its worker) is not held.
int holdCase() {
    auto stateOf = [](long pid) {
        std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
        std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto close = stat.rfind(')');
        return close == std::string::npos || close + 2 >= stat.size() ? '?' : stat[close + 2];
    };
    auto waitFor = [&](long pid, auto wanted) {
        char s = '?';
        for (int i = 0; i < 200 && !wanted(s = stateOf(pid)); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return s;
    };
    // Held once it has read what it was sent (its key): asked again until then.
    auto holdUntilStopped = [&](kwb::gpu::StartedJob& job, long pid) {
        char s = '?';
        for (int i = 0; i < 300 && (s = stateOf(pid)) != 'T'; ++i) {
            kwb::gpu::holdJobChild(job, true);
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return s;
    };
    // Still loading (a wrapper that sleeps before it starts the job, its key unread): not held.
    kwb::gpu::JobWrapper slow{"/bin/sh", {"-c", "sleep 1; exec \"$0\""}, {}};
    auto loading = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr, &slow);
    const long loadingPid = kwb::gpu::jobChildPid(*loading);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    kwb::gpu::holdJobChild(*loading, true);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const char unread = stateOf(loadingPid);
    CHECK_MSG(unread != 'T', "a child that has not read its key yet was held");
    CHECK_MSG(!kwb::gpu::jobChildSettled(*loading),
              "a child with its key unread counts as settled");
    CHECK_MSG(kwb::gpu::jobChildClock(*loading).heldMs == 0,
              "a child that was not held counts time held");
    CHECK_MSG(holdUntilStopped(*loading, loadingPid) == 'T', "held once it read its key");
    loading.reset();

    auto job = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    const long pid = kwb::gpu::jobChildPid(*job);
    CHECK(pid > 0);
    const char held = holdUntilStopped(*job, pid);
    CHECK_MSG(held == 'T', std::string("held: state ") + held);
    CHECK(kwb::gpu::jobChildWaiting(*job));
    // The record's life of a child started ahead (jobChildClock): held time grows while it is
    // held, not after; its start on the monotonic clock is its age before now.
    const auto heldA = kwb::gpu::jobChildClock(*job);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto heldB = kwb::gpu::jobChildClock(*job);
    CHECK_MSG(heldB.heldMs - heldA.heldMs >= 45 && heldB.heldMs <= heldB.ageMs,
              "held time while held: " + std::to_string(heldA.heldMs) + " then " +
                  std::to_string(heldB.heldMs) + " ms of " + std::to_string(heldB.ageMs));
    CHECK_MSG(std::abs(kwb::gpu::monotonicMs() - heldB.ageMs - heldB.startedMonotonicMs) < 20,
              "the child's start on the monotonic clock is not its age before now");
    // A line sent to it while held (a warm sent ahead) waits unread; the child stays settled and
    // is held again at once, not after the wait given to a child still loading.
    CHECK(kwb::gpu::jobChildSettled(*job));
    CHECK(kwb::gpu::sendToJob(*job, {{"type", "warm"}}));
    CHECK(kwb::gpu::jobChildSettled(*job));
    const auto h0 = Clock::now();
    kwb::gpu::holdJobChild(*job, true);
    CHECK_MSG(Clock::now() - h0 < std::chrono::milliseconds(50),
              "a settled child with a line unread was held only after a wait");
    kwb::gpu::holdJobChild(*job, false);
    const char going = waitFor(pid, [](char s) { return s != 'T'; });
    CHECK_MSG(going == 'S' || going == 'R', std::string("let go: state ") + going);
    const auto goneA = kwb::gpu::jobChildClock(*job);
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    const auto goneB = kwb::gpu::jobChildClock(*job);
    CHECK_MSG(goneA.heldMs >= heldB.heldMs, "the time held was lost when the child was let go");
    CHECK_MSG(goneB.heldMs == goneA.heldMs && goneB.ageMs >= goneA.ageMs + 29,
              "held time grew after the child was let go");
    // Let go, it answers the line (the task is missing: nothing to warm), then runs its job.
    json warmed = kwb::gpu::readFromJob(*job, std::chrono::seconds(20));
    CHECK_MSG(warmed.is_object() && warmed.value("type", "") == "warmed",
              "the answer to the line sent while held: " + warmed.dump());
    json own = runBenignIn(std::move(job));
    CHECK_MSG(own.value("verdict", "") == "pass", text(own).substr(0, 600));

    auto unused = kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr);
    const long unusedPid = kwb::gpu::jobChildPid(*unused);
    CHECK(holdUntilStopped(*unused, unusedPid) == 'T');
    unused.reset();
    CHECK_MSG(::kill(pid_t(unusedPid), 0) != 0, "a held child outlived its owner");
    // The events that hold and let go: a job's benchmark stage holds, its next correctness stage
    // or the end of its shape lets go, anything else leaves things as they are.
    using kwb::gpu::holdAheadAfter;
    CHECK(holdAheadAfter({{"event", "progress"}, {"stage", "benchmark"}}) == true);
    CHECK(holdAheadAfter({{"event", "progress"}, {"stage", "correctness"}}) == false);
    CHECK(holdAheadAfter({{"event", "shape-done"}, {"shape", "large"}}) == false);
    CHECK(!holdAheadAfter({{"event", "call"}, {"n", 3}}).has_value());
    CHECK(!holdAheadAfter({{"event", "progress"}, {"stage", "loaded"}}).has_value());
    return 0;
}

// A wrapper that holds the job's channel open after the job's result (as compute-sanitizer does
// while it tears down an instrumented context and writes its report): past the limits'
// channelEnd the job is stopped and nothing it said is kept (tampering); within it, the result
// stands. Negative control: the same wrapper and job with the default 2 s.
int slowExitCase() {
    auto run = [](std::chrono::seconds channelEnd) {
        json spec = {
            {"mode", "probe"}, {"library", std::string(KWB_PROBE_DIR) + "/benign.so"}, {"arg", ""}};
        kwb::gpu::JobLimits limits;
        limits.idle = std::chrono::seconds(10);
        limits.channelEnd = channelEnd;
        // Under kwb-runner --supervise, as the worker starts a job under a tool.
        kwb::gpu::JobWrapper wrapper{"/bin/sh", {"-c", "\"$0\"; sleep 4"}, KWB_RUNNER_PATH};
        const auto t0 = Clock::now();
        json result = kwb::gpu::runJobInChild(
            KWB_JOB_PATH, spec, limits, [](const json&) {},
            kwb::gpu::startJobChild(KWB_JOB_PATH, nullptr, &wrapper));
        std::printf("  channel open 4 s after the result, %lld s allowed: %s in %.1f s -- %s\n",
                    static_cast<long long>(channelEnd.count()), result.value("verdict", "").c_str(),
                    std::chrono::duration<double>(Clock::now() - t0).count(),
                    result.value("detail", "").substr(0, 200).c_str());
        return result;
    };
    json strict = run(std::chrono::seconds(2));
    CHECK_MSG(strict.value("verdict", "") == "tampering" &&
                  has(strict.value("detail", ""), "stayed open for 2 s"),
              text(strict).substr(0, 600));
    CHECK(!strict.contains("probe")); // nothing the job said is kept
    json patient = run(std::chrono::seconds(10));
    CHECK_MSG(patient.value("verdict", "") == "pass", text(patient).substr(0, 600));
    CHECK(patient.contains("probe"));
    CHECK(survivors().empty());
    return 0;
}

// Background children (the worker's nvcc builds) run nicer than their parent, so a window on a
// busy machine keeps the CPU; a plain child keeps the parent's value (the negative control).
int niceCase() {
    errno = 0;
    const int mine = ::getpriority(PRIO_PROCESS, 0);
    CHECK(errno == 0);
    auto niceOf = [](int increment) {
        kwb::ProcessSpec spec;
        spec.program = "/bin/sh";
        spec.args = {"-c", "sleep 0.1; exec nice"}; // coreutils nice prints the niceness
        spec.niceIncrement = increment;
        auto out = kwb::runProcess(spec, {}, std::chrono::seconds(10));
        return out ? std::atoi(out->out.c_str()) : -100;
    };
    const int plain = niceOf(0), nicer = niceOf(10);
    std::printf("  parent %d, plain child %d, background child %d\n", mine, plain, nicer);
    CHECK(plain == mine);
    CHECK(nicer == std::min(mine + 10, 19));
    // The session: a background child keeps this one (autogroup scheduling weighs sessions, not
    // nice values), any other child gets its own.
    auto sessionOf = [](int increment) {
        kwb::ProcessSpec spec;
        spec.program = "/bin/cat";
        spec.args = {"/proc/self/stat"};
        spec.niceIncrement = increment;
        auto out = kwb::runProcess(spec, {}, std::chrono::seconds(10));
        if (!out)
            return -1L;
        const std::string& stat = out->out;
        const auto close = stat.rfind(')');
        std::istringstream rest(close == std::string::npos ? std::string()
                                                           : stat.substr(close + 2));
        std::string state;
        long ppid = 0, pgrp = 0, session = -1;
        rest >> state >> ppid >> pgrp >> session;
        return session;
    };
    const long own = long(::getsid(0)), plainSession = sessionOf(0), background = sessionOf(10);
    std::printf("  session: this process %ld, plain child %ld, background child %ld\n", own,
                plainSession, background);
    CHECK(background == own);
    CHECK(plainSession > 0 && plainSession != own);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // Hold the markers from the start, as a client holding real keys would.
    if (!std::getenv("KWB_SANDBOX_TEST_MARKED")) {
        std::vector<std::string> env;
        for (char** e = environ; *e; ++e)
            env.emplace_back(*e);
        for (const auto& m : kMarkers)
            env.push_back(std::string(m[0]) + "=" + m[1]);
        env.emplace_back("KWB_SANDBOX_TEST_MARKED=1");
        std::vector<char*> envp;
        for (auto& e : env)
            envp.push_back(e.data());
        envp.push_back(nullptr);
        ::execve("/proc/self/exe", argv, envp.data());
        std::perror("cannot re-execute the test with the markers");
        return 1;
    }
    const std::string suite = argc > 1 ? argv[1] : "";
    static const std::pair<const char*, int (*)()> kCases[] = {{"hang", hangCase},
                                                               {"forkbomb", forkBombCase},
                                                               {"daemon", daemonCase},
                                                               {"write", writeCase},
                                                               {"network", networkCase},
                                                               {"output", outputCase},
                                                               {"environment", environmentCase},
                                                               {"signal", signalCase},
                                                               {"crash", crashCase},
                                                               {"benign", benignCase},
                                                               {"leftovers", leftoversCase},
                                                               {"nice", niceCase},
                                                               {"channel", channelCase},
                                                               {"key", keyCase},
                                                               {"slowexit", slowExitCase},
                                                               {"neighbour", neighbourCase},
                                                               {"hold", holdCase}};
    int (*run)() = nullptr;
    std::string names;
    for (const auto& [name, fn] : kCases) {
        names += (names.empty() ? "" : "|") + std::string(name);
        if (suite == name)
            run = fn;
    }
    if (!run) {
        std::fprintf(stderr, "usage: %s <%s>\n", argv[0], names.c_str());
        return 2;
    }
    const char* tmp = std::getenv("TMPDIR");
    std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/kwb-sandbox-XXXXXX";
    if (!::mkdtemp(tmpl.data())) {
        std::perror("mkdtemp");
        return 1;
    }
    g_root = tmpl;
    fs::create_directories(g_root + "/home");
    ::setenv("TMPDIR", g_root.c_str(), 1); // the jobs' folders go here
    ::setenv("HOME", (g_root + "/home").c_str(), 1);
    std::printf("sandbox.%s: Landlock ABI %d, uid %d, job program %s\n", suite.c_str(),
                kwb::gpu::landlockAbi(), int(::getuid()), KWB_JOB_PATH);
    const int rc = run();
    std::error_code ec;
    fs::remove_all(g_root, ec);
    if (rc == kwbtest::kSkip)
        return rc;
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 && c.passed > 0 ? 0 : 1;
}
