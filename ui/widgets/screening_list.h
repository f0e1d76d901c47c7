#pragma once
// The host-code screen's findings of one verification record, one line each ("line 12 ·
// syscall: ..."); Enter or a double click on a finding asks the owner to move the kernel
// editor to its line. A record without a screen (older than the screen) says so. UI thread.
#include <optional>

#include <QListWidget>

#include "core/model/verification.h"

namespace kwb::ui {

class ScreeningList final : public QListWidget {
    Q_OBJECT

public:
    explicit ScreeningList(QWidget* parent = nullptr);

    // Shows the record's findings; null clears the list.
    void setRecord(const verification::VerificationRecordData* record);
    int findingCount() const { return m_findings; }

signals:
    // A finding was picked: its 1-based line in the candidate.
    void lineActivated(int line);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();

    std::optional<verification::Screening> m_screening;
    bool m_hasRecord = false;
    int m_findings = 0;
};

} // namespace kwb::ui
