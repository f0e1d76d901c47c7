#pragma once
// The Evaluation view: the project's evaluation runs (kwb eval run) and a run's report as core
// builds it for `kwb eval report` (core/eval/eval_report.h, recounted from the stored records):
// per model and condition the answers, answered, compiled, correct and faster counts, pass@k and
// the mean and geometric-mean speedups; a chart of the correct rate per condition; a chart of
// pass@1 and fast_p at 1.0 per model and condition with the 95 % intervals of each condition's
// difference from plain; and the per-task heatmap (the correct rate of each task, model and
// condition, coloured on HeatScale's scale). Enter or a double click on a row or cell lists its
// answers as samples in the review list (sampleSetRequested). Reads run on the session's
// background lane. UI thread only.
#include <map>
#include <memory>
#include <optional>

#include <QList>
#include <QWidget>

#include "core/eval/eval_report.h"
#include "ui/widgets/chart_data.h"

class QLabel;
class QSplitter;
class QTableWidget;

namespace kwb::ui {

class ChartWidget;
class HeatScale;
class ProjectSession;

class EvaluationView final : public QWidget {
    Q_OBJECT

public:
    explicit EvaluationView(ProjectSession* session, QWidget* parent = nullptr);

    QTableWidget* runsTable() const { return m_runs; }
    QTableWidget* resultsTable() const { return m_results; }
    QTableWidget* taskTable() const { return m_tasks; }
    ChartWidget* chartWidget() const { return m_chart; }
    ChartWidget* passRateChart() const { return m_passChart; }
    // The correct rate a heatmap cell shows (0..1); none for the task column or a missing cell.
    std::optional<double> heatOf(int row, int column) const;
    // The report shown (null before one is loaded) and the chart's numbers.
    std::shared_ptr<const EvalReport> report() const { return m_report; }
    const CorrectRateChartData& chartData() const { return m_chartData; }
    const PassRateChartData& passRateData() const { return m_passData; }
    // Shows the run with this id (once the list holds it); false when it does not.
    bool selectRun(const QString& runId);
    // The samples behind a results row or a task cell (answers with code), in cell order.
    QList<qint64> samplesOfResultsRow(int row) const;
    QList<qint64> samplesOfTaskCell(int row, int column) const;

public slots:
    // Re-reads the runs (and the shown report); while hidden, only notes that it must.
    void refresh();
    // Shows this run from now on (a run started in the window), once the list holds it.
    void followRun(const QString& runId);

signals:
    void runsLoaded(int count);
    void reportShown(const QString& runId);
    // List these samples in the review view, under `caption`.
    void sampleSetRequested(const QList<qint64>& ids, const QString& caption);
    void message(const QString& text);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Loaded; // a report and the sample of each cell
    void reload();
    void loadReport(const QString& runId);
    void showReport(const Loaded& loaded);
    void fillResults();
    void fillTasks();
    void fillChart();
    void request(const QList<qint64>& ids, const QString& caption);
    QList<qint64> samplesOf(const std::vector<std::int64_t>& cellIds) const;
    void retranslateUi();

    ProjectSession* m_session = nullptr;
    QLabel* m_caption = nullptr;
    QLabel* m_hint = nullptr;
    QTableWidget* m_runs = nullptr;
    QTableWidget* m_results = nullptr;
    QTableWidget* m_tasks = nullptr;
    ChartWidget* m_chart = nullptr;
    ChartWidget* m_passChart = nullptr;
    HeatScale* m_heatScale = nullptr;
    QSplitter* m_split = nullptr;
    std::shared_ptr<const EvalReport> m_report;
    std::map<std::int64_t, std::int64_t> m_sampleOfCell;
    CorrectRateChartData m_chartData;
    PassRateChartData m_passData;
    QString m_shownRun;
    bool m_stale = true;
    quint64 m_reportGeneration = 0;
};

} // namespace kwb::ui
