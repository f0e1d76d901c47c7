#include "core/diff/word_diff.h"

#include "core/diff/line_diff.h"

namespace kwb {

namespace {

enum class CharClass { Word, Space, Other };

CharClass classOf(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80 || u == '_' || (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') ||
        (u >= 'A' && u <= 'Z'))
        return CharClass::Word;
    if (u == ' ' || u == '\t' || u == '\r')
        return CharClass::Space;
    return CharClass::Other;
}

// Appends [start, start + length) to `ranges`, merged with the last range when they touch.
void addRange(std::vector<ByteRange>& ranges, int start, int length) {
    if (length <= 0)
        return;
    if (!ranges.empty() && ranges.back().start + ranges.back().length == start) {
        ranges.back().length += length;
        return;
    }
    ranges.push_back({start, length});
}

} // namespace

std::vector<std::string> splitTokens(std::string_view line) {
    std::vector<std::string> tokens;
    size_t i = 0;
    while (i < line.size()) {
        const CharClass kind = classOf(line[i]);
        size_t end = i + 1;
        if (kind != CharClass::Other)
            while (end < line.size() && classOf(line[end]) == kind)
                ++end;
        tokens.emplace_back(line.substr(i, end - i));
        i = end;
    }
    return tokens;
}

WordDiff diffWords(std::string_view oldLine, std::string_view newLine) {
    const auto oldTokens = splitTokens(oldLine);
    const auto newTokens = splitTokens(newLine);
    // Byte offset of each token in its line.
    auto offsets = [](const std::vector<std::string>& tokens) {
        std::vector<int> out(tokens.size() + 1, 0);
        for (size_t i = 0; i < tokens.size(); ++i)
            out[i + 1] = out[i] + static_cast<int>(tokens[i].size());
        return out;
    };
    const auto oldAt = offsets(oldTokens);
    const auto newAt = offsets(newTokens);
    WordDiff out;
    for (const DiffEdit& e : diffLines(oldTokens, newTokens)) {
        if (e.op == DiffOp::Delete) {
            const auto i = static_cast<size_t>(e.oldLine);
            addRange(out.oldRanges, oldAt[i], static_cast<int>(oldTokens[i].size()));
        } else if (e.op == DiffOp::Insert) {
            const auto j = static_cast<size_t>(e.newLine);
            addRange(out.newRanges, newAt[j], static_cast<int>(newTokens[j].size()));
        }
    }
    return out;
}

} // namespace kwb
