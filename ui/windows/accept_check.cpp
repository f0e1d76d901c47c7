#include "ui/windows/accept_check.h"

#include <QMessageBox>
#include <QPushButton>
#include <map>

#include "core/store/project_store.h"

namespace kwb::ui {

namespace {

Standing standingOfSample(const AcceptCandidate& s) {
    return s.record ? standingOf(*s.record) : standingOf(s.status, std::nullopt);
}

QString detailOf(const AcceptCandidate& s) {
    return s.record ? QString::fromStdString(s.record->detail).trimmed() : QString();
}

// The first finding's line, for the sentence about a pass with findings.
int firstFindingLine(const AcceptCandidate& s) {
    if (!s.record || !s.record->screening || s.record->screening->findings.empty())
        return 0;
    return s.record->screening->findings.front().line;
}

} // namespace

Result<std::vector<AcceptCandidate>> readAcceptCandidates(ProjectStore& store,
                                                          const std::vector<std::int64_t>& ids) {
    std::vector<AcceptCandidate> out;
    for (std::int64_t id : ids) {
        auto sample = store.sample(id);
        if (!sample)
            return sample.error();
        auto record = storedRecord(store, id, sample->status.verificationId);
        if (!record)
            return record.error();
        out.push_back({id, sample->status, *record});
    }
    return out;
}

AcceptCheck::Concern AcceptCheck::concernOf(const AcceptCandidate& sample) {
    switch (standingOfSample(sample)) {
    case Standing::Passed:
        return Concern::None;
    case Standing::NeedsHuman:
        return Concern::ScreeningFindings;
    case Standing::Failed:
        return Concern::Failed;
    case Standing::SuspectedHack:
        return Concern::SuspectedHack;
    case Standing::Unverified:
    case Standing::CompileOnly:
    case Standing::CheckError:
        return Concern::Unverified;
    }
    return Concern::Unverified;
}

QString AcceptCheck::sentence(const AcceptCandidate& sample) {
    const verification::VerificationRecordData* r = sample.record.get();
    const QString verdict = r ? StandingText::verdictSummary(*r)
                              : QString::fromStdString(sample.status.verificationVerdict);
    switch (standingOfSample(sample)) {
    case Standing::Passed:
        return tr("This sample's latest verification passed on a GPU.");
    case Standing::NeedsHuman:
        return tr("This sample passed, but the host-code screen found %n thing(s) a kernel "
                  "launcher never "
                  "needs (the first at line %1).",
                  nullptr, r ? screeningFindingCount(*r) : 0)
            .arg(firstFindingLine(sample));
    case Standing::Failed:
        return tr("This sample's latest verification failed: %1.").arg(verdict);
    case Standing::SuspectedHack:
        return tr("This sample's latest verification flagged it as a suspected hack: %1.")
            .arg(verdict);
    case Standing::Unverified:
        return tr("This sample has not been verified.");
    case Standing::CompileOnly:
        return tr("This sample was only compiled: it has not run on a GPU.");
    case Standing::CheckError:
        return tr("This sample's latest verification did not finish (%1): it is not verified.")
            .arg(verdict);
    }
    return {};
}

QString AcceptCheck::summary(const AcceptCandidate& sample) {
    const verification::VerificationRecordData* r = sample.record.get();
    const QString verdict = r ? StandingText::verdictSummary(*r)
                              : QString::fromStdString(sample.status.verificationVerdict);
    switch (concernOf(sample)) {
    case Concern::None:
        return tr("passed");
    case Concern::Failed:
        return tr("failed: %1").arg(verdict);
    case Concern::SuspectedHack:
        return tr("suspected hack: %1").arg(verdict);
    case Concern::ScreeningFindings:
        return tr("passed with %n screening finding(s)", nullptr,
                  r ? screeningFindingCount(*r) : 0);
    case Concern::Unverified:
        return tr("not verified on a GPU");
    }
    return {};
}

QString AcceptCheck::batchText(const std::vector<AcceptCandidate>& samples) {
    std::map<Concern, int> counts;
    for (const AcceptCandidate& s : samples)
        ++counts[concernOf(s)];
    const int total = static_cast<int>(samples.size());
    QStringList lines{tr("Of the %1 selected samples:").arg(total)};
    const auto add = [&](Concern c, const QString& text) {
        if (counts[c] > 0)
            lines.append(QStringLiteral("• ") + text.arg(counts[c]));
    };
    //: Counts before accepting several samples; %1 is how many
    add(Concern::Failed, tr("failed their latest verification: %1"));
    add(Concern::SuspectedHack, tr("flagged as suspected hacks: %1"));
    add(Concern::ScreeningFindings, tr("passed with host-code screening findings: %1"));
    add(Concern::Unverified, tr("not verified on a GPU: %1"));
    add(Concern::None, tr("passed on a GPU: %1"));
    lines.append(tr("Accept all %1 anyway?").arg(total));
    return lines.join(QLatin1Char('\n'));
}

QMessageBox* AcceptCheck::question(const std::vector<AcceptCandidate>& samples, QWidget* parent) {
    std::vector<const AcceptCandidate*> concerns;
    for (const AcceptCandidate& s : samples)
        if (concernOf(s) != Concern::None)
            concerns.push_back(&s);
    if (concerns.empty())
        return nullptr;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Accept anyway?"), QString(),
                                QMessageBox::Yes | QMessageBox::Cancel, parent);
    box->setObjectName(QStringLiteral("acceptQuestion"));
    if (samples.size() == 1) {
        box->setText(sentence(samples.front()) + QLatin1Char(' ') + tr("Accept anyway?"));
        box->setInformativeText(detailOf(samples.front()));
    } else {
        box->setText(batchText(samples));
        QStringList lines;
        for (const AcceptCandidate* s : concerns)
            lines.append(tr("#%1: %2").arg(s->id).arg(summary(*s)));
        box->setDetailedText(lines.join(QLatin1Char('\n')));
    }
    // Its key is Y, not A: a second press of Accept's own key must not answer the question.
    box->button(QMessageBox::Yes)->setText(tr("Accept an&yway"));
    box->button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    // Enter and Escape both keep the samples as they are: accepting is a deliberate choice.
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    return box;
}

} // namespace kwb::ui
