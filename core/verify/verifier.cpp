#include "core/verify/verifier.h"

#include <chrono>
#include <ctime>
#include <random>

#include "core/screening/host_code_screen.h"
#include "core/protocol/protocol.h"
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
} // namespace

Result<VerificationRecord> Verifier::verify(const Task& task, const std::string& source,
                                            const std::string& fileName,
                                            const VerifyOptions& options,
                                            const std::function<void(const VerifyProgress&)>& progress,
                                            const std::atomic<bool>* cancel) {
    if (source.size() > protocol::kMaxSourceBytes) // refused before any worker is started
        return Error::make("source-too-large", protocol::sourceTooLargeMessage(source.size()));
    std::uint64_t seed = options.seed;
    if (seed == 0) {
        std::random_device rd;
        seed = (std::uint64_t(rd()) << 32) ^ rd();
    }
    for (const auto& s : options.shapes)
        if (!task.findShape(s))
            return Error::make("bad-shape", "task " + task.id + " has no shape \"" + s + "\"");
    nlohmann::json params = {{"task", task},
                             {"source", source},
                             {"file_name", fileName},
                             {"seed", seed},
                             {"shapes", options.shapes},
                             {"bench", options.bench},
                             {"trials", options.trials},
                             {"timing", options.timing},
                             {"timeout_s", options.timeoutSeconds},
                             {"idle_timeout_s", options.idleTimeoutSeconds}};
    auto t0 = std::chrono::steady_clock::now();
    auto onEvent = [&](const nlohmann::json& ev) {
        if (progress)
            progress({ev.value("stage", ev.value("event", "")), ev.value("shape", ""), ev});
    };
    auto timeout = std::chrono::seconds(options.timeoutSeconds + 240); // builds and start-up on top
    auto r = m_worker.call("verify", params, timeout, onEvent, cancel);
    if (!r)
        return r.error();
    nlohmann::json rec = *r;
    rec["schema_version"] = VerificationRecord::kSchemaVersion;
    rec["task_id"] = task.id;
    rec["source_hash"] = sha256Hex(source);
    rec["created_at"] = nowIso();
    rec["workbench_version"] = kVersion;
    rec["worker"] = m_worker.description();
    rec["seed"] = seed;
    rec["wall_seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Screened here, by the trusted client, not by the worker the candidate runs beside.
    rec["screening"] = toJson(screenHostCode(source, ScreeningOptions{task.allowedLibraries}));
    if (!rec.contains("verdict"))
        return Error::make("protocol-error", "the worker's verify answer has no verdict");
    return VerificationRecord::fromJson(std::move(rec));
}

} // namespace kwb
