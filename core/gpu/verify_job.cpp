#include "core/gpu/verify_job.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <dlfcn.h>
#include <fcntl.h>
#include <functional>
#include <iostream>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>

#include <cuda_runtime.h>

#include "core/gpu/baselines/algorithm_choices.h"
#include "core/gpu/baselines/baseline.h"
#include "core/gpu/calibration.h"
#include "core/gpu/device_trace.h"
#include "core/gpu/job_buffers.h"
#include "core/gpu/job_launcher.h"
#include "core/gpu/probe_job.h"
#include "core/gpu/sandbox.h"
#include "core/gpu/shape_runner.h"
#include "core/model/task.h"
#include "core/protocol/job_channel.h"
#include "core/protocol/protocol.h"

namespace kwb::gpu {
namespace {

nlohmann::json failed(const std::string& verdict, const std::string& detail) {
    return {{"verdict", verdict}, {"detail", detail}, {"shapes", nlohmann::json::array()}};
}

// Where a child started ahead spent its time before its job, for the record: the worker turns
// these into ms from the child's start (jobChildClock).
void stamp(PreparedJob* pre, const char* what) {
    pre->report["monotonic_ms"][what] = monotonicMs();
}

bool wanted(const std::vector<std::string>& only, const std::string& shape) {
    return only.empty() || std::find(only.begin(), only.end(), shape) != only.end();
}

// The "warm" line: stream, baseline, and the baseline's prepare() on each shape. Nothing of
// the candidate exists yet; errors are only reported (the job proper meets them again).
void warmJob(const nlohmann::json& msg, PreparedJob* pre) {
    const auto t0 = std::chrono::steady_clock::now();
    auto task = taskFromJson(msg.value("task", nlohmann::json::object()));
    if (!task) {
        pre->report["error"] = task.error().message;
        return;
    }
    if (!pre->stream)
        cudaStreamCreateWithFlags(&pre->stream, cudaStreamNonBlocking); // as in runVerifyJob
    pre->baselines = makeTaskBaselines(*task, msg.value("reference_library", ""));
    pre->taskId = task->id;
    auto msSince = [](std::chrono::steady_clock::time_point from) {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - from)
            .count();
    };
    pre->report["warm_baselines_ms"] = msSince(t0); // the libraries' handles and plans
    if (!pre->baselines.error.empty())
        pre->report["error"] = pre->baselines.error;
    Baseline* timing = pre->baselines.timing();
    importAlgorithms(msg.value("algorithm_choices", nlohmann::json::object()));
    const std::vector<std::string> only = msg.value("shapes", std::vector<std::string>{});
    nlohmann::json shapes = nlohmann::json::array();
    for (const auto& shape : task->shapes) {
        if (!timing || !wanted(only, shape.name))
            continue;
        const auto s0 = std::chrono::steady_clock::now();
        if (auto why = warmBaseline(*task, shape, *timing, pre->stream); !why.empty()) {
            pre->report["error"] = shape.name + ": " + why;
            cudaGetLastError();
            break;
        }
        shapes.push_back(shape.name);
        // Wall time: a warm sent ahead also counts the time its process was held.
        pre->report["warm_shape_ms"][shape.name] = msSince(s0);
    }
    pre->report["warmed_shapes"] = shapes;
    pre->report["warm_ms"] = msSince(t0);
}

// The seccomp filter and Landlock, applied before the candidate is loaded; what holds, for the
// record. Landlock: writes only in the job's folder, no home folder; spec "landlock": false for
// diagnosis.
nlohmann::json confine(const nlohmann::json& spec, const std::string& library,
                       const SandboxReport& sandbox) {
    std::string why;
    const bool filtered = applySyscallFilter(&why);
    std::string fsWhy = "Landlock switched off by the job spec";
    const bool landlocked =
        spec.value("landlock", true) && applyFilesystemRules({}, {library}, &fsWhy);
    std::string note = filtered ? sandbox.note : (sandbox.note + " " + why);
    if (!landlocked)
        note += " " + fsWhy;
    return {{"limits", sandbox.limits},
            {"seccomp", filtered},
            {"landlock", landlocked},
            {"shm", sharedMemoryState()},
            {"note", note}};
}

// Every wanted shape in turn (base: the job's fields; shape and deviceWarm set here), each
// report appended to result["shapes"]; the first failing shape's verdict becomes the job's.
// A fatal CUDA error stops the loop. The geometric mean of the speedups when every shape has one.
void runShapes(ShapeJob base, const std::vector<std::string>& only, const EventSink& emit,
               const std::function<void(const char*)>& mark, nlohmann::json* result) {
    std::vector<double> speedups;
    bool anySkipped = false, timedOne = false;
    for (const auto& shape : base.task->shapes) {
        if (!wanted(only, shape.name))
            continue;
        ShapeJob job = base;
        job.shape = &shape;
        job.deviceWarm = timedOne;
        ShapeOutcome o = runShape(job, emit);
        timedOne = timedOne || o.report.contains("timing");
        const std::string v = o.report.value("verdict", "harness-error");
        if (v == "pass" && !o.report.value("flags", nlohmann::json::array()).empty())
            o.report["verdict"] = "suspicious-timing";
        if (o.report.contains("speedup"))
            speedups.push_back(o.report["speedup"].get<double>());
        else
            anySkipped = true;
        emit({{"event", "shape-done"}, {"shape", shape.name}, {"verdict", o.report["verdict"]}});
        mark(("shape " + shape.name).c_str());
        if ((*result)["verdict"] == "pass" && o.report["verdict"] != "pass") {
            (*result)["verdict"] = o.report["verdict"];
            (*result)["detail"] =
                o.report["detail"].get<std::string>().empty()
                    ? nlohmann::json("flagged for a human: timing looks too good to be true")
                    : o.report["detail"];
        }
        (*result)["shapes"].push_back(std::move(o.report));
        if (o.fatal)
            break; // the context is gone; the remaining shapes cannot run
    }
    if (!speedups.empty() && !anySkipped) {
        double logSum = 0;
        for (double s : speedups)
            logSum += std::log(std::max(s, 1e-12));
        (*result)["geomean_speedup"] = std::exp(logSum / double(speedups.size()));
    }
}

// The harness's checks take their scalars from the device's default pool (cudaMallocAsync):
// with the pool's default threshold of 0 each synchronisation hands the freed memory back and
// the next check maps it again. A small reserve is kept instead (bounded: the harness's scalars
// need little, and the timing sets allocate with cudaMalloc, not from the pool).
void keepPoolReserve(int device) {
    cudaMemPool_t pool = nullptr;
    if (cudaDeviceGetDefaultMemPool(&pool, device) == cudaSuccess) {
        std::uint64_t keep = std::uint64_t{64} << 20;
        cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
    }
    cudaGetLastError();
}

} // namespace

PreparedJob::PreparedJob() = default;
PreparedJob::~PreparedJob() = default;

nlohmann::json runVerifyJob(const nlohmann::json& spec, const EventSink& emit,
                            PreparedJob* prepared) {
    auto task = taskFromJson(spec.value("task", nlohmann::json::object()));
    if (!task)
        return failed("protocol-error", "the job's task is invalid: " + task.error().message);
    const std::string library = spec.value("library", "");
    const int device = spec.value("device", 0);
    const std::uint64_t seed = spec.value("seed", std::uint64_t{0});
    const bool bench = spec.value("bench", true);
    const int trials = spec.value("trials", 2);
    TimingPolicy timing = spec.value("timing", nlohmann::json::object()).get<TimingPolicy>();
    std::vector<std::string> only = spec.value("shapes", std::vector<std::string>{});
    // Baselines timed in another job (the queue's reuse): shape name -> the figures.
    const auto givenBaselines = spec.find("baseline_timings");

    nlohmann::json result = {
        {"verdict", "pass"}, {"detail", ""}, {"shapes", nlohmann::json::array()}};
    // Where the job's time goes, in ms from the spec's arrival (CUDA is already up when the
    // worker sent a "prepare" line first).
    const auto t0 = std::chrono::steady_clock::now();
    nlohmann::json timeline = nlohmann::json::object();
    auto lastMark = t0;
    std::function<void(const char*)> mark = [&](const char* what) {
        const auto now = std::chrono::steady_clock::now();
        timeline[what] = std::chrono::duration<double, std::milli>(now - t0).count();
        if constexpr (trace::kOn)
            trace::span(std::string("job: ") + what, lastMark, now);
        lastMark = now;
    };
    SandboxReport sandbox = applyResourceLimits();
    GuardedBuffer::useGuardBands(!spec.value("sanitize", false));

    // CUDA, the libraries and the baseline start before the filter and before the candidate.
    if (auto e = cudaSetDevice(device); e != cudaSuccess)
        return failed("no-device", std::string("cannot use CUDA device ") + std::to_string(device) +
                                       ": " + cudaGetErrorString(e));
    if (auto e = cudaFree(nullptr); e != cudaSuccess)
        return failed("no-device", std::string("cannot start CUDA: ") + cudaGetErrorString(e));
    mark("cuda_ready");
    keepPoolReserve(device);
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, device);
    result["device"] = {{"index", device},
                        {"name", prop.name},
                        {"cc", std::to_string(prop.major) + "." + std::to_string(prop.minor)}};
    // A non-blocking stream: work a candidate puts on the legacy default stream is not ordered
    // with it, so the stream check (stream_contract.h) sees it as the contract violation it is.
    // The harness's own synchronous copies on the legacy stream follow a device-wide sync.
    cudaStream_t stream = nullptr;
    TaskBaselines baselines;
    if (prepared && prepared->taskId == task->id && prepared->stream) {
        stream = prepared->stream; // made, and the baseline warmed, while the candidate built
        baselines = std::move(prepared->baselines);
        result["prepared"] = prepared->report;
    } else {
        cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
        baselines = makeTaskBaselines(*task, spec.value("reference_library", ""));
    }
    if (!baselines.error.empty())
        return failed("harness-error", "baseline: " + baselines.error);
    if (Baseline* b = baselines.timing())
        result["baseline"] = {{"label", b->label()}, {"kind", b->kind()}};

    mark("device_ready");
    result["sandbox"] = confine(spec, library, sandbox);
    mark("confined");

    void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return failed("load-error",
                      std::string("the candidate library does not load: ") + ::dlerror());
    auto call = reinterpret_cast<ShimCall>(::dlsym(handle, "kwb_shim_call"));
    if (!call)
        return failed("load-error", "the candidate library has no harness shim");
    emit({{"event", "progress"}, {"stage", "loaded"}});
    mark("candidate_loaded");

    ShapeJob base;
    base.task = &*task;
    base.candidate = call;
    base.baseline = baselines.timing();
    base.reference = baselines.reference();
    base.referenceIsKernel = baselines.kernel != nullptr;
    base.seed = seed;
    base.trials = trials;
    base.bench = bench;
    base.timing = timing;
    base.l2Bytes = std::size_t(prop.l2CacheSize);
    base.device = device;
    base.stream = stream;
    base.givenBaselines = givenBaselines != spec.end() ? &*givenBaselines : nullptr;
    base.profileTarget = spec.value("profile_target", "");
    if (!base.profileTarget.empty())
        base.bench = false;
    runShapes(base, only, emit, mark, &result);
    result["timeline_ms"] = timeline;
    if (auto traced = trace::summary(t0); !traced.is_null())
        result["device_trace"] = std::move(traced);
    return result;
}

namespace {

// Descriptors the worker's own parent left open without close-on-exec are nothing of the job's:
// closed first, so the candidate holds only what the job opens (writing to an inherited pipe
// whose reader is gone would also kill the job with SIGPIPE before its result).
void closeInherited() {
    if (::close_range(3, ~0U, 0) == 0)
        return;
    const long max = std::min(::sysconf(_SC_OPEN_MAX), 65536L); // kernels before 5.9
    for (int fd = 3; fd < max; ++fd)
        ::close(fd);
}

// The job's channel: a private copy of stdout, not inherited by anything the job might start;
// fd 1 becomes stderr, so whatever prints (the libraries, a candidate's printf) goes to the log.
// Then the key, the first line on stdin, read before anything else reads stdin.
std::unique_ptr<protocol::JobChannelWriter> openChannel() {
    closeInherited();
    std::fflush(stdout);
    const int protocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    auto key = protocol::readJobKey(STDIN_FILENO);
    if (protocolFd < 0 || !key) {
        std::fprintf(stderr, "kwb-job: %s\n",
                     key ? "cannot copy its output" : key.error().message.c_str());
        if (protocolFd >= 0)
            ::close(protocolFd);
        return nullptr;
    }
    return std::make_unique<protocol::JobChannelWriter>(std::move(*key), protocolFd);
}

// Nothing more comes on stdin once the spec is in: /dev/null takes its place before the
// candidate is loaded, so the candidate finds nothing of the worker's there.
void closeInput() {
    const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null >= 0) {
        ::dup2(null, STDIN_FILENO);
        ::close(null);
    } else {
        ::close(STDIN_FILENO);
    }
}

// The lines before the spec, sent while the worker still builds the candidate: "prepare"
// starts CUDA, "calibrate" measures the device's ceilings, "warm" readies the task's baseline.
// Returns the spec line's JSON (discarded when it is not JSON); false when stdin ended first.
bool readSpec(protocol::JobChannelWriter& channel, PreparedJob* prepared, nlohmann::json* spec) {
    std::string line;
    int preparedDevice = 0;
    for (;;) {
        if (!std::getline(std::cin, line))
            return false;
        *spec = nlohmann::json::parse(line, nullptr, false);
        const std::string type = spec->is_object() ? spec->value("type", "") : std::string();
        if (type == "prepare") {
            (void)applyResourceLimits(); // before CUDA starts, as in runVerifyJob
            preparedDevice = spec->value("device", 0);
            stamp(prepared, "prepare_read");
            // CUDA's start alone, ahead of this job's turn: a process touching the device stalls
            // another's samples (sample_spread.py --beside), so the worker holds this child
            // still while another job times (worker_session.h); the libraries' handles wait
            // for the warm line (warmJob).
            const auto c0 = trace::Clock::now();
            if (cudaSetDevice(preparedDevice) == cudaSuccess)
                (void)cudaFree(nullptr);
            cudaGetLastError(); // runVerifyJob reports a device that does not start
            stamp(prepared, "cuda_ready");
            trace::span("ahead: cuda_start", c0, trace::Clock::now());
        } else if (type == "calibrate") {
            // Answered before the candidate exists, so the worker may cache what this says.
            auto ceilings = measureCeilings(preparedDevice);
            if (ceilings)
                channel.send({{"type", "calibrated"}, {"ceilings", ceilingsToJson(*ceilings)}});
            else
                channel.send({{"type", "calibrated"}, {"error", ceilings.error().message}});
        } else if (type == "warm") {
            stamp(prepared, "warm_read");
            const auto w0 = trace::Clock::now();
            warmJob(*spec, prepared);
            stamp(prepared, "warm_done");
            trace::span("ahead: warm", w0, trace::Clock::now());
            // Answered before the candidate exists, so the worker may keep what this line says:
            // the algorithms the baseline's searches chose (algorithm_choices.h).
            channel.send({{"type", "warmed"}, {"algorithm_choices", foundAlgorithms()}});
        } else {
            return true;
        }
    }
}

// The result is the channel's last frame: the channel closes right after it (the worker checks
// that nothing follows) and the key is zeroed; then the process ends without running the static
// destructors of a process a candidate has been living in.
[[noreturn]] void finish(protocol::JobChannelWriter& channel, const nlohmann::json& result) {
    channel.send({{"type", "result"}, {"result", result}});
    channel.close();
    std::fflush(nullptr);
    ::_exit(0);
}

} // namespace

int jobMain() {
    // A worker that ends, cancelled or crashed, takes its job with it: first thing, so also a
    // child it started ahead and holds stopped (worker_session.h) is bound by it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    const double mainMs = monotonicMs();
    // First, while the job has one thread: a /dev/shm and IPC of its own (sandbox.h). Without
    // namespaces the job gets none; the record says which.
    std::string shmWhy;
    (void)isolateSharedMemory(&shmWhy);
    auto channel = openChannel();
    if (!channel)
        return protocol::kExitProtocolError;
    (void)trace::start(); // before CUDA starts; a benchmark build's only (device_trace.h)
    PreparedJob prepared;
    prepared.report["monotonic_ms"]["main"] = mainMs;
    nlohmann::json spec;
    if (!readSpec(*channel, &prepared, &spec)) {
        channel->send({{"type", "result"},
                       {"result", failed("protocol-error", "the job got no specification")}});
        return protocol::kExitProtocolError;
    }
    if (!spec.is_object()) {
        channel->send({{"type", "result"},
                       {"result", failed("protocol-error", "the job specification is not JSON")}});
        return protocol::kExitProtocolError;
    }
    closeInput();
    auto emit = [&](const nlohmann::json& ev) {
        nlohmann::json m = ev;
        m["type"] = "event";
        channel->send(m);
    };
    if (spec.value("mode", "") == "probe") // CPU-only hostile-code probe (tests/sandbox)
        finish(*channel, runProbeJob(spec, emit));
    finish(*channel, runVerifyJob(spec, emit, &prepared));
}

} // namespace kwb::gpu
