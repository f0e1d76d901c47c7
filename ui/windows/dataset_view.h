#pragma once
// The dataset view: every sample of the project under filters (task, model, verdict, minimum
// speedup, verified on a GPU, passed, and the filter bar's find and filters), how many match, the
// dataset's charts (speedup histogram and accept rate per model, from the store's statistics for
// the same filters), and the way to the export dialog. The table loads page by page like the review
// list. UI thread only; store calls go through the ProjectSession.
#include <QWidget>

#include "core/store/sample_query.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;

namespace kwb::ui {

class ChartWidget;
class ProjectSession;
class SampleFilterBar;
class SampleListModel;

class DatasetView final : public QWidget {
    Q_OBJECT

public:
    enum class Chart { SpeedupHistogram, AcceptRate };

    explicit DatasetView(ProjectSession* session, QWidget* parent = nullptr);

    // The filters as the store reads them.
    SampleFilter filter() const;
    SampleListModel* model() const { return m_model; }
    // Find and filter: text over source and notes, tags, reviewers, ... (Ctrl+F in the view).
    SampleFilterBar* filterBar() const { return m_filterBar; }
    ChartWidget* chartWidget() const { return m_chart; }
    // Rows matching the filters (after the last refresh).
    qint64 matchCount() const;
    void showChart(Chart chart);
    // Filter setters, for tests and the render script.
    void setTaskFilter(const QString& taskId);
    void setMinimumSpeedup(double speedup);

public slots:
    // Re-reads the choices (tasks, models), the rows and the charts; while the view is hidden,
    // only notes that it must (statistics over a large project take a while).
    void refresh();

signals:
    // Enter or double click on a row: show that sample in the review view.
    void sampleActivated(qint64 id);
    void exportRequested();
    // The table and charts show the current filters.
    void refreshed(qint64 matching);
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void reload();
    void connectFields();
    void loadChoices();
    void loadPage(quint64 generation, int page);
    void retranslateUi();
    void fitHeaders();

    ProjectSession* m_session = nullptr;
    SampleListModel* m_model = nullptr;
    QComboBox* m_task = nullptr;
    QComboBox* m_modelFilter = nullptr;
    QComboBox* m_verdict = nullptr;
    QDoubleSpinBox* m_minSpeedup = nullptr;
    QCheckBox* m_onGpu = nullptr;
    QCheckBox* m_passed = nullptr;
    QLabel* m_taskCaption = nullptr;
    QLabel* m_modelCaption = nullptr;
    QLabel* m_verdictCaption = nullptr;
    QLabel* m_speedupCaption = nullptr;
    QLabel* m_count = nullptr;
    QPushButton* m_export = nullptr;
    QTableView* m_table = nullptr;
    SampleFilterBar* m_filterBar = nullptr;
    QComboBox* m_chartKind = nullptr;
    ChartWidget* m_chart = nullptr;
    quint64 m_generation = 0;
    bool m_loadingChoices = false;
    bool m_stale = true; // refresh() was asked for while hidden
};

} // namespace kwb::ui
