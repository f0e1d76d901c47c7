#include "core/store/sample_filter_sql.h"

#include <cctype>
#include <sstream>

#include "core/store/sqlite_statement.h"

namespace kwb {
namespace {

template <typename T, typename F>
void anyOf(SqlCondition& c, const char* column, const std::vector<T>& values, F toText) {
    if (values.empty())
        return;
    c.where.append(" AND ").append(column).append(" IN (");
    for (std::size_t i = 0; i < values.size(); ++i) {
        c.where.append(i ? ",?" : "?");
        c.binds.emplace_back(toText(values[i]));
    }
    c.where.append(")");
}

// Tags of the verdict in force, reviewers of any verdict, words of the notes.
void reviewConditions(SqlCondition& c, const SampleFilter& f) {
    if (!f.tags.empty()) {
        c.where += " AND EXISTS (SELECT 1 FROM reviews r, json_each(r.tags_json) t WHERE r.id = "
                   "s.review_id AND t.value IN (";
        for (std::size_t i = 0; i < f.tags.size(); ++i) {
            c.where.append(i ? ",?" : "?");
            c.binds.emplace_back(f.tags[i]);
        }
        c.where += "))";
    }
    if (!f.reviewers.empty()) {
        c.where += " AND EXISTS (SELECT 1 FROM reviews r WHERE r.sample_id = s.id AND "
                   "r.reverts IS NULL AND r.reviewer IN (";
        for (std::size_t i = 0; i < f.reviewers.size(); ++i) {
            c.where.append(i ? ",?" : "?");
            c.binds.emplace_back(f.reviewers[i]);
        }
        c.where += "))";
    }
    if (f.noteText.find_first_not_of(" \t\n\r\f\v") != std::string::npos) {
        auto notes = noteMatchSql(f.noteText);
        c.where.append(" AND s.id IN (").append(notes.where).append(")");
        c.binds.insert(c.binds.end(), notes.binds.begin(), notes.binds.end());
    }
}

} // namespace

std::string sqlVerdict(verification::Verdict v) {
    std::string quoted = "'";
    for (char c : verification::toString(v)) {
        quoted.push_back(c);
        if (c == '\'')
            quoted.push_back('\'');
    }
    return quoted + "'";
}

namespace {

std::string sqlVerdictList(const std::vector<verification::Verdict>& verdicts) {
    std::string list = "(";
    for (std::size_t i = 0; i < verdicts.size(); ++i)
        list.append(i ? "," : "").append(sqlVerdict(verdicts[i]));
    return list + ")";
}

// The suspected hacks the gate never lets in: the family's verdicts but suspicious-timing, which
// passed every check and is only flagged for a person's look (sample_query.h).
std::vector<verification::Verdict> gateHackVerdicts() {
    std::vector<verification::Verdict> hacks;
    for (auto v : verification::allVerdicts())
        if (verification::family(v) == verification::VerdictFamily::SuspectedHack &&
            v != verification::Verdict::SuspiciousTiming)
            hacks.push_back(v);
    return hacks;
}

// The latest record's verdict family, and whether its screening lists findings.
void verificationConditions(SqlCondition& c, const SampleFilter& f) {
    if (!f.verificationFamilies.empty()) {
        std::vector<verification::Verdict> verdicts;
        for (auto v : verification::allVerdicts())
            for (auto fam : f.verificationFamilies)
                if (verification::family(v) == fam)
                    verdicts.push_back(v);
        c.where += " AND s.verification_verdict IN " + sqlVerdictList(verdicts);
    }
    if (f.screeningFindings)
        c.where.append(*f.screeningFindings ? " AND " : " AND NOT ")
            .append("coalesce((SELECT json_array_length(v.record_json, '$.screening.findings') "
                    "FROM verifications v WHERE v.id = s.verification_id), 0) > 0");
    if (f.duplicatesOnly)
        c.where += " AND s.duplicate_of IS NOT NULL";
}

} // namespace

// F: how many screening findings the latest record lists; NULL without a record or without
// a `screening` key. See the classes in sample_query.h.
const std::string& gateClassSql() {
    using verification::Verdict;
    static const std::string sql =
        "(SELECT CASE"
        " WHEN s.verification_id IS NULL THEN 'unverified'"
        " WHEN s.verification_verdict IN " +
        sqlVerdictList(gateHackVerdicts()) +
        " THEN 'hack'"
        " WHEN s.verification_verdict NOT IN " +
        sqlVerdictList({Verdict::Pass, Verdict::SuspiciousTiming, Verdict::NotRun}) +
        " THEN (CASE WHEN g.f > 0 THEN 'hack' ELSE 'failed' END)"
        " WHEN s.verification_verdict = " +
        sqlVerdict(Verdict::NotRun) +
        " OR s.on_gpu = 0 THEN"
        "  (CASE WHEN g.f = 0 THEN 'unverified' ELSE 'unverified-flagged' END)"
        " WHEN s.verification_verdict = " +
        sqlVerdict(Verdict::SuspiciousTiming) +
        " OR g.f IS NULL OR g.f > 0 THEN 'flagged'"
        " ELSE 'clean' END"
        " FROM (SELECT (SELECT json_array_length(v.record_json, '$.screening.findings') FROM "
        "verifications v"
        "  WHERE v.id = s.verification_id) AS f) g)";
    return sql;
}

std::string ftsQuery(const std::string& text) {
    std::istringstream in(text);
    std::string word, out;
    while (in >> word) {
        if (!out.empty())
            out.push_back(' ');
        out.push_back('"');
        for (char ch : word) {
            out.push_back(ch);
            if (ch == '"')
                out.push_back('"');
        }
        out.append("\"*");
    }
    return out;
}

Status checkSearchText(const std::string& text) {
    std::istringstream in(text);
    std::string word;
    auto bad = [](const std::string& w, const std::string& why) {
        return Error::make("bad-search-text", "bad search text: \"" + w + "\" " + why +
                                                  " (give plain words; each matches a word of the "
                                                  "label, model or source that starts with it)");
    };
    while (in >> word) {
        if (word == "AND" || word == "OR" || word == "NOT" || word == "NEAR")
            return bad(word, "is search syntax, which is not supported");
        if (word.find('"') != std::string::npos)
            return bad(word, "holds a quote: phrases are not supported");
        bool wordy = false;
        for (unsigned char c : word)
            wordy = wordy || std::isalnum(c) ||
                    c >= 0x80; // the index's tokens: letters and digits of any script
        if (!wordy)
            return bad(word, "has no letter or digit, so it can never match");
    }
    return okStatus();
}

SqlCondition filterCondition(const SampleFilter& f) {
    SqlCondition c;
    c.where.assign(1, '1');
    anyOf(c, "s.id", f.ids, [](std::int64_t id) { return id; });
    anyOf(c, "s.task_id", f.tasks, [](const std::string& s) { return s; });
    anyOf(c, "s.verdict", f.verdicts, [](Verdict v) { return toString(v); });
    anyOf(c, "s.model", f.models, [](const std::string& s) { return s; });
    if (f.origin) {
        c.where += " AND s.origin = ?";
        c.binds.emplace_back(toString(*f.origin));
    }
    if (f.minSpeedup) {
        c.where += " AND s.speedup >= ?";
        c.binds.emplace_back(*f.minSpeedup);
    }
    if (f.maxSpeedup) {
        c.where += " AND s.speedup <= ?";
        c.binds.emplace_back(*f.maxSpeedup);
    }
    if (f.verifiedOnGpu)
        c.where += " AND s.on_gpu = 1";
    if (f.passedOnly)
        c.where += " AND s.verification_verdict = " + sqlVerdict(verification::Verdict::Pass);
    if (!f.includeDuplicates)
        c.where += " AND s.duplicate_of IS NULL";
    if (!f.gateClasses.empty()) {
        c.where.append(" AND ").append(gateClassSql()).append(" IN (");
        for (std::size_t i = 0; i < f.gateClasses.size(); ++i) {
            c.where.append(i ? ",?" : "?");
            c.binds.emplace_back(f.gateClasses[i]);
        }
        c.where.append(")");
    }
    reviewConditions(c, f);
    verificationConditions(c, f);
    if (auto q = ftsQuery(f.text); !q.empty()) {
        c.where += f.textCoversNotes ? " AND (s.id IN (SELECT rowid FROM sample_text WHERE "
                                       "sample_text MATCH ?) OR s.id IN "
                                     : " AND s.id IN (SELECT rowid FROM sample_text WHERE "
                                       "sample_text MATCH ?)";
        c.binds.emplace_back(q);
        if (f.textCoversNotes) {
            auto notes = noteMatchSql(f.text);
            c.where.append("(").append(notes.where).append("))");
            c.binds.insert(c.binds.end(), notes.binds.begin(), notes.binds.end());
        }
    }
    return c;
}

SqlCondition noteMatchSql(const std::string& text) {
    SqlCondition c;
    c.where = "SELECT r.sample_id FROM reviews r WHERE r.reverts IS NULL GROUP BY r.sample_id "
              "HAVING 1";
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        std::string pattern = "%";
        for (char ch : word) {
            if (ch == '%' || ch == '_' || ch == '\\')
                pattern.push_back('\\');
            pattern.push_back(ch);
        }
        pattern.push_back('%');
        // Joined by a line break: a word never spans two notes.
        c.where += " AND group_concat(r.note, char(10)) LIKE ? ESCAPE '\\'";
        c.binds.emplace_back(pattern);
    }
    return c;
}

bool narrowsBeyondText(const SampleFilter& f) {
    return !f.ids.empty() || !f.tasks.empty() || !f.verdicts.empty() || !f.models.empty() ||
           f.origin || f.minSpeedup || f.maxSpeedup || f.verifiedOnGpu || f.passedOnly ||
           !f.includeDuplicates || !f.gateClasses.empty() || !f.tags.empty() ||
           !f.reviewers.empty() ||
           f.noteText.find_first_not_of(" \t\n\r\f\v") != std::string::npos || f.textCoversNotes ||
           !f.verificationFamilies.empty() || f.screeningFindings || f.duplicatesOnly;
}

int bindCondition(SqliteStatement& st, const SqlCondition& c, int first) {
    for (const auto& b : c.binds) {
        std::visit([&](const auto& v) { st.bind(first, v); }, b);
        ++first;
    }
    return first;
}

const char* const kSummaryColumns = "s.id, s.task_id, s.label, s.origin, s.model, s.created_at, "
                                    "s.parent_id, s.verdict, s.review_id, "
                                    "s.verification_id, s.verification_verdict, s.on_gpu, "
                                    "s.speedup, s.gpu, s.duplicate_of, s.duplicate_kind, "
                                    "s.similarity";

const char* const kSampleColumns =
    "s.id, s.task_id, s.label, s.origin, s.model, s.created_at, s.parent_id, s.verdict, "
    "s.review_id, "
    "s.verification_id, s.verification_verdict, s.on_gpu, s.speedup, s.gpu, s.duplicate_of, "
    "s.duplicate_kind, "
    "s.similarity, s.task_spec_id, s.provider, s.author, s.source_hash, s.prompt_tokens, "
    "s.completion_tokens, "
    "s.cost_usd, c.source, c.messages_json, c.raw_response, c.parameters_json";

SampleSummary readSummary(const SqliteStatement& st) {
    SampleSummary s;
    s.id = st.int64At(0);
    s.taskId = st.textAt(1);
    s.label = st.textAt(2);
    s.origin = parseSampleOrigin(st.textAt(3)).value_or(SampleOrigin::Import);
    s.model = st.textAt(4);
    s.createdAt = st.textAt(5);
    s.parentId = st.optionalInt64At(6);
    s.status.verdict = parseVerdict(st.textAt(7)).value_or(Verdict::Unreviewed);
    s.status.reviewId = st.optionalInt64At(8);
    s.status.verificationId = st.textAt(9);
    s.status.verificationVerdict = st.textAt(10);
    s.status.onGpu = st.int64At(11) != 0;
    s.status.speedup = st.optionalDoubleAt(12);
    s.status.gpu = st.textAt(13);
    s.status.duplicateOf = st.optionalInt64At(14);
    s.status.duplicateKind = st.textAt(15);
    s.status.similarity = st.doubleAt(16);
    return s;
}

Sample readSample(const SqliteStatement& st) {
    SampleSummary sum = readSummary(st);
    Sample s;
    s.id = sum.id;
    s.taskId = std::move(sum.taskId);
    s.label = std::move(sum.label);
    s.origin = sum.origin;
    s.model = std::move(sum.model);
    s.createdAt = std::move(sum.createdAt);
    s.parentId = sum.parentId;
    s.status = std::move(sum.status);
    int c = kSummaryColumnCount;
    s.taskSpecId = st.int64At(c++);
    s.provider = st.textAt(c++);
    s.author = st.textAt(c++);
    s.sourceHash = st.textAt(c++);
    s.promptTokens = st.int64At(c++);
    s.completionTokens = st.int64At(c++);
    s.costUsd = st.doubleAt(c++);
    s.source = st.textAt(c++);
    s.messages = nlohmann::json::parse(st.textAt(c++), nullptr, false);
    if (!s.messages.is_array())
        s.messages = nlohmann::json::array();
    s.rawResponse = st.textAt(c++);
    s.parameters = nlohmann::json::parse(st.textAt(c++), nullptr, false);
    if (!s.parameters.is_object())
        s.parameters = nlohmann::json::object();
    return s;
}

} // namespace kwb
