#include "core/gpu/build_log.h"

#include <regex>
#include <sstream>

namespace kwb::gpu {
namespace {

// The file a line's diagnostic is about: EDG's "file(12): error: ...", gcc's "file:12:5: error:
// ...", "file:12: note: ...", "file: In function ...". Empty when the line is no diagnostic.
std::string diagnosticFile(const std::string& line) {
    // Lines are bounded before they get here: std::regex on a megabyte line is slow.
    static const std::regex edg(
        R"(^(.+?)\(\d+\): (error|warning|remark|note|catastrophic error)\b.*)");
    static const std::regex gcc(R"(^(.+?):\d+(:\d+)?: (fatal error|error|warning|note)\b.*)");
    static const std::regex context(R"(^(.+?): (In |At |In instantiation).*)");
    std::smatch m;
    if (std::regex_match(line, m, edg) || std::regex_match(line, m, gcc) ||
        std::regex_match(line, m, context))
        return m[1];
    return {};
}

bool trusted(const std::string& file, const std::string& candidate,
             const std::vector<std::string>& prefixes) {
    if (file == candidate || file.starts_with("kwb-shim"))
        return true;
    for (const auto& p : prefixes)
        if (!p.empty() && file.starts_with(p))
            return file.find("/../") == std::string::npos;
    return false;
}

} // namespace

FilteredLog keepCandidateDiagnostics(const std::string& log, const std::string& candidateName,
                                     const std::vector<std::string>& trustedPrefixes) {
    FilteredLog out;
    std::istringstream in(log);
    std::string line;
    bool dropping = false;
    while (std::getline(in, line)) {
        const bool continuation = line.empty() || line[0] == ' ' || line[0] == '\t' || line == "\r";
        if (dropping && continuation)
            continue; // the echoed line, the caret, a wrapped message: all quote the foreign file
        dropping = false;
        if (!continuation) {
            const std::string file =
                diagnosticFile(line.size() > 4096 ? line.substr(0, 4096) : line);
            if (!file.empty() && !trusted(file, candidateName, trustedPrefixes)) {
                dropping = true;
                ++out.droppedDiagnostics;
                continue;
            }
        }
        out.text += line;
        out.text += '\n';
    }
    if (out.droppedDiagnostics)
        out.text +=
            "[kwb: " + std::to_string(out.droppedDiagnostics) +
            " diagnostic(s) about files outside the candidate left out: they quote those files]\n";
    return out;
}

std::string trimBuildLog(const std::string& log, std::size_t maxBytes) {
    if (log.size() <= maxBytes)
        return log;
    const std::size_t tailBytes = maxBytes / 8;
    std::size_t headEnd = log.rfind('\n', maxBytes - tailBytes - 128);
    headEnd = headEnd == std::string::npos ? maxBytes - tailBytes - 128 : headEnd + 1;
    std::size_t tailStart = log.find('\n', log.size() - tailBytes);
    tailStart = tailStart == std::string::npos ? log.size() - tailBytes : tailStart + 1;
    if (tailStart < headEnd)
        tailStart = headEnd;
    std::size_t lines = 0;
    for (std::size_t i = headEnd; i < tailStart; ++i)
        lines += log[i] == '\n';
    return log.substr(0, headEnd) + "[kwb: " + std::to_string(lines) + " lines (" +
           std::to_string(tailStart - headEnd) + " bytes) of compiler output left out]\n" +
           log.substr(tailStart);
}

bool reportsOutOfMemory(const std::string& log) {
    for (const char* s : {"out of memory", "Out of memory", "bad_alloc", "memory exhausted",
                          "Cannot allocate memory", "insufficient memory", "Insufficient memory"})
        if (log.find(s) != std::string::npos)
            return true;
    return false;
}

std::string deniedInclude(const std::string& log) {
    static const std::regex gcc(R"(fatal error: (.+): Permission denied)");
    static const std::regex edg(R"re(cannot open source file "([^"]+)")re");
    std::istringstream in(log);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() > 4096 || line.find("Permission denied") == std::string::npos)
            continue;
        std::smatch m;
        if (std::regex_search(line, m, gcc) || std::regex_search(line, m, edg))
            return m[1];
    }
    return {};
}

} // namespace kwb::gpu
