#pragma once
// What of nvcc's output may be kept. Compiler diagnostics quote source lines, so a candidate that
// includes a file outside itself (/etc/passwd, a key in a temporary folder) would carry that
// file's lines into the build cache and the verification record, which projects share.
#include <cstddef>
#include <string>
#include <vector>

namespace kwb::gpu {

struct FilteredLog {
    std::string text;
    int droppedDiagnostics = 0; // diagnostics of files outside the candidate, with what they quoted
};

// Keeps nvcc's own lines and the diagnostics of the candidate (`candidateName`, as its #line
// directive names it), of the shim and of files under `trustedPrefixes` (the toolkit's and the
// system's headers); drops every other diagnostic together with its message and the indented
// lines after it (the echoed source line, the caret), up to the next line that starts in column 0.
FilteredLog keepCandidateDiagnostics(const std::string& log, const std::string& candidateName,
                                     const std::vector<std::string>& trustedPrefixes);

// A log over maxBytes keeps its first lines (the first errors, which explain the rest) and its
// last few KiB (nvcc's summary), with a line between that says how much was left out.
std::string trimBuildLog(const std::string& log, std::size_t maxBytes);

// Whether the log says that a tool ran out of memory (the memory limit was reached): cc1plus's
// "out of memory allocating", std::bad_alloc, "memory exhausted", ENOMEM.
bool reportsOutOfMemory(const std::string& log);

// The file a "Permission denied" include names, if the log has one (Landlock refused it).
std::string deniedInclude(const std::string& log);

} // namespace kwb::gpu
