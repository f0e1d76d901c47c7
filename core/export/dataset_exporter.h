#pragma once
// Training-data exports from a project, one JSON object a line:
//   SFT        {"messages": [system, user, assistant], ...}
//   preference {"prompt": [...], "chosen": [assistant], "rejected": [assistant], ...}
//   unpaired   {"prompt": [...], "completion": [assistant], "label": true|false, ...}
// (the conversational formats of Hugging Face TRL). Every row names its sample id(s) and
// verification id(s). Duplicates are left out unless asked. Rows stream from the store, so
// memory stays flat however large the project. Blocking; one thread.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/export/output_destination.h"
#include "core/export/task_split.h"
#include "core/model/error.h"
#include "core/store/project_store.h"
#include "core/sys/atomic_file.h"

namespace kwb {

enum class ExportFormat { Sft, Preferences, Unpaired };
std::string toString(ExportFormat f); // "sft", "prefs", "unpaired"
std::optional<ExportFormat> parseExportFormat(const std::string& s);

struct ExportOptions {
    ExportFormat format = ExportFormat::Sft;
    std::vector<Verdict> verdicts;       // SFT only; empty: accepted
    std::optional<double> minSpeedup;    // SFT: every row; pairs and unpaired: the accepted side
    bool verifiedOnGpu = false;          // only samples whose latest verification ran on a GPU
    std::vector<std::string> tasks;      // empty: all
    std::vector<std::string> models;     // empty: all
    std::vector<std::int64_t> sampleIds; // empty: all; else only these (a selection)
    bool includeDuplicates = false;
    // The gate (sample_query.h): positives (SFT rows, label true, the chosen side) are samples
    // whose latest verification passed on a GPU with no screening findings, unless these let
    // in samples without a GPU verification / with flags (suspicious-timing, findings, not
    // screened). Failures and suspected hacks never become positives.
    bool includeUnverified = false;
    bool includeFlagged = false;
    // Added when a prompt has no system message of its own; empty: none.
    std::string systemPrompt = defaultSystemPrompt();
    double testFraction = 0.0; // share of tasks held out for the test split
    std::uint64_t seed = 1;    // for the split and the pairing
    int maxPairsPerPrompt = 0; // preference pairs per prompt; 0: max(accepted, rejected)

    static std::string defaultSystemPrompt();
};

// What went into one split, for the dataset card and the command's summary.
struct SplitCounts {
    std::int64_t rows = 0;
    std::map<std::string, std::int64_t> perTask;
    std::map<std::string, std::int64_t> perModel;              // "" for samples without a model
    std::map<std::string, std::vector<double>> speedupsByTask; // of the rows' (chosen) samples
    std::set<std::string> gpus;
};

struct ExportSummary {
    ExportFormat format = ExportFormat::Sft;
    SplitCounts train, test;
    TaskSplit split;
    // Samples whose exported text (source, prompt, model) had bytes that are not UTF-8, e.g. a
    // Latin-1 source: JSON needs UTF-8, so each such byte was written as U+FFFD. Callers warn.
    std::set<std::int64_t> notUtf8Samples;
    // The gate: rows written per class of their (chosen) sample, and the samples that would
    // have been positives but were left out, per class (kGate* of sample_query.h).
    std::map<std::string, std::int64_t> rowsByGateClass;
    std::map<std::string, std::int64_t> excludedByGateClass;
    std::int64_t excludedTotal() const;
    // Negative rows (unpaired `label: false`, the rejected side of a pair) whose sample is a
    // suspected hack (gate class hack): the only side a suspected hack may take.
    std::int64_t negativeSuspectedHacks = 0;
};

// The gate's classes a positive may have under these options.
std::vector<std::string> allowedGateClasses(const ExportOptions& options);
// Whether a sample of this gate class counts as verified (passed on a GPU) / flagged.
bool gateVerified(const std::string& gateClass);
bool gateFlagged(const std::string& gateClass);
// One line per reason the gate left samples out ("3 accepted sample(s) left out: ..."), with
// the flag that would let them in, for the CLI's stderr and the window.
std::vector<std::string> gateExclusionLines(const ExportSummary& summary);

class DatasetExporter {
public:
    DatasetExporter(ProjectStore& store, ExportOptions options)
        : m_store(store), m_options(std::move(options)) {}

    // Writes the rows; test rows go to `test` (which may be null when testFraction is 0).
    Result<ExportSummary> write(AtomicFile& train, AtomicFile* test);

    // Writes `out` (and `testOut` with a test fraction) atomically: complete files or none.
    // Before anything is written both pass checkOutput (output_destination.h) with `policy`,
    // the store's own file protected; an earlier export there is replaced only when the policy
    // says so.
    static Result<ExportSummary> exportJsonl(ProjectStore& store, const ExportOptions& options,
                                             const std::filesystem::path& out,
                                             const std::filesystem::path& testOut = {},
                                             const OutputPolicy& policy = {});

private:
    // What a row counts for in the summary.
    struct RowFacts {
        const std::string& taskId;
        const std::string& model;
        const std::optional<double>& speedup;
        const std::string& gpu;
    };
    Result<const Task*> taskOf(std::int64_t specId);
    // The prompt messages as JSON text (without the brackets), with the system message added
    // when needed; cached by spec and stored messages, since most samples share their prompt.
    struct PromptText {
        std::string json;
        bool notUtf8 = false; // some byte was written as U+FFFD
    };
    Result<const PromptText*> promptText(std::int64_t specId, const std::string& messagesJson);
    // Writes the row in m_line to its task's split (train or test) and counts it there.
    Status writeSplitRow(const RowFacts& facts, AtomicFile& train, AtomicFile* test,
                         ExportSummary& sum);
    Status writeSft(AtomicFile& train, AtomicFile* test, ExportSummary& sum);
    Status writeUnpaired(AtomicFile& train, AtomicFile* test, ExportSummary& sum);
    Status writePairs(AtomicFile& train, AtomicFile* test, ExportSummary& sum);
    SampleFilter baseFilter() const;
    // Counts the positives of `positives` (a filter without gate classes) the gate leaves out.
    Status countExcluded(const SampleFilter& positives, ExportSummary& sum);

    ProjectStore& m_store;
    ExportOptions m_options;
    std::map<std::int64_t, Task> m_specs; // task specs as used, by id
    std::map<std::pair<std::int64_t, std::string>, PromptText> m_prompts; // bounded; see promptText
    std::string m_line;                                                   // the row being written
};

} // namespace kwb
