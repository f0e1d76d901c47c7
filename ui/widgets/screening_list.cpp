#include "ui/widgets/screening_list.h"

#include <QEvent>

#include "ui/models/verification_standing.h"

namespace kwb::ui {

namespace {
constexpr int kLineRole = Qt::UserRole + 1;
}

ScreeningList::ScreeningList(QWidget* parent) : QListWidget(parent) {
    setObjectName(QStringLiteral("screeningList"));
    setUniformItemSizes(true);
    connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int line = item ? item->data(kLineRole).toInt() : 0;
        if (line > 0)
            emit lineActivated(line);
    });
    fill();
}

void ScreeningList::setRecord(const verification::VerificationRecordData* record) {
    m_hasRecord = record != nullptr;
    m_screening = record ? record->screening : std::nullopt;
    m_findings = m_screening ? static_cast<int>(m_screening->findings.size()) : 0;
    fill();
}

void ScreeningList::fill() {
    clear();
    setAccessibleName(tr("Host-code screening findings"));
    auto note = [this](const QString& text) {
        auto* item = new QListWidgetItem(text, this);
        item->setFlags(Qt::ItemIsEnabled); // a note, not a finding to jump to
    };
    if (!m_hasRecord)
        return;
    if (!m_screening) {
        note(tr("Not screened: this verification is older than the host-code screen."));
        return;
    }
    if (m_screening->findings.empty()) {
        note(tr("No findings: the host code does nothing a kernel launcher never needs."));
        return;
    }
    for (const auto& f : m_screening->findings) {
        auto* item = new QListWidgetItem(StandingText::finding(f), this);
        item->setData(kLineRole, f.line);
        item->setToolTip(
            tr("Enter or double click: show line %1 in the kernel editor").arg(f.line));
    }
}

void ScreeningList::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        fill();
    QListWidget::changeEvent(event);
}

} // namespace kwb::ui
