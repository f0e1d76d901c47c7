#pragma once
// Evaluation runs as the project keeps them (schema 4): a run is one plan, a cell one answer slot
// (model, condition, task, sample index) with links to its generations and its verification.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace kwb {

struct EvalRunRecord {
    std::int64_t id = 0; // the store's row
    std::string runId;   // 16 hex digits
    std::string name;    // the plan's name; unique in a project
    nlohmann::json plan; // the plan as read (EvalPlan::toJson)
    std::string createdAt;
    std::int64_t cells = 0; // cells stored so far (eval run listings)
};

// The resume key of a cell within its run.
struct EvalCellKey {
    std::string model;
    std::string condition;
    std::string taskId;
    int sampleIndex = 0;
    auto operator<=>(const EvalCellKey&) const = default;
};

// A finished cell, as the runner writes it.
struct EvalCellRecord {
    EvalCellKey key;
    std::string firstGenerationId; // the chain's first answer (turn 0)
    int turns = 1;                 // answers in the chain: 1 + repair turns sent
    bool compiled = false;         // the final answer built
    std::int64_t promptTokens = 0; // over the chain
    std::int64_t completionTokens = 0;
    std::optional<double> costUsd; // none: a price was unknown for an answer of the chain
    double latencyMs = 0;          // the chain's request time, retries and waits included
};

// A stored cell with what its links say, for reports.
struct EvalCellRow {
    std::int64_t id = 0;
    EvalCellKey key;
    std::string generationId; // the final answer
    std::string firstGenerationId;
    std::optional<std::int64_t> sampleId; // the final answer's sample (it had code)
    std::optional<std::string> verificationId;
    std::string verdict;           // the verification's, else the answer's check, else ""
    std::optional<double> speedup; // the verification's geometric mean over shapes
    bool onGpu = false;            // the verification ran on a GPU
    std::string gpu;               // the verification's GPU name
    std::int64_t taskSpecId = 0;   // the task spec the answer was asked for
    int turns = 1;
    bool compiled = false;
    std::int64_t promptTokens = 0;
    std::int64_t completionTokens = 0;
    std::optional<double> costUsd;
    double latencyMs = 0;
};

} // namespace kwb
