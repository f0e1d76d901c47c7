// ProjectStore: pages with a text filter, and counts of text combined with other filters.
//
// Why not one query: SQLite runs `s.id IN (SELECT rowid FROM sample_text WHERE ... MATCH ?)`
// by materialising every match into an index first, and a common word ("float", "fmaxf")
// matches nearly every sample, so a page of text + task + verdict read every match. Asking the
// index once per candidate (`rowid = s.id AND MATCH`) is worse: FTS5 rebuilds a prefix query's
// merged list for every call (30 s for 450 candidates). So the full-text index is read once, as a
// sorted list of ids, and joined here:
//   text alone, in id order: that list is the answer;
//   few matches  (<= textProbeMaxHits): each is looked up by id and tested against the other
//                filters (one primary-key seek each);
//   many matches: the other filters' candidates come from their covering index (samples_filter
//                holds every filter column and the speedup) in the index's order, each checked
//                against a bitmap of the matches.
// Nothing is sorted in full: a page needs only its first offset + limit rows in order. Every
// plan gives exactly the rows of filterCondition()'s single query (tests/store compares them):
// the text's matches still come from FTS5 itself, and the other filters are the same SQL.
#include <algorithm>
#include <iterator>

#include "core/store/project_store.h"
#include "core/store/sample_filter_sql.h"
#include "core/store/sqlite_connection.h"

namespace kwb {

Result<std::vector<ProjectStore::TextMatch>> ProjectStore::textMatches(const SampleFilter& filter,
                                                                       bool needSpeedup) {
    auto fts =
        m_db->cached("SELECT rowid FROM sample_text WHERE sample_text MATCH ? ORDER BY rowid");
    if (!fts)
        return fts.error();
    (*fts)->bind(1, ftsQuery(filter.text));
    std::vector<std::int64_t> hits;
    for (;;) {
        auto r = (*fts)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        hits.push_back((*fts)->int64At(0));
    }
    (*fts)->reset();
    if (filter.textCoversNotes) { // the notes' matches join the index's, in id order
        const auto notes = noteMatchSql(filter.text);
        auto byNote = m_db->cached(notes.where + " ORDER BY r.sample_id");
        if (!byNote)
            return byNote.error();
        bindCondition(**byNote, notes);
        std::vector<std::int64_t> noted;
        for (;;) {
            auto r = (*byNote)->step();
            if (!r)
                return r.error();
            if (!*r)
                break;
            noted.push_back((*byNote)->int64At(0));
        }
        (*byNote)->reset();
        std::vector<std::int64_t> both;
        std::set_union(hits.begin(), hits.end(), noted.begin(), noted.end(),
                       std::back_inserter(both));
        hits = std::move(both);
    }
    std::vector<TextMatch> out;
    if (hits.empty())
        return out;

    SampleFilter rest = filter;
    rest.text.clear();
    const auto cond = filterCondition(rest);
    if (cond.where == "1" && !needSpeedup) { // text alone: every sample is in the index once
        out.reserve(hits.size());
        for (auto id : hits)
            out.push_back({id, std::nullopt});
        return out;
    }
    if (std::int64_t(hits.size()) <= m_textProbeMaxHits) {
        auto probe =
            m_db->cached("SELECT s.speedup FROM samples s WHERE s.id = ? AND " + cond.where);
        if (!probe)
            return probe.error();
        for (auto id : hits) {
            (*probe)->bind(1, id);
            bindCondition(**probe, cond, 2);
            auto r = (*probe)->step();
            if (!r)
                return r.error();
            if (*r)
                out.push_back({id, (*probe)->optionalDoubleAt(0)});
            (*probe)->reset();
        }
        return out;
    }
    // Ids are rowids, dense from 1 (samples are never deleted): one bit each up to the largest.
    std::vector<bool> isHit(std::size_t(hits.back()) + 1);
    for (auto id : hits)
        isHit[std::size_t(id)] = true;
    // No ORDER BY: the planner stays free to read the covering index in its own order.
    auto cand = m_db->cached("SELECT s.id, s.speedup FROM samples s WHERE " + cond.where);
    if (!cand)
        return cand.error();
    bindCondition(**cand, cond);
    for (;;) {
        auto r = (*cand)->step();
        if (!r)
            return r.error();
        if (!*r)
            break;
        const std::int64_t id = (*cand)->int64At(0);
        if (id > 0 && std::size_t(id) < isHit.size() && isHit[std::size_t(id)])
            out.push_back({id, (*cand)->optionalDoubleAt(1)});
    }
    (*cand)->reset();
    return out;
}

Result<SamplePage> ProjectStore::textPage(const SampleFilter& filter, const PageRequest& page) {
    auto matches = textMatches(filter, page.order == SampleOrder::FastestFirst);
    if (!matches)
        return matches.error();
    auto& m = *matches;
    SamplePage out;
    out.total = std::int64_t(m.size());
    const std::int64_t first =
        std::min<std::int64_t>(std::max<std::int64_t>(0, page.offset), out.total);
    const std::int64_t last = std::min<std::int64_t>(out.total, first + std::max(0, page.limit));
    // The rows up to `last` in the page's order, as the SQL orderings put them.
    auto upTo = m.begin() + last;
    switch (page.order) {
    case SampleOrder::OldestFirst:
        std::partial_sort(m.begin(), upTo, m.end(),
                          [](const TextMatch& a, const TextMatch& b) { return a.id < b.id; });
        break;
    case SampleOrder::NewestFirst:
        std::partial_sort(m.begin(), upTo, m.end(),
                          [](const TextMatch& a, const TextMatch& b) { return a.id > b.id; });
        break;
    case SampleOrder::FastestFirst:
        // As `ORDER BY s.speedup DESC, s.id DESC`: SQLite sorts NULL lowest, so last here.
        std::partial_sort(m.begin(), upTo, m.end(), [](const TextMatch& a, const TextMatch& b) {
            if (a.speedup.has_value() != b.speedup.has_value())
                return a.speedup.has_value();
            if (a.speedup && *a.speedup != *b.speedup)
                return *a.speedup > *b.speedup;
            return a.id > b.id;
        });
        break;
    }
    auto st =
        m_db->cached(std::string("SELECT ") + kSummaryColumns + " FROM samples s WHERE s.id = ?");
    if (!st)
        return st.error();
    for (std::int64_t i = first; i < last; ++i) {
        (*st)->bind(1, m[std::size_t(i)].id);
        auto r = (*st)->step();
        if (!r)
            return r.error();
        if (*r)
            out.rows.push_back(readSummary(**st));
        (*st)->reset();
    }
    return out;
}

} // namespace kwb
