#include "core/tools/sanitizer_report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "core/tools/xml_elements.h"

namespace kwb::tools {
namespace {

using verification::SanitizerFinding;

std::string baseName(const std::string& path) {
    return std::filesystem::path(path).filename().string();
}

int toInt(const std::string& s) {
    try {
        return s.empty() ? 0 : std::stoi(s);
    } catch (...) {
        return 0;
    }
}

std::vector<int> dim3At(const XmlElement& who, const char* name) {
    const XmlElement* d = who.child(name);
    if (!d)
        return {};
    return {toInt(d->textAt("x")), toInt(d->textAt("y")), toInt(d->textAt("z"))};
}

// Whether the record is the candidate's: device code in its source file, or a launch from its
// library.
bool isCandidates(const XmlElement& record, const CandidateCode& c) {
    // A failed CUDA API call (kind Api) has no device code: the job's own verdict names it, and
    // under memcheck it is mostly the echo of a kernel the tool stopped.
    if (record.textAt("kind") == "Api")
        return false;
    std::vector<const XmlElement*> wheres;
    if (const XmlElement* w = record.child("where"))
        wheres.push_back(w);
    if (const XmlElement* what = record.child("what"))
        for (const auto& part : what->children)
            if (const XmlElement* w = part.child("where"))
                wheres.push_back(w); // racecheck: source and destinations
    for (const XmlElement* w : wheres)
        if (!c.sourceName.empty() && baseName(w->textAt("path")) == c.sourceName)
            return true;
    if (const XmlElement* stack = record.child("hostStack"); stack && !c.libraryPath.empty())
        for (const auto& frame : stack->children)
            if (frame.name == "frame" &&
                baseName(frame.textAt("module")) == baseName(c.libraryPath))
                return true;
    return false;
}

// racecheck's analysis: a write racing with reads (or the other way), counted over its
// destinations.
SanitizerFinding raceFinding(const XmlElement& record, const std::string& tool) {
    SanitizerFinding f;
    f.tool = tool;
    const XmlElement* what = record.child("what");
    f.kind = what ? what->textAt("text") : "Race condition";
    const XmlElement* source = what ? what->child("source") : nullptr;
    if (source) {
        f.kernel = source->textAt("where/func");
        f.file = baseName(source->textAt("where/path"));
        f.line = toInt(source->textAt("where/line"));
    }
    std::int64_t hazards = 0;
    std::string against;
    if (what)
        for (const auto& d : what->children)
            if (d.name == "destination") {
                hazards += std::max(1, toInt(d.textAt("count")));
                const std::string access =
                    d.textAt("direction") + " at line " + d.textAt("where/line");
                if (against.find(access) == std::string::npos)
                    against += (against.empty() ? "" : ", ") + access;
            }
    std::string level = record.textAt("level");
    std::transform(level.begin(), level.end(), level.begin(), ::tolower);
    f.detail = (source ? source->textAt("direction") : std::string("access")) + " at line " +
               std::to_string(f.line) + " against " + against +
               (level.empty() ? "" : " (" + level + ")");
    f.count = std::max<std::int64_t>(1, hazards);
    return f;
}

// memcheck, initcheck and synccheck: one thread's access or barrier.
SanitizerFinding threadFinding(const XmlElement& record, const std::string& tool) {
    SanitizerFinding f;
    f.tool = tool;
    f.kind = record.textAt("what/text");
    f.detail = record.textAt("what/error");
    if (f.detail.empty())
        f.detail = record.textAt("what/type");
    f.kernel = record.textAt("where/func");
    f.file = baseName(record.textAt("where/path"));
    f.line = toInt(record.textAt("where/line"));
    f.address = record.textAt("what/address");
    if (const XmlElement* who = record.child("who")) {
        f.block = dim3At(*who, "blockIdx");
        f.thread = dim3At(*who, "threadIdx");
    }
    return f;
}

std::string excludedKind(const XmlElement& record) {
    const std::string kind = record.textAt("kind");
    if (kind == "Api")
        return "Api: " + record.textAt("what/error") + " from " + record.textAt("what/api");
    const std::string func = record.textAt("where/func");
    return kind + (func.empty() ? std::string() : " in " + func);
}

} // namespace

const std::vector<std::string>& sanitizerTools() {
    static const std::vector<std::string> tools = {"memcheck", "racecheck", "synccheck",
                                                   "initcheck"};
    return tools;
}

Result<std::vector<std::string>> parseSanitizerTools(std::string_view list) {
    std::vector<std::string> out;
    while (!list.empty()) {
        const auto comma = list.find(',');
        const std::string name(list.substr(0, comma));
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        const auto& known = sanitizerTools();
        if (std::find(known.begin(), known.end(), name) == known.end())
            return Error::make("bad-argument", "unknown sanitizer tool \"" + name +
                                                   "\" (known: memcheck, racecheck, synccheck, "
                                                   "initcheck)");
        if (std::find(out.begin(), out.end(), name) != out.end())
            return Error::make("bad-argument", "sanitizer tool \"" + name + "\" named twice");
        out.push_back(name);
    }
    return out.empty() ? sanitizerTools() : out;
}

Result<SanitizerFindings> readSanitizerXml(std::string_view xml, const std::string& tool,
                                           const CandidateCode& candidate) {
    auto doc = parseXml(xml);
    if (!doc)
        return Error::make("bad-sanitizer-report",
                           "the " + tool + " report is not readable: " + doc.error().message);
    if (doc->name != "ComputeSanitizerOutput")
        return Error::make("bad-sanitizer-report", "the " + tool + " report's root is <" +
                                                       doc->name +
                                                       ">, not <ComputeSanitizerOutput>");
    SanitizerFindings out;
    std::map<std::tuple<std::string, std::string, std::string, std::string, int>, std::size_t> seen;
    for (const auto& record : doc->children) {
        if (record.name != "record")
            continue;
        ++out.records;
        if (!isCandidates(record, candidate)) {
            ++out.excluded;
            const std::string k = excludedKind(record);
            if (std::find(out.excludedKinds.begin(), out.excludedKinds.end(), k) ==
                out.excludedKinds.end())
                out.excludedKinds.push_back(k);
            continue;
        }
        SanitizerFinding f = record.textAt("kind") == "Analysis" ? raceFinding(record, tool)
                                                                 : threadFinding(record, tool);
        const auto key = std::make_tuple(f.kind, f.detail, f.kernel, f.file, f.line);
        if (auto it = seen.find(key); it != seen.end()) {
            out.findings[it->second].count += f.count;
            continue;
        }
        seen.emplace(key, out.findings.size());
        out.findings.push_back(std::move(f));
    }
    return out;
}

std::vector<std::string> sanitizerArguments(const std::string& tool, const std::string& saveFile,
                                            const std::string& logFile,
                                            const std::string& program) {
    // --print-limit bounds the saved records too (a kernel that reads past the end in every
    // thread would write one record per thread); findings are folded, so the first thousand say
    // all there is. --check-exit-code no: the job's own exit is the launcher's to judge.
    std::vector<std::string> args = {"--tool",
                                     tool,
                                     "--print-limit",
                                     "1000",
                                     "--xml",
                                     "--save",
                                     saveFile,
                                     "--log-file",
                                     logFile,
                                     "--check-exit-code",
                                     "no",
                                     "--launch-timeout",
                                     "60"};
    if (tool == "racecheck")
        args.insert(args.end(), {"--racecheck-report", "analysis"});
    args.push_back(program);
    return args;
}

std::string describeFinding(const SanitizerFinding& f) {
    auto dim = [](const std::vector<int>& d) {
        return d.size() == 3 ? "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," +
                                   std::to_string(d[2]) + ")"
                             : std::string();
    };
    std::string s = f.tool + ": " + f.kind;
    if (!f.detail.empty() && f.kind.find(f.detail) == std::string::npos)
        s += " (" + f.detail + ")";
    s += " in " + (f.kernel.empty() ? std::string("?") : f.kernel);
    if (!f.file.empty())
        s += " at " + f.file + ":" + std::to_string(f.line);
    if (!f.block.empty())
        s += ", block " + dim(f.block) + " thread " + dim(f.thread);
    if (!f.address.empty())
        s += ", address " + f.address;
    if (f.count > 1)
        s += ", " + std::to_string(f.count) + " times";
    return s;
}

std::string describeFindings(const std::vector<SanitizerFinding>& findings, std::size_t maxLines) {
    std::string s;
    for (std::size_t i = 0; i < findings.size() && i < maxLines; ++i)
        s += (i ? "; " : "") + describeFinding(findings[i]);
    if (findings.size() > maxLines)
        s += "; and " + std::to_string(findings.size() - maxLines) + " more";
    return s;
}

} // namespace kwb::tools
