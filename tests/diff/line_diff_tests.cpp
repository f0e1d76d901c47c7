// kwb_diff_tests: the line diff (core/diff). Hand-written cases, then random ones whose edit
// script is replayed and whose length is compared with a quadratic LCS table.
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "core/diff/line_diff.h"
#include "tests/support/check.h"

using kwb::AlignedRow;
using kwb::DiffEdit;
using kwb::DiffOp;
using kwb::RowKind;

namespace {

using Lines = std::vector<std::string>;

// Replays the script: Equal and Insert lines in order must give newLines, Equal and Delete
// lines in order must give oldLines, and each Equal must join equal lines.
bool replays(const Lines& a, const Lines& b, const std::vector<DiffEdit>& edits) {
    Lines fromOld, fromNew;
    int nextOld = 0, nextNew = 0;
    for (const auto& e : edits) {
        if (e.op != DiffOp::Insert) {
            if (e.oldLine != nextOld++)
                return false;
            fromOld.push_back(a[static_cast<size_t>(e.oldLine)]);
        }
        if (e.op != DiffOp::Delete) {
            if (e.newLine != nextNew++)
                return false;
            fromNew.push_back(b[static_cast<size_t>(e.newLine)]);
        }
        if (e.op == DiffOp::Equal &&
            a[static_cast<size_t>(e.oldLine)] != b[static_cast<size_t>(e.newLine)])
            return false;
    }
    return fromOld == a && fromNew == b;
}

size_t lcsLength(const Lines& a, const Lines& b) {
    std::vector<std::vector<size_t>> t(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j)
            t[i][j] =
                a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
    return t[a.size()][b.size()];
}

Lines chars(const std::string& s) {
    Lines out;
    for (char c : s)
        out.emplace_back(1, c);
    return out;
}

void splitting() {
    CHECK(kwb::splitLines("").empty());
    CHECK((kwb::splitLines("a") == Lines{"a"}));
    CHECK((kwb::splitLines("a\n") == Lines{"a"}));
    CHECK((kwb::splitLines("a\n\nb") == Lines{"a", "", "b"}));
    CHECK((kwb::splitLines("a\r\nb\r\n") == Lines{"a", "b"}));
    CHECK((kwb::splitLines("\n") == Lines{""}));
}

void handWritten() {
    struct Case {
        const char* a;
        const char* b;
        size_t edits; // deletions + insertions of a shortest script
    };
    const Case cases[] = {{"", "", 0},        {"abc", "abc", 0},  {"", "abc", 3},
                          {"abc", "", 3},     {"a", "b", 2},      {"abcabba", "cbabac", 5},
                          {"abc", "abxc", 1}, {"xabc", "abc", 1}, {"abcdef", "abXdeY", 4},
                          {"aaaa", "aa", 2},  {"ab", "ba", 2},    {"abcd", "dcba", 6}};
    for (const auto& c : cases) {
        const Lines a = chars(c.a), b = chars(c.b);
        const auto edits = kwb::diffLines(a, b);
        const auto stats = kwb::diffStats(edits);
        const std::string name = std::string(c.a) + " -> " + c.b;
        CHECK_MSG(replays(a, b, edits), name);
        CHECK_MSG(size_t(stats.removed + stats.added) == c.edits, name);
        CHECK_MSG(size_t(stats.same) == lcsLength(a, b), name);
    }
}

void sideBySide() {
    // One changed line, one removed and one added: rows pair them and keep the rest aligned.
    const Lines a{"int x;", "a();", "b();", "c();", "return;"};
    const Lines b{"int x;", "A();", "c();", "d();", "return;"};
    const auto rows = kwb::alignSideBySide(kwb::diffLines(a, b));
    const std::vector<AlignedRow> want{{RowKind::Same, 0, 0},     {RowKind::Changed, 1, 1},
                                       {RowKind::Removed, 2, -1}, {RowKind::Same, 3, 2},
                                       {RowKind::Added, -1, 3},   {RowKind::Same, 4, 4}};
    CHECK(rows == want);
    for (const auto& r : rows)
        CHECK(r.kind != RowKind::Same || a[size_t(r.oldLine)] == b[size_t(r.newLine)]);
    // Identical texts: all Same, nothing else.
    const auto same = kwb::alignSideBySide(kwb::diffLines(a, a));
    CHECK(same.size() == a.size());
    CHECK(std::all_of(same.begin(), same.end(),
                      [](const AlignedRow& r) { return r.kind == RowKind::Same; }));
}

void randomised() {
    std::mt19937 rng(20240611);
    int failures = 0;
    for (int round = 0; round < 600; ++round) {
        // Few distinct lines make many common subsequences: the hard case for the bisection.
        std::uniform_int_distribution<int> len(0, round < 300 ? 12 : 60);
        std::uniform_int_distribution<int> alphabet(2, 6);
        const int k = alphabet(rng);
        std::uniform_int_distribution<int> symbol(0, k - 1);
        Lines a, b;
        for (int i = len(rng); i > 0; --i)
            a.push_back("line " + std::to_string(symbol(rng)));
        b = a;
        for (int edits = std::uniform_int_distribution<int>(0, 8)(rng); edits > 0; --edits) {
            const size_t at =
                b.empty() ? 0 : std::uniform_int_distribution<size_t>(0, b.size() - 1)(rng);
            if (!b.empty() && rng() % 2)
                b.erase(b.begin() + static_cast<long>(at));
            else
                b.insert(b.begin() + static_cast<long>(at), "line " + std::to_string(symbol(rng)));
        }
        const auto edits = kwb::diffLines(a, b);
        const auto stats = kwb::diffStats(edits);
        const bool ok = replays(a, b, edits) && size_t(stats.same) == lcsLength(a, b);
        if (!ok && ++failures <= 3)
            std::printf("random round %d: %zu vs %zu lines, %d same, LCS %zu\n", round, a.size(),
                        b.size(), stats.same, lcsLength(a, b));
        CHECK_MSG(ok, "round " + std::to_string(round));
    }
}

void large() {
    // Two 5,000-line files with scattered edits: correct, and quick enough for the GUI.
    Lines a;
    for (int i = 0; i < 5000; ++i)
        a.push_back("    acc += x[" + std::to_string(i % 97) + "] * w[" + std::to_string(i) + "];");
    Lines b = a;
    for (size_t i = 13; i < b.size(); i += 101)
        b[i] += " // tuned";
    b.insert(b.begin() + 2500, 40, "    __syncthreads();");
    const auto edits = kwb::diffLines(a, b);
    const auto stats = kwb::diffStats(edits);
    CHECK(replays(a, b, edits));
    CHECK(stats.removed == 50);
    CHECK(stats.added == 90);
}

} // namespace

int main() {
    splitting();
    handWritten();
    sideBySide();
    randomised();
    large();
    const auto& c = kwbtest::counts();
    std::printf("%d passed, %d failed\n", c.passed, c.failed);
    return c.failed == 0 && c.passed > 0 ? 0 : 1;
}
