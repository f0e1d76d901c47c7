#pragma once
// ProjectStore: one project, one SQLite file (WAL, foreign keys, busy timeout, schema version
// with forward migrations, a check on open). It holds the task specs as used, samples with
// provenance, immutable verification records and the append-only review history.
//
// Threads: one ProjectStore is one connection; use it from one thread at a time (the GUI keeps
// it on a worker thread). Several ProjectStores, in one process or many, may share a file:
// every write is one short BEGIN IMMEDIATE transaction that waits up to the busy timeout for
// the others, so concurrent writers queue and nothing is lost. Reads never block (WAL).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/model/error.h"
#include "core/model/review.h"
#include "core/model/sample.h"
#include "core/model/task.h"
#include "core/model/verification.h"
#include "core/store/eval_records.h"
#include "core/store/generation_record.h"
#include "core/store/read_transaction.h"
#include "core/store/sample_query.h"

namespace kwb {

class SqliteConnection;

struct StoreOptions {
    int busyTimeoutMs = 30000; // how long a write waits for another writer
    bool migrate = true;       // bring an older project to the current schema on open
    // On open, SQLite's quick check runs for up to this long (any size; a few hundred MiB a
    // second); a file it cannot finish in time also gets a structural check (every table's
    // first and last rows, the file's length against its header). 0: the structural check
    // only. `kwb project check` always runs the full check, unbounded.
    int openCheckMs = 2000;
    // Text combined with other filters: up to this many text matches are checked one by one
    // against the other filters; with more, the filters' candidates are merged with them.
    // Both plans give the same rows (tests run both); this only moves the crossover.
    std::int64_t textProbeMaxHits = 2000;
};

// Samples to add in one transaction: all of them or none.
struct SampleBatch {
    std::vector<Task> tasks; // the spec of every task the samples name, as used
    std::vector<Sample> samples;
    // Optional, one per sample: a parent earlier in this batch (a repair turn's first turn),
    // which becomes the sample's parentId once stored.
    std::vector<std::optional<std::size_t>> parentIndex;
    std::string importKind;   // "cu-folder", "jsonl", "demo", ...; empty: not an import
    std::string importOrigin; // the folder or file it came from
    // Answers of generation runs (`kwb generate` lines), after the samples, stored as
    // addGeneration stores them (repair turns linked by repairOf, never as edits); the ids of
    // the samples they add follow the samples' ids. One already in the project adds nothing.
    std::vector<GenerationRecord> generations;
};

class ProjectStore {
public:
    // Creates a new, empty project; refuses an existing file.
    static Result<std::unique_ptr<ProjectStore>> create(const std::filesystem::path& path,
                                                        const std::string& name = {},
                                                        const StoreOptions& options = {});
    // Opens an existing project. A file that is not a project, is corrupt, or comes from a
    // newer workbench is refused with a clear error and left exactly as it was.
    static Result<std::unique_ptr<ProjectStore>> open(const std::filesystem::path& path,
                                                      const StoreOptions& options = {});
    ~ProjectStore();
    ProjectStore(const ProjectStore&) = delete;
    ProjectStore& operator=(const ProjectStore&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    Result<ProjectInfo> info();
    // Full check: SQLite's integrity check, foreign keys, and that every sample's derived
    // verdict and verification agree with its history.
    Result<IntegrityReport> checkIntegrity();

    // Task specs as used: stored once per distinct spec; returns its id.
    Result<std::int64_t> recordTaskSpec(const Task& task);
    Result<Task> taskSpec(std::int64_t specId);
    Result<std::vector<std::string>> taskIds();
    Result<std::vector<std::string>> models();

    // Adds one sample for `task` (its spec is recorded as used); returns the new id.
    Result<std::int64_t> addSample(const Task& task, const Sample& sample);
    // Adds a batch in one transaction; returns the new ids in order.
    Result<std::vector<std::int64_t>> addSamples(const SampleBatch& batch);
    Result<Sample> sample(std::int64_t id);
    Result<SamplePage> listSamples(const SampleFilter& filter, const PageRequest& page = {});
    Result<std::int64_t> countSamples(const SampleFilter& filter);
    // One snapshot for several reads (an export): hold the result while reading.
    Result<ReadTransaction> beginRead();
    // Streams full samples in id order, one at a time (memory stays flat); the callback
    // returns false to stop.
    Status forEachSample(const SampleFilter& filter,
                         const std::function<bool(const Sample&)>& visit);
    // As forEachSample, with the summary and the stored content only: the fast path for exports.
    Status forEachSampleContent(
        const SampleFilter& filter,
        const std::function<bool(const SampleSummary&, const SampleContent&)>& visit);
    Result<std::vector<SampleKey>> sampleKeys(const SampleFilter& filter);
    // How many samples of the filter fall in each export-gate class (sample_query.h).
    Result<std::map<std::string, std::int64_t>> gateClassCounts(const SampleFilter& filter);

    // Stores a sealed verification record (core/record/record_identity.h) of the sample's exact
    // source (the hashes must agree), in its schema-2 JSON form under its id.
    Status addVerification(std::int64_t sampleId,
                           const verification::VerificationRecordData& record);

    // Stores one answer of a generation run in one transaction: its record, its sample when it
    // has code (origin model), and the full record of the run's check when given. The same
    // generation id stored again adds nothing (alreadyStored). A repair turn's parent answer
    // must be stored already.
    Result<StoredGeneration> addGeneration(
        const Task& task, const GenerationRecord& generation,
        const std::optional<verification::VerificationRecordData>& verification = std::nullopt);
    Result<std::optional<GenerationRecord>> generation(const std::string& generationId);
    Result<std::optional<GenerationRecord>> generationOfSample(std::int64_t sampleId);
    // A run's answers, in the order they were stored.
    Result<std::vector<GenerationRecord>> generationsOfRun(const std::string& runId);
    // Answers kept without code (no sample), in the order they were stored; only the task's when
    // taskId is not empty (`kwb samples no-code`).
    Result<std::vector<GenerationRecord>> generationsWithoutCode(const std::string& taskId = {});
    Result<std::int64_t> countGenerationsWithoutCode();
    // First answers (turn 0) stored for the task from this provider and model: what a resumed
    // run counts towards its n.
    Result<std::int64_t> countFirstGenerations(const std::string& taskId,
                                               const std::string& provider,
                                               const std::string& model);
    // Evaluation runs (eval_records.h). The run of this name: created with `plan` when there is
    // none; an existing one only when its stored plan is `plan` ("eval-plan-changed" otherwise).
    Result<EvalRunRecord> openEvalRun(const std::string& name, const nlohmann::json& plan);
    // By run id or name; nothing when there is no such run.
    Result<std::optional<EvalRunRecord>> evalRun(const std::string& idOrName);
    // Every run, oldest first, with its cell count.
    Result<std::vector<EvalRunRecord>> evalRuns();
    // Stores one answer of an evaluation as addGeneration does and, when `cell` is given (the
    // answer ends its chain), the cell in the same transaction; a cell already stored is an
    // error ("eval-cell-exists"), so nothing is ever counted twice.
    Result<StoredGeneration>
    addEvalAnswer(std::int64_t evalRun, const Task& task, const GenerationRecord& generation,
                  const std::optional<verification::VerificationRecordData>& verification,
                  const std::optional<EvalCellRecord>& cell);
    // The run's cells in the order they were stored, with their links resolved.
    Status forEachEvalCell(std::int64_t evalRun,
                           const std::function<void(const EvalCellRow&)>& visit);

    // The repair turns among these samples, by sample id: the turn and the sample of the nearest
    // earlier answer of its chain that had code. Samples that are no repair turn are left out.
    Result<std::map<std::int64_t, RepairLink>>
    repairLinks(const std::vector<std::int64_t>& sampleIds);
    // The sample's records, oldest first, each as it was stored (records of every readable
    // schema version; each keeps the id it was stored under).
    Result<std::vector<verification::VerificationRecordData>> verifications(std::int64_t sampleId);
    // kwb samples profile: a sealed record with its profile section, kept apart from the
    // sample's verifications (its verdict and speedup stay as they were). Stored once by id.
    // Error codes: "unknown-sample", "verification-mismatch" (not this sample's, not sealed, or
    // without a profile).
    Status addProfile(std::int64_t sampleId, const verification::VerificationRecordData& record);
    // The sample's profiles, oldest first.
    Result<std::vector<verification::VerificationRecordData>> profiles(std::int64_t sampleId);
    // The newest profile of a sample; none where it was never profiled.
    Result<std::optional<verification::VerificationRecordData>>
    latestProfile(std::int64_t sampleId);

    // Appends a verdict; it becomes the sample's verdict. Tags are trimmed; an empty one is
    // refused.
    Result<Review> review(std::int64_t sampleId, Verdict verdict, const std::string& reviewer,
                          const std::string& note = {}, const std::vector<std::string>& tags = {});
    // The same for several samples in one transaction: all of them, or none when one fails.
    Result<std::vector<Review>> reviewSamples(const std::vector<std::int64_t>& sampleIds,
                                              Verdict verdict, const std::string& reviewer,
                                              const std::string& note = {},
                                              const std::vector<std::string>& tags = {});
    // Takes back the sample's latest verdict that is still in force, by appending an undo entry
    // that restores the verdict before it. With a reviewer, only that reviewer's own verdict
    // can be undone. The entry's reviewer is actor (who undid it), else reviewer, else the
    // undone entry's. Nothing is ever deleted.
    Result<Review> undoReview(std::int64_t sampleId, const std::string& reviewer = {},
                              const std::string& actor = {});
    // The same for several samples in one transaction: all of them, or none when one fails.
    Result<std::vector<Review>> undoReviews(const std::vector<std::int64_t>& sampleIds,
                                            const std::string& reviewer = {},
                                            const std::string& actor = {});
    Result<std::vector<Review>> reviewHistory(std::int64_t sampleId);
    // Everyone who gave a verdict (undo entries left out), and every tag of a verdict in force,
    // sorted: the choices of the window's filters.
    Result<std::vector<std::string>> reviewers();
    Result<std::vector<std::string>> reviewTags();

    // The next sample to review after `after` (or the head of the queue), if any.
    Result<std::optional<SampleSummary>>
    nextInQueue(const QueueFilter& filter = {}, std::optional<std::int64_t> after = std::nullopt);
    // The sample before `before` in the queue (or its tail), if any.
    Result<std::optional<SampleSummary>>
    previousInQueue(const QueueFilter& filter = {},
                    std::optional<std::int64_t> before = std::nullopt);
    Result<std::int64_t> queueLength(const QueueFilter& filter = {});

    Result<std::vector<GroupStats>> statsByTask(const SampleFilter& filter = {});
    Result<std::vector<GroupStats>> statsByModel(const SampleFilter& filter = {});

    // For migrations tests and tools: the connection. Not for general use.
    SqliteConnection& connection() { return *m_db; }

private:
    ProjectStore(std::filesystem::path path, std::unique_ptr<SqliteConnection> db);
    Result<std::vector<GroupStats>> stats(const char* groupColumn, const SampleFilter& filter);
    // The queue's sample after (forward) or before `from`; past either end: none.
    Result<std::optional<SampleSummary>>
    queueNeighbour(const QueueFilter& filter, std::optional<std::int64_t> from, bool forward);
    Result<std::int64_t> insertSample(const Sample& s, std::int64_t specId, const Task& task,
                                      std::optional<std::int64_t> importId);
    Result<std::int64_t> recordTaskSpecLocked(const Task& task);
    Status addVerificationLocked(std::int64_t sampleId,
                                 const verification::VerificationRecordData& record);
    Result<std::vector<verification::VerificationRecordData>> readProfiles(std::int64_t sampleId,
                                                                           bool latestOnly);
    Result<Review> undoLocked(std::int64_t sampleId, const std::string& reviewer,
                              const std::string& actor);
    Result<StoredGeneration>
    addGenerationLocked(const Task& task, std::int64_t specId, const GenerationRecord& generation,
                        const std::optional<verification::VerificationRecordData>& verification,
                        std::optional<std::int64_t> importId);
    Result<std::vector<GenerationRecord>>
    readGenerations(const std::string& where, const std::variant<std::int64_t, std::string>& key);
    Result<std::vector<std::int64_t>> matchingIds(const SampleFilter& filter);
    Result<std::int64_t> count(const SampleFilter& filter);
    // Text, alone or with other filters (project_store_text.cpp): the samples matching all, in
    // no particular order, with their speedups (for ordering a page). The full-text index gives the
    // text's matches; few of them are each checked against the other filters, many are merged with
    // the other filters' candidates read from their covering index. Either way the rows are those
    // of filterCondition's single query, without materialising every match in a table first.
    struct TextMatch {
        std::int64_t id = 0;
        std::optional<double> speedup;
    };
    Result<std::vector<TextMatch>> textMatches(const SampleFilter& filter, bool needSpeedup);
    Result<SamplePage> textPage(const SampleFilter& filter, const PageRequest& page);

    std::filesystem::path m_path;
    std::unique_ptr<SqliteConnection> m_db;
    std::int64_t m_textProbeMaxHits = StoreOptions{}.textProbeMaxHits;
};

} // namespace kwb
