#pragma once
// Sample: one candidate kernel for one task, with its full provenance (who wrote it, the exact
// messages sent and the raw response, tokens and cost, the parent when a person edited it).
// Provenance never changes once stored; the store keeps the derived fields (verdict, latest
// verification, duplicate) current from the review history, verifications and dedup.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/review.h"
#include "core/model/verification.h"

namespace kwb {

// Who wrote a sample: a model through a provider, a person, an import from files, the demo set.
enum class SampleOrigin { Model, Person, Import, Demo };

// Stable spellings: "model", "person", "import", "demo".
std::string toString(SampleOrigin o);
std::optional<SampleOrigin> parseSampleOrigin(const std::string& s);

// What the store derives about a sample; read-only for callers. Also the row of a list.
struct SampleStatus {
    Verdict verdict = Verdict::Unreviewed;
    std::optional<std::int64_t> reviewId;    // the latest review entry
    std::string verificationId;              // the latest verification record; empty: none
    std::string verificationVerdict;         // its verdict as stored (verification::toString)
    bool onGpu = false;                      // that verification ran on a GPU
    std::optional<double> speedup;           // its geometric-mean speedup, when timed
    std::string gpu;                         // the device it ran on
    std::optional<std::int64_t> duplicateOf; // the earliest sample this one duplicates
    std::string duplicateKind;               // "exact" or "near"; empty when not a duplicate
    double similarity = 0.0;                 // estimated Jaccard similarity for "near"

    // The latest verification's verdict as the enum (Unknown with the stored text, or with no
    // text when never verified: see verificationId).
    verification::RecordVerdict latestVerdict() const {
        return verification::RecordVerdict::fromText(verificationVerdict);
    }
    bool operator==(const SampleStatus&) const = default;
};

// A sample's fields that lists show, without the (large) source and messages.
struct SampleSummary {
    std::int64_t id = 0;
    std::string taskId;
    std::string label; // file name or a short title
    SampleOrigin origin = SampleOrigin::Import;
    std::string model;
    std::string createdAt;
    std::optional<std::int64_t> parentId;
    SampleStatus status;

    bool operator==(const SampleSummary&) const = default;
};

struct Sample {
    std::int64_t id = 0; // assigned by the store
    std::string taskId;
    std::int64_t taskSpecId = 0; // the task spec as used (assigned by the store)
    std::string createdAt;       // ISO 8601 UTC; the store fills it when empty
    std::string label;
    SampleOrigin origin = SampleOrigin::Import;
    std::string model;    // "claude-...", "gpt-..."; empty for a person or an import
    std::string provider; // "anthropic", "openai-compatible", ...
    nlohmann::json parameters = nlohmann::json::object(); // temperature, max tokens, ...
    std::string author;                                   // the person, for edits and imports
    nlohmann::json messages = nlohmann::json::array();    // exact messages sent: [{role, content}]
    std::string rawResponse;                              // the model's reply, verbatim
    std::string source;                                   // the .cu file
    std::string sourceHash; // SHA-256 of source (the store computes it)
    std::int64_t promptTokens = 0;
    std::int64_t completionTokens = 0;
    double costUsd = 0.0;
    std::optional<std::int64_t> parentId; // the sample a person edited into this one
    SampleStatus status;                  // derived; ignored when adding

    bool operator==(const Sample&) const = default;
};

void to_json(nlohmann::json& j, const SampleStatus& s);
void to_json(nlohmann::json& j, const SampleSummary& s);
void to_json(nlohmann::json& j, const Sample& s);

} // namespace kwb
