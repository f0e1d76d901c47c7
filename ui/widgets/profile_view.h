#pragma once
// The verification panel's Profile tab: the sample's latest stored profile (kwb samples profile,
// or Profile in the window), candidate and baseline side by side. The table of
// verification::profileRows with the rows that differ highlighted, each side's kernels with
// their top warp-stall reasons and the candidate's hot source lines (picking one moves the
// kernel editor there), and two charts: a roofline of both sides against the device's ceilings,
// and the stall-reason bars of each side's longest kernel. Without a profile it says how to make
// one.
//
// It shows records; profiling and the store are the owner's (ProfileActions). UI thread only.
#include <string>
#include <vector>

#include <QKeySequence>
#include <QList>
#include <QString>
#include <QWidget>

#include "core/model/profile.h"
#include "ui/models/verification_standing.h"
#include "ui/widgets/chart_data.h"

class QLabel;
class QPushButton;
class QStackedWidget;
class QTabWidget;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace kwb::ui {

class ChartWidget;

// The candidate's hot lines in `fileName` (the file the candidate was built from), most samples
// first; lines of other files (headers, the harness) are left out.
std::vector<verification::HotLine> candidateHotLines(const verification::ProfileReport& report,
                                                     const std::string& fileName);
// Both sides' stall reasons of their longest kernel, in the order they first appear.
StallChartData stallChartData(const verification::ProfileReport& report,
                              const QString& candidateLabel, const QString& baselineLabel);

class ProfileView final : public QWidget {
    Q_OBJECT

public:
    // Table columns.
    enum Column { FigureColumn, CandidateColumn, BaselineColumn };

    explicit ProfileView(QWidget* parent = nullptr);
    ~ProfileView() override;

    // Shows a stored record's profile; its hot lines in `fileName` are the ones that lead to the
    // editor. A null record, or one without a profile, shows the empty state.
    void showProfile(RecordPtr record, const std::string& fileName);
    void clear() { showProfile(nullptr, {}); }
    // While a profile runs the button waits; `thisSample`: it is the shown sample's.
    void setBusy(bool busy, bool thisSample);
    // The shortcut the empty state and the button name.
    void setShortcut(const QKeySequence& key);

    RecordPtr record() const { return m_record; }
    bool isEmpty() const { return !m_record; }
    QString emptyText() const;
    QString summaryText() const;
    QTableWidget* table() const { return m_table; }
    QTreeWidget* details() const { return m_details; }
    ChartWidget* rooflineChart() const { return m_roofline; }
    ChartWidget* stallChart() const { return m_stalls; }
    QPushButton* profileButton() const { return m_button; }
    // The detail rows of the hot lines in the editor's file (1-based lines).
    QList<QTreeWidgetItem*> hotLineItems() const;

signals:
    // The user asked for a (new) profile of the sample.
    void profileRequested();
    // The user picked a hot line of the candidate's file (1-based).
    void hotLineActivated(int line);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    void renderTable(const verification::ProfileReport& report);
    void renderDetails(const verification::ProfileReport& report);
    void renderCharts(const verification::ProfileReport& report);
    QString sideTitle(const verification::ProfileSide& side) const;
    void retranslateUi();

    RecordPtr m_record;
    std::string m_fileName;
    QKeySequence m_shortcut;
    bool m_busy = false;
    bool m_busyHere = false;

    QLabel* m_summary = nullptr;
    QPushButton* m_button = nullptr;
    QStackedWidget* m_pages = nullptr;
    QLabel* m_empty = nullptr;
    QWidget* m_content = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_legend = nullptr;
    QTreeWidget* m_details = nullptr;
    QTabWidget* m_charts = nullptr;
    ChartWidget* m_roofline = nullptr;
    ChartWidget* m_stalls = nullptr;
};

} // namespace kwb::ui
