#include "ui/windows/dataset_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "core/store/project_store.h"
#include "core/store/screening_counts.h"
#include "ui/models/project_session.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/sample_filter_bar.h"
#include "ui/widgets/table_fit.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A page of the table and the screening findings of its verified samples.
struct DatasetPage {
    SamplePage page;
    std::map<std::int64_t, std::optional<int>> findings;
};

Result<DatasetPage> readPage(ProjectStore& store, const SampleFilter& filter,
                             const PageRequest& request) {
    auto page = store.listSamples(filter, request);
    if (!page)
        return page.error();
    std::vector<std::int64_t> verified;
    for (const SampleSummary& row : page->rows)
        if (!row.status.verificationId.empty())
            verified.push_back(row.id);
    auto findings = latestScreeningFindings(store, verified);
    if (!findings)
        return findings.error();
    return DatasetPage{std::move(*page), std::move(*findings)};
}

// One visit of the background lane: the first page, and the statistics of the same filter.
struct DatasetSnapshot {
    DatasetPage first;
    std::vector<GroupStats> byModel;
};

struct Choices {
    std::vector<std::string> tasks;
    std::vector<std::string> models;
};

// The combo's verdict entries, in order; index 0 is "any".
const Verdict kVerdicts[] = {Verdict::Unreviewed, Verdict::Accepted, Verdict::Rejected,
                             Verdict::NeedsWork};

} // namespace

DatasetView::DatasetView(ProjectSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new SampleListModel(this)),
      m_task(new QComboBox(this)), m_modelFilter(new QComboBox(this)),
      m_verdict(new QComboBox(this)), m_minSpeedup(new QDoubleSpinBox(this)),
      m_onGpu(new QCheckBox(this)), m_passed(new QCheckBox(this)), m_taskCaption(new QLabel(this)),
      m_modelCaption(new QLabel(this)), m_verdictCaption(new QLabel(this)),
      m_speedupCaption(new QLabel(this)), m_count(new QLabel(this)),
      m_export(new QPushButton(this)), m_table(new QTableView(this)),
      m_filterBar(new SampleFilterBar(this)), m_chartKind(new QComboBox(this)),
      m_chart(new ChartWidget(this)) {
    setObjectName(QStringLiteral("datasetView"));
    m_task->setObjectName(QStringLiteral("datasetTask"));
    m_modelFilter->setObjectName(QStringLiteral("datasetModel"));
    m_verdict->setObjectName(QStringLiteral("datasetVerdict"));
    m_minSpeedup->setObjectName(QStringLiteral("datasetMinSpeedup"));
    m_onGpu->setObjectName(QStringLiteral("datasetOnGpu"));
    m_passed->setObjectName(QStringLiteral("datasetPassed"));
    m_count->setObjectName(QStringLiteral("datasetCount"));
    m_export->setObjectName(QStringLiteral("datasetExport"));
    m_table->setObjectName(QStringLiteral("datasetTable"));
    m_chart->setObjectName(QStringLiteral("datasetChart"));
    m_taskCaption->setBuddy(m_task);
    m_modelCaption->setBuddy(m_modelFilter);
    m_verdictCaption->setBuddy(m_verdict);
    m_speedupCaption->setBuddy(m_minSpeedup);
    m_minSpeedup->setRange(0.0, 100.0);
    m_minSpeedup->setSingleStep(0.1);
    m_minSpeedup->setDecimals(2);
    m_minSpeedup->setSuffix(QStringLiteral("×"));
    m_task->addItem(QString());
    m_modelFilter->addItem(QString());
    for (int i = 0; i < 5; ++i)
        m_verdict->addItem(QString());
    m_chartKind->addItem(QString());
    m_chartKind->addItem(QString());

    m_table->setModel(m_model);
    // Pages arrive after the count: their words are measured once a burst has settled.
    auto* fit = new QTimer(this);
    fit->setSingleShot(true);
    fit->setInterval(100);
    connect(fit, &QTimer::timeout, this, &DatasetView::fitHeaders);
    connect(m_model, &QAbstractItemModel::dataChanged, fit, qOverload<>(&QTimer::start));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(SampleListModel::AgeColumn, Qt::AscendingOrder);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(SampleListModel::SampleColumn,
                                                      QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);

    auto* filters = new QGridLayout;
    filters->addWidget(m_taskCaption, 0, 0);
    filters->addWidget(m_task, 0, 1);
    filters->addWidget(m_modelCaption, 0, 2);
    filters->addWidget(m_modelFilter, 0, 3);
    filters->addWidget(m_verdictCaption, 0, 4);
    filters->addWidget(m_verdict, 0, 5);
    filters->addWidget(m_speedupCaption, 1, 0);
    filters->addWidget(m_minSpeedup, 1, 1);
    filters->addWidget(m_onGpu, 1, 2, 1, 2);
    filters->addWidget(m_passed, 1, 4, 1, 2);
    filters->setColumnStretch(1, 1);
    filters->setColumnStretch(3, 1);
    filters->setColumnStretch(5, 1);

    auto* countRow = new QHBoxLayout;
    countRow->addWidget(m_count, 1);
    countRow->addWidget(m_export);

    auto* chartPane = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_chartKind);
    chartLayout->addWidget(m_chart, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(chartPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    // The bar's verdict, model and minimum speedup would repeat the fields above.
    m_filterBar->setBasicFieldsShown(false);
    m_filterBar->attach(m_session);
    auto* find = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_F), this);
    find->setContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QShortcut::activated, m_filterBar, &SampleFilterBar::focusText);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_filterBar);
    layout->addLayout(countRow);
    layout->addWidget(split, 1);

    connectFields();
    retranslateUi();
}

void DatasetView::connectFields() {
    const auto changed = [this] {
        if (!m_loadingChoices)
            reload();
    };
    connect(m_task, &QComboBox::currentIndexChanged, this, changed);
    connect(m_modelFilter, &QComboBox::currentIndexChanged, this, changed);
    connect(m_verdict, &QComboBox::currentIndexChanged, this, changed);
    connect(m_minSpeedup, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_onGpu, &QCheckBox::toggled, this, changed);
    connect(m_passed, &QCheckBox::toggled, this, changed);
    connect(m_filterBar, &SampleFilterBar::filterChanged, this, changed);
    connect(m_chartKind, &QComboBox::currentIndexChanged, this, [this] { reload(); });
    connect(m_export, &QPushButton::clicked, this, &DatasetView::exportRequested);
    connect(m_model, &SampleListModel::pageRequested, this, &DatasetView::loadPage);
    connect(m_model, &SampleListModel::orderChanged, this, [this] { reload(); });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        const qint64 id = index.data(SampleListModel::SampleIdRole).toLongLong();
        if (id != 0)
            emit sampleActivated(id);
    });
}

SampleFilter DatasetView::filter() const {
    SampleFilter f;
    if (m_task->currentIndex() > 0)
        f.tasks.push_back(m_task->currentText().toStdString());
    if (m_modelFilter->currentIndex() > 0)
        f.models.push_back(m_modelFilter->currentData().toString().toStdString());
    if (m_verdict->currentIndex() > 0)
        f.verdicts.push_back(kVerdicts[m_verdict->currentIndex() - 1]);
    if (m_minSpeedup->value() > 0)
        f.minSpeedup = m_minSpeedup->value();
    f.verifiedOnGpu = m_onGpu->isChecked();
    f.passedOnly = m_passed->isChecked();
    return m_filterBar->narrow(f);
}

qint64 DatasetView::matchCount() const {
    return m_model->total();
}

void DatasetView::showChart(Chart chart) {
    m_chartKind->setCurrentIndex(chart == Chart::SpeedupHistogram ? 0 : 1);
}

void DatasetView::setTaskFilter(const QString& taskId) {
    const int i = m_task->findText(taskId);
    m_task->setCurrentIndex(std::max(0, i));
}

void DatasetView::setMinimumSpeedup(double speedup) {
    m_minSpeedup->setValue(speedup);
}

void DatasetView::refresh() {
    if (!m_session->isOpen())
        return;
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    loadChoices();
    m_filterBar->refreshChoices();
    reload();
}

void DatasetView::loadChoices() {
    m_session->runBackground(
        this,
        [](ProjectStore& store) -> Result<Choices> {
            auto tasks = store.taskIds();
            if (!tasks)
                return tasks.error();
            auto models = store.models();
            if (!models)
                return models.error();
            return Choices{*tasks, *models};
        },
        [this](const Result<Choices>& choices) {
            if (!choices)
                return;
            // Keep the chosen entries; refilling must not count as a filter change.
            m_loadingChoices = true;
            const QString task = m_task->currentIndex() > 0 ? m_task->currentText() : QString();
            const bool modelChosen = m_modelFilter->currentIndex() > 0;
            const QString model = modelChosen ? m_modelFilter->currentData().toString() : QString();
            while (m_task->count() > 1)
                m_task->removeItem(1);
            while (m_modelFilter->count() > 1)
                m_modelFilter->removeItem(1);
            for (const auto& t : choices->tasks)
                m_task->addItem(qs(t));
            for (const auto& m : choices->models)
                m_modelFilter->addItem(m.empty() ? tr("(no model)") : qs(m), qs(m));
            m_task->setCurrentIndex(task.isEmpty() ? 0 : std::max(0, m_task->findText(task)));
            int modelIndex = 0;
            for (int i = 1; modelChosen && i < m_modelFilter->count(); ++i) {
                if (m_modelFilter->itemData(i).toString() == model)
                    modelIndex = i;
            }
            m_modelFilter->setCurrentIndex(modelIndex);
            m_loadingChoices = false;
        });
}

void DatasetView::reload() {
    if (!m_session->isOpen())
        return;
    const quint64 generation = ++m_generation;
    const SampleFilter f = filter();
    PageRequest request;
    request.limit = SampleListModel::kPageSize;
    request.order = m_model->order();
    m_session->runBackground(
        this,
        [f, request](ProjectStore& store) -> Result<DatasetSnapshot> {
            auto page = readPage(store, f, request);
            if (!page)
                return page.error();
            auto stats = store.statsByModel(f);
            if (!stats)
                return stats.error();
            return DatasetSnapshot{std::move(*page), std::move(*stats)};
        },
        [this, generation](const Result<DatasetSnapshot>& snapshot) {
            if (generation != m_generation)
                return; // the filters changed meanwhile
            if (!snapshot) {
                emit message(tr("Cannot read the dataset: %1").arg(qs(snapshot.error().message)));
                return;
            }
            const SamplePage& first = snapshot->first.page;
            const quint64 g = m_model->resetQuery(first.total);
            m_model->setPage(g, 0, first.rows, {}, snapshot->first.findings);

            std::int64_t accepted = 0, rejected = 0, passed = 0;
            Histogram histogram;
            for (double e : SpeedupStats::histogramEdges())
                histogram.edges.append(e);
            histogram.edges.append(std::numeric_limits<double>::infinity());
            histogram.counts.fill(0, histogram.edges.size() - 1);
            AcceptRateChartData rates;
            for (const GroupStats& group : snapshot->byModel) {
                accepted += group.accepted;
                rejected += group.rejected;
                passed += group.passed;
                for (std::size_t i = 0;
                     i < group.speedup.histogram.size() && i < std::size_t(histogram.counts.size());
                     ++i)
                    histogram.counts[qsizetype(i)] += int(group.speedup.histogram[i]);
                if (group.accepted + group.rejected > 0) {
                    rates.models.append(group.key.empty() ? tr("(no model)") : qs(group.key));
                    rates.accepted.append(int(group.accepted));
                    rates.reviewed.append(int(group.accepted + group.rejected));
                }
            }
            m_count->setText(tr("%n sample(s) match", nullptr, int(first.total)) +
                             QStringLiteral(" · ") +
                             tr("%1 accepted · %2 rejected · %3 passed")
                                 .arg(accepted)
                                 .arg(rejected)
                                 .arg(passed));
            if (m_chartKind->currentIndex() == 0) {
                HistogramChartData chartData;
                chartData.binned = histogram;
                m_chart->showSpeedupHistogram(chartData);
            } else if (rates.models.isEmpty()) {
                m_chart->showMessage(tr("No verdicts yet: accept or reject samples to see rates."));
            } else {
                m_chart->showAcceptRate(rates);
            }
            fitHeaders(); // the rows on screen are new
            emit refreshed(first.total);
        });
}

void DatasetView::loadPage(quint64 generation, int page) {
    const SampleFilter f = filter();
    PageRequest request;
    request.limit = SampleListModel::kPageSize;
    request.offset = std::int64_t(page) * SampleListModel::kPageSize;
    request.order = m_model->order();
    m_session->runBackground(
        this, [f, request](ProjectStore& store) { return readPage(store, f, request); },
        [this, generation, page](const Result<DatasetPage>& rows) {
            if (rows)
                m_model->setPage(generation, page, rows->page.rows, {}, rows->findings);
        });
}

void DatasetView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void DatasetView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void DatasetView::retranslateUi() {
    m_taskCaption->setText(tr("&Task:"));
    m_modelCaption->setText(tr("&Model:"));
    m_verdictCaption->setText(tr("&Verdict:"));
    m_speedupCaption->setText(tr("Minimum &speedup:"));
    m_task->setItemText(0, tr("All tasks"));
    m_modelFilter->setItemText(0, tr("All models"));
    const QString verdicts[] = {tr("Any verdict"), tr("Unreviewed"), tr("Accepted"), tr("Rejected"),
                                tr("Needs work")};
    for (int i = 0; i < 5; ++i)
        m_verdict->setItemText(i, verdicts[i]);
    m_minSpeedup->setSpecialValueText(tr("any"));
    m_onGpu->setText(tr("Verified on a &GPU"));
    m_passed->setText(tr("&Passed only"));
    m_export->setText(tr("&Export…"));
    m_chartKind->setItemText(0, tr("Speedup histogram"));
    m_chartKind->setItemText(1, tr("Accept rate per model"));
    m_table->setAccessibleName(tr("Dataset samples"));
    // The headers' new words are known once the model answers in the new language.
    QTimer::singleShot(0, this, &DatasetView::fitHeaders);
}

// Each column as wide as its words ask, in the language in force ("Przyspieszenie", "Aceptada
// · Sin verificar"); a width the user chose that is wider stays.
void DatasetView::fitHeaders() {
    widenColumnsToText(m_table);
}

} // namespace kwb::ui
