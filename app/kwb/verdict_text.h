#pragma once
// How kwb names a verification verdict to a person: suspected hacks (tampering,
// impossible-timing, contract-violation, suspicious-timing) apart from plain failures, and a
// pass with screening findings apart from a clean pass. JSON output keeps the stored spelling.
#include <string>

#include "core/model/verification.h"

namespace kwb::cli {

// "suspected hack: tampering" for the family; the verdict's own spelling otherwise.
std::string verdictLabel(const verification::RecordVerdict& verdict);
// The same for a table cell: "hack: tampering".
std::string verdictCell(const verification::RecordVerdict& verdict);
// A record's verdict line: the label, "pass, flagged (N screening findings)" for a pass the
// host-code screen found something in, and the detail after " - ".
std::string recordVerdictLine(const verification::VerificationRecordData& record);

} // namespace kwb::cli
