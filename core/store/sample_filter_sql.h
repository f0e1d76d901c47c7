#pragma once
// A SampleFilter as an SQL condition over `samples s`, with its parameters, and the column
// lists that read a sample row into SampleSummary / Sample. Internal to core/store.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/model/sample.h"
#include "core/store/sample_query.h"

namespace kwb {

class SqliteStatement;

struct SqlCondition {
    std::string where; // "1" when the filter is empty
    std::vector<std::variant<std::int64_t, double, std::string>> binds;
};

// With textTable, the text condition reads the matches from temp.text_hits, filled beforehand
// (see ProjectStore::listSamples) instead of running the full-text query in place.
SqlCondition filterCondition(const SampleFilter& filter, bool textTable = false);
// Binds from parameter `first` on; returns the next free index.
int bindCondition(SqliteStatement& st, const SqlCondition& c, int first = 1);
// FTS5 query text for the words of `text`: each word a quoted phrase, matched as a prefix.
std::string ftsQuery(const std::string& text);

// Columns of samples s for a summary (kSummaryColumnCount of them), and with the content
// table c joined, for a full sample.
extern const char* const kSummaryColumns;
inline constexpr int kSummaryColumnCount = 17;
extern const char* const kSampleColumns; // kSummaryColumns, then the rest
SampleSummary readSummary(const SqliteStatement& st);
Sample readSample(const SqliteStatement& st);

} // namespace kwb
