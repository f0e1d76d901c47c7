#include "core/model/sample.h"

namespace kwb {
namespace {

template <typename T> nlohmann::json orNull(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

} // namespace

std::string toString(SampleOrigin o) {
    switch (o) {
    case SampleOrigin::Model:
        return "model";
    case SampleOrigin::Person:
        return "person";
    case SampleOrigin::Import:
        return "import";
    case SampleOrigin::Demo:
        return "demo";
    }
    return "import";
}

std::optional<SampleOrigin> parseSampleOrigin(const std::string& s) {
    for (SampleOrigin o :
         {SampleOrigin::Model, SampleOrigin::Person, SampleOrigin::Import, SampleOrigin::Demo})
        if (toString(o) == s)
            return o;
    return std::nullopt;
}

void to_json(nlohmann::json& j, const SampleStatus& s) {
    j = {{"verdict", toString(s.verdict)},
         {"review_id", orNull(s.reviewId)},
         {"verification_id",
          s.verificationId.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.verificationId)},
         {"verification_verdict", s.verificationVerdict},
         {"on_gpu", s.onGpu},
         {"speedup", orNull(s.speedup)},
         {"gpu", s.gpu},
         {"duplicate_of", orNull(s.duplicateOf)},
         {"duplicate_kind", s.duplicateKind},
         {"similarity", s.similarity}};
}

void to_json(nlohmann::json& j, const SampleSummary& s) {
    j = {{"id", s.id},
         {"task", s.taskId},
         {"label", s.label},
         {"origin", toString(s.origin)},
         {"model", s.model},
         {"created_at", s.createdAt},
         {"parent_id", orNull(s.parentId)},
         {"status", s.status}};
}

void to_json(nlohmann::json& j, const Sample& s) {
    j = {{"id", s.id},
         {"task", s.taskId},
         {"task_spec_id", s.taskSpecId},
         {"created_at", s.createdAt},
         {"label", s.label},
         {"origin", toString(s.origin)},
         {"model", s.model},
         {"provider", s.provider},
         {"parameters", s.parameters},
         {"author", s.author},
         {"messages", s.messages},
         {"raw_response", s.rawResponse},
         {"source", s.source},
         {"source_hash", s.sourceHash},
         {"prompt_tokens", s.promptTokens},
         {"completion_tokens", s.completionTokens},
         {"cost_usd", s.costUsd},
         {"parent_id", orNull(s.parentId)},
         {"status", s.status}};
}

} // namespace kwb
