// Profiles (schema 5): sealed records with a profile section, apart from the verifications.
#include "core/record/record_identity.h"
#include "core/store/project_store.h"
#include "core/store/sqlite_connection.h"
#include "core/store/write_transaction.h"

namespace kwb {

Status ProjectStore::addProfile(std::int64_t sampleId,
                                const verification::VerificationRecordData& record) {
    if (!record.profile)
        return Error::make("verification-mismatch",
                           "record " + record.id + " has no profile: kept as a verification");
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    auto st = m_db->cached("SELECT task_id, source_hash FROM samples WHERE id = ?");
    if (!st)
        return st.error();
    (*st)->bind(1, sampleId);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    if (!*r)
        return Error::make("unknown-sample",
                           "no sample #" + std::to_string(sampleId) + " in this project");
    const std::string taskId = (*st)->textAt(0), sourceHash = (*st)->textAt(1);
    (*st)->reset();
    const nlohmann::json stored = verification::toJson(record);
    const std::string id = verification::recordIdOf(stored);
    if (record.id != id || record.sourceHash != sourceHash || record.taskId != taskId)
        return Error::make("verification-mismatch",
                           "profile " + id + " is not a sealed profile of sample #" +
                               std::to_string(sampleId) + "'s source and task");
    auto ins = m_db->cached("INSERT OR IGNORE INTO profiles(id, sample_id, created_at, shape, "
                            "record_json) VALUES (?,?,?,?,?)");
    if (!ins)
        return ins.error();
    if (auto s = (*ins)
                     ->bind(1, id)
                     .bind(2, sampleId)
                     .bind(3, record.createdAt)
                     .bind(4, record.profile->shape)
                     .bind(5, stored.dump())
                     .run();
        !s)
        return s;
    return tx->commit();
}

Result<std::vector<verification::VerificationRecordData>>
ProjectStore::profiles(std::int64_t sampleId) {
    return readProfiles(sampleId, false);
}

Result<std::optional<verification::VerificationRecordData>>
ProjectStore::latestProfile(std::int64_t sampleId) {
    auto latest = readProfiles(sampleId, true);
    if (!latest)
        return latest.error();
    if (latest->empty())
        return std::optional<verification::VerificationRecordData>();
    return std::optional(std::move(latest->front()));
}

// Oldest first; or only the newest, where a window shows just that one (a sample profiled many
// times is not parsed whole for it).
Result<std::vector<verification::VerificationRecordData>>
ProjectStore::readProfiles(std::int64_t sampleId, bool latestOnly) {
    auto st = m_db->cached(latestOnly ? "SELECT record_json FROM profiles WHERE sample_id = ? "
                                        "ORDER BY rowid DESC LIMIT 1"
                                      : "SELECT record_json FROM profiles WHERE sample_id = ? "
                                        "ORDER BY rowid");
    if (!st)
        return st.error();
    (*st)->bind(1, sampleId);
    std::vector<verification::VerificationRecordData> out;
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        auto rec =
            verification::readRecord(nlohmann::json::parse((*st)->textAt(0), nullptr, false));
        if (!rec) {
            (*st)->reset();
            return Error::make("project-corrupt", "a stored profile of sample #" +
                                                      std::to_string(sampleId) +
                                                      " cannot be read: " + rec.error().message);
        }
        out.push_back(std::move(*rec));
    }
    (*st)->reset();
    return out;
}

} // namespace kwb
