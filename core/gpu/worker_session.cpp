#include "core/gpu/worker_session.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <future>
#include <optional>

#include "core/gpu/calibration.h"
#include "core/gpu/candidate_build.h"
#include "core/gpu/device_query.h"
#include "core/gpu/job_launcher.h"
#include "core/gpu/job_warm.h"
#include "core/gpu/profiled_job.h"
#include "core/gpu/result_ceilings.h"
#include "core/gpu/sanitized_job.h"
#include "core/gpu/speed_of_light.h"
#include "core/model/source_limit.h"
#include "core/model/task.h"
#include "core/protocol/protocol.h"
#include "core/reference/formula.h"
#include "core/sys/data_dirs.h"
#include "core/sys/programs.h"
#include "kwb/version.h"

namespace kwb::gpu {

namespace p = kwb::protocol;

WorkerSession::WorkerSession(std::string jobPath, std::string runnerPath)
    : m_jobPath(std::move(jobPath)), m_runnerPath(std::move(runnerPath)) {}
WorkerSession::~WorkerSession() = default;

const DeviceInfo& WorkerSession::devices(bool withLibraries) {
    if (!m_devices || (withLibraries && !m_devicesHaveLibraries)) {
        m_devices = queryDevices(withLibraries);
        m_devicesHaveLibraries = withLibraries;
    }
    return *m_devices;
}

BuildCache& WorkerSession::buildCache() {
    if (!m_cache)
        m_cache = std::make_unique<BuildCache>(cacheDirectory(), locateNvcc(), m_runnerPath);
    return *m_cache;
}

void WorkerSession::handleLine(const std::string& line, const Sink& send) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
        return; // blank lines are ignored
    auto msg = nlohmann::json::parse(line, nullptr, false);
    if (msg.is_discarded() || !msg.is_object())
        return send(p::errorReplyToHead(p::requestHeadOf(line), "malformed-request",
                                        "a request must be one JSON object on one line"));
    if (!msg.contains("type") || !msg["type"].is_string())
        return send(p::errorReply(msg, "malformed-request", "the request has no string \"type\""));
    if (msg["type"] == "hello")
        return send(handleHello(msg));
    if (!m_greeted)
        return send(p::errorReply(msg, "handshake-required",
                                  "send {\"type\":\"hello\",\"protocol\":" +
                                      std::to_string(p::kVersion) + "} before any request"));
    if (!msg.contains("id") || !msg["id"].is_number_integer())
        return send(p::errorReply(msg, "malformed-request", "the request has no integer \"id\""));
    send(handleRequest(msg, send));
}

nlohmann::json WorkerSession::handleHello(const nlohmann::json& msg) {
    nlohmann::json supported = {{"min", p::kMinSupported}, {"max", p::kMaxSupported}};
    if (!msg.contains("protocol") || !msg["protocol"].is_number_integer()) {
        auto r = p::errorReply(msg, "malformed-request", "hello needs an integer \"protocol\"");
        r["supported"] = supported;
        return r;
    }
    int version = msg["protocol"].get<int>();
    if (version < p::kMinSupported || version > p::kMaxSupported) {
        auto r = p::errorReply(msg, "version-mismatch",
                               "the client speaks protocol " + std::to_string(version) +
                                   " but this worker speaks " + std::to_string(p::kMinSupported) +
                                   " to " + std::to_string(p::kMaxSupported) +
                                   "; install matching versions of the workbench and kwb-runner");
        r["supported"] = supported;
        m_finished = true;
        m_exitCode = p::kExitVersionMismatch;
        return r;
    }
    m_greeted = true;
    auto r = p::okReply(msg);
    r["protocol"] = version;
    r["worker"] = std::string("kwb-runner/") + kVersion;
    r["supported"] = supported;
    return r;
}

nlohmann::json WorkerSession::handleRequest(const nlohmann::json& msg, const Sink& send) {
    const std::string type = msg["type"].get<std::string>();
    if (type == "device-info")
        return p::okReply(msg, devices(/*withLibraries=*/true));
    if (type == "build") {
        auto r = build(msg.value("params", nlohmann::json::object()));
        if (r.contains("error"))
            return p::errorReply(msg, r["error"]["code"], r["error"]["message"]);
        return p::okReply(msg, r);
    }
    if (type == "verify") {
        auto r = verify(msg, send);
        if (r.contains("error"))
            return p::errorReply(msg, r["error"]["code"], r["error"]["message"]);
        return p::okReply(msg, r);
    }
    if (type == "shutdown") {
        m_finished = true;
        m_exitCode = p::kExitOk;
        return p::okReply(msg);
    }
    return p::errorReply(msg, "unknown-request",
                         "this worker does not know the request \"" + type + "\"");
}

namespace {

// The candidate's file name, as the compiler and the tools print it in diagnostics, findings
// and source pages: the request's, unless it could leave the job's folder or break a line.
std::string candidateFileName(const nlohmann::json& params) {
    std::string fileName = params.value("file_name", "candidate.cu");
    if (fileName.find_first_of("/\\\"\n") != std::string::npos || fileName.empty())
        return "candidate.cu";
    return fileName;
}

} // namespace

nlohmann::json WorkerSession::build(const nlohmann::json& params) {
    auto err = [](const std::string& c, const std::string& m) {
        return nlohmann::json{{"error", {{"code", c}, {"message", m}}}};
    };
    auto task = taskFromJson(params.value("task", nlohmann::json::object()));
    if (!task)
        return err("bad-request", "build: the task is invalid: " + task.error().message);
    BuildRequest req;
    req.source = params.value("source", "");
    if (req.source.size() >
        kwb::kMaxSourceBytes) // the client checks too; this worker may serve others
        return err("source-too-large", kwb::sourceTooLargeMessage(req.source.size()));
    req.fileName = candidateFileName(params);
    req.entryName = task->entryName;
    req.entrySignature = task->entrySignature;
    req.parameters = task->parameters;
    req.allowedLibraries = task->allowedLibraries;
    const DeviceInfo& d = devices();
    req.arch = params.value("arch", d.gpus.empty() ? std::string("sm_90")
                                                   : "sm_" + std::to_string(d.gpus[0].ccMajor) +
                                                         std::to_string(d.gpus[0].ccMinor));
    auto out = buildCache().build(req, std::chrono::seconds(params.value("timeout_s", 180)));
    if (!out)
        return err(out.error().code, out.error().message);
    nlohmann::json j = *out;
    j["arch"] = req.arch;
    return j;
}

// The task's reference kernel through the candidates' build (the task's entry point and shim):
// the build's answer, or an error when it does not compile (the task's fault, not a verdict on
// the candidate).
nlohmann::json WorkerSession::buildReference(const nlohmann::json& params) {
    nlohmann::json p = params;
    const nlohmann::json& ref = params["task"]["reference"];
    p["source"] = ref.value("kernel_source", "");
    p["file_name"] = std::filesystem::path(ref.value("kernel", "reference.cu")).filename().string();
    auto err = [](const std::string& m) {
        return nlohmann::json{{"error", {{"code", "reference-invalid"}, {"message", m}}}};
    };
    if (p["source"].get<std::string>().empty())
        return err("the task's reference kernel came without its source");
    nlohmann::json built = build(p);
    if (built.contains("error"))
        return built;
    if (!built.value("ok", false))
        return err("the task's reference kernel " + p["file_name"].get<std::string>() +
                   " does not compile: " + built.value("failure", "nvcc failed") +
                   " (kwb tasks check shows the compiler's messages)");
    return built;
}

namespace {

// A job under compute-sanitizer or Nsight Compute tears down its instrumented CUDA context and
// the tool writes its report as the job exits: seconds, more with many jobs at once on a busy
// host; stopping it earlier loses the report and reads a clean job as tampering.
constexpr std::chrono::seconds kInstrumentedExit{30};

// What the job child is sent: the request without the source, with the libraries' paths.
nlohmann::json jobSpec(const nlohmann::json& params, const nlohmann::json& built,
                       const nlohmann::json& reference, int device) {
    nlohmann::json spec = params;
    spec.erase("source");
    spec.erase("prepare_next");
    spec.erase("next");
    spec.erase("after_next");
    spec["library"] = built["library_path"];
    if (reference.contains("library_path"))
        spec["reference_library"] = reference["library_path"];
    spec["device"] = device;
    return spec;
}

JobLimits jobLimits(const nlohmann::json& params) {
    JobLimits limits;
    limits.total = std::chrono::seconds(params.value("timeout_s", 300));
    limits.idle = std::chrono::seconds(params.value("idle_timeout_s", 20));
    return limits;
}

// An instrumented run (sanitizer, profiler) slows the candidate many times over and exits
// slowly: at least ten minutes in all, `idle` without a line, and the long channel close.
JobLimits instrumentedLimits(const JobLimits& limits, std::chrono::seconds idle) {
    JobLimits out;
    out.total = std::max(limits.total, std::chrono::seconds(600));
    out.idle = std::max(limits.idle, idle);
    out.channelEnd = kInstrumentedExit;
    return out;
}

// Where a run's reports go: beside the build cache, one folder per run, for the record's paths.
std::filesystem::path runReportFolder(const char* kind, const nlohmann::json& built) {
    const auto stamp = std::chrono::system_clock::now().time_since_epoch().count();
    return cacheDirectory() / kind /
           (built.value("key", "candidate") + "-" + std::to_string(stamp));
}

// Where a child started ahead spent its life before its job, in ms from its start, into the
// timeline (flat, like its other steps): when this verification asked for it ("child_asked";
// "child_held": how long it had been held still by then) and the child's own stamps
// (PreparedJob's "monotonic_ms": its main, the prepare line read, CUDA started, the last warm
// line read and done), which leave the record's "prepared".
void addChildTimeline(const JobChildClock& clock, nlohmann::json* result,
                      nlohmann::json* timeline) {
    (*timeline)["child_asked"] = clock.ageMs;
    (*timeline)["child_held"] = clock.heldMs;
    auto prepared = result->find("prepared");
    if (prepared == result->end() || !prepared->is_object())
        return;
    const nlohmann::json stamps = prepared->value("monotonic_ms", nlohmann::json::object());
    for (const auto& [k, v] : stamps.items())
        if (v.is_number())
            (*timeline)["child_" + k] = v.get<double>() - clock.startedMonotonicMs;
    prepared->erase("monotonic_ms");
}

} // namespace

nlohmann::json WorkerSession::sanitizedJob(const nlohmann::json& params, const nlohmann::json& spec,
                                           const nlohmann::json& built, const JobLimits& limits,
                                           const std::function<void(nlohmann::json)>& progress) {
    SanitizedJob job;
    job.jobPath = m_jobPath;
    job.sanitizerPath = locateCudaTool("compute-sanitizer");
    job.runnerPath = m_runnerPath;
    job.spec = spec;
    job.limits = instrumentedLimits(limits, std::chrono::seconds(120)); // racecheck slowest
    std::string list;
    for (const auto& t : params["sanitize"])
        if (t.is_string())
            list += (list.empty() ? "" : ",") + t.get<std::string>();
    auto tools = tools::parseSanitizerTools(list);
    if (!tools)
        return {{"verdict", "protocol-error"},
                {"detail", tools.error().message},
                {"shapes", nlohmann::json::array()}};
    job.tools = *tools;
    job.candidate = {candidateFileName(params), built.value("library_path", "")};
    job.reportFolder = runReportFolder("sanitizer", built);
    return runSanitizedJob(job, [&](const nlohmann::json& ev) { progress(ev); });
}

nlohmann::json WorkerSession::profiledJob(const nlohmann::json& params, const nlohmann::json& spec,
                                          const nlohmann::json& built, const JobLimits& limits,
                                          const std::function<void(nlohmann::json)>& progress) {
    ProfiledJob job;
    job.jobPath = m_jobPath;
    job.ncuPath = locateCudaTool("ncu");
    job.runnerPath = m_runnerPath;
    job.spec = spec;
    // Kernel replay runs each profiled kernel once per pass, many passes for the full set.
    job.limits = instrumentedLimits(limits, std::chrono::seconds(300));
    const nlohmann::json profile = params.value("profile", nlohmann::json::object());
    job.sections = profile.value("sections", "full") == "basic" ? "basic" : "full";
    job.candidateFile = candidateFileName(params);
    job.candidateSource = params.value("source", "");
    job.reportFolder = runReportFolder("profiles", built);
    return runProfiledJob(job, [&](const nlohmann::json& ev) { progress(ev); });
}

StartedJobPtr WorkerSession::jobChildFor(int device, bool* ahead, std::string* prewarmed,
                                         double* prewarmAgeMs) {
    *ahead = false;
    prewarmed->clear();
    *prewarmAgeMs = 0;
    while (!m_ahead.empty()) {
        AheadChild next = std::move(m_ahead.front());
        m_ahead.pop_front();
        if (next.device == device && jobChildWaiting(*next.job)) {
            holdJobChild(*next.job, false);
            *ahead = true;
            *prewarmed = std::move(next.prewarmed);
            if (!prewarmed->empty())
                *prewarmAgeMs = std::chrono::duration<double, std::milli>(
                                    std::chrono::steady_clock::now() - next.prewarmSent)
                                    .count();
            return std::move(next.job);
        }
        // another device's, or gone: its group is killed, its folder removed
    }
    return startJobChild(m_jobPath, {{"type", "prepare"}, {"device", device}});
}

void WorkerSession::startAhead(int device) {
    while (m_ahead.size() < kAheadChildren)
        m_ahead.push_back(
            {startJobChild(m_jobPath, {{"type", "prepare"}, {"device", device}}), device, {}, {}});
}

void WorkerSession::holdAhead(bool hold) {
    for (AheadChild& c : m_ahead)
        holdJobChild(*c.job, hold);
}

void WorkerSession::prewarmNext(const nlohmann::json& params, int device) {
    // The first child started ahead is the next verification's, the second the one after it's.
    const char* hints[kAheadChildren] = {"next", "after_next"};
    for (std::size_t i = 0; i < kAheadChildren && i < m_ahead.size(); ++i) {
        const auto hint = params.find(hints[i]);
        if (hint == params.end() || !hint->is_object())
            return;
        prewarmChild(m_ahead[i], *hint, device);
    }
}

void WorkerSession::prewarmChild(AheadChild& child, const nlohmann::json& hint, int device) {
    if (!child.prewarmed.empty() || child.device != device || !jobChildWaiting(*child.job) ||
        !jobChildSettled(*child.job))
        return;
    const auto line = m_warmLines.find(warmTaskKey(hint.value("task", nlohmann::json::object()),
                                                   hint.value("shapes", nlohmann::json())));
    const auto choices = m_choicesFiles.find(device);
    if (line == m_warmLines.end() || choices == m_choicesFiles.end())
        return;
    if (sendWarm(*child.job, line->second, choices->second)) {
        child.prewarmed = line->second.dump();
        child.prewarmSent = std::chrono::steady_clock::now();
    }
}

std::optional<Result<DeviceCeilings>>
WorkerSession::warmUp(StartedJobPtr& early, const std::string& prewarmed,
                      const nlohmann::json& params, const nlohmann::json& reference, int device,
                      bool needCeilings, const std::function<double()>& since,
                      nlohmann::json* timeline) {
    // The ceilings' probe and the baseline's algorithm search time what they run: the children
    // started ahead are held while either may run. Reading the answer of a warm sent ahead (a task
    // warmed before: it searches nothing) and cached ceilings need no hold, and the children go
    // on starting meanwhile.
    struct Held {
        WorkerSession& s;
        bool on = false;
        void hold() {
            if (!on)
                s.holdAhead(true);
            on = true;
        }
        ~Held() {
            if (on)
                s.holdAhead(false);
        }
    } held{*this};
    const nlohmann::json line = warmLine(params, reference);
    bool warmed = false;
    if (early && !prewarmed.empty()) { // its answer comes first, whichever task it was for
        if (awaitWarmed(*early, m_choicesFiles[device]))
            warmed = prewarmed == line.dump();
        else
            early.reset();
        (*timeline)["prewarmed"] = warmed ? 1 : 0;
    }
    std::optional<Result<DeviceCeilings>> c;
    if (needCeilings) {
        c = ceilingsFor(device, early.get(), [&held] { held.hold(); });
        (*timeline)["calibration_ready"] = since();
    }
    const auto choices = algorithmChoicesFile(device, c);
    if (early && !warmed) {
        held.hold();
        warmed = sendWarm(*early, line, choices) && awaitWarmed(*early, choices);
    }
    if (early && warmed) {
        (*timeline)["warm_done"] = since();
        m_warmLines[warmTaskKey(line["task"], params.value("shapes", nlohmann::json()))] = line;
        m_choicesFiles[device] = choices;
    } else {
        early.reset(); // gone or confused: the job gets a fresh child
    }
    return c;
}

nlohmann::json WorkerSession::runJob(const nlohmann::json& params, const nlohmann::json& spec,
                                     const nlohmann::json& built,
                                     const std::function<void(nlohmann::json)>& progress,
                                     StartedJobPtr early, int device) {
    const JobLimits limits = jobLimits(params);
    if (params.contains("sanitize"))
        return sanitizedJob(params, spec, built, limits, progress);
    if (params.contains("profile"))
        return profiledJob(params, spec, built, limits, progress);
    // The next children start now, after this one's warm-up: their processes and CUDA start on
    // the host's other cores while this job checks its candidate, held while it times; the GPU
    // work they send (a warm sent ahead) goes in this job's untimed stretches.
    if (params.value("prepare_next", false) && early)
        startAhead(device);
    auto jobEvent = [&](const nlohmann::json& ev) {
        // The job's watch saw another context's work on the device before timing: the children
        // started ahead are this worker's only other contexts there, and held, their queued
        // kernels still run. They end now; the next verifications start fresh children.
        if (deviceBusyEvent(ev) && !m_ahead.empty()) {
            m_ahead.clear();
            ++m_aheadEnded;
        }
        if (auto hold = holdAheadAfter(ev)) {
            holdAhead(*hold);
            if (!*hold)
                prewarmNext(params, device);
        }
        progress(ev);
    };
    nlohmann::json job = runJobInChild(m_jobPath, spec, limits, jobEvent, std::move(early));
    holdAhead(false);
    return job;
}

nlohmann::json WorkerSession::verify(const nlohmann::json& msg, const Sink& send) {
    const nlohmann::json params = msg.value("params", nlohmann::json::object());
    auto task = taskFromJson(params.value("task", nlohmann::json::object()));
    if (!task)
        return {{"error",
                 {{"code", "bad-request"},
                  {"message", "verify: the task is invalid: " + task.error().message}}}};
    auto progress = [&](nlohmann::json ev) {
        send({{"id", msg["id"]}, {"type", "progress"}, {"ok", true}, {"event", std::move(ev)}});
    };
    int device = params.value("device", 0);
    const bool sanitizing = params.contains("sanitize");
    const bool profiling = params.contains("profile");
    const bool bench = params.value("bench", true) && !sanitizing && !profiling;
    // While nvcc builds, the job child starts CUDA, measures the device's ceilings if none are
    // cached (once per device) and warms the task's baseline; all before the job times anything.
    // The child starts before this process asks the driver for its devices (both take a while).
    StartedJobPtr early;
    bool ahead = false;
    std::string prewarmed;
    double prewarmAgeMs = 0;
    // (A profile starts one too: it measures the ceilings the roofline needs when none are cached.)
    if (!sanitizing && (!m_devices || !m_devices->gpus.empty()))
        early = jobChildFor(device, &ahead, &prewarmed, &prewarmAgeMs);
    const JobChildClock childClock = early ? jobChildClock(*early) : JobChildClock{};
    const auto q0 = std::chrono::steady_clock::now();
    const DeviceInfo& d = devices();
    const bool haveDevice = !d.gpus.empty() && device >= 0 && device < int(d.gpus.size());
    if (!haveDevice)
        early.reset();
    progress({{"stage", "build"}});
    const auto t0 = std::chrono::steady_clock::now();
    auto since = [&t0] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
            .count();
    };
    nlohmann::json timeline = {{"child_started_ahead", ahead ? 1 : 0}};
    // How long the warm sent ahead had (held while the job before timed) when this job asked.
    if (!prewarmed.empty())
        timeline["prewarm_age_ms"] = prewarmAgeMs;
    // Asking the driver for the devices (the first time: it starts), after the child started and
    // before nvcc can: the worker's own time that adds to nvcc's on a cold verification.
    timeline["before_build"] = std::chrono::duration<double, std::milli>(t0 - q0).count();
    // The task's reference kernel (cached like a candidate), then the candidate, on the build
    // thread: the warm line needs only the reference; only a job on a device runs it.
    std::promise<nlohmann::json> referenceBuilt;
    auto referenceReady = referenceBuilt.get_future();
    const bool needReference = haveDevice && task->reference.hasKernel();
    auto building = std::async(std::launch::async, [this, &params, needReference, &referenceBuilt] {
        referenceBuilt.set_value(needReference ? buildReference(params) : nlohmann::json());
        return build(params);
    });
    nlohmann::json reference = referenceReady.get();
    if (needReference)
        timeline["reference_built"] = since();
    if (reference.contains("error"))
        return (void)building.get(), reference;
    std::optional<Result<DeviceCeilings>> c =
        warmUp(early, prewarmed, params, reference, device, haveDevice && (bench || profiling),
               since, &timeline);
    nlohmann::json built = building.get();
    timeline["build_done"] = since();
    if (built.contains("error"))
        return built;
    nlohmann::json result = {{"build", built}, {"seed", params.value("seed", 0ULL)}};
    if (!built.value("ok", false)) {
        result["verdict"] = "compile-error";
        result["detail"] = built.value("failure", "nvcc failed");
        return result;
    }
    if (!haveDevice) {
        result["verdict"] = "not-run";
        result["detail"] =
            "not run: no CUDA device (" +
            (d.gpus.empty() ? d.noDeviceReason : "no device " + std::to_string(device)) + ")";
        return result;
    }
    const nlohmann::json spec = jobSpec(params, built, reference, device);
    m_aheadEnded = 0;
    nlohmann::json job = runJob(params, spec, built, progress, std::move(early), device);
    timeline["job_done"] = since();
    if (m_aheadEnded > 0)
        timeline["ahead_ended_for_busy_device"] = m_aheadEnded;
    for (auto& [k, v] : job.items())
        result[k] = v;
    if (ahead)
        addChildTimeline(childClock, &result, &timeline);
    result["worker_timeline_ms"] = timeline;
    applyCeilings(*task, c, bench, profiling, result);
    return result;
}

} // namespace kwb::gpu
