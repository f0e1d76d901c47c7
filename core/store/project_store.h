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
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/model/review.h"
#include "core/model/sample.h"
#include "core/model/task.h"
#include "core/store/read_transaction.h"
#include "core/store/sample_query.h"
#include "core/verify/verification_record.h"

namespace kwb {

class SqliteConnection;

struct StoreOptions {
    int busyTimeoutMs = 30000;     // how long a write waits for another writer
    bool migrate = true;           // bring an older project to the current schema on open
    // Projects up to this size get a full PRAGMA quick_check on open; larger ones a structural
    // check (header, schema, page count); `kwb project check` always runs the full one.
    std::int64_t fullCheckMaxBytes = 64ll << 20;
};

// Samples to add in one transaction: all of them or none.
struct SampleBatch {
    std::vector<Task> tasks;     // the spec of every task the samples name, as used
    std::vector<Sample> samples;
    // Optional, one per sample: a parent earlier in this batch (a repair turn's first turn),
    // which becomes the sample's parentId once stored.
    std::vector<std::optional<std::size_t>> parentIndex;
    std::string importKind;      // "cu-folder", "jsonl", "demo", ...; empty: not an import
    std::string importOrigin;    // the folder or file it came from
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
    Status forEachSample(const SampleFilter& filter, const std::function<bool(const Sample&)>& visit);
    // As forEachSample, with the summary and the stored content only: the fast path for exports.
    Status forEachSampleContent(const SampleFilter& filter,
                                const std::function<bool(const SampleSummary&, const SampleContent&)>& visit);
    Result<std::vector<SampleKey>> sampleKeys(const SampleFilter& filter);

    // Stores a verification record of the sample's exact source (the hashes must agree).
    Status addVerification(std::int64_t sampleId, const VerificationRecord& record);
    Result<std::vector<VerificationRecord>> verifications(std::int64_t sampleId);

    // Appends a verdict; it becomes the sample's verdict.
    Result<Review> review(std::int64_t sampleId, Verdict verdict, const std::string& reviewer,
                          const std::string& note = {}, const std::vector<std::string>& tags = {});
    // Takes back the sample's latest verdict that is still in force, by appending an undo entry
    // that restores the verdict before it. With a reviewer, only that reviewer's own verdict
    // can be undone. Nothing is ever deleted.
    Result<Review> undoReview(std::int64_t sampleId, const std::string& reviewer = {});
    Result<std::vector<Review>> reviewHistory(std::int64_t sampleId);

    // The next sample to review after `after` (or the head of the queue), if any.
    Result<std::optional<SampleSummary>> nextInQueue(const QueueFilter& filter = {},
                                                     std::optional<std::int64_t> after = std::nullopt);
    Result<std::int64_t> queueLength(const QueueFilter& filter = {});

    Result<std::vector<GroupStats>> statsByTask(const SampleFilter& filter = {});
    Result<std::vector<GroupStats>> statsByModel(const SampleFilter& filter = {});

    // For migrations tests and tools: the connection. Not for general use.
    SqliteConnection& connection() { return *m_db; }

private:
    ProjectStore(std::filesystem::path path, std::unique_ptr<SqliteConnection> db);
    Result<std::vector<GroupStats>> stats(const char* groupColumn, const SampleFilter& filter);
    Result<std::int64_t> insertSample(const Sample& s, std::int64_t specId, const Task& task,
                                      std::optional<std::int64_t> importId);
    Result<std::int64_t> recordTaskSpecLocked(const Task& task);
    Result<std::vector<std::int64_t>> matchingIds(const SampleFilter& filter);
    Result<std::int64_t> count(const SampleFilter& filter, bool textTable);
    // For text combined with other filters: the text's matches into temp.text_hits, once,
    // so a count and a page both probe them instead of each running the full-text query.
    Result<bool> fillTextHits(const SampleFilter& filter);

    std::filesystem::path m_path;
    std::unique_ptr<SqliteConnection> m_db;
};

} // namespace kwb
