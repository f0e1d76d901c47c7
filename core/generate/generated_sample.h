#pragma once
// One finished generation, with its full provenance: who wrote it (provider, model, parameters),
// the exact messages sent, the raw response, the extracted code or "no code", tokens, cost,
// timings, and the parent sample for a repair turn. What a SampleSink stores.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/chat_types.h"
#include "core/model/verification.h"

namespace kwb {

struct GeneratedSample {
    static constexpr int kSchemaVersion = 1;

    std::string id;       // 32 hex digits, random
    std::string runId;    // the `kwb generate` run (or GUI batch) it came from
    std::string parentId; // repair turns: the sample whose failure was sent back; else empty
    int turn = 0;         // 0: first answer; k: k-th repair turn
    std::string taskId;
    std::string entryName;
    std::string createdAt; // UTC, ISO 8601

    std::string provider;        // the configured provider's name
    nlohmann::json providerInfo; // ProviderConfig::publicJson(): protocol, base URL, never the key
    std::string model;           // as requested
    nlohmann::json parameters;   // max_tokens, temperature, top_p, stop
    std::string system;          // exactly as sent
    std::vector<ChatMessage> messages; // exactly as sent, in order

    std::string rawResponse;         // the assistant's text, unmodified
    std::optional<std::string> code; // the extracted source; nothing: "no code"
    Completion completion;           // stop reason, usage, attempts, timings (text unused)
    std::optional<double> costUsd;   // nothing: no price for the model

    nlohmann::json verification; // summary of a check when the run verified it, else null
    // The full record of that check (not in toJson(): a database sink stores it on its own).
    std::optional<verification::VerificationRecordData> verificationRecord;

    std::string status() const { return code ? "code" : "no-code"; }
    nlohmann::json toJson() const;
};

// 32 random hex digits.
std::string newSampleId();
std::string utcTimestamp();

// The one place a finished answer passes before any sink stores it: every string of it (ids and
// timestamps are the run's own), the provider's settings and the model name included, since a
// key can be passed as --model or sit in a base URL.
void redactGeneratedSample(GeneratedSample& sample, const std::vector<std::string>& secrets);

} // namespace kwb
