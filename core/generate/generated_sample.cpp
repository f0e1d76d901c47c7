#include "core/generate/generated_sample.h"

#include <ctime>
#include <random>

#include "core/llm/redaction.h"
#include "core/record/record_identity.h"

namespace kwb {

nlohmann::json GeneratedSample::toJson() const {
    nlohmann::json msgs = nlohmann::json::array();
    for (const auto& m : messages)
        msgs.push_back({{"role", m.role}, {"content", m.content}});
    nlohmann::json j = {
        {"schema_version", kSchemaVersion},
        {"type", "sample"},
        {"id", id},
        {"run_id", runId},
        {"parent_id", parentId.empty() ? nlohmann::json() : nlohmann::json(parentId)},
        {"turn", turn},
        {"task_id", taskId},
        {"entry_name", entryName},
        {"created_at", createdAt},
        {"author", {{"kind", "model"}, {"provider", provider}, {"model", model}}},
        {"provider", providerInfo},
        {"parameters", parameters},
        {"system", system},
        {"messages", msgs},
        {"raw_response", rawResponse},
        {"status", status()},
        {"code", code ? nlohmann::json(*code) : nlohmann::json()},
        {"response", metadataJson(completion)},
        {"usage", kwb::toJson(completion.usage)},
        {"cost_usd", costUsd ? nlohmann::json(*costUsd) : nlohmann::json()},
        {"verification", verification}};
    return j;
}

std::string newSampleId() {
    static thread_local std::mt19937_64 rng(std::random_device{}() ^
                                            (std::uint64_t(std::random_device{}()) << 32));
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(rng()),
                  static_cast<unsigned long long>(rng()));
    return buf;
}

std::string utcTimestamp() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void redactGeneratedSample(GeneratedSample& s, const std::vector<std::string>& secrets) {
    auto text = [&](std::string& t) { t = redactForStorage(t, secrets); };
    for (std::string* field :
         {&s.provider, &s.model, &s.system, &s.rawResponse, &s.completion.model,
          &s.completion.responseId, &s.completion.stopReason})
        text(*field);
    for (auto& m : s.messages)
        text(m.content);
    if (s.code)
        text(*s.code);
    redactForStorage(s.providerInfo, secrets);
    redactForStorage(s.parameters, secrets);
    redactForStorage(s.verification, secrets);
    if (s.verificationRecord) {
        // Redacted in its JSON form (keys may hide in any text of it), then sealed again: a
        // changed record is another record, with its own id.
        const nlohmann::json original = verification::toJson(*s.verificationRecord);
        nlohmann::json j = original;
        redactForStorage(j, secrets);
        if (j != original)
            if (auto rec = verification::fromJson(j))
                s.verificationRecord = verification::sealed(std::move(*rec));
    }
}

} // namespace kwb
