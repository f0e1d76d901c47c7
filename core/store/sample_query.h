#pragma once
// What the GUI and kwb ask the project store for: filters, pages, the review queue,
// statistics, project facts. Plain value types.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/model/review.h"
#include "core/model/sample.h"
#include "core/model/verification.h"

namespace kwb {

// Every set field narrows the result; empty lists mean "any".
struct SampleFilter {
    std::vector<std::int64_t> ids; // these samples only (a selection in the window)
    std::vector<std::string> tasks;
    std::vector<Verdict> verdicts;
    std::vector<std::string> models;
    std::optional<SampleOrigin> origin;
    std::optional<double> minSpeedup; // samples without a speedup never match a speedup bound
    std::optional<double> maxSpeedup;
    std::string text;              // words to find in the label, model or source (prefixes match)
    bool verifiedOnGpu = false;    // the latest verification ran on a GPU
    bool passedOnly = false;       // the latest verification passed
    bool includeDuplicates = true; // lists show duplicates; exports leave them out by default
    std::vector<std::string> gateClasses; // the export gate's classes (kGate*); empty: any
    // The review history: tags of the verdict in force (the latest entry; an undo has none),
    // reviewers who gave the sample a verdict (any entry but undo entries), and words found
    // anywhere in its notes (undo entries' notes left out; case-insensitive, inside words too).
    std::vector<std::string> tags;
    std::vector<std::string> reviewers;
    std::string noteText;
    bool textCoversNotes = false; // `text` also matches a sample whose notes hold all its words
    // The latest verification's verdict family; empty: any (unverified samples included).
    std::vector<verification::VerdictFamily> verificationFamilies;
    // The latest record's screening: true, it lists findings; false, it lists none (samples
    // never verified or never screened included); none: either.
    std::optional<bool> screeningFindings;
    bool duplicatesOnly = false; // only samples found to duplicate an earlier one
};

// The export gate sorts every sample by its latest verification record into one class:
//   clean              passed on a GPU, screened, no screening findings
//   flagged            passed on a GPU but suspicious-timing, screening findings, or a record
//                      without a `screening` key (older records: not screened counts as flagged)
//   unverified         never verified, or verified without a GPU (not-run) and screened clean
//   unverified-flagged not-run with screening findings or without screening
//   failed             any other verdict (wrong-result, crash, compile-error, ...)
//   hack               tampering, impossible-timing, contract-violation, or a failure with
//                      screening findings: a suspected hack
// Exports take clean samples as positives; --include-unverified / --include-flagged add the
// middle classes; failed and hack never become positives.
inline constexpr const char* kGateClean = "clean";
inline constexpr const char* kGateFlagged = "flagged";
inline constexpr const char* kGateUnverified = "unverified";
inline constexpr const char* kGateUnverifiedFlagged = "unverified-flagged";
inline constexpr const char* kGateFailed = "failed";
inline constexpr const char* kGateHack = "hack";

enum class SampleOrder { NewestFirst, OldestFirst, FastestFirst };

struct PageRequest {
    int limit = 50;
    std::int64_t offset = 0;
    SampleOrder order = SampleOrder::NewestFirst;
};

struct SamplePage {
    std::vector<SampleSummary> rows;
    std::int64_t total = 0; // rows matching the filter, over all pages
};

// The review queue: unreviewed before needs-work; within each, verified before unverified,
// duplicates last, then oldest first. Accepted and rejected samples are not in it.
struct QueueFilter {
    std::vector<std::string> tasks;
    std::vector<std::string> models;
};

// Speedups of passing, timed samples (baseline time / candidate time, geometric mean over shapes).
struct SpeedupStats {
    std::int64_t count = 0;
    double min = 0, p25 = 0, median = 0, p75 = 0, max = 0, geomean = 0;
    // Counts in [0, 0.5), [0.5, 1), [1, 1.5), [1.5, 2), [2, 4), [4, inf).
    std::vector<std::int64_t> histogram;
    static const std::vector<double>& histogramEdges(); // 0, 0.5, 1, 1.5, 2, 4
};

struct GroupStats {
    std::string key; // the task id or the model ("" for samples without a model)
    std::int64_t samples = 0, duplicates = 0;
    std::int64_t verified = 0, passed = 0; // latest verification exists / passed
    std::int64_t accepted = 0, rejected = 0, needsWork = 0, unreviewed = 0;
    double passRate() const { return verified ? double(passed) / double(verified) : 0.0; }
    // Accepted among samples with a final verdict (accepted or rejected).
    double acceptRate() const {
        return accepted + rejected ? double(accepted) / double(accepted + rejected) : 0.0;
    }
    SpeedupStats speedup;
};

struct ProjectInfo {
    std::filesystem::path path;
    int schemaVersion = 0;
    std::string name;
    std::string createdAt;
    std::string createdBy; // workbench version
    std::int64_t samples = 0, reviews = 0, verifications = 0, tasks = 0, duplicates = 0;
    std::int64_t fileBytes = 0, walBytes = 0;
};

struct IntegrityReport {
    std::vector<std::string> problems; // empty: all checks passed
    std::vector<std::string> checks;   // what was checked, for people
    bool ok() const { return problems.empty(); }
};

// A sample's content as stored, for exports that render it themselves (no JSON is parsed).
struct SampleContent {
    std::int64_t taskSpecId = 0;
    std::string source;
    std::string messagesJson; // the exact messages sent, as the stored JSON text
};

// A sample's keys for exports that group before reading content (preference pairs).
struct SampleKey {
    std::int64_t id = 0;
    std::string taskId;
    std::string promptHash; // samples with equal prompts share it
    Verdict verdict = Verdict::Unreviewed;
    std::optional<double> speedup;
};

} // namespace kwb
