#include "core/protocol/diagnostics.h"

#include <regex>
#include <sstream>

namespace kwb {

std::vector<Diagnostic> parseDiagnostics(const std::string& text) {
    // nvcc's front end: file(12): error: message        (column shown by a caret line after)
    // gcc / clang:      file:12:5: error: message
    static const std::regex edg(
        R"(^(.+?)\((\d+)\): (error|warning|remark|catastrophic error)( #\w+-?\w*)?: (.*)$)");
    static const std::regex gcc(R"(^(.+?):(\d+):(\d+): (fatal error|error|warning|note): (.*)$)");
    static const std::regex caret(R"(^\s*\^\s*$)");
    std::vector<Diagnostic> out;
    std::istringstream in(text);
    std::string line, prev;
    bool wantCaret = false;
    int linesSinceEdg = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        std::smatch m;
        if (std::regex_match(line, m, edg)) {
            std::string sev = m[3];
            if (sev == "catastrophic error")
                sev = "error";
            if (sev == "remark")
                sev = "note";
            out.push_back({m[1], std::stoi(m[2]), 0, sev, m[5]});
            wantCaret = true;
            linesSinceEdg = 0;
        } else if (std::regex_match(line, m, gcc)) {
            std::string sev = m[4] == "fatal error" ? std::string("error") : std::string(m[4]);
            out.push_back({m[1], std::stoi(m[2]), std::stoi(m[3]), sev, m[5]});
            wantCaret = false;
        } else if (wantCaret && std::regex_match(line, caret)) {
            // The caret sits under the offending column of the echoed source line.
            out.back().column = static_cast<int>(line.find('^')) + 1;
            wantCaret = false;
        } else if (wantCaret && ++linesSinceEdg > 3) {
            wantCaret = false;
        }
        prev = line;
    }
    return out;
}

std::vector<KernelResources> parsePtxasResources(const std::string& text) {
    static const std::regex props(R"(Function properties for (\S+))");
    static const std::regex frame(
        R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
    static const std::regex compiling(R"(Compiling entry function '([^']+)')");
    static const std::regex used(R"(Used (\d+) registers)");
    static const std::regex smem(R"((\d+) bytes smem)");
    std::vector<KernelResources> out;
    std::istringstream in(text);
    std::string line, current, framesFor;
    auto find = [&](const std::string& fn) -> KernelResources& {
        for (auto& r : out)
            if (r.function == fn)
                return r;
        out.push_back({});
        out.back().function = fn;
        return out.back();
    };
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_search(line, m, compiling)) {
            current = m[1];
            find(current);
        } else if (std::regex_search(line, m, props)) {
            framesFor = m[1];
        } else if (std::regex_search(line, m, frame) && !framesFor.empty()) {
            auto& r = find(framesFor);
            r.stackBytes = std::stoi(m[1]);
            r.spillStoreBytes = std::stoi(m[2]);
            r.spillLoadBytes = std::stoi(m[3]);
        } else if (std::regex_search(line, m, used) && !current.empty()) {
            auto& r = find(current);
            r.registers = std::stoi(m[1]);
            if (std::regex_search(line, m, smem))
                r.sharedBytes = std::stoi(m[1]);
        }
    }
    return out;
}

void to_json(nlohmann::json& j, const Diagnostic& d) {
    j = {{"file", d.file},
         {"line", d.line},
         {"column", d.column},
         {"severity", d.severity},
         {"message", d.message}};
}
void from_json(const nlohmann::json& j, Diagnostic& d) {
    d.file = j.value("file", "");
    d.line = j.value("line", 0);
    d.column = j.value("column", 0);
    d.severity = j.value("severity", "error");
    d.message = j.value("message", "");
}
void to_json(nlohmann::json& j, const KernelResources& r) {
    j = {{"function", r.function},
         {"registers", r.registers},
         {"shared_bytes", r.sharedBytes},
         {"stack_bytes", r.stackBytes},
         {"spill_store_bytes", r.spillStoreBytes},
         {"spill_load_bytes", r.spillLoadBytes}};
}
void from_json(const nlohmann::json& j, KernelResources& r) {
    r.function = j.value("function", "");
    r.registers = j.value("registers", 0);
    r.sharedBytes = j.value("shared_bytes", 0);
    r.stackBytes = j.value("stack_bytes", 0);
    r.spillStoreBytes = j.value("spill_store_bytes", 0);
    r.spillLoadBytes = j.value("spill_load_bytes", 0);
}

} // namespace kwb
