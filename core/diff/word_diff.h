#pragma once
// Word-level (intra-line) diffs: which part of a changed line changed. A line is cut into
// tokens (identifier or number runs, whitespace runs, and each other character alone), the
// tokens are diffed with the line diff's Myers algorithm, and the changed tokens are merged into
// byte ranges of each line. Qt-free, no state, any thread.
#include <string>
#include <string_view>
#include <vector>

namespace kwb {

// A byte range of one line: [start, start + length).
struct ByteRange {
    int start = 0;
    int length = 0;

    bool operator==(const ByteRange&) const = default;
};

// The parts of each line that the other line does not have, in order; adjacent changed tokens
// are one range. Identical lines give none; a line against an empty one is one range.
struct WordDiff {
    std::vector<ByteRange> oldRanges;
    std::vector<ByteRange> newRanges;

    bool operator==(const WordDiff&) const = default;
};

// The tokens of a line; joined, they give the line back. Bytes of UTF-8 sequences (>= 0x80)
// count as word characters, so a multi-byte character is never split.
std::vector<std::string> splitTokens(std::string_view line);

WordDiff diffWords(std::string_view oldLine, std::string_view newLine);

} // namespace kwb
