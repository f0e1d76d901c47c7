#include "ui/models/verification_standing.h"

#include "core/store/project_store.h"
#include "ui/models/shape_results_model.h"

namespace kwb::ui {

namespace v = kwb::verification;

RecordPtr typedRecord(v::VerificationRecordData record) {
    return std::make_shared<const v::VerificationRecordData>(std::move(record));
}

Result<RecordPtr> storedRecord(ProjectStore& store, std::int64_t sampleId,
                               const std::string& verificationId) {
    if (verificationId.empty())
        return RecordPtr();
    auto records = store.verifications(sampleId);
    if (!records)
        return records.error();
    for (v::VerificationRecordData& r : *records)
        if (r.id == verificationId)
            return typedRecord(std::move(r));
    return RecordPtr();
}

int screeningFindingCount(const v::VerificationRecordData& record) {
    return record.screening ? static_cast<int>(record.screening->findings.size()) : 0;
}

namespace {

Standing standingOfVerdict(v::Verdict verdict, bool onGpu, int findings) {
    switch (v::family(verdict)) {
    case v::VerdictFamily::Pass:
        if (!onGpu)
            return Standing::CompileOnly;
        return findings > 0 ? Standing::NeedsHuman : Standing::Passed;
    case v::VerdictFamily::Failed:
        return Standing::Failed;
    case v::VerdictFamily::SuspectedHack:
        return Standing::SuspectedHack;
    case v::VerdictFamily::NotRun:
        return Standing::CompileOnly;
    case v::VerdictFamily::Error:
        return Standing::CheckError;
    }
    return Standing::CheckError;
}

} // namespace

Standing standingOf(const v::VerificationRecordData& record) {
    // As the store derives "on a GPU": the record names the device it ran on.
    return standingOfVerdict(record.verdict.value, record.device.has_value(),
                             screeningFindingCount(record));
}

Standing standingOf(const SampleStatus& status, std::optional<int> screeningFindings) {
    if (status.verificationId.empty())
        return Standing::Unverified;
    return standingOfVerdict(v::verdictFromString(status.verificationVerdict), status.onGpu,
                             screeningFindings.value_or(0));
}

const v::ShapeResult* firstFailingShape(const v::VerificationRecordData& record) {
    for (const v::ShapeResult& shape : record.shapes)
        if (!v::isPass(shape.verdict.value))
            return &shape;
    return nullptr;
}

QString StandingText::name(Standing standing) {
    switch (standing) {
    case Standing::Unverified:
        return tr("Unverified");
    case Standing::CompileOnly:
        return tr("Compile-only");
    case Standing::Passed:
        return tr("Passed");
    case Standing::NeedsHuman:
        return tr("Passed, needs a human");
    case Standing::Failed:
        return tr("Failed");
    case Standing::SuspectedHack:
        return tr("Suspected hack");
    case Standing::CheckError:
        return tr("Check did not finish");
    }
    return {};
}

QColor StandingText::color(Standing standing) {
    switch (standing) {
    case Standing::Unverified:
        return QColor(0x8a, 0x8a, 0x8a);
    case Standing::CompileOnly:
        return QColor(0x5f, 0x7d, 0x9c);
    case Standing::Passed:
        return QColor(0x2e, 0x7d, 0xc9);
    case Standing::NeedsHuman:
        return QColor(0xb8, 0x86, 0x00); // amber: passed, but not for a machine to accept
    case Standing::Failed:
        return QColor(0xd9, 0x82, 0x1e);
    case Standing::SuspectedHack:
        return QColor(0x9b, 0x1b, 0x7b); // magenta: never the colour of an honest mistake
    case Standing::CheckError:
        return QColor(0x5a, 0x5a, 0x5a);
    }
    return {};
}

QString StandingText::verdictSummary(const v::VerificationRecordData& record) {
    const QString words = ShapeResultsModel::verdictText(record.verdict);
    if (record.passed())
        return words;
    if (const v::ShapeResult* shape = firstFailingShape(record))
        //: A verdict and the shape it was found at, e.g. "wrong result at shape large"
        return tr("%1 at shape %2").arg(words, QString::fromStdString(shape->name));
    return words;
}

QString StandingText::line(const v::VerificationRecordData& record) {
    const Standing standing = standingOf(record);
    switch (standing) {
    case Standing::NeedsHuman:
        return tr("Passed, needs a human: %n host-code screening finding(s)", nullptr,
                  screeningFindingCount(record));
    case Standing::Passed:
    case Standing::CompileOnly:
        return name(standing);
    case Standing::Unverified:
    case Standing::Failed:
    case Standing::SuspectedHack:
    case Standing::CheckError:
        break;
    }
    //: A standing and its verdict, e.g. "Suspected hack: tampering at shape odd"
    return tr("%1: %2").arg(name(standing), verdictSummary(record));
}

QString StandingText::finding(const v::ScreeningFinding& f) {
    //: One host-code screening finding: its line, its kind and what it says
    return tr("line %1 · %2: %3")
        .arg(f.line)
        .arg(QString::fromStdString(f.kind), QString::fromStdString(f.text));
}

} // namespace kwb::ui
