#include "core/generate/verifier_sample_checker.h"

namespace kwb {

namespace v = verification;

VerifierSampleChecker::VerifierSampleChecker(std::unique_ptr<Worker> worker, VerifyOptions options)
    : m_worker(std::move(worker)), m_options(std::move(options)) {}

Result<CheckOutcome> VerifierSampleChecker::check(const Task& task, const std::string& source,
                                                  const std::string& sampleId,
                                                  const std::atomic<bool>* cancel) {
    Verifier verifier(*m_worker);
    auto rec = verifier.verify(task, source, sampleId + ".cu", m_options, {}, cancel);
    if (!rec)
        return rec.error();
    CheckOutcome o = outcomeOf(*rec);
    o.record = std::move(*rec);
    return o;
}

namespace {

// What the compiler said, for the model: the errors with their places, else the log.
std::string compileFeedback(const v::BuildReport& build) {
    std::string fb = "Your kernel does not compile (nvcc -O3 -shared).";
    std::string diags;
    for (const auto& d : build.diagnostics)
        if (d.severity == "error")
            diags += d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) +
                     ": error: " + d.message + "\n";
    if (diags.empty())
        diags = build.log;
    if (diags.size() > 6000)
        diags = diags.substr(0, 6000) + "\n[...]";
    if (!diags.empty())
        fb += " The compiler said:\n```\n" + diags + (diags.ends_with("\n") ? "" : "\n") + "```";
    return fb;
}

// The verdict and the first failing shape, for the model.
std::string failureFeedback(const v::VerificationRecordData& record) {
    const std::string verdict = record.verdict.text();
    std::string fb = "Your kernel fails verification with verdict " + verdict +
                     (record.detail.empty() ? "." : ": " + record.detail + ".");
    for (const auto& s : record.shapes) {
        if (s.verdict.value == v::Verdict::Pass)
            continue;
        std::string dims;
        for (const auto& [k, n] : s.dims)
            dims += (dims.empty() ? "" : " ") + k + "=" + std::to_string(n);
        fb += "\nFailing shape " + s.name + " (" + dims + "): " + s.verdict.text() + ".";
        break;
    }
    return fb;
}

} // namespace

CheckOutcome VerifierSampleChecker::outcomeOf(const v::VerificationRecordData& record) {
    CheckOutcome o;
    o.verdict = record.verdict;
    o.summary = {
        {"verdict", o.verdict.text()}, {"detail", record.detail}, {"record_id", record.id}};
    if (record.geomeanSpeedup)
        o.summary["geomean_speedup"] = *record.geomeanSpeedup;
    if (record.device)
        o.summary["device"] = record.device->name;
    o.repairable = o.verdict.value != v::Verdict::Pass && o.verdict.value != v::Verdict::NotRun;
    if (!o.repairable)
        return o;
    const bool built = !record.build || record.build->ok;
    o.feedback = o.verdict.value == v::Verdict::CompileError || !built
                     ? compileFeedback(record.build.value_or(v::BuildReport{}))
                     : failureFeedback(record);
    return o;
}

} // namespace kwb
