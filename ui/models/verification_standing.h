#pragma once
// How a sample's latest verification stands for the reviewer, decided in one place for the
// sample list, the verification panel, the review bar and the question before accepting: a
// clean pass, a pass that needs a person (the host-code screen found something), compile-only,
// a plain failure, a suspected hack (tampering, impossible or suspicious timing, a contract
// violation), or a check that could not finish. Suspected hacks and passes with findings have
// colours of their own: neither is the red or orange of a wrong result.
//
// Records enter the window typed (kwb::verification::VerificationRecordData: the store and the
// verifier give them so) and are shared read-only (RecordPtr).
#include <memory>
#include <optional>

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include "core/model/error.h"
#include "core/model/sample.h"
#include "core/model/verification.h"

namespace kwb {
class ProjectStore;
}

namespace kwb::ui {

using RecordPtr = std::shared_ptr<const verification::VerificationRecordData>;

// A record to share with the models.
RecordPtr typedRecord(verification::VerificationRecordData record);
// Store thread: the sample's record `verificationId` (its latest), typed; null when the id is
// empty or not among the sample's records.
Result<RecordPtr> storedRecord(ProjectStore& store, std::int64_t sampleId,
                               const std::string& verificationId);

enum class Standing {
    Unverified,
    CompileOnly,
    Passed,
    NeedsHuman,
    Failed,
    SuspectedHack,
    CheckError
};

Standing standingOf(const verification::VerificationRecordData& record);
// From a list row: its status and how many screening findings its latest record lists
// (nullopt: not screened, or not known).
Standing standingOf(const SampleStatus& status, std::optional<int> screeningFindings);
// 0 for a record without a screen.
int screeningFindingCount(const verification::VerificationRecordData& record);
// The first shape whose verdict is not a pass, or null.
const verification::ShapeResult*
firstFailingShape(const verification::VerificationRecordData& record);

// The words and colours of a standing. UI thread (translations).
class StandingText {
    Q_DECLARE_TR_FUNCTIONS(StandingText)

public:
    // "Passed", "Passed, needs a human", "Suspected hack", ...
    static QString name(Standing standing);
    // The badge and banner colour; suspected hacks and findings differ from failures.
    static QColor color(Standing standing);
    // The verdict in words with the shape it concerns: "wrong result at shape large".
    static QString verdictSummary(const verification::VerificationRecordData& record);
    // One line for the review bar: "Suspected hack: tampering at shape odd".
    static QString line(const verification::VerificationRecordData& record);
    // "line 12 · syscall: a raw system call"
    static QString finding(const verification::ScreeningFinding& finding);
};

} // namespace kwb::ui
