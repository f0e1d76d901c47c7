#pragma once
// Line diffs of two sources (Myers' O(ND) algorithm in linear space), and their alignment into
// side-by-side rows for the GUI's diff view. Qt-free, no state, any thread.
#include <string>
#include <string_view>
#include <vector>

namespace kwb {

enum class DiffOp { Equal, Delete, Insert };

// One line of the edit script. Equal: both indices; Delete: oldLine only; Insert: newLine only.
// Indices are 0-based; the absent one is -1.
struct DiffEdit {
    DiffOp op = DiffOp::Equal;
    int oldLine = -1;
    int newLine = -1;

    bool operator==(const DiffEdit&) const = default;
};

// One row of a side-by-side view. Changed pairs a deleted line with an inserted one; Removed
// and Added leave the other side empty (-1), which the view fills with a blank line.
enum class RowKind { Same, Changed, Removed, Added };

struct AlignedRow {
    RowKind kind = RowKind::Same;
    int oldLine = -1;
    int newLine = -1;

    bool operator==(const AlignedRow&) const = default;
};

struct DiffStats {
    int same = 0;
    int removed = 0; // lines only in the old text
    int added = 0;   // lines only in the new text
};

// Splits on '\n' (a trailing "\r" is dropped); a final newline does not add an empty line.
std::vector<std::string> splitLines(std::string_view text);

// A shortest edit script from oldLines to newLines, in order: applying it yields newLines.
std::vector<DiffEdit> diffLines(const std::vector<std::string>& oldLines,
                                const std::vector<std::string>& newLines);

// Rows for a side-by-side view: runs of deletions followed by insertions are paired line by
// line as Changed; the rest are Removed or Added.
std::vector<AlignedRow> alignSideBySide(const std::vector<DiffEdit>& edits);

DiffStats diffStats(const std::vector<DiffEdit>& edits);

} // namespace kwb
