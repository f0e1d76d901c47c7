// core/verify on its own, without a worker or a window: the compiler-output parser (nvcc's front
// end, the host compiler, ptxas), the SHA-256 the records and the build cache key on, and the
// --timing override checks, worker endpoints. Output captured from nvcc 13 and GCC 12.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/verification.h"
#include "core/protocol/diagnostics.h"
#include "core/sys/child_process.h"
#include "core/sys/sha256.h"
#include "core/verify/fast_p.h"
#include "core/verify/lane_baselines.h"
#include "core/verify/timing_overrides.h"
#include "core/verify/worker_endpoint.h"
#include "tests/support/check.h"

namespace {

void diagnostics() {
    const std::string nvcc =
        "candidate.cu(12): error: identifier \"undefined_x\" is undefined\n"
        "  __attribute__((global)) void k(float* y){ y[0] = undefined_x; }\n"
        "                                                   ^\n\n"
        "candidate.cu(30): warning #177-D: variable \"t\" was declared but never referenced\n"
        "1 error detected in the compilation of \"candidate.cu\".\n";
    const auto d = kwb::parseDiagnostics(nvcc);
    CHECK_MSG(d.size() == 2, "two diagnostics, got " + std::to_string(d.size()));
    if (d.size() == 2) {
        CHECK(d[0].file == "candidate.cu" && d[0].line == 12 && d[0].severity == "error");
        CHECK(d[0].message.find("undefined_x") != std::string::npos);
        CHECK(d[1].line == 30 && d[1].severity == "warning");
    }
    const std::string gcc = "candidate.cu: In function 'void h()':\n"
                            "candidate.cu:2:11: error: expected ',' or ';' before '}' token\n"
                            "    2 | }\n";
    const auto g = kwb::parseDiagnostics(gcc);
    CHECK_MSG(g.size() == 1 && g[0].line == 2 && g[0].column == 11 && g[0].severity == "error",
              "host compiler diagnostic with its column");
    CHECK(kwb::parseDiagnostics("").empty());
    CHECK(kwb::parseDiagnostics("no diagnostics here\n(12): error: nameless\n").size() <= 1);
}

void ptxasResources() {
    const std::string out = "ptxas info    : 0 bytes gmem\n"
                            "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                            "ptxas info    : Function properties for _Z1kPf\n"
                            "    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
                            "ptxas info    : Used 10 registers, used 1 barriers, 256 bytes smem\n"
                            "ptxas info    : Compile time = 18.780 ms\n";
    const auto r = kwb::parsePtxasResources(out);
    CHECK_MSG(r.size() == 1, "one kernel, got " + std::to_string(r.size()));
    if (r.size() == 1) {
        CHECK(r[0].function == "_Z1kPf");
        CHECK(r[0].registers == 10 && r[0].sharedBytes == 256);
        CHECK(r[0].stackBytes == 16 && r[0].spillStoreBytes == 8 && r[0].spillLoadBytes == 4);
    }
    CHECK(kwb::parsePtxasResources("").empty());
}

void sha256() {
    // FIPS 180-2 test vectors.
    CHECK(kwb::sha256Hex("abc") ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(kwb::sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(kwb::sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(kwb::sha256Hex(std::string(1000000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

void timingOverrides() {
    auto ok =
        kwb::parseTimingOverrides({"min_sample_ms=1", "max_batch=1024", "stop_on=median",
                                   "prime_sets=1", "warmup_long=3", "watch_ms=0", "watch_tries=9"});
    CHECK_MSG(ok.ok(), ok.ok() ? "" : ok.error().message);
    if (ok)
        CHECK(ok->value("max_batch", 0) == 1024 && ok->value("stop_on", "") == "median" &&
              ok->value("prime_sets", -1) == 1 && ok->value("warmup_long", -1) == 3 &&
              ok->value("watch_ms", -1.0) == 0 && ok->value("watch_tries", -1) == 9);
    for (const char* bad :
         {"max_batch=99999999999999999999", "min_samples=50,max_samples=10", "target_rse=-1",
          "no_such_key=1", "stop_on=sometimes", "min_sample_ms", "prime_sets=3", "prime_sets=0.5",
          "warmup_long=-1", "watch_tries=0", "watch_ms=-1"}) {
        std::vector<std::string> items;
        std::string s = bad;
        for (std::size_t at = 0;;) {
            std::size_t comma = s.find(',', at);
            items.push_back(
                s.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
            if (comma == std::string::npos)
                break;
            at = comma + 1;
        }
        auto r = kwb::parseTimingOverrides(items);
        CHECK_MSG(!r.ok(), std::string("refused: ") + bad);
    }
}

// Worker endpoints: values, not environment changes. A stand-in worker (a real child process,
// a shell script) answers the handshake with the CUDA_VISIBLE_DEVICES it was started with.
void workerEndpoints() {
    namespace fs = std::filesystem;
    char tmpl[] = "/tmp/kwb-endpoint-XXXXXX";
    const fs::path dir = ::mkdtemp(tmpl);
    ::setenv("KWB_CACHE_DIR", (dir / "cache").c_str(), 1);
    const fs::path fake = dir / "fake-worker.sh";
    std::ofstream(fake) << "#!/bin/sh\nread line\n"
                           "printf '{\"type\":\"hello\",\"ok\":true,\"worker\":\"fake on %s\"}\\n' "
                           "\"${CUDA_VISIBLE_DEVICES:-none}\"\nread line\n";
    ::chmod(fake.c_str(), 0755);
    auto connectedAs = [](const kwb::WorkerEndpoint& e) {
        auto w = kwb::makeWorker(e, "verify.units");
        if (!w)
            return "error " + w.error().code;
        auto s = (*w)->connect(std::chrono::seconds(10));
        std::string d = s ? (*w)->description() : "error " + s.error().code;
        (*w)->shutdown();
        return d;
    };
    ::setenv("CUDA_VISIBLE_DEVICES", "7", 1);
    auto program = kwb::WorkerEndpoint::programAt(fake.string());
    CHECK_MSG(connectedAs(program).starts_with("fake on 7"), connectedAs(program));
    program.gpu = 3; // the endpoint's GPU wins over the caller's, and the caller's stays
    CHECK_MSG(connectedAs(program).starts_with("fake on 3"), connectedAs(program));
    CHECK(std::string(std::getenv("CUDA_VISIBLE_DEVICES")) == "7");
    CHECK(program.describe() == fake.string() + ", GPU 3");

    CHECK(kwb::WorkerEndpoint::sshHost("")->kind == kwb::WorkerEndpoint::Kind::ThisMachine);
    CHECK(kwb::WorkerEndpoint::sshHost("-oProxyCommand=x").error().code == "bad-worker-host-dash");
    CHECK(kwb::WorkerEndpoint::sshHost("gpu box").error().code == "bad-worker-host");
    // An ssh endpoint writes its launcher and changes no variable of this process.
    ::unsetenv("KWB_RUNNER");
    auto ssh = kwb::WorkerEndpoint::sshHost("user@gpu-box");
    CHECK(ssh.ok() && ssh->describe() == "user@gpu-box over ssh");
    auto launcher = kwb::workerProgram(*ssh);
    CHECK_MSG(launcher.ok() && launcher->starts_with((dir / "cache").string()) &&
                  fs::exists(*launcher),
              launcher ? *launcher : launcher.error().message);
    CHECK(std::getenv("KWB_RUNNER") == nullptr);
    // This machine's worker, where there is none.
    ::setenv("KWB_RUNNER", (dir / "no-such-runner").c_str(), 1);
    CHECK(connectedAs(kwb::WorkerEndpoint::thisMachine()) == "error worker-not-found");
    ::unsetenv("KWB_RUNNER");
    ::unsetenv("KWB_CACHE_DIR");
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// Two endpoints in one process, their workers alive at once: each runs its own program with its
// own GPU, and making one (an ssh endpoint's launcher included) changes neither the other's
// worker nor this process's environment, so a later worker of the first is still its own.
void twoEndpointsInOneProcess() {
    namespace fs = std::filesystem;
    char tmpl[] = "/tmp/kwb-endpoints-XXXXXX";
    const fs::path dir = ::mkdtemp(tmpl);
    ::setenv("KWB_CACHE_DIR", (dir / "cache").c_str(), 1);
    ::unsetenv("CUDA_VISIBLE_DEVICES");
    auto fake = [&](const std::string& name) {
        const fs::path path = dir / (name + "-worker.sh");
        std::ofstream(path) << "#!/bin/sh\nread line\n"
                               "printf '{\"type\":\"hello\",\"ok\":true,\"worker\":\""
                            << name
                            << " on %s\"}\\n' \"${CUDA_VISIBLE_DEVICES:-none}\"\nread line\n";
        ::chmod(path.c_str(), 0755);
        return path.string();
    };
    const std::string local = fake("local"), other = fake("other");
    ::setenv("KWB_RUNNER", local.c_str(), 1); // this machine's worker
    auto connected = [](const kwb::WorkerEndpoint& e) -> std::unique_ptr<kwb::Worker> {
        auto w = kwb::makeWorker(e, "verify.units");
        if (!w || !(*w)->connect(std::chrono::seconds(10)))
            return nullptr;
        return std::move(*w);
    };
    auto here = connected(kwb::WorkerEndpoint::thisMachine());
    auto ssh = kwb::WorkerEndpoint::sshHost("user@gpu-box");
    CHECK(ssh.ok() && kwb::makeWorker(*ssh, "verify.units").ok()); // its launcher is written
    kwb::WorkerEndpoint otherEndpoint = kwb::WorkerEndpoint::programAt(other);
    otherEndpoint.gpu = 2;
    auto there = connected(otherEndpoint);
    CHECK(here && there);
    if (here && there) {
        CHECK_MSG(here->description().starts_with("local on none"), here->description());
        CHECK_MSG(there->description().starts_with("other on 2"), there->description());
        auto again = connected(kwb::WorkerEndpoint::thisMachine());
        CHECK(again && again->description().starts_with("local on none"));
        if (again)
            again->shutdown();
        here->shutdown();
        there->shutdown();
    }
    CHECK(std::string(std::getenv("KWB_RUNNER")) == local);
    CHECK(std::getenv("CUDA_VISIBLE_DEVICES") == nullptr);
    ::unsetenv("KWB_RUNNER");
    ::unsetenv("KWB_CACHE_DIR");
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// fast_p counts every task in the denominator; "faster than p" is strict; p = 0 is correctness.
void fastPScores() {
    const auto fp = kwb::fastP({{true, 2.5}, {true, 1.5}, {true, 0.8}, {false, 9.0}, {false, 0}});
    CHECK(fp.size() == 4);
    CHECK(fp.at(0.0) == 3.0 / 5);
    CHECK(fp.at(1.0) == 2.0 / 5);
    CHECK(fp.at(1.5) == 1.0 / 5); // 1.5 itself is not faster than 1.5x
    CHECK(fp.at(2.0) == 1.0 / 5);
    CHECK(kwb::fastP({}).at(1.0) == 0.0);
}

// A child gets stdin, stdout and stderr and nothing else of ours, even a descriptor opened
// without close-on-exec (as a library might).
void childInheritsNoDescriptors() {
    const int leaked = ::dup(STDERR_FILENO); // no O_CLOEXEC
    CHECK(leaked > 2);
    kwb::ProcessSpec spec;
    spec.program = "/bin/sh";
    spec.args = {
        "-c",
        "for fd in 0 1 2 " + std::to_string(leaked) +
            "; do test -e /proc/self/fd/$fd && echo \"open $fd\" || echo \"closed $fd\"; done"};
    auto out = kwb::runProcess(spec, {}, std::chrono::seconds(10));
    CHECK_MSG(out.ok(), out ? "" : out.error().message);
    if (out) {
        CHECK_MSG(out->out.find("open 0\nopen 1\nopen 2\n") == 0, out->out);
        CHECK_MSG(out->out.find("closed " + std::to_string(leaked)) != std::string::npos, out->out);
    }
    ::close(leaked);
}

// The verdicts of issue 18 fail in the record `kwb verify` prints from.
void failingVerdicts() {
    namespace v = kwb::verification;
    for (const char* text :
         {"impossible-timing", "contract-violation", "tampering", "suspicious-timing"}) {
        auto rec = v::fromJson({{"schema_version", 1},
                                {"task_id", "sgemm-f32"},
                                {"verdict", text},
                                {"source_hash", "ab"},
                                {"created_at", "2026-12-03T00:00:00Z"}});
        CHECK_MSG(rec.ok() && !rec->passed() && v::ran(rec->verdict.value), text);
        CHECK_MSG(rec.ok() && v::verdictExitCode(rec->verdict.value) == 1, text);
        CHECK_MSG(rec.ok() && v::family(rec->verdict.value) == v::VerdictFamily::SuspectedHack,
                  text);
    }
    CHECK(v::verdictExitCode(v::Verdict::Pass) == 0 && v::verdictExitCode(v::Verdict::NotRun) == 3);
}

// A lane's reused baselines (lane_baselines.h): only from a clean pass of the task's own
// reference, per task version and options, for a limited time, each use stamped.
void laneBaselines() {
    namespace v = kwb::verification;
    using kwb::LaneBaselines;
    kwb::Task task;
    task.id = "softmax-rows-f32";
    task.reference.kernel = "reference/softmax-rows-f32.cu";
    task.reference.kernelSource = "__global__ void ref() {}\n";
    task.shapes = {{"large", {{"rows", 4096}}, {}, false}, {"small", {{"rows", 8}}, {}, true}};
    kwb::VerifyOptions timed;
    auto record = [&](const std::string& source, v::Verdict verdict) {
        v::VerificationRecordData r;
        r.taskId = task.id;
        r.sourceHash = kwb::sha256Hex(source);
        r.verdict.value = verdict;
        for (const auto& s : task.shapes) {
            v::ShapeResult shape;
            shape.name = s.name;
            shape.candidate = v::TimingSummary{};
            shape.baseline = v::TimingSummary{};
            shape.baseline->medianMs = s.name == "large" ? 0.25 : 0.004;
            shape.baseline->hostMedianMs = 0.3;
            shape.baseline->label = "cudnn softmax";
            r.shapes.push_back(shape);
        }
        return r;
    };
    CHECK(LaneBaselines::applies(task, timed));
    CHECK(LaneBaselines::isReference(task, task.reference.kernelSource));
    CHECK(!LaneBaselines::isReference(task, "// variant 1\n" + task.reference.kernelSource));
    kwb::VerifyOptions untimed;
    untimed.bench = false;
    kwb::VerifyOptions sanitized;
    sanitized.sanitize = {"memcheck"};
    kwb::Task libraryOnly = task;
    libraryOnly.reference = {};
    CHECK(!LaneBaselines::applies(task, untimed) && !LaneBaselines::applies(task, sanitized) &&
          !LaneBaselines::applies(libraryOnly, timed));

    const auto t0 = LaneBaselines::Clock::now();
    LaneBaselines lane(std::chrono::seconds(600));
    CHECK(lane.wanted(task, timed, t0) && !lane.take(task, timed, t0));
    // A candidate's pass, a failing reference, a reference flagged: nothing kept.
    CHECK(!lane.learn(
        task, timed, record("// variant 1\n" + task.reference.kernelSource, v::Verdict::Pass), t0));
    CHECK(!lane.learn(task, timed,
                      record(task.reference.kernelSource, v::Verdict::SuspiciousTiming), t0));
    CHECK(!lane.take(task, timed, t0));
    // ... and the failed reference is not tried again until the limit has passed.
    CHECK(!lane.wanted(task, timed, t0 + std::chrono::seconds(599)));
    CHECK(lane.wanted(task, timed, t0 + std::chrono::seconds(601)));

    CHECK(lane.learn(task, timed, record(task.reference.kernelSource, v::Verdict::Pass), t0));
    CHECK(!lane.wanted(task, timed, t0));
    const auto first = lane.take(task, timed, t0 + std::chrono::seconds(2));
    const auto second = lane.take(task, timed, t0 + std::chrono::seconds(5));
    CHECK_MSG(first && second && first->size() == 2, first ? first->dump() : "none");
    if (first && second && first->size() == 2) {
        CHECK((*first)["large"]["median_ms"] == 0.25 && (*first)["small"]["median_ms"] == 0.004);
        CHECK((*first)["large"]["host_median_ms"] == 0.3 &&
              (*first)["large"]["label"] == "cudnn softmax");
        const auto reuse = v::baselineReuseFromJson((*first)["large"]["reused"]);
        CHECK(reuse.source == "reference" && reuse.use == 1 && reuse.ageSeconds == 2.0 &&
              reuse.sourceHash == kwb::sha256Hex(task.reference.kernelSource));
        CHECK(v::baselineReuseFromJson((*second)["small"]["reused"]).use == 2);
        // As a record holds it: typed, and back to the same JSON.
        const auto summary = v::timingFromJson((*first)["large"]);
        CHECK(summary.reused && summary.reused->use == 1 && summary.extra.empty());
        CHECK(v::toJson(summary) == (*first)["large"]);
    }
    // Other options, another version of the task: figures of their own.
    kwb::VerifyOptions overridden;
    overridden.timing = {{"min_samples", 10}};
    CHECK(!lane.take(task, overridden, t0));
    kwb::Task edited = task;
    edited.shapes[1].dims["rows"] = 9;
    CHECK(!lane.take(edited, timed, t0) && lane.wanted(edited, timed, t0));
    // A record whose baseline was itself reused teaches nothing.
    auto relayed = record(task.reference.kernelSource, v::Verdict::Pass);
    relayed.shapes[0].baseline->reused = v::BaselineReuse{"reference", "ab", 1.0, 1, {}};
    CHECK(!lane.learn(edited, timed, relayed, t0));
    // Past the limit: measured again.
    CHECK(!lane.take(task, timed, t0 + std::chrono::seconds(601)) &&
          lane.wanted(task, timed, t0 + std::chrono::seconds(601)));
    // A reference whose worker was lost: not tried again within the limit, nothing given.
    kwb::Task other = task;
    other.id = "gelu-f32";
    lane.failed(other, timed, t0);
    CHECK(!lane.wanted(other, timed, t0 + std::chrono::seconds(10)) &&
          !lane.take(other, timed, t0 + std::chrono::seconds(10)) &&
          lane.wanted(other, timed, t0 + std::chrono::seconds(601)));
}

} // namespace

int main() {
    laneBaselines();
    childInheritsNoDescriptors();
    fastPScores();
    workerEndpoints();
    twoEndpointsInOneProcess();
    failingVerdicts();
    diagnostics();
    ptxasResources();
    sha256();
    timingOverrides();
    std::printf("%d passed, %d failed\n", kwbtest::counts().passed, kwbtest::counts().failed);
    return kwbtest::counts().failed ? 1 : 0;
}
