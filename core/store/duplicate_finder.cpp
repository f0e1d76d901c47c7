#include "core/store/duplicate_finder.h"

#include <cstring>
#include <set>

#include "core/store/sqlite_connection.h"

namespace kwb {
namespace {
constexpr std::int64_t kNoLimit = INT64_MAX;
}

Result<DuplicateMatch> DuplicateFinder::find(const std::string& taskId, const SourceFingerprint& fp,
                                             std::int64_t before) {
    auto exact = findExact(taskId, fp.normalisedHash, before);
    if (!exact || exact->duplicateOf)
        return exact;
    return findNear(taskId, fp.signature, before);
}

Result<std::int64_t> DuplicateFinder::originalOf(std::int64_t sampleId) {
    auto st = m_db.cached("SELECT coalesce(duplicate_of, id) FROM samples WHERE id = ?");
    if (!st)
        return st.error();
    (*st)->bind(1, sampleId);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    std::int64_t id = *r ? (*st)->int64At(0) : sampleId;
    (*st)->reset();
    return id;
}

Result<DuplicateMatch> DuplicateFinder::findExact(const std::string& taskId,
                                                  const std::string& normHash,
                                                  std::int64_t before) {
    auto st = m_db.cached(
        "SELECT coalesce(duplicate_of, id) FROM samples WHERE task_id = ? AND norm_hash = ? "
        "AND id < ? ORDER BY id LIMIT 1");
    if (!st)
        return st.error();
    (*st)->bind(1, taskId).bind(2, normHash).bind(3, before > 0 ? before : kNoLimit);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    DuplicateMatch m;
    if (*r) {
        m.duplicateOf = (*st)->int64At(0);
        m.kind = "exact";
        m.similarity = 1.0;
    }
    (*st)->reset();
    return m;
}

Result<DuplicateMatch> DuplicateFinder::findNear(const std::string& taskId,
                                                 const std::vector<std::uint32_t>& signature,
                                                 std::int64_t before) {
    DuplicateMatch best;
    if (signature.empty())
        return best;
    std::set<std::int64_t> candidates;
    auto band =
        m_db.cached("SELECT sample_id FROM minhash_bands WHERE band_key = ? AND sample_id < ? "
                    "ORDER BY sample_id LIMIT " +
                    std::to_string(kCandidatesPerBand));
    if (!band)
        return band.error();
    for (auto key : bandKeys(taskId, signature)) {
        (*band)->bind(1, key).bind(2, before > 0 ? before : kNoLimit);
        for (;;) {
            auto r = (*band)->step();
            if (!r)
                return r.error();
            if (!*r)
                break;
            candidates.insert((*band)->int64At(0));
        }
        (*band)->reset();
    }
    auto sig = m_db.cached("SELECT signature FROM sample_minhash WHERE sample_id = ?");
    if (!sig)
        return sig.error();
    std::vector<std::uint32_t> other(signature.size());
    std::int64_t bestId = 0;
    for (auto id : candidates) { // ascending: ties go to the earliest sample
        (*sig)->bind(1, id);
        auto r = (*sig)->step();
        if (!r)
            return r.error();
        if (*r) {
            auto blob = (*sig)->blobAt(0);
            if (blob.size() == other.size() * sizeof(std::uint32_t)) {
                std::memcpy(other.data(), blob.data(), blob.size());
                double s = signatureSimilarity(signature, other);
                if (s >= kNearThreshold && s > best.similarity) {
                    best.similarity = s;
                    bestId = id;
                }
            }
        }
        (*sig)->reset();
    }
    if (bestId) {
        auto orig = originalOf(bestId);
        if (!orig)
            return orig.error();
        best.duplicateOf = *orig;
        best.kind = "near";
    }
    return best;
}

Status DuplicateFinder::record(std::int64_t sampleId, const std::string& taskId,
                               const std::vector<std::uint32_t>& signature) {
    if (signature.empty())
        return okStatus();
    auto sig = m_db.cached("INSERT INTO sample_minhash(sample_id, signature) VALUES (?, ?)");
    if (!sig)
        return sig.error();
    if (auto s = (*sig)
                     ->bind(1, sampleId)
                     .bindBlob(2, signature.data(), signature.size() * sizeof(std::uint32_t))
                     .run();
        !s)
        return s;
    auto band =
        m_db.cached("INSERT OR IGNORE INTO minhash_bands(band_key, sample_id) VALUES (?, ?)");
    if (!band)
        return band.error();
    for (auto key : bandKeys(taskId, signature))
        if (auto s = (*band)->bind(1, key).bind(2, sampleId).run(); !s)
            return s;
    return okStatus();
}

} // namespace kwb
