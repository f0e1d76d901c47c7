#pragma once
// Stored text (model answers, notes, labels, model names) printed by kwb's human-readable output
// must not drive the terminal: an escape sequence in a model's answer could retitle the window,
// hide lines or rewrite what was printed before. JSON output stays exact; this is for the rest.
#include <string>
#include <string_view>

namespace kwb::cli {

// The text with every control character shown as an escape: C0 (ESC as \x1b, CR as \r, ...),
// DEL, C1 (U+0080..U+009F as \u0080...), the bidirectional overrides (U+202A..U+202E,
// U+2066..U+2069) and bytes that are not UTF-8 (\xHH). Newlines and tabs are kept when
// multiLine (a source, an answer), escaped otherwise (one table cell, one line of a list).
std::string terminalSafe(std::string_view text, bool multiLine = false);

} // namespace kwb::cli
