#include "core/verify/lane_baselines.h"

#include "core/sys/sha256.h"
#include "core/verify/verification_queue.h"

namespace kwb {

namespace v = verification;

bool LaneBaselines::applies(const Task& task, const VerifyOptions& options) {
    return options.bench && options.sanitize.empty() && options.profile.empty() &&
           task.reference.hasKernel() && !task.reference.kernelSource.empty();
}

bool LaneBaselines::isReference(const Task& task, const std::string& source) {
    return task.reference.hasKernel() && !task.reference.kernelSource.empty() &&
           source == task.reference.kernelSource;
}

std::string LaneBaselines::key(const Task& task, const VerifyOptions& options) {
    return task.id + "\n" + sha256Hex(nlohmann::json(task).dump()) + "\n" +
           verificationOptionsKey(options).dump();
}

const LaneBaselines::Entry* LaneBaselines::fresh(const std::string& key,
                                                 Clock::time_point now) const {
    auto it = m_entries.find(key);
    if (it == m_entries.end() || now - it->second.measured > m_maxAge)
        return nullptr;
    return &it->second;
}

std::optional<nlohmann::json> LaneBaselines::take(const Task& task, const VerifyOptions& options,
                                                  Clock::time_point now) {
    if (!applies(task, options))
        return std::nullopt;
    auto found = m_entries.find(key(task, options));
    if (found == m_entries.end() || !fresh(found->first, now) || found->second.shapes.empty())
        return std::nullopt;
    Entry* entry = &found->second;
    ++entry->uses;
    v::BaselineReuse reuse;
    reuse.source = "reference";
    reuse.sourceHash = entry->sourceHash;
    reuse.ageSeconds = std::chrono::duration<double>(now - entry->measured).count();
    reuse.use = entry->uses;
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [shape, figures] : entry->shapes) {
        out[shape] = figures;
        out[shape]["reused"] = v::toJson(reuse);
    }
    return out;
}

bool LaneBaselines::wanted(const Task& task, const VerifyOptions& options,
                           Clock::time_point now) const {
    return applies(task, options) && !fresh(key(task, options), now);
}

bool LaneBaselines::learn(const Task& task, const VerifyOptions& options,
                          const v::VerificationRecordData& record, Clock::time_point now) {
    if (!applies(task, options))
        return false;
    // A clean pass only: every shape timed, none flagged, its baseline measured in that job.
    std::map<std::string, nlohmann::json> shapes;
    bool clean = record.verdict.value == v::Verdict::Pass && !record.shapes.empty() &&
                 record.sourceHash == sha256Hex(task.reference.kernelSource);
    for (const auto& s : record.shapes) {
        clean = clean && s.baseline && !s.baseline->reused && s.baseline->medianMs > 0;
        if (clean)
            shapes[s.name] = v::toJson(*s.baseline);
    }
    if (!clean) {
        failed(task, options, now);
        return false;
    }
    keep(task, options, std::move(shapes), now);
    return true;
}

void LaneBaselines::failed(const Task& task, const VerifyOptions& options, Clock::time_point now) {
    if (applies(task, options))
        keep(task, options, {}, now);
}

void LaneBaselines::keep(const Task& task, const VerifyOptions& options,
                         std::map<std::string, nlohmann::json> shapes, Clock::time_point now) {
    Entry& entry = m_entries[key(task, options)];
    entry = Entry{};
    entry.shapes = std::move(shapes);
    entry.sourceHash = sha256Hex(task.reference.kernelSource);
    entry.measured = now;
}

} // namespace kwb
