#include "ui/windows/evaluation_view.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "core/store/project_store.h"
#include "ui/models/project_session.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/heat_scale.h"
#include "ui/windows/evaluation_charts.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

constexpr int kGroupRole = Qt::UserRole + 1; // the report group behind a row or cell
constexpr int kRateRole = Qt::UserRole + 2;  // a heatmap cell's correct rate (0..1)

// Answers correct and more than once as fast as the baseline, as a count (fast_p at 1.0 is
// their share of all answers).
int fasterCount(const EvalStats& s) {
    const auto it = s.fastP.find(1.0);
    return it == s.fastP.end() ? 0 : int(std::lround(it->second * s.cells));
}

QString speedupText(const std::optional<double>& x) {
    return x ? QStringLiteral("%1×").arg(*x, 0, 'f', 2) : QStringLiteral("—");
}

QTableWidgetItem* item(const QString& text, int group = -1) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (group >= 0)
        it->setData(kGroupRole, group);
    return it;
}

QTableWidget* table(const char* name, QWidget* parent) {
    auto* t = new QTableWidget(parent);
    t->setObjectName(QLatin1String(name));
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectItems);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setTabKeyNavigation(false);
    t->verticalHeader()->hide();
    t->setWordWrap(false);
    return t;
}

} // namespace

struct EvaluationView::Loaded {
    std::shared_ptr<const EvalReport> report;
    std::map<std::int64_t, std::int64_t> sampleOfCell;
};

EvaluationView::EvaluationView(ProjectSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_caption(new QLabel(this)), m_hint(new QLabel(this)),
      m_runs(table("evalRunsTable", this)), m_results(table("evalResultsTable", this)),
      m_tasks(table("evalTaskTable", this)), m_chart(new ChartWidget(this)),
      m_passChart(new ChartWidget(this)), m_heatScale(new HeatScale(this)),
      m_split(new QSplitter(Qt::Horizontal, this)) {
    setObjectName(QStringLiteral("evaluationView"));
    m_caption->setObjectName(QStringLiteral("evalCaption"));
    m_caption->setWordWrap(true);
    m_hint->setWordWrap(true);
    m_chart->setObjectName(QStringLiteral("evalChart"));
    m_passChart->setObjectName(QStringLiteral("evalPassRateChart"));
    m_runs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runs->setColumnCount(3);
    m_runs->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* heatmap = new QWidget(this);
    auto* heatLayout = new QVBoxLayout(heatmap);
    heatLayout->setContentsMargins(0, 0, 0, 0);
    heatLayout->addWidget(m_tasks, 1);
    heatLayout->addWidget(m_heatScale);
    auto* charts = new QSplitter(Qt::Vertical, this);
    charts->addWidget(m_passChart);
    charts->addWidget(m_chart);
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(heatmap);
    lower->addWidget(charts);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 2);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_caption);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_results);
    vertical->addWidget(lower);
    vertical->setStretchFactor(1, 1);
    rightLayout->addWidget(vertical, 1);
    rightLayout->addWidget(m_hint);
    m_split->addWidget(m_runs);
    m_split->addWidget(right);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({260, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_split);

    connect(m_runs, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (const QTableWidgetItem* it = m_runs->item(row, 0))
            loadReport(it->data(Qt::UserRole).toString());
    });
    connect(m_results, &QTableWidget::cellActivated, this, [this](int row) {
        const QTableWidgetItem* it = m_results->item(row, 0);
        if (!it || !m_report)
            return;
        const EvalReportGroup& g = m_report->groups[std::size_t(it->data(kGroupRole).toInt())];
        request(samplesOfResultsRow(row), tr("%1 · %2").arg(qs(g.model), qs(g.condition)));
    });
    connect(m_tasks, &QTableWidget::cellActivated, this, [this](int row, int column) {
        const QTableWidgetItem* it = m_tasks->item(row, column);
        if (!it || !m_report)
            return;
        const EvalReportGroup& g = m_report->groups[std::size_t(it->data(kGroupRole).toInt())];
        request(samplesOfTaskCell(row, column),
                tr("%1 · %2 · %3").arg(qs(g.model), qs(g.condition), qs(g.scope.substr(5))));
    });
    connect(m_session, &ProjectSession::opened, this, [this] {
        m_shownRun.clear();
        m_report.reset();
        refresh();
    });
    retranslateUi();
}

void EvaluationView::refresh() {
    m_stale = true;
    if (isVisible())
        reload();
}

void EvaluationView::followRun(const QString& runId) {
    m_shownRun = runId;
    refresh();
}

void EvaluationView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

void EvaluationView::reload() {
    m_stale = false;
    m_session->runBackground(
        this, [](ProjectStore& store) { return store.evalRuns(); },
        [this](const Result<std::vector<EvalRunRecord>>& runs) {
            if (!runs) {
                emit message(
                    tr("Cannot list the evaluation runs: %1").arg(qs(runs.error().message)));
                return;
            }
            const QString keep = m_shownRun;
            {
                const QSignalBlocker quiet(m_runs);
                m_runs->setRowCount(int(runs->size()));
                for (int i = 0; i < int(runs->size()); ++i) {
                    const EvalRunRecord& r = (*runs)[std::size_t(i)];
                    QTableWidgetItem* name = item(qs(r.name));
                    name->setData(Qt::UserRole, qs(r.runId));
                    name->setToolTip(qs(r.runId));
                    m_runs->setItem(i, 0, name);
                    m_runs->setItem(i, 1, item(QString::number(r.cells)));
                    m_runs->setItem(i, 2, item(qs(r.createdAt)));
                }
                m_runs->resizeColumnToContents(1);
                m_runs->resizeColumnToContents(2);
            }
            emit runsLoaded(int(runs->size()));
            // The run shown before, else the newest.
            if (!(keep.isEmpty() ? false : selectRun(keep)) && m_runs->rowCount() > 0)
                selectRun(m_runs->item(m_runs->rowCount() - 1, 0)->data(Qt::UserRole).toString());
            if (m_runs->rowCount() == 0) {
                m_caption->setText(tr("No evaluation runs in this project yet: Evaluation › New "
                                      "evaluation run (Ctrl+Shift+R) or kwb eval run PLAN starts "
                                      "one."));
                m_chart->showMessage(tr("No evaluation run"));
                m_passChart->showMessage(tr("No evaluation run"));
            }
        });
}

bool EvaluationView::selectRun(const QString& runId) {
    for (int row = 0; row < m_runs->rowCount(); ++row)
        if (m_runs->item(row, 0)->data(Qt::UserRole).toString() == runId) {
            const QSignalBlocker quiet(m_runs);
            m_runs->setCurrentCell(row, 0);
            loadReport(runId);
            return true;
        }
    return false;
}

void EvaluationView::loadReport(const QString& runId) {
    const quint64 generation = ++m_reportGeneration;
    const std::string id = runId.toStdString();
    m_session->runBackground(
        this,
        [id](ProjectStore& store) -> Result<Loaded> {
            auto report = buildEvalReport(store, id);
            if (!report)
                return report.error();
            Loaded out;
            Status st = store.forEachEvalCell(report->run.id, [&](const EvalCellRow& row) {
                if (row.sampleId)
                    out.sampleOfCell[row.id] = *row.sampleId;
            });
            if (!st)
                return st.error();
            out.report = std::make_shared<const EvalReport>(std::move(*report));
            return out;
        },
        [this, generation, runId](const Result<Loaded>& loaded) {
            if (generation != m_reportGeneration)
                return; // another run was chosen meanwhile
            if (!loaded) {
                emit message(
                    tr("Cannot read the report of %1: %2").arg(runId, qs(loaded.error().message)));
                return;
            }
            m_shownRun = runId;
            showReport(*loaded);
            emit reportShown(runId);
        });
}

void EvaluationView::showReport(const Loaded& loaded) {
    m_report = loaded.report;
    m_sampleOfCell = loaded.sampleOfCell;
    const EvalReport& r = *m_report;
    QString mode;
    if (r.compileOnly())
        mode = tr("compile-only: no answer ran on a GPU, so none counts as correct");
    else if (r.mixed())
        mode = tr("mixed: %1 answers ran on a GPU, %2 were built only").arg(r.onGpu).arg(r.notRun);
    else if (!r.gpus.empty())
        mode = tr("verified on %1").arg(qs(r.gpus.front()));
    m_caption->setText(tr("%1 (%2): %3 of %4 answers stored · %5")
                           .arg(qs(r.run.name), qs(r.run.runId))
                           .arg(r.cells)
                           .arg(r.expectedCells)
                           .arg(mode));
    fillResults();
    fillTasks();
    fillChart();
}

void EvaluationView::fillResults() {
    const EvalReport& r = *m_report;
    int maxK = 1;
    for (const EvalReportGroup& g : r.groups)
        if (g.scope == "overall" && !g.stats.passAtK.empty())
            maxK = std::max(maxK, g.stats.passAtK.rbegin()->first);
    QStringList headers = {tr("Model"),    tr("Condition"), tr("Answers"), tr("Answered"),
                           tr("Compiled"), tr("Correct"),   tr("Faster")};
    for (int k = 1; k <= maxK; ++k)
        headers << QStringLiteral("pass@%1").arg(k);
    headers << tr("Mean speedup") << tr("Geo-mean speedup");
    m_results->clear();
    m_results->setColumnCount(int(headers.size()));
    m_results->setHorizontalHeaderLabels(headers);
    m_results->setRowCount(0);
    for (int i = 0; i < int(r.groups.size()); ++i) {
        const EvalReportGroup& g = r.groups[std::size_t(i)];
        if (g.scope != "overall")
            continue;
        const EvalStats& s = g.stats;
        const int row = m_results->rowCount();
        m_results->insertRow(row);
        QStringList cells = {qs(g.model),
                             qs(g.condition),
                             QString::number(s.cells),
                             QString::number(s.answered),
                             QString::number(s.compiled),
                             QString::number(s.correct),
                             QString::number(fasterCount(s))};
        for (int k = 1; k <= maxK; ++k)
            cells << (s.passAtK.count(k) ? QString::number(s.passAtK.at(k), 'f', 3)
                                         : QStringLiteral("—"));
        cells << speedupText(s.meanSpeedup) << speedupText(s.geomeanSpeedup);
        for (int c = 0; c < int(cells.size()); ++c)
            m_results->setItem(row, c, item(cells[c], i));
    }
    m_results->resizeColumnsToContents();
}

void EvaluationView::fillTasks() {
    const EvalReport& r = *m_report;
    std::vector<std::pair<std::string, std::string>> columns; // model, condition
    std::vector<std::string> tasks;
    std::set<std::string> seen;
    std::map<std::tuple<std::string, std::string, std::string>, int> groupOf;
    for (int i = 0; i < int(r.groups.size()); ++i) {
        const EvalReportGroup& g = r.groups[std::size_t(i)];
        if (g.scope == "overall")
            columns.emplace_back(g.model, g.condition);
        if (!g.scope.starts_with("task:"))
            continue;
        const std::string task = g.scope.substr(5);
        if (seen.insert(task).second)
            tasks.push_back(task);
        groupOf[{g.model, g.condition, task}] = i;
    }
    m_tasks->clear();
    m_tasks->setRowCount(int(tasks.size()));
    m_tasks->setColumnCount(1 + int(columns.size()));
    QStringList headers = {tr("Task")};
    for (const auto& [model, condition] : columns)
        headers << tr("%1\n%2").arg(qs(model), qs(condition));
    m_tasks->setHorizontalHeaderLabels(headers);
    for (int row = 0; row < int(tasks.size()); ++row) {
        const std::string& task = tasks[std::size_t(row)];
        m_tasks->setItem(row, 0, item(qs(task)));
        for (int c = 0; c < int(columns.size()); ++c) {
            const auto it =
                groupOf.find({columns[std::size_t(c)].first, columns[std::size_t(c)].second, task});
            if (it == groupOf.end()) {
                m_tasks->setItem(row, c + 1, item(QStringLiteral("—")));
                continue;
            }
            const EvalStats& s = r.groups[std::size_t(it->second)].stats;
            const double rate = s.cells ? double(s.correct) / s.cells : 0.0;
            //: Correct answers of all answers in an evaluation cell, e.g. "3 of 4"
            const QString count = tr("%1 of %2").arg(s.correct).arg(s.cells);
            QTableWidgetItem* cell =
                item(QStringLiteral("%1 %  (%2)").arg(locale().toString(rate * 100, 'f', 0), count),
                     it->second);
            cell->setData(kRateRole, rate);
            cell->setBackground(HeatScale::colour(rate));
            cell->setForeground(HeatScale::textColour(rate));
            cell->setTextAlignment(Qt::AlignCenter);
            cell->setToolTip(tr("%1 answered, %2 compiled, %3 correct, %4 faster than the baseline")
                                 .arg(s.answered)
                                 .arg(s.compiled)
                                 .arg(s.correct)
                                 .arg(fasterCount(s)));
            m_tasks->setItem(row, c + 1, cell);
        }
    }
    m_tasks->resizeColumnsToContents();
}

void EvaluationView::fillChart() {
    m_chartData = correctRateData(*m_report);
    m_chart->showCorrectRate(m_chartData);
    m_passData = ui::passRateData(*m_report);
    m_passChart->showPassRates(m_passData);
}

std::optional<double> EvaluationView::heatOf(int row, int column) const {
    const QTableWidgetItem* it = m_tasks->item(row, column);
    if (!it || !it->data(kRateRole).isValid())
        return std::nullopt;
    return it->data(kRateRole).toDouble();
}

QList<qint64> EvaluationView::samplesOf(const std::vector<std::int64_t>& cellIds) const {
    QList<qint64> out;
    for (std::int64_t cell : cellIds)
        if (const auto it = m_sampleOfCell.find(cell); it != m_sampleOfCell.end())
            out.append(it->second);
    return out;
}

QList<qint64> EvaluationView::samplesOfResultsRow(int row) const {
    const QTableWidgetItem* it = m_results->item(row, 0);
    if (!it || !m_report)
        return {};
    return samplesOf(m_report->groups[std::size_t(it->data(kGroupRole).toInt())].stats.cellIds);
}

QList<qint64> EvaluationView::samplesOfTaskCell(int row, int column) const {
    const QTableWidgetItem* it = m_tasks->item(row, column);
    if (!it || !m_report || !it->data(kGroupRole).isValid())
        return {};
    return samplesOf(m_report->groups[std::size_t(it->data(kGroupRole).toInt())].stats.cellIds);
}

void EvaluationView::request(const QList<qint64>& ids, const QString& caption) {
    if (ids.isEmpty()) {
        emit message(tr("None of these answers had code: there is no sample to list."));
        return;
    }
    emit sampleSetRequested(ids, caption);
}

void EvaluationView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        if (m_report)
            showReport({m_report, m_sampleOfCell});
    }
    QWidget::changeEvent(event);
}

void EvaluationView::retranslateUi() {
    m_runs->setHorizontalHeaderLabels({tr("Run"), tr("Answers"), tr("Started")});
    m_hint->setText(tr("Enter or a double click on a row or a task cell lists its answers as "
                       "samples in the Review view."));
    m_runs->setAccessibleName(tr("Evaluation runs"));
    m_results->setAccessibleName(tr("Results per model and condition"));
    m_tasks->setAccessibleName(tr("Correct rate per task, model and condition"));
    m_heatScale->setCaption(tr("Correct rate"));
}

} // namespace kwb::ui
