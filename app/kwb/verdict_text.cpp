#include "app/kwb/verdict_text.h"

#include "app/kwb/terminal_text.h"

namespace kwb::cli {

namespace v = verification;

std::string verdictLabel(const v::RecordVerdict& verdict) {
    if (v::family(verdict.value) == v::VerdictFamily::SuspectedHack)
        return "suspected hack: " + verdict.text();
    return terminalSafe(verdict.text()); // an unknown verdict is stored text
}

std::string verdictCell(const v::RecordVerdict& verdict) {
    if (v::family(verdict.value) == v::VerdictFamily::SuspectedHack)
        return "hack: " + verdict.text();
    return terminalSafe(verdict.text());
}

std::string recordVerdictLine(const v::VerificationRecordData& record) {
    std::string line = verdictLabel(record.verdict);
    const std::size_t findings = record.screening ? record.screening->findings.size() : 0;
    if (record.passed() && findings > 0)
        line += ", flagged (" + std::to_string(findings) + " screening finding" +
                (findings == 1 ? "" : "s") + ")";
    if (!record.detail.empty())
        line += " - " + terminalSafe(record.detail);
    return line;
}

} // namespace kwb::cli
