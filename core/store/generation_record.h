#pragma once
// GenerationRecord: one answer of a teacher model as a generation run received it (kwb generate,
// the GUI's batches), with its full provenance. An answer with code is stored as a sample too
// (sampleId); one without code is kept only as this record, so that what was asked, answered
// and paid stays complete, a repair turn can point at it, and a resumed run counts it.
// A repair turn points at the answer whose failure was sent back (repairOf); Sample::parentId
// keeps its own meaning, "a person edited that sample into this one".
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace kwb {

struct GenerationRecord {
    std::int64_t id = 0;              // assigned by the store
    std::string generationId;         // the run's id for the answer (32 hex); unique in a project
    std::string runId;                // the run it came from
    int turn = 0;                     // 0: a first answer; k: the k-th repair turn
    std::string repairOfGenerationId; // repair turns: the answer whose failure was sent back
    std::optional<std::int64_t> repairOf; // that answer's record id (assigned by the store)
    std::optional<std::int64_t> sampleId; // the sample holding the code (assigned by the store)

    std::string taskId;
    std::string provider;  // the configured provider's name
    std::string model;     // as requested
    std::string createdAt; // ISO 8601 UTC; the store fills it when empty
    nlohmann::json providerInfo = nlohmann::json::object(); // protocol, base URL; never a key
    nlohmann::json parameters = nlohmann::json::object();   // max_tokens, temperature, top_p
    nlohmann::json messages = nlohmann::json::array(); // exactly as sent, the system message first
    std::string rawResponse;                           // the model's reply, verbatim
    std::optional<std::string> code; // the extracted source; none: the answer had no code
    nlohmann::json response = nlohmann::json::object(); // stop reason, usage, attempts, timings
    std::int64_t promptTokens = 0;
    std::int64_t completionTokens = 0;
    std::optional<double> costUsd; // none: no price was known for the model (not "free")
    nlohmann::json check;          // the run's check summary ({"verdict", ...}); null: not checked

    bool hasCode() const { return code.has_value(); }
};

// Where ProjectStore::addGeneration put an answer.
struct StoredGeneration {
    std::int64_t id = 0;                  // the generation record
    std::optional<std::int64_t> sampleId; // its sample, when the answer had code
    bool alreadyStored = false;           // the same generation id was stored before: nothing added
};

// Where a sample holding a repair turn's code comes from (ProjectStore::repairLinks).
struct RepairLink {
    int turn = 0;                               // 1: the first repair turn
    std::optional<std::int64_t> parentSampleId; // the nearest earlier answer of its chain with code
};

} // namespace kwb
