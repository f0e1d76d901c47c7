#include "core/verify/verifier.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <random>

#include "core/model/source_limit.h"
#include "core/record/record_identity.h"
#include "core/screening/host_code_screen.h"
#include "core/sys/sha256.h"
#include "kwb/version.h"

namespace kwb {

namespace {
std::string nowIso() {
    std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

verification::Screening screeningOf(const ScreeningResult& result) {
    verification::Screening s;
    s.version = ScreeningResult::kVersion;
    for (const auto& f : result.findings)
        s.findings.push_back({f.kind, f.line, f.text, nlohmann::json::object()});
    return s;
}
} // namespace

std::vector<std::string> sanitizerShapes(const Task& task) {
    std::vector<std::string> out;
    const ShapeSpec* odd = nullptr;
    auto elements = [](const ShapeSpec& s) {
        double n = 1;
        for (const auto& [k, d] : s.dims)
            n *= double(d);
        return n;
    };
    for (const auto& s : task.shapes) {
        if (s.cpuReference) {
            out.push_back(s.name);
            continue;
        }
        const bool ragged = std::any_of(s.dims.begin(), s.dims.end(),
                                        [](const auto& d) { return d.second % 32 != 0; });
        if (ragged && (!odd || elements(s) < elements(*odd)))
            odd = &s;
    }
    if (odd)
        out.push_back(odd->name);
    if (out.empty() && !task.shapes.empty())
        out.push_back(task.shapes.front().name);
    return out;
}

std::string profileShape(const Task& task) {
    for (const auto& s : task.shapes)
        if (s.name == "large")
            return s.name;
    return task.shapes.empty() ? std::string() : task.shapes.front().name;
}

Result<VerifyRequest> makeVerifyRequest(const Task& task, const std::string& source,
                                        const std::string& fileName, const VerifyOptions& options) {
    if (source.size() > kMaxSourceBytes) // refused before any worker is started
        return Error::make("source-too-large", sourceTooLargeMessage(source.size()));
    std::uint64_t seed = options.seed;
    if (seed == 0) {
        std::random_device rd;
        seed = (std::uint64_t(rd()) << 32) ^ rd();
    }
    for (const auto& s : options.shapes)
        if (!task.findShape(s))
            return Error::make("bad-shape", "task " + task.id + " has no shape \"" + s + "\"");
    VerifyRequest request;
    request.source = source;
    request.fileName = fileName;
    request.seed = seed;
    request.shapes = options.shapes;
    request.sanitize = options.sanitize;
    if (!options.sanitize.empty() && request.shapes.empty())
        request.shapes = sanitizerShapes(task);
    if (!options.profile.empty()) {
        if (options.profile != "basic" && options.profile != "full")
            return Error::make("bad-argument", "the profile's section set is \"" + options.profile +
                                                   "\"; it is \"basic\" or \"full\"");
        request.profile = options.profile;
        request.shapes = {options.shapes.empty() ? profileShape(task) : options.shapes.front()};
    }
    request.bench = options.bench && options.profile.empty();
    request.trials = options.trials;
    request.timing = options.timing;
    request.timeoutSeconds = options.timeoutSeconds;
    request.idleTimeoutSeconds = options.idleTimeoutSeconds;
    return request;
}

verification::VerificationRecordData finishRecord(verification::VerificationRecordData answer,
                                                  const Task& task, const VerifyRequest& request,
                                                  const std::string& workerDescription,
                                                  double wallSeconds) {
    verification::VerificationRecordData rec = std::move(answer);
    rec.taskId = task.id;
    rec.createdAt = nowIso();
    rec.workbenchVersion = kVersion;
    rec.worker = workerDescription;
    rec.seed = request.seed;
    rec.wallSeconds = wallSeconds;
    // Screened here, by the trusted client, not by the worker the candidate runs beside.
    rec.screening =
        screeningOf(screenHostCode(request.source, ScreeningOptions{task.allowedLibraries}));
    return verification::sealed(std::move(rec));
}

Result<verification::VerificationRecordData>
recordWithoutJob(const Task& task, const VerifyRequest& request,
                 const std::optional<verification::BuildReport>& build,
                 verification::Verdict verdict, const std::string& detail,
                 const std::string& workerDescription, double wallSeconds) {
    // The members the worker's verify answers a failed build with.
    nlohmann::json answer = {
        {"schema_version", verification::VerificationRecordData::kSchemaVersion},
        {"task_id", task.id},
        {"source_hash", sha256Hex(request.source)},
        {"created_at", ""},
        {"seed", request.seed},
        {"verdict", verification::toString(verdict)},
        {"detail", detail}};
    if (build)
        answer["build"] = verification::toJson(*build);
    auto record = verification::fromJson(answer);
    if (!record)
        return record.error();
    return finishRecord(std::move(*record), task, request, workerDescription, wallSeconds);
}

Result<verification::VerificationRecordData>
Verifier::verify(const Task& task, const std::string& source, const std::string& fileName,
                 const VerifyOptions& options,
                 const std::function<void(const VerifyProgress&)>& progress,
                 const std::atomic<bool>* cancel) {
    auto request = makeVerifyRequest(task, source, fileName, options);
    if (!request)
        return request.error();
    auto t0 = std::chrono::steady_clock::now();
    auto onEvent = [&](const nlohmann::json& ev) {
        if (progress)
            progress({ev.value("stage", ev.value("event", "")), ev.value("shape", ""), ev});
    };
    auto timeout = std::chrono::seconds(options.timeoutSeconds + 240); // builds and start-up on top
    auto answer = m_worker.verify(task, *request, timeout, onEvent, cancel);
    if (!answer)
        return answer.error();
    return finishRecord(
        std::move(*answer), task, *request, m_worker.description(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

} // namespace kwb
