#pragma once
// The verification panel's Build tab: how the candidate was built (architecture, nvcc, time,
// cached or not), ptxas's resources per kernel, and the compiler's problems, which jump to
// the editor (Enter or a double click). Shows one record at a time. UI thread only.
#include <optional>

#include <QWidget>

#include "core/model/verification.h"

class QLabel;
class QListView;
class QTableWidget;

namespace kwb::ui {

class DiagnosticsModel;

class BuildReportView final : public QWidget {
    Q_OBJECT

public:
    explicit BuildReportView(QWidget* parent = nullptr);

    // The record's build; null clears the tab.
    void setRecord(const verification::VerificationRecordData* record);
    DiagnosticsModel* diagnosticsModel() const { return m_diagnosticsModel; }
    // "kernel: 96 registers, 16384 B shared, 0 B spilled; ..." for the compile-only banner.
    QString resourceSummary() const;

signals:
    // The user picked a compiler problem: the owner moves the editor there (1-based).
    void diagnosticActivated(int line, int column);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fill();
    void retranslateUi();

    std::optional<verification::BuildReport> m_build; // of the record shown
    bool m_hasRecord = false;
    QLabel* m_summary = nullptr;
    QTableWidget* m_resources = nullptr;
    QLabel* m_problemsCaption = nullptr;
    QListView* m_problems = nullptr;
    DiagnosticsModel* m_diagnosticsModel = nullptr;
};

} // namespace kwb::ui
