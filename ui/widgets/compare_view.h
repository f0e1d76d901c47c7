#pragma once
// The Compare tab: 2 to 8 samples of one task side by side (or one sample and its parent, or
// one sample's verifications). Its pages: the source diff of two of them (chosen; word-level
// marks in changed lines), the speedup per shape grouped per shape with a bar per sample, one
// shape's timing distributions side by side, every sample's point on one roofline, the ptxas
// and profile metrics in one table, and what changed between two verifications of a sample.
// The figures come from compare_figures.h; the data is read on a store lane by SampleActions
// and handed over as values. UI thread only.
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include "ui/models/compare_set.h"

class QComboBox;
class QLabel;
class QTabWidget;
class QTableWidget;

namespace kwb::ui {

class ChartWidget;
class DiffView;

class CompareView final : public QWidget {
    Q_OBJECT

public:
    enum class Page { Source, Speedups, Timing, Roofline, Metrics, Verifications };

    explicit CompareView(QWidget* parent = nullptr);

    // Shows these samples; the verifications page starts on entry `recordsOf` (-1: the first
    // with two verifications or more). The source page diffs the first two.
    void setEntries(const CompareSet& set, int recordsOf = -1);
    // Two sources alone (no samples behind them): the source page only.
    void showSources(const QString& leftTitle, const QString& leftText, const QString& rightTitle,
                     const QString& rightText);
    void showPage(Page page);
    // The next (1) or previous (-1) enabled page, wrapping: Ctrl+Tab, Ctrl+Shift+Tab.
    void stepPage(int step);
    Page currentPage() const;
    int entryCount() const { return static_cast<int>(m_set.size()); }

    DiffView* diffView() const { return m_diff; }
    ChartWidget* speedupChart() const { return m_speedups; }
    ChartWidget* timingChart() const { return m_timing; }
    ChartWidget* rooflineChart() const { return m_roofline; }
    QTableWidget* metricsTable() const { return m_metrics; }
    QTableWidget* recordDiffTable() const { return m_recordDiff; }
    QComboBox* leftChoice() const { return m_left; }
    QComboBox* rightChoice() const { return m_right; }
    QComboBox* shapeChoice() const { return m_shape; }
    QComboBox* recordSampleChoice() const { return m_recordSample; }
    QComboBox* beforeChoice() const { return m_before; }
    QComboBox* afterChoice() const { return m_after; }
    // Lines under the charts: sample and shape without a speedup; samples without a point.
    QStringList missingSpeedups() const { return m_missingList; }
    QStringList samplesWithoutPoint() const { return m_noPointList; }

protected:
    void changeEvent(QEvent* event) override;

private:
    QWidget* createSourcePage();
    QWidget* createTimingPage();
    QWidget* createRecordsPage();
    void showDiff();
    void showTiming();
    void showRecordChoices();
    void showRecordDiff();
    void renderFigures();
    void fillMetrics();
    void retranslateUi();

    CompareSet m_set;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_leftLabel = nullptr;
    QLabel* m_rightLabel = nullptr;
    QComboBox* m_left = nullptr;
    QComboBox* m_right = nullptr;
    DiffView* m_diff = nullptr;
    ChartWidget* m_speedups = nullptr;
    QLabel* m_missing = nullptr;
    QLabel* m_shapeLabel = nullptr;
    QComboBox* m_shape = nullptr;
    ChartWidget* m_timing = nullptr;
    ChartWidget* m_roofline = nullptr;
    QLabel* m_noPoint = nullptr;
    QTableWidget* m_metrics = nullptr;
    QLabel* m_recordSampleLabel = nullptr;
    QLabel* m_beforeLabel = nullptr;
    QLabel* m_afterLabel = nullptr;
    QComboBox* m_recordSample = nullptr;
    QComboBox* m_before = nullptr;
    QComboBox* m_after = nullptr;
    QTableWidget* m_recordDiff = nullptr;
    QLabel* m_recordNote = nullptr;
    QStringList m_missingList;
    QStringList m_noPointList;
    bool m_filling = false; // choosers being refilled: their signals change nothing
};

} // namespace kwb::ui
