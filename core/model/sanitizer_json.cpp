// The sanitizer report's part of the verification record (verification.h): its runs and
// findings, read and written as the rest of the record is (verification_json.cpp).
#include "core/model/verification.h"
#include "core/model/verification_json_io.h"

namespace kwb::verification {

using detail::FieldReader;
using detail::withExtra;
using nlohmann::json;

namespace {

SanitizerRun sanitizerRunFromJson(const json& j) {
    SanitizerRun s;
    FieldReader r(j);
    r.read("tool", s.tool);
    r.read("outcome", s.outcome);
    r.read("seconds", s.seconds);
    r.read("excluded", s.excluded);
    r.read("report_path", s.reportPath);
    r.read("error", s.error);
    s.extra = r.rest();
    return s;
}

json toJson(const SanitizerRun& s) {
    json j = {{"tool", s.tool},
              {"outcome", s.outcome},
              {"seconds", s.seconds},
              {"excluded", s.excluded},
              {"report_path", s.reportPath}};
    if (!s.error.empty())
        j["error"] = s.error;
    return withExtra(std::move(j), s.extra);
}

} // namespace

SanitizerFinding sanitizerFindingFromJson(const json& j) {
    SanitizerFinding f;
    FieldReader r(j);
    r.read("tool", f.tool);
    r.read("kind", f.kind);
    r.read("detail", f.detail);
    r.read("kernel", f.kernel);
    r.read("file", f.file);
    r.read("line", f.line);
    r.read("address", f.address);
    r.read("block", f.block);
    r.read("thread", f.thread);
    r.read("count", f.count);
    f.extra = r.rest();
    return f;
}

json toJson(const SanitizerFinding& f) {
    json j = {{"tool", f.tool}, {"kind", f.kind}, {"detail", f.detail}, {"kernel", f.kernel},
              {"file", f.file}, {"line", f.line}, {"count", f.count}};
    if (!f.address.empty())
        j["address"] = f.address;
    if (!f.block.empty())
        j["block"] = f.block;
    if (!f.thread.empty())
        j["thread"] = f.thread;
    return withExtra(std::move(j), f.extra);
}

SanitizerReport sanitizerFromJson(const json& j) {
    SanitizerReport s;
    FieldReader r(j);
    r.read("version", s.version);
    r.readObjects("runs", s.runs, sanitizerRunFromJson);
    r.readObjects("findings", s.findings, sanitizerFindingFromJson);
    s.extra = r.rest();
    return s;
}

json toJson(const SanitizerReport& s) {
    json runs = json::array(), findings = json::array();
    for (const auto& run : s.runs)
        runs.push_back(toJson(run));
    for (const auto& f : s.findings)
        findings.push_back(toJson(f));
    return withExtra({{"version", s.version}, {"runs", runs}, {"findings", findings}}, s.extra);
}

} // namespace kwb::verification
