#pragma once
// The screen's tables: which names, headers and strings are findings, and of which kind.
// Internal to core/screening.
#include <string>
#include <string_view>
#include <vector>

namespace kwb::screening {

// The kind of a name used in host code ("" when it is not a finding). memberAccess: the name
// follows '.' or '->' (then only names no member could be mistaken for count). qualifiedStd:
// it follows "std::".
std::string identifierKind(std::string_view name, bool memberAccess, bool qualifiedStd,
                           const std::vector<std::string>& allowedLibraries);

// The kind of an #include'd header ("" when harmless); quoted: "..." rather than <...>.
std::string headerKind(std::string_view header, bool quoted);

// The kind of a string literal's contents in host code ("" when harmless).
std::string stringKind(std::string_view text);

// For CUDA calls whose last parameter is a stream, how many parameters they have (0 for any
// other name): a 0 / nullptr / legacy / per-thread stream there, or fewer arguments (the stream
// defaults to 0), is work on a default stream.
int streamParameters(std::string_view name);
bool isDefaultStreamExpression(std::string_view joinedTokens);

} // namespace kwb::screening
