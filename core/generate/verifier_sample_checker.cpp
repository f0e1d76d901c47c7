#include "core/generate/verifier_sample_checker.h"

namespace kwb {

VerifierSampleChecker::VerifierSampleChecker(std::unique_ptr<Worker> worker, VerifyOptions options)
    : m_worker(std::move(worker)), m_options(std::move(options)) {}

Result<CheckOutcome> VerifierSampleChecker::check(const Task& task, const std::string& source, const std::string& sampleId,
                                                  const std::atomic<bool>* cancel) {
    Verifier verifier(*m_worker);
    auto rec = verifier.verify(task, source, sampleId + ".cu", m_options, {}, cancel);
    if (!rec)
        return rec.error();
    CheckOutcome o = outcomeOf(*rec);
    o.record = *rec;
    return o;
}

CheckOutcome VerifierSampleChecker::outcomeOf(const VerificationRecord& record) {
    const auto& j = record.json();
    CheckOutcome o;
    o.verdict = record.verdict();
    o.summary = {{"verdict", o.verdict}, {"detail", record.detail()}, {"record_id", record.id()}};
    if (j.contains("geomean_speedup"))
        o.summary["geomean_speedup"] = j["geomean_speedup"];
    if (j.contains("device") && j["device"].is_object())
        o.summary["device"] = j["device"].value("name", "");
    o.repairable = o.verdict != "pass" && o.verdict != "not-run";
    if (!o.repairable)
        return o;
    std::string fb;
    const nlohmann::json build = j.value("build", nlohmann::json::object());
    if (o.verdict == "compile-error" || !build.value("ok", true)) {
        fb = "Your kernel does not compile (nvcc -O3 -shared).";
        std::string diags;
        const nlohmann::json diagnostics = build.value("diagnostics", nlohmann::json::array());
        for (const auto& d : diagnostics)
            if (d.value("severity", "") == "error")
                diags += d.value("file", "") + ":" + std::to_string(d.value("line", 0)) + ":" + std::to_string(d.value("column", 0)) +
                         ": error: " + d.value("message", "") + "\n";
        if (diags.empty())
            diags = build.value("log", "");
        if (diags.size() > 6000)
            diags = diags.substr(0, 6000) + "\n[...]";
        if (!diags.empty())
            fb += " The compiler said:\n```\n" + diags + (diags.ends_with("\n") ? "" : "\n") + "```";
    } else {
        fb = "Your kernel fails verification with verdict " + o.verdict + (record.detail().empty() ? "." : ": " + record.detail() + ".");
        const nlohmann::json shapes = j.value("shapes", nlohmann::json::array());
        for (const auto& s : shapes) {
            if (s.value("verdict", "pass") == "pass")
                continue;
            std::string dims;
            const nlohmann::json dimsJson = s.value("dims", nlohmann::json::object());
            for (const auto& [k, v] : dimsJson.items())
                dims += (dims.empty() ? "" : " ") + k + "=" + v.dump();
            fb += "\nFailing shape " + s.value("name", "") + " (" + dims + "): " + s.value("verdict", "") + ".";
            break;
        }
    }
    o.feedback = fb;
    return o;
}

} // namespace kwb
