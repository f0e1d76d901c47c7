// ProjectStore: reading samples, pages, the review queue.
#include "core/store/project_store.h"
#include "core/store/sample_filter_sql.h"
#include "core/store/sqlite_connection.h"

namespace kwb {
namespace {

const char* orderBy(SampleOrder o) {
    switch (o) {
    case SampleOrder::NewestFirst:
        return " ORDER BY s.id DESC";
    case SampleOrder::OldestFirst:
        return " ORDER BY s.id ASC";
    // NULL sorts lowest, so DESC puts samples without a speedup last; samples_speedup serves it.
    case SampleOrder::FastestFirst:
        return " ORDER BY s.speedup DESC, s.id DESC";
    }
    return " ORDER BY s.id DESC";
}

} // namespace

Result<Sample> ProjectStore::sample(std::int64_t id) {
    auto st =
        m_db->cached(std::string("SELECT ") + kSampleColumns +
                     " FROM samples s JOIN sample_content c ON c.sample_id = s.id WHERE s.id = ?");
    if (!st)
        return st.error();
    (*st)->bind(1, id);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    if (!*r)
        return Error::make("unknown-sample",
                           "no sample #" + std::to_string(id) + " in this project");
    Sample s = readSample(**st);
    (*st)->reset();
    return s;
}

namespace {

bool onlyText(const SampleFilter& f) {
    return !ftsQuery(f.text).empty() && !narrowsBeyondText(f);
}

} // namespace

Result<std::int64_t> ProjectStore::countSamples(const SampleFilter& filter) {
    if (!ftsQuery(filter.text).empty() && !onlyText(filter)) {
        auto matches = textMatches(filter, false);
        if (!matches)
            return matches.error();
        return std::int64_t(matches->size());
    }
    return count(filter);
}

Result<std::map<std::string, std::int64_t>>
ProjectStore::gateClassCounts(const SampleFilter& filter) {
    auto cond = filterCondition(filter);
    auto st = m_db->cached("SELECT " + gateClassSql() + ", count(*) FROM samples s WHERE " +
                           cond.where + " GROUP BY 1");
    if (!st)
        return st.error();
    bindCondition(**st, cond);
    std::map<std::string, std::int64_t> counts;
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        counts[(*st)->textAt(0)] = (*st)->int64At(1);
    }
    return counts;
}

Result<std::int64_t> ProjectStore::count(const SampleFilter& filter) {
    auto cond = filterCondition(filter);
    // Text alone: the full-text index counts its matches itself (every sample is in it once).
    const bool fts = onlyText(filter);
    auto st = fts ? m_db->cached("SELECT count(*) FROM sample_text WHERE sample_text MATCH ?")
                  : m_db->cached("SELECT count(*) FROM samples s WHERE " + cond.where);
    if (!st)
        return st.error();
    if (fts)
        (*st)->bind(1, ftsQuery(filter.text));
    else
        bindCondition(**st, cond);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    std::int64_t n = (*st)->int64At(0);
    (*st)->reset();
    return n;
}

Result<SamplePage> ProjectStore::listSamples(const SampleFilter& filter, const PageRequest& page) {
    if (!ftsQuery(filter.text).empty())
        return textPage(filter, page);
    SamplePage out;
    auto total = count(filter);
    if (!total)
        return total.error();
    out.total = *total;
    auto cond = filterCondition(filter);
    auto st = m_db->cached(std::string("SELECT ") + kSummaryColumns + " FROM samples s WHERE " +
                           cond.where + orderBy(page.order) + " LIMIT ? OFFSET ?");
    if (!st)
        return st.error();
    int next = bindCondition(**st, cond);
    (*st)
        ->bind(next, std::int64_t(std::max(0, page.limit)))
        .bind(next + 1, std::max<std::int64_t>(0, page.offset));
    for (;;) {
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        out.rows.push_back(readSummary(**st));
    }
    (*st)->reset();
    return out;
}

Result<ReadTransaction> ProjectStore::beginRead() {
    return ReadTransaction::begin(*m_db);
}

Result<std::vector<std::int64_t>> ProjectStore::matchingIds(const SampleFilter& filter) {
    auto cond = filterCondition(filter);
    auto st = m_db->prepare("SELECT s.id FROM samples s WHERE " + cond.where + " ORDER BY s.id");
    if (!st)
        return st.error();
    bindCondition(*st, cond);
    std::vector<std::int64_t> ids;
    for (;;) {
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r)
            return ids;
        ids.push_back(st->int64At(0));
    }
}

// Both walk the ids first (small, in index order), then read each sample by id: one query that
// joined the content and sorted would have SQLite sort every source in memory.
Status ProjectStore::forEachSample(const SampleFilter& filter,
                                   const std::function<bool(const Sample&)>& visit) {
    auto ids = matchingIds(filter);
    if (!ids)
        return ids.error();
    for (auto id : *ids) {
        auto s = sample(id);
        if (!s)
            return s.error();
        if (!visit(*s))
            break;
    }
    return okStatus();
}

Status ProjectStore::forEachSampleContent(
    const SampleFilter& filter,
    const std::function<bool(const SampleSummary&, const SampleContent&)>& visit) {
    auto ids = matchingIds(filter);
    if (!ids)
        return ids.error();
    auto st =
        m_db->prepare(std::string("SELECT ") + kSummaryColumns +
                      ", s.task_spec_id, c.source, c.messages_json "
                      "FROM samples s JOIN sample_content c ON c.sample_id = s.id WHERE s.id = ?");
    if (!st)
        return st.error();
    SampleContent content;
    for (auto id : *ids) {
        st->bind(1, id);
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r) {
            st->reset();
            continue;
        }
        SampleSummary sum = readSummary(*st);
        content.taskSpecId = st->int64At(kSummaryColumnCount);
        content.source = st->textAt(kSummaryColumnCount + 1);
        content.messagesJson = st->textAt(kSummaryColumnCount + 2);
        st->reset();
        if (!visit(sum, content))
            break;
    }
    return okStatus();
}

Result<std::vector<SampleKey>> ProjectStore::sampleKeys(const SampleFilter& filter) {
    auto cond = filterCondition(filter);
    auto st = m_db->prepare(
        "SELECT s.id, s.task_id, s.prompt_hash, s.verdict, s.speedup FROM samples s WHERE " +
        cond.where + " ORDER BY s.id");
    if (!st)
        return st.error();
    bindCondition(*st, cond);
    std::vector<SampleKey> out;
    for (;;) {
        auto r = st->step();
        if (!r)
            return r.error();
        if (!*r)
            return out;
        SampleKey k;
        k.id = st->int64At(0);
        k.taskId = st->textAt(1);
        k.promptHash = st->textAt(2);
        k.verdict = parseVerdict(st->textAt(3)).value_or(Verdict::Unreviewed);
        k.speedup = st->optionalDoubleAt(4);
        out.push_back(std::move(k));
    }
}

namespace {

SqlCondition queueCondition(const QueueFilter& f) {
    SampleFilter sf;
    sf.tasks = f.tasks;
    sf.models = f.models;
    auto c = filterCondition(sf);
    c.where = "s.queue_rank IS NOT NULL AND " + c.where;
    return c;
}

} // namespace

Result<std::optional<SampleSummary>> ProjectStore::nextInQueue(const QueueFilter& filter,
                                                               std::optional<std::int64_t> after) {
    return queueNeighbour(filter, after, true);
}

Result<std::optional<SampleSummary>>
ProjectStore::previousInQueue(const QueueFilter& filter, std::optional<std::int64_t> before) {
    return queueNeighbour(filter, before, false);
}

Result<std::optional<SampleSummary>> ProjectStore::queueNeighbour(const QueueFilter& filter,
                                                                  std::optional<std::int64_t> from,
                                                                  bool forward) {
    std::optional<std::int64_t> fromRank;
    if (from) {
        auto r = m_db->cached("SELECT queue_rank FROM samples WHERE id = ?");
        if (!r)
            return r.error();
        (*r)->bind(1, *from);
        auto row = (*r)->step();
        if (!row)
            return row.error();
        if (*row)
            fromRank = (*r)->optionalInt64At(0);
        (*r)->reset();
    }
    const auto cond = queueCondition(filter);
    const std::string beyond = forward ? " > ?" : " < ?";
    const std::string order = forward ? " ORDER BY s.queue_rank, s.id LIMIT 1"
                                      : " ORDER BY s.queue_rank DESC, s.id DESC LIMIT 1";
    // One index seek each: the rest of the current rank past `from`, else the ranks beyond.
    // (A row-value comparison would make SQLite walk the whole current rank.)
    auto first = [&](const std::string& extra, std::optional<std::int64_t> a,
                     std::optional<std::int64_t> b) -> Result<std::optional<SampleSummary>> {
        auto st = m_db->cached(std::string("SELECT ") + kSummaryColumns + " FROM samples s WHERE " +
                               cond.where + extra + order);
        if (!st)
            return st.error();
        int next = bindCondition(**st, cond);
        if (a)
            (*st)->bind(next++, *a);
        if (b)
            (*st)->bind(next, *b);
        auto r = (*st)->step();
        if (!r)
            return r.error();
        std::optional<SampleSummary> out;
        if (*r)
            out = readSummary(**st);
        (*st)->reset();
        return out;
    };
    if (!fromRank) // no current sample, or it left the queue: start again at the head (tail)
        return from ? first(" AND s.id <> ?", *from, std::nullopt)
                    : first("", std::nullopt, std::nullopt);
    auto sameRank = first(" AND s.queue_rank = ? AND s.id" + beyond, *fromRank, *from);
    if (!sameRank || *sameRank)
        return sameRank;
    return first(" AND s.queue_rank" + beyond, *fromRank, std::nullopt);
}

Result<std::int64_t> ProjectStore::queueLength(const QueueFilter& filter) {
    auto cond = queueCondition(filter);
    auto st = m_db->cached("SELECT count(*) FROM samples s WHERE " + cond.where);
    if (!st)
        return st.error();
    bindCondition(**st, cond);
    auto r = (*st)->step();
    if (!r)
        return r.error();
    std::int64_t n = (*st)->int64At(0);
    (*st)->reset();
    return n;
}

} // namespace kwb
