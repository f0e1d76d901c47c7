#include "core/diff/line_diff.h"

#include <algorithm>
#include <unordered_map>

namespace kwb {

namespace {

// Myers' bisection (the "middle snake"), after Neil Fraser's diff-match-patch: runs the
// forward and the reverse search at once and splits where they meet, so memory stays linear
// in the input and the recursion depth logarithmic in the edit distance.
class MyersDiff {
public:
    MyersDiff(const std::vector<int>& a, const std::vector<int>& b, std::vector<DiffEdit>& out)
        : m_a(a), m_b(b), m_out(out) {}

    void run(int aLo, int aHi, int bLo, int bHi) {
        while (aLo < aHi && bLo < bHi && m_a[aLo] == m_b[bLo])
            m_out.push_back({DiffOp::Equal, aLo++, bLo++});
        int suffix = 0;
        while (aLo < aHi - suffix && bLo < bHi - suffix &&
               m_a[aHi - 1 - suffix] == m_b[bHi - 1 - suffix])
            ++suffix;
        aHi -= suffix;
        bHi -= suffix;

        if (aLo == aHi) {
            for (int j = bLo; j < bHi; ++j)
                m_out.push_back({DiffOp::Insert, -1, j});
        } else if (bLo == bHi) {
            for (int i = aLo; i < aHi; ++i)
                m_out.push_back({DiffOp::Delete, i, -1});
        } else {
            int x = 0;
            int y = 0;
            const int n = aHi - aLo;
            const int m = bHi - bLo;
            if (bisect(aLo, n, bLo, m, x, y) && !(x == 0 && y == 0) && !(x == n && y == m)) {
                run(aLo, aLo + x, bLo, bLo + y);
                run(aLo + x, aHi, bLo + y, bHi);
            } else {
                replaceAll(aLo, aHi, bLo, bHi);
            }
        }
        for (int s = 0; s < suffix; ++s)
            m_out.push_back({DiffOp::Equal, aHi + s, bHi + s});
    }

private:
    void replaceAll(int aLo, int aHi, int bLo, int bHi) {
        for (int i = aLo; i < aHi; ++i)
            m_out.push_back({DiffOp::Delete, i, -1});
        for (int j = bLo; j < bHi; ++j)
            m_out.push_back({DiffOp::Insert, -1, j});
    }

    // Finds the split point (x, y) of a[aLo, aLo+n) against b[bLo, bLo+m); false when the
    // two share nothing.
    bool bisect(int aLo, int n, int bLo, int m, int& splitX, int& splitY) const {
        const int maxD = (n + m + 1) / 2;
        const int offset = maxD;
        const int length = 2 * maxD + 2;
        std::vector<int> v1(static_cast<size_t>(length), -1);
        std::vector<int> v2(static_cast<size_t>(length), -1);
        v1[static_cast<size_t>(offset + 1)] = 0;
        v2[static_cast<size_t>(offset + 1)] = 0;
        const int delta = n - m;
        const bool front = (delta % 2) != 0; // the forward path meets the reverse one
        int k1start = 0, k1end = 0, k2start = 0, k2end = 0;
        auto at = [](std::vector<int>& v, int i) -> int& { return v[static_cast<size_t>(i)]; };
        for (int d = 0; d < maxD; ++d) {
            for (int k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
                const int k1o = offset + k1;
                int x1 = (k1 == -d || (k1 != d && at(v1, k1o - 1) < at(v1, k1o + 1)))
                             ? at(v1, k1o + 1)
                             : at(v1, k1o - 1) + 1;
                int y1 = x1 - k1;
                while (x1 < n && y1 < m && m_a[aLo + x1] == m_b[bLo + y1]) {
                    ++x1;
                    ++y1;
                }
                at(v1, k1o) = x1;
                if (x1 > n) {
                    k1end += 2;
                } else if (y1 > m) {
                    k1start += 2;
                } else if (front) {
                    const int k2o = offset + delta - k1;
                    if (k2o >= 0 && k2o < length && at(v2, k2o) != -1 && x1 >= n - at(v2, k2o)) {
                        splitX = x1;
                        splitY = y1;
                        return true;
                    }
                }
            }
            for (int k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
                const int k2o = offset + k2;
                int x2 = (k2 == -d || (k2 != d && at(v2, k2o - 1) < at(v2, k2o + 1)))
                             ? at(v2, k2o + 1)
                             : at(v2, k2o - 1) + 1;
                int y2 = x2 - k2;
                while (x2 < n && y2 < m && m_a[aLo + n - x2 - 1] == m_b[bLo + m - y2 - 1]) {
                    ++x2;
                    ++y2;
                }
                at(v2, k2o) = x2;
                if (x2 > n) {
                    k2end += 2;
                } else if (y2 > m) {
                    k2start += 2;
                } else if (!front) {
                    const int k1o = offset + delta - k2;
                    if (k1o >= 0 && k1o < length && at(v1, k1o) != -1) {
                        const int x1 = at(v1, k1o);
                        const int y1 = offset + x1 - k1o;
                        if (x1 >= n - x2) {
                            splitX = x1;
                            splitY = y1;
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    const std::vector<int>& m_a;
    const std::vector<int>& m_b;
    std::vector<DiffEdit>& m_out;
};

} // namespace

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.emplace_back(line);
        start = end + 1;
    }
    return lines;
}

std::vector<DiffEdit> diffLines(const std::vector<std::string>& oldLines,
                                const std::vector<std::string>& newLines) {
    // Lines become small integers first, so the search compares ints, not strings.
    std::unordered_map<std::string_view, int> ids;
    auto encode = [&ids](const std::vector<std::string>& lines) {
        std::vector<int> out;
        out.reserve(lines.size());
        for (const auto& line : lines)
            out.push_back(ids.emplace(line, static_cast<int>(ids.size())).first->second);
        return out;
    };
    const std::vector<int> a = encode(oldLines);
    const std::vector<int> b = encode(newLines);
    std::vector<DiffEdit> edits;
    edits.reserve(a.size() + b.size());
    MyersDiff(a, b, edits).run(0, static_cast<int>(a.size()), 0, static_cast<int>(b.size()));
    return edits;
}

std::vector<AlignedRow> alignSideBySide(const std::vector<DiffEdit>& edits) {
    std::vector<AlignedRow> rows;
    rows.reserve(edits.size());
    size_t i = 0;
    while (i < edits.size()) {
        if (edits[i].op == DiffOp::Equal) {
            rows.push_back({RowKind::Same, edits[i].oldLine, edits[i].newLine});
            ++i;
            continue;
        }
        // A change block: every Delete and Insert up to the next Equal.
        std::vector<int> removed;
        std::vector<int> added;
        for (; i < edits.size() && edits[i].op != DiffOp::Equal; ++i) {
            if (edits[i].op == DiffOp::Delete)
                removed.push_back(edits[i].oldLine);
            else
                added.push_back(edits[i].newLine);
        }
        const size_t paired = std::min(removed.size(), added.size());
        for (size_t k = 0; k < paired; ++k)
            rows.push_back({RowKind::Changed, removed[k], added[k]});
        for (size_t k = paired; k < removed.size(); ++k)
            rows.push_back({RowKind::Removed, removed[k], -1});
        for (size_t k = paired; k < added.size(); ++k)
            rows.push_back({RowKind::Added, -1, added[k]});
    }
    return rows;
}

DiffStats diffStats(const std::vector<DiffEdit>& edits) {
    DiffStats s;
    for (const auto& e : edits) {
        if (e.op == DiffOp::Equal)
            ++s.same;
        else if (e.op == DiffOp::Delete)
            ++s.removed;
        else
            ++s.added;
    }
    return s;
}

} // namespace kwb
