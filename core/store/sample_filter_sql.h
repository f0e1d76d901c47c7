#pragma once
// A SampleFilter as an SQL condition over `samples s`, with its parameters, and the column
// lists that read a sample row into SampleSummary / Sample. Internal to core/store.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/model/error.h"
#include "core/model/sample.h"
#include "core/model/verification.h"
#include "core/store/sample_query.h"

namespace kwb {

class SqliteStatement;

struct SqlCondition {
    std::string where; // "1" when the filter is empty
    std::vector<std::variant<std::int64_t, double, std::string>> binds;
};

// The text condition runs the full-text query in place (an IN subquery): right for exports and
// statistics. Pages and counts of text combined with other filters take another plan (see
// ProjectStore::textMatches) with the same rows.
SqlCondition filterCondition(const SampleFilter& filter);
// The export gate's class of sample s (text, see sample_query.h), as an SQL expression built
// from the verdicts' families.
const std::string& gateClassSql();
// A verification verdict as an SQL string literal ('pass'): its one spelling
// (core/model/verdict.cpp).
std::string sqlVerdict(verification::Verdict v);
// A subquery of the ids of samples whose review notes (undo entries' left out) hold every
// whitespace-separated word of `text` (LIKE: case-insensitive for ASCII, inside words too).
SqlCondition noteMatchSql(const std::string& text);
// True when the filter narrows by anything but its text (the text-alone fast paths skip it).
bool narrowsBeyondText(const SampleFilter& filter);
// Binds from parameter `first` on; returns the next free index.
int bindCondition(SqliteStatement& st, const SqlCondition& c, int first = 1);
// FTS5 query text for the words of `text`: each word a quoted phrase, matched as a prefix.
std::string ftsQuery(const std::string& text);
// Whether ftsQuery can search for `text` as written: each word must hold a letter or digit
// (the index keeps nothing else, so "!!" would silently match nothing), and search syntax
// (quotes, AND / OR / NOT / NEAR) is refused rather than searched for as words.
// The error ("bad-search-text") names the word.
Status checkSearchText(const std::string& text);

// Columns of samples s for a summary (kSummaryColumnCount of them), and with the content
// table c joined, for a full sample.
extern const char* const kSummaryColumns;
inline constexpr int kSummaryColumnCount = 17;
extern const char* const kSampleColumns; // kSummaryColumns, then the rest
SampleSummary readSummary(const SqliteStatement& st);
Sample readSample(const SqliteStatement& st);

} // namespace kwb
