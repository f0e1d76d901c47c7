// kwb_word_diff_tests: the word-level diff of two lines (core/diff/word_diff.h). Hand-written
// cases with the exact ranges, then random token edits whose ranges must cover exactly the
// bytes that are not common to both lines.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "core/diff/word_diff.h"
#include "tests/support/check.h"

using kwb::ByteRange;
using kwb::diffWords;
using kwb::splitTokens;

namespace {

using Ranges = std::vector<ByteRange>;

std::string join(const std::vector<std::string>& tokens) {
    std::string out;
    for (const auto& t : tokens)
        out += t;
    return out;
}

// The text the ranges cover, joined with '|'.
std::string covered(const std::string& line, const Ranges& ranges) {
    std::string out;
    for (const auto& r : ranges) {
        if (!out.empty())
            out += '|';
        out += line.substr(static_cast<size_t>(r.start), static_cast<size_t>(r.length));
    }
    return out;
}

void tokens() {
    const std::string line = "    acc += a[i * 4 + k] * b_tile[k];  // naïve";
    const auto t = splitTokens(line);
    CHECK(join(t) == line);
    CHECK(t.size() > 10);
    CHECK(t[0] == "    ");
    CHECK(t[1] == "acc");
    CHECK(t[3] == "+");
    CHECK(t[4] == "=");
    CHECK(join(splitTokens("")).empty());
    CHECK(splitTokens("").empty());
    // A multi-byte character stays inside its word.
    bool whole = false;
    for (const auto& token : t)
        whole = whole || token == "naïve";
    CHECK(whole);
    CHECK(splitTokens("b_tile").size() == 1);
    CHECK(splitTokens("x  \ty").size() == 3);
}

void oneToken() {
    const std::string a = "    for (int k = 0; k < 16; ++k)";
    const std::string b = "    for (int k = 0; k < 32; ++k)";
    const auto d = diffWords(a, b);
    CHECK(d.oldRanges == Ranges({{24, 2}}));
    CHECK(d.newRanges == Ranges({{24, 2}}));
    CHECK(covered(a, d.oldRanges) == "16");
    CHECK(covered(b, d.newRanges) == "32");
}

void handWritten() {
    CHECK(diffWords("same line", "same line").oldRanges.empty());
    CHECK(diffWords("same line", "same line").newRanges.empty());
    {
        const auto d = diffWords("", "int x;");
        CHECK(d.oldRanges.empty());
        CHECK(d.newRanges == Ranges({{0, 6}}));
    }
    {
        // An inserted qualifier: nothing removed, the word and its space added.
        const std::string a = "float* out";
        const std::string b = "float* __restrict__ out";
        const auto d = diffWords(a, b);
        CHECK(d.oldRanges.empty());
        CHECK(covered(b, d.newRanges) == "__restrict__ " ||
              covered(b, d.newRanges) == " __restrict__");
    }
    {
        // Two separate changes stay two ranges.
        const std::string a = "c[row * n + col] = acc;";
        const std::string b = "c[row * ldc + col] = sum;";
        const auto d = diffWords(a, b);
        CHECK(covered(a, d.oldRanges) == "n|acc");
        CHECK(covered(b, d.newRanges) == "ldc|sum");
    }
    {
        // Whole words change, never parts of one: "tile" is not matched inside "tiles".
        const auto d = diffWords("tile", "tiles");
        CHECK(d.oldRanges == Ranges({{0, 4}}));
        CHECK(d.newRanges == Ranges({{0, 5}}));
    }
}

// Random lines from a small vocabulary with random token edits: the ranges are in order, do
// not overlap, lie in the line, and the bytes outside them are the same on both sides.
void randomised() {
    const std::vector<std::string> words = {"a", "b", "acc", "k", "16", " ",  "  ", "+", "*",
                                            "(", ")", "[",   "]", ";",  "x1", "=",  ","};
    std::mt19937 rng(7);
    std::uniform_int_distribution<size_t> pick(0, words.size() - 1);
    int failures = 0;
    for (int round = 0; round < 300; ++round) {
        std::string a, b;
        const int n = static_cast<int>(rng() % 20);
        for (int i = 0; i < n; ++i) {
            const std::string& w = words[pick(rng)];
            a += w;
            const unsigned roll = rng() % 6;
            if (roll == 0)
                continue; // dropped
            b += roll == 1 ? words[pick(rng)] : w;
        }
        const auto d = diffWords(a, b);
        auto outside = [](const std::string& s, const Ranges& ranges, bool& ok) {
            std::string rest;
            int at = 0;
            for (const auto& r : ranges) {
                ok = ok && r.length > 0 && r.start >= at &&
                     r.start + r.length <= static_cast<int>(s.size());
                if (!ok)
                    return rest;
                rest += s.substr(static_cast<size_t>(at), static_cast<size_t>(r.start - at));
                at = r.start + r.length;
            }
            return rest + s.substr(static_cast<size_t>(at));
        };
        bool ok = true;
        const std::string restA = outside(a, d.oldRanges, ok);
        const std::string restB = outside(b, d.newRanges, ok);
        ok = ok && restA == restB;
        if (!ok && ++failures <= 3)
            std::printf("round %d: '%s' vs '%s'\n", round, a.c_str(), b.c_str());
        CHECK_MSG(ok, "round " + std::to_string(round));
    }
}

} // namespace

int main() {
    tokens();
    oneToken();
    handWritten();
    randomised();
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 && c.passed > 0 ? 0 : 1;
}
