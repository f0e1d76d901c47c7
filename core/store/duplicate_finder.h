#pragma once
// Finds the sample a new one duplicates, within its task: exactly (same normalised source) or
// nearly (MinHash signatures at least kNearThreshold alike, found through LSH bands), and
// records a sample's signature so later samples can find it. Runs inside the caller's
// transaction on the caller's connection.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/store/source_fingerprint.h"

namespace kwb {

class SqliteConnection;

struct DuplicateMatch {
    std::optional<std::int64_t> duplicateOf; // the original (itself never a duplicate)
    std::string kind;                        // "exact" or "near"
    double similarity = 0.0;                 // 1 for exact
};

class DuplicateFinder {
public:
    static constexpr double kNearThreshold = 0.85;
    // Candidates read per LSH band: bounds the work when a task has many similar samples.
    static constexpr int kCandidatesPerBand = 64;

    explicit DuplicateFinder(SqliteConnection& db) : m_db(db) {}

    // Only samples with an id below `before` count (0: any): the earlier sample is the original.
    Result<DuplicateMatch> find(const std::string& taskId, const SourceFingerprint& fp,
                                std::int64_t before = 0);
    Result<DuplicateMatch> findExact(const std::string& taskId, const std::string& normHash,
                                     std::int64_t before = 0);
    Result<DuplicateMatch> findNear(const std::string& taskId,
                                    const std::vector<std::uint32_t>& signature,
                                    std::int64_t before = 0);
    // Stores the signature and its band keys (nothing for a source too short to have one).
    Status record(std::int64_t sampleId, const std::string& taskId,
                  const std::vector<std::uint32_t>& signature);

private:
    Result<std::int64_t> originalOf(std::int64_t sampleId);
    SqliteConnection& m_db;
};

} // namespace kwb
