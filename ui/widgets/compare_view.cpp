#include "ui/widgets/compare_view.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QShortcut>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/models/compare_figures.h"
#include "ui/widgets/chart_widget.h"
#include "ui/widgets/diff_view.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A label that names (and gives the focus to) a chooser.
QHBoxLayout* chooserRow(std::initializer_list<std::pair<QLabel*, QComboBox*>> pairs) {
    auto* row = new QHBoxLayout;
    for (auto [label, combo] : pairs) {
        label->setBuddy(combo);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        row->addWidget(label);
        row->addWidget(combo);
    }
    row->addStretch(1);
    return row;
}

QTableWidget* newTable(QWidget* parent, const QString& name) {
    auto* table = new QTableWidget(parent);
    table->setObjectName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

CompareView::CompareView(QWidget* parent)
    : QWidget(parent), m_tabs(new QTabWidget(this)), m_summary(new QLabel(this)),
      m_speedups(new ChartWidget(this)), m_missing(new QLabel(this)),
      m_roofline(new ChartWidget(this)), m_noPoint(new QLabel(this)),
      m_metrics(newTable(this, QStringLiteral("compareMetrics"))) {
    setObjectName(QStringLiteral("compareView"));
    m_tabs->setObjectName(QStringLiteral("comparePages"));
    m_speedups->setObjectName(QStringLiteral("compareSpeedups"));
    m_roofline->setObjectName(QStringLiteral("compareRoofline"));
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    for (QLabel* note : {m_missing, m_noPoint, m_summary}) {
        note->setWordWrap(true);
        note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    auto page = [this](QWidget* chart, QLabel* note) {
        auto* w = new QWidget(this);
        auto* layout = new QVBoxLayout(w);
        layout->addWidget(chart, 1);
        layout->addWidget(note);
        return w;
    };
    m_tabs->addTab(createSourcePage(), QString());
    m_tabs->addTab(page(m_speedups, m_missing), QString());
    m_tabs->addTab(createTimingPage(), QString());
    m_tabs->addTab(page(m_roofline, m_noPoint), QString());
    m_tabs->addTab(m_metrics, QString());
    m_tabs->addTab(createRecordsPage(), QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_tabs, 1);
    // Ctrl+Tab and Ctrl+Shift+Tab walk the pages from anywhere in the view (a chooser with the
    // focus would take the key for its own search otherwise).
    auto* next = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab), this);
    auto* previous = new QShortcut(this);
    previous->setKeys({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                       QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    for (QShortcut* shortcut : {next, previous})
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(next, &QShortcut::activated, this, [this] { stepPage(1); });
    connect(previous, &QShortcut::activated, this, [this] { stepPage(-1); });
    retranslateUi();
}

void CompareView::stepPage(int step) {
    // Only the enabled pages (two plain sources have the source page alone).
    const int n = m_tabs->count();
    for (int i = 1; i <= n; ++i) {
        const int page = ((m_tabs->currentIndex() + step * i) % n + n) % n;
        if (m_tabs->isTabEnabled(page)) {
            m_tabs->setCurrentIndex(page);
            return;
        }
    }
}

QWidget* CompareView::createSourcePage() {
    auto* w = new QWidget(this);
    m_leftLabel = new QLabel(w);
    m_rightLabel = new QLabel(w);
    m_left = new QComboBox(w);
    m_right = new QComboBox(w);
    m_left->setObjectName(QStringLiteral("compareLeft"));
    m_right->setObjectName(QStringLiteral("compareRight"));
    m_diff = new DiffView(w);
    auto* layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(chooserRow({{m_leftLabel, m_left}, {m_rightLabel, m_right}}));
    layout->addWidget(m_diff, 1);
    for (QComboBox* c : {m_left, m_right})
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_filling)
                showDiff();
        });
    return w;
}

QWidget* CompareView::createTimingPage() {
    auto* w = new QWidget(this);
    m_shapeLabel = new QLabel(w);
    m_shape = new QComboBox(w);
    m_shape->setObjectName(QStringLiteral("compareShape"));
    m_timing = new ChartWidget(w);
    m_timing->setObjectName(QStringLiteral("compareTiming"));
    auto* layout = new QVBoxLayout(w);
    layout->addLayout(chooserRow({{m_shapeLabel, m_shape}}));
    layout->addWidget(m_timing, 1);
    connect(m_shape, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            showTiming();
    });
    return w;
}

QWidget* CompareView::createRecordsPage() {
    auto* w = new QWidget(this);
    m_recordSampleLabel = new QLabel(w);
    m_beforeLabel = new QLabel(w);
    m_afterLabel = new QLabel(w);
    m_recordSample = new QComboBox(w);
    m_before = new QComboBox(w);
    m_after = new QComboBox(w);
    m_recordSample->setObjectName(QStringLiteral("compareRecordSample"));
    m_before->setObjectName(QStringLiteral("compareBefore"));
    m_after->setObjectName(QStringLiteral("compareAfter"));
    m_recordDiff = newTable(w, QStringLiteral("compareRecordDiff"));
    m_recordNote = new QLabel(w);
    m_recordNote->setObjectName(QStringLiteral("compareRecordNote"));
    m_recordNote->setWordWrap(true);
    auto* layout = new QVBoxLayout(w);
    layout->addLayout(chooserRow({{m_recordSampleLabel, m_recordSample}}));
    layout->addLayout(chooserRow({{m_beforeLabel, m_before}, {m_afterLabel, m_after}}));
    layout->addWidget(m_recordNote);
    layout->addWidget(m_recordDiff, 1);
    connect(m_recordSample, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            showRecordChoices();
    });
    for (QComboBox* c : {m_before, m_after})
        connect(c, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_filling)
                showRecordDiff();
        });
    return w;
}

void CompareView::setEntries(const CompareSet& set, int recordsOf) {
    m_set = set;
    m_filling = true;
    for (QComboBox* c : {m_left, m_right, m_recordSample})
        c->clear();
    for (int i = 0; i < m_set.size(); ++i) {
        const CompareEntry& e = m_set[i];
        m_left->addItem(e.title());
        m_right->addItem(e.title());
        if (e.verifications.size() >= 2) {
            m_recordSample->addItem(e.title(), i);
            if (recordsOf < 0 || recordsOf == i)
                recordsOf = i;
        }
    }
    m_left->setCurrentIndex(0);
    m_right->setCurrentIndex(std::min(1, static_cast<int>(m_set.size()) - 1));
    m_recordSample->setCurrentIndex(std::max(0, m_recordSample->findData(recordsOf)));
    m_filling = false;
    for (int page = 1; page < m_tabs->count(); ++page)
        m_tabs->setTabEnabled(page, true);
    showDiff();
    renderFigures();
    showRecordChoices();
}

void CompareView::showSources(const QString& leftTitle, const QString& leftText,
                              const QString& rightTitle, const QString& rightText) {
    setEntries({});
    m_diff->setSources(leftTitle, leftText, rightTitle, rightText);
    for (int page = 1; page < m_tabs->count(); ++page)
        m_tabs->setTabEnabled(page, false);
    showPage(Page::Source);
}

void CompareView::showPage(Page page) {
    m_tabs->setCurrentIndex(static_cast<int>(page));
}

CompareView::Page CompareView::currentPage() const {
    return static_cast<Page>(m_tabs->currentIndex());
}

void CompareView::showDiff() {
    const int a = m_left->currentIndex(), b = m_right->currentIndex();
    if (a < 0 || b < 0 || a >= m_set.size() || b >= m_set.size()) {
        m_diff->setSources(QString(), QString(), QString(), QString());
        return;
    }
    m_diff->setSources(m_set[a].title(), qs(m_set[a].sample.source), m_set[b].title(),
                       qs(m_set[b].sample.source));
}

void CompareView::renderFigures() {
    m_missingList.clear();
    m_noPointList.clear();
    if (m_set.isEmpty()) {
        m_summary->clear();
        m_speedups->showMessage(QString());
        m_roofline->showMessage(QString());
        m_timing->showMessage(QString());
        m_shape->clear();
        m_metrics->setRowCount(0);
        m_missing->clear();
        m_noPoint->clear();
        return;
    }
    m_summary->setText(tr("%n sample(s) of %1", nullptr, static_cast<int>(m_set.size()))
                           .arg(qs(m_set.front().sample.taskId)));
    m_speedups->showGroupedSpeedups(CompareFigures::speedups(m_set, &m_missingList));
    m_missing->setText(m_missingList.isEmpty()
                           ? QString()
                           : tr("No bar: %1").arg(m_missingList.join(QStringLiteral("; "))));
    m_roofline->showRoofline(CompareFigures::roofline(m_set, &m_noPointList));
    m_noPoint->setText(m_noPointList.isEmpty()
                           ? QString()
                           : tr("No point: %1").arg(m_noPointList.join(QStringLiteral("; "))));
    const QString shape = m_shape->currentText();
    m_filling = true;
    m_shape->clear();
    m_shape->addItems(CompareFigures::timedShapes(m_set));
    m_shape->setCurrentIndex(std::max(0, m_shape->findText(shape)));
    m_filling = false;
    showTiming();
    fillMetrics();
}

void CompareView::showTiming() {
    if (m_shape->count() == 0) {
        m_timing->showMessage(tr("No timing: none of these samples has been timed."));
        return;
    }
    m_timing->showSampleTimings(CompareFigures::timingAt(m_set, m_shape->currentText()));
}

void CompareView::fillMetrics() {
    const QVector<MetricsRow> rows = CompareFigures::metrics(m_set);
    m_metrics->setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const MetricsRow& row = rows[r];
        const QString cells[] = {
            row.sample, row.kernel,   row.registers,    row.sharedMemory,     row.spills,
            row.stack,  row.duration, row.smThroughput, row.memoryThroughput, row.occupancy};
        for (int c = 0; c < int(std::size(cells)); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c >= 2)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_metrics->setItem(r, c, item);
        }
    }
    m_metrics->resizeColumnsToContents();
}

void CompareView::showRecordChoices() {
    m_filling = true;
    m_before->clear();
    m_after->clear();
    const int entry = m_recordSample->currentData().toInt();
    if (m_recordSample->count() > 0 && entry >= 0 && entry < m_set.size()) {
        for (const auto& record : m_set[entry].verifications) {
            m_before->addItem(CompareFigures::recordTitle(record));
            m_after->addItem(CompareFigures::recordTitle(record));
        }
        // The latest two: what the last verification changed.
        m_after->setCurrentIndex(m_after->count() - 1);
        m_before->setCurrentIndex(m_before->count() - 2);
    }
    m_filling = false;
    showRecordDiff();
}

void CompareView::showRecordDiff() {
    const int entry = m_recordSample->currentData().toInt();
    const int a = m_before->currentIndex(), b = m_after->currentIndex();
    if (m_recordSample->count() == 0 || a < 0 || b < 0) {
        m_recordDiff->setRowCount(0);
        m_recordNote->setText(
            m_set.isEmpty() ? QString()
                            : tr("No sample here has two verifications: nothing to compare."));
        return;
    }
    const auto& records = m_set[entry].verifications;
    const QVector<FieldChange> changes =
        CompareFigures::diff(records[static_cast<size_t>(a)], records[static_cast<size_t>(b)]);
    const int changed = static_cast<int>(std::count_if(
        changes.begin(), changes.end(), [](const FieldChange& c) { return c.changed; }));
    m_recordNote->setText(tr("%n field(s) changed", nullptr, changed));
    m_recordDiff->setRowCount(static_cast<int>(changes.size()));
    QFont bold = m_recordDiff->font();
    bold.setBold(true);
    for (int r = 0; r < changes.size(); ++r) {
        const FieldChange& c = changes[r];
        const QString cells[] = {c.field, c.before, c.after, c.change};
        for (int col = 0; col < 4; ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (c.changed)
                item->setFont(bold);
            m_recordDiff->setItem(r, col, item);
        }
    }
    m_recordDiff->resizeColumnsToContents();
}

void CompareView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        if (!m_set.isEmpty()) {
            renderFigures();
            showRecordDiff();
        }
    }
    QWidget::changeEvent(event);
}

void CompareView::retranslateUi() {
    m_tabs->setTabText(0, tr("Source"));
    m_tabs->setTabText(1, tr("Speedups"));
    m_tabs->setTabText(2, tr("Timing"));
    m_tabs->setTabText(3, tr("Roofline"));
    m_tabs->setTabText(4, tr("Metrics"));
    m_tabs->setTabText(5, tr("Verifications"));
    m_leftLabel->setText(tr("Left:"));
    m_rightLabel->setText(tr("Right:"));
    m_shapeLabel->setText(tr("Shape:"));
    m_recordSampleLabel->setText(tr("Sample:"));
    m_beforeLabel->setText(tr("Before:"));
    m_afterLabel->setText(tr("After:"));
    m_metrics->setColumnCount(10);
    m_metrics->setHorizontalHeaderLabels(
        {tr("Sample"), tr("Kernel"), tr("Registers"), tr("Shared memory (bytes)"),
         tr("Spills store / load (bytes)"), tr("Stack (bytes)"), tr("Profiled duration"),
         tr("SM throughput"), tr("Memory throughput"), tr("Achieved occupancy")});
    m_recordDiff->setColumnCount(4);
    m_recordDiff->setHorizontalHeaderLabels({tr("Field"), tr("Before"), tr("After"), tr("Change")});
}

} // namespace kwb::ui
