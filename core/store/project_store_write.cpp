// ProjectStore: adding samples, verification records and reviews. Each public call is one
// BEGIN IMMEDIATE transaction; derived columns of samples change in the same transaction.
#include <map>
#include <set>

#include "core/record/record_identity.h"
#include "core/store/duplicate_finder.h"
#include "core/store/project_store.h"
#include "core/store/prompt_messages.h"
#include "core/store/source_fingerprint.h"
#include "core/store/sqlite_connection.h"
#include "core/store/store_clock.h"
#include "core/store/write_transaction.h"
#include "core/sys/sha256.h"

namespace kwb {
namespace {

Status validateSample(const Sample& s, const Task& task) {
    if (s.source.empty())
        return Error::make("bad-sample", "a sample needs a source");
    if (s.taskId != task.id)
        return Error::make("bad-sample", "the sample is for task \"" + s.taskId +
                                             "\" but the spec is \"" + task.id + "\"");
    if (!s.messages.is_array())
        return Error::make("bad-sample", "a sample's messages must be a JSON array");
    if (!s.parameters.is_object())
        return Error::make("bad-sample", "a sample's parameters must be a JSON object");
    return okStatus();
}

} // namespace

Result<std::int64_t> ProjectStore::insertSample(const Sample& s, std::int64_t specId,
                                                const Task& task,
                                                std::optional<std::int64_t> importId) {
    if (auto v = validateSample(s, task); !v)
        return v.error();
    const auto fp = fingerprintSource(s.source);
    DuplicateFinder finder(*m_db);
    auto dup = finder.find(task.id, fp);
    if (!dup)
        return dup.error();
    auto ins =
        m_db->cached("INSERT INTO samples(task_id, task_spec_id, created_at, origin, model, "
                     "provider, author, label, parent_id, "
                     "import_id, prompt_tokens, completion_tokens, cost_usd, source_hash, "
                     "norm_hash, prompt_hash, duplicate_of, "
                     "duplicate_kind, similarity) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!ins)
        return ins.error();
    auto& st = **ins;
    st.bind(1, task.id).bind(2, specId).bind(3, s.createdAt.empty() ? utcNowIso() : s.createdAt);
    st.bind(4, toString(s.origin))
        .bind(5, s.model)
        .bind(6, s.provider)
        .bind(7, s.author)
        .bind(8, s.label);
    st.bind(9, s.parentId).bind(10, importId).bind(11, s.promptTokens).bind(12, s.completionTokens);
    st.bind(13, s.costUsd).bind(14, sha256Hex(s.source)).bind(15, fp.normalisedHash);
    st.bind(16, promptHash(promptMessages(s, task)));
    st.bind(17, dup->duplicateOf).bind(18, dup->kind).bind(19, dup->similarity);
    if (auto r = st.run(); !r) {
        if (r.error().code == "constraint" && s.parentId)
            return Error::make("bad-sample",
                               "parent sample #" + std::to_string(*s.parentId) + " does not exist");
        return r.error();
    }
    const std::int64_t id = m_db->lastInsertRowid();
    auto content =
        m_db->cached("INSERT INTO sample_content(sample_id, source, messages_json, raw_response, "
                     "parameters_json) VALUES (?,?,?,?,?)");
    if (!content)
        return content.error();
    if (auto r = (*content)
                     ->bind(1, id)
                     .bind(2, s.source)
                     .bind(3, s.messages.dump())
                     .bind(4, s.rawResponse)
                     .bind(5, s.parameters.dump())
                     .run();
        !r)
        return r.error();
    if (auto r = finder.record(id, task.id, fp.signature); !r)
        return r.error();
    auto fts =
        m_db->cached("INSERT INTO sample_text(rowid, label, model, source) VALUES (?, ?, ?, ?)");
    if (!fts)
        return fts.error();
    if (auto r = (*fts)->bind(1, id).bind(2, s.label).bind(3, s.model).bind(4, s.source).run(); !r)
        return r.error();
    return id;
}

Result<std::int64_t> ProjectStore::addSample(const Task& task, const Sample& sample) {
    SampleBatch b;
    b.tasks = {task};
    b.samples = {sample};
    auto ids = addSamples(b);
    if (!ids)
        return ids.error();
    return ids->front();
}

Result<std::vector<std::int64_t>> ProjectStore::addSamples(const SampleBatch& batch) {
    std::map<std::string, const Task*> tasks;
    for (const auto& t : batch.tasks)
        tasks[t.id] = &t;
    for (const auto& s : batch.samples)
        if (!tasks.count(s.taskId))
            return Error::make("bad-sample", "no task spec given for task \"" + s.taskId + "\"");
    std::int64_t withCode = 0;
    for (const auto& g : batch.generations) {
        if (!tasks.count(g.taskId))
            return Error::make("bad-sample", "no task spec given for task \"" + g.taskId + "\"");
        withCode += g.hasCode();
    }
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    std::map<std::string, std::int64_t> specIds;
    for (const auto& [id, task] : tasks) {
        auto spec = recordTaskSpecLocked(*task);
        if (!spec)
            return spec.error();
        specIds[id] = *spec;
    }
    std::optional<std::int64_t> importId;
    if (!batch.importKind.empty()) {
        auto st = m_db->cached(
            "INSERT INTO imports(kind, origin, created_at, sample_count) VALUES (?, ?, ?, ?)");
        if (!st)
            return st.error();
        if (auto r = (*st)
                         ->bind(1, batch.importKind)
                         .bind(2, batch.importOrigin)
                         .bind(3, utcNowIso())
                         .bind(4, std::int64_t(batch.samples.size()) + withCode)
                         .run();
            !r)
            return r.error();
        importId = m_db->lastInsertRowid();
    }
    std::vector<std::int64_t> ids;
    ids.reserve(batch.samples.size());
    for (std::size_t i = 0; i < batch.samples.size(); ++i) {
        const auto& s = batch.samples[i];
        std::optional<Sample> withParent;
        if (i < batch.parentIndex.size() && batch.parentIndex[i]) {
            if (*batch.parentIndex[i] >= i)
                return Error::make("bad-sample", "sample " + std::to_string(i + 1) +
                                                     "'s parent must come before it");
            withParent = s;
            withParent->parentId = ids[*batch.parentIndex[i]];
        }
        auto id = insertSample(withParent ? *withParent : s, specIds[s.taskId], *tasks[s.taskId],
                               importId);
        if (!id) {
            Error e = id.error();
            if (batch.samples.size() > 1)
                e.message = "sample " + std::to_string(i + 1) +
                            (s.label.empty() ? "" : " (" + s.label + ")") + ": " + e.message;
            return e;
        }
        ids.push_back(*id);
    }
    for (std::size_t i = 0; i < batch.generations.size(); ++i) {
        const auto& g = batch.generations[i];
        auto stored =
            addGenerationLocked(*tasks[g.taskId], specIds[g.taskId], g, std::nullopt, importId);
        if (!stored) {
            Error e = stored.error();
            e.message = "answer " + g.generationId + ": " + e.message;
            return e;
        }
        if (stored->sampleId && !stored->alreadyStored)
            ids.push_back(*stored->sampleId);
    }
    if (auto s = tx->commit(); !s)
        return s.error();
    return ids;
}

Status ProjectStore::addVerification(std::int64_t sampleId,
                                     const verification::VerificationRecordData& record) {
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    if (auto s = addVerificationLocked(sampleId, record); !s)
        return s;
    return tx->commit();
}

namespace {

// What the samples row keeps of its latest record: where and how it ran.
struct RecordFacts {
    bool onGpu = false;
    std::optional<double> speedup;
    std::string gpu;
};

RecordFacts factsOf(const verification::VerificationRecordData& r) {
    RecordFacts f;
    f.onGpu = r.device.has_value() && verification::ran(r.verdict.value);
    f.speedup = r.geomeanSpeedup;
    if (r.device)
        f.gpu = r.device->name;
    return f;
}

} // namespace

Status ProjectStore::addVerificationLocked(std::int64_t sampleId,
                                           const verification::VerificationRecordData& record) {
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
    // Stored in the current form under the id of that form; a record changed after it was
    // sealed, or one read in an older form, would be kept under an id that is not its own.
    nlohmann::json stored = verification::toJson(record);
    const std::string id = verification::recordIdOf(stored);
    if (record.id != id)
        return Error::make("verification-mismatch",
                           "verification " + (record.id.empty() ? "without an id" : record.id) +
                               " is not sealed as it stands (its content has the id " + id + ")");
    if (record.sourceHash != sourceHash)
        return Error::make("verification-mismatch", "verification " + id +
                                                        " is of another source than sample #" +
                                                        std::to_string(sampleId));
    if (record.taskId != taskId)
        return Error::make("verification-mismatch",
                           "verification " + id + " is for task " + record.taskId + ", sample #" +
                               std::to_string(sampleId) + " for " + taskId);
    auto exists = m_db->cached("SELECT sample_id FROM verifications WHERE id = ?");
    if (!exists)
        return exists.error();
    (*exists)->bind(1, id);
    auto e = (*exists)->step();
    if (!e)
        return e.error();
    if (*e) { // the same record again: stored once
        bool same = (*exists)->int64At(0) == sampleId;
        (*exists)->reset();
        if (!same)
            return Error::make("verification-mismatch",
                               "verification " + id + " belongs to another sample");
        return okStatus();
    }
    (*exists)->reset();
    const std::string verdict = record.verdict.text();
    const RecordFacts facts = factsOf(record);
    auto ins = m_db->cached("INSERT INTO verifications(id, sample_id, created_at, added_at, "
                            "verdict, on_gpu, gpu, speedup, "
                            "record_json) VALUES (?,?,?,?,?,?,?,?,?)");
    if (!ins)
        return ins.error();
    if (auto s = (*ins)
                     ->bind(1, id)
                     .bind(2, sampleId)
                     .bind(3, record.createdAt)
                     .bind(4, utcNowIso())
                     .bind(5, verdict)
                     .bind(6, std::int64_t(facts.onGpu))
                     .bind(7, facts.gpu)
                     .bind(8, facts.speedup)
                     .bind(9, stored.dump())
                     .run();
        !s)
        return s;
    auto up = m_db->cached("UPDATE samples SET verification_id = ?, verification_verdict = ?, "
                           "on_gpu = ?, speedup = ?, "
                           "gpu = ? WHERE id = ?");
    if (!up)
        return up.error();
    return (*up)
        ->bind(1, id)
        .bind(2, verdict)
        .bind(3, std::int64_t(facts.onGpu))
        .bind(4, facts.speedup)
        .bind(5, facts.gpu)
        .bind(6, sampleId)
        .run();
}

Result<std::vector<verification::VerificationRecordData>>
ProjectStore::verifications(std::int64_t sampleId) {
    auto st =
        m_db->cached("SELECT record_json FROM verifications WHERE sample_id = ? ORDER BY rowid");
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
        auto j = nlohmann::json::parse((*st)->textAt(0), nullptr, false);
        auto rec = verification::readRecord(j);
        if (!rec) {
            (*st)->reset();
            return Error::make("project-corrupt", "a stored verification of sample #" +
                                                      std::to_string(sampleId) +
                                                      " cannot be read: " + rec.error().message);
        }
        out.push_back(std::move(*rec));
    }
    (*st)->reset();
    return out;
}

namespace {

Result<Review> appendReview(SqliteConnection& db, Review rv) {
    rv.createdAt = utcNowIso();
    auto ins = db.cached(
        "INSERT INTO reviews(sample_id, verdict, reverts, reviewer, note, tags_json, created_at) "
        "VALUES (?,?,?,?,?,?,?)");
    if (!ins)
        return ins.error();
    if (auto s = (*ins)
                     ->bind(1, rv.sampleId)
                     .bind(2, toString(rv.verdict))
                     .bind(3, rv.reverts)
                     .bind(4, rv.reviewer)
                     .bind(5, rv.note)
                     .bind(6, nlohmann::json(rv.tags).dump())
                     .bind(7, rv.createdAt)
                     .run();
        !s)
        return s.error();
    rv.id = db.lastInsertRowid();
    auto up = db.cached("UPDATE samples SET verdict = ?, review_id = ? WHERE id = ?");
    if (!up)
        return up.error();
    if (auto s = (*up)->bind(1, toString(rv.verdict)).bind(2, rv.id).bind(3, rv.sampleId).run(); !s)
        return s.error();
    return rv;
}

Status requireSample(SqliteConnection& db, std::int64_t id) {
    auto st = db.cached("SELECT 1 FROM samples WHERE id = ?");
    if (!st)
        return st.error();
    (*st)->bind(1, id);
    auto r = (*st)->step();
    (*st)->reset();
    if (!r)
        return r.error();
    if (!*r)
        return Error::make("unknown-sample",
                           "no sample #" + std::to_string(id) + " in this project");
    return okStatus();
}

} // namespace

namespace {

// Tags as stored: trimmed; an empty or white-space-only tag is refused, not stored as "".
Result<std::vector<std::string>> cleanTags(const std::vector<std::string>& tags) {
    std::vector<std::string> out;
    for (const auto& t : tags) {
        auto space = [](char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
        };
        std::size_t b = 0, e = t.size();
        while (b < e && space(t[b]))
            ++b;
        while (e > b && space(t[e - 1]))
            --e;
        if (b == e)
            return Error::make("bad-review", "a tag is empty or only white space");
        out.push_back(t.substr(b, e - b));
    }
    return out;
}

} // namespace

Result<Review> ProjectStore::review(std::int64_t sampleId, Verdict verdict,
                                    const std::string& reviewer, const std::string& note,
                                    const std::vector<std::string>& tags) {
    auto out = reviewSamples({sampleId}, verdict, reviewer, note, tags);
    if (!out)
        return out.error();
    return out->front();
}

Result<std::vector<Review>> ProjectStore::reviewSamples(const std::vector<std::int64_t>& sampleIds,
                                                        Verdict verdict,
                                                        const std::string& reviewer,
                                                        const std::string& note,
                                                        const std::vector<std::string>& tags) {
    if (verdict == Verdict::Unreviewed)
        return Error::make("bad-review", "a review gives a verdict: accepted, rejected or "
                                         "needs-work (use undo to take one back)");
    if (reviewer.empty())
        return Error::make("bad-review", "a review needs a reviewer's name");
    auto cleaned = cleanTags(tags);
    if (!cleaned)
        return cleaned.error();
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    std::vector<Review> out;
    for (std::int64_t sampleId : sampleIds) {
        if (auto s = requireSample(*m_db, sampleId); !s)
            return s.error(); // the transaction rolls back: none of the batch is stored
        Review rv;
        rv.sampleId = sampleId;
        rv.verdict = verdict;
        rv.reviewer = reviewer;
        rv.note = note;
        rv.tags = *cleaned;
        auto added = appendReview(*m_db, rv);
        if (!added)
            return added.error();
        out.push_back(std::move(*added));
    }
    if (auto s = tx->commit(); !s)
        return s.error();
    return out;
}

Result<Review> ProjectStore::undoReview(std::int64_t sampleId, const std::string& reviewer,
                                        const std::string& actor) {
    auto out = undoReviews({sampleId}, reviewer, actor);
    if (!out)
        return out.error();
    return out->front();
}

Result<std::vector<Review>> ProjectStore::undoReviews(const std::vector<std::int64_t>& sampleIds,
                                                      const std::string& reviewer,
                                                      const std::string& actor) {
    auto tx = WriteTransaction::begin(*m_db);
    if (!tx)
        return tx.error();
    std::vector<Review> out;
    for (std::int64_t sampleId : sampleIds) {
        auto r = undoLocked(sampleId, reviewer, actor);
        if (!r)
            return r.error(); // rolled back: none of the batch is undone
        out.push_back(std::move(*r));
    }
    if (auto s = tx->commit(); !s)
        return s.error();
    return out;
}

Result<Review> ProjectStore::undoLocked(std::int64_t sampleId, const std::string& reviewer,
                                        const std::string& actor) {
    if (auto s = requireSample(*m_db, sampleId); !s)
        return s.error();
    auto history = reviewHistory(sampleId);
    if (!history)
        return history.error();
    std::set<std::int64_t> reverted;
    for (const auto& r : *history)
        if (r.reverts)
            reverted.insert(*r.reverts);
    // The latest verdict still in force; the entry before it holds the verdict to restore,
    // since every entry records the verdict in force once it was written.
    const Review* target = nullptr;
    Verdict restore = Verdict::Unreviewed;
    for (std::size_t i = history->size(); i-- > 0;) {
        const auto& r = (*history)[i];
        if (r.isUndo() || reverted.count(r.id))
            continue;
        target = &r;
        if (i > 0)
            restore = (*history)[i - 1].verdict;
        break;
    }
    if (!target)
        return Error::make("nothing-to-undo",
                           "sample #" + std::to_string(sampleId) + " has no verdict to undo");
    if (!reviewer.empty() && target->reviewer != reviewer)
        return Error::make("not-your-review", "the verdict in force on sample #" +
                                                  std::to_string(sampleId) + " is " +
                                                  target->reviewer + "'s; only they can undo it");
    Review rv;
    rv.sampleId = sampleId;
    rv.verdict = restore;
    rv.reverts = target->id;
    // The entry names who undid it; the undone entry keeps its own reviewer.
    rv.reviewer = !actor.empty() ? actor : !reviewer.empty() ? reviewer : target->reviewer;
    rv.note =
        "undo of review #" + std::to_string(target->id) + " (" + toString(target->verdict) + ")";
    return appendReview(*m_db, rv);
}

Result<std::vector<Review>> ProjectStore::reviewHistory(std::int64_t sampleId) {
    auto st = m_db->cached(
        "SELECT id, verdict, reverts, reviewer, note, tags_json, created_at FROM reviews "
        "WHERE sample_id = ? ORDER BY id");
    if (!st)
        return st.error();
    (*st)->bind(1, sampleId);
    std::vector<Review> out;
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        Review rv;
        rv.id = (*st)->int64At(0);
        rv.sampleId = sampleId;
        rv.verdict = parseVerdict((*st)->textAt(1)).value_or(Verdict::Unreviewed);
        rv.reverts = (*st)->optionalInt64At(2);
        rv.reviewer = (*st)->textAt(3);
        rv.note = (*st)->textAt(4);
        auto tags = nlohmann::json::parse((*st)->textAt(5), nullptr, false);
        if (tags.is_array())
            for (const auto& t : tags)
                if (t.is_string())
                    rv.tags.push_back(t.get<std::string>());
        rv.createdAt = (*st)->textAt(6);
        out.push_back(std::move(rv));
    }
    (*st)->reset();
    return out;
}

} // namespace kwb
