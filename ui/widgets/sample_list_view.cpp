#include "ui/widgets/sample_list_view.h"

#include <algorithm>

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/models/sample_list_model.h"
#include "ui/widgets/table_fit.h"

namespace kwb::ui {

SampleListView::SampleListView(SampleListModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_caption(new QLabel(this)), m_table(new QTableView(this)) {
    setObjectName(QStringLiteral("sampleList"));
    m_caption->setObjectName(QStringLiteral("sampleListCaption"));
    m_table->setObjectName(QStringLiteral("sampleTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Tab leaves the list for the next area; walking its cells would load sample after sample.
    m_table->setTabKeyNavigation(false);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(SampleListModel::AgeColumn, Qt::AscendingOrder);
    m_table->setWordWrap(false);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Fixed row heights: a 100,000-row list never measures its rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    auto* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    // The Sample column fills the room left itself (fillSampleColumn), so that it never gets
    // less than its text as a stretched column would.
    m_table->viewport()->installEventFilter(this);
    // Beside the state, the sample's name: what is on screen when the list is too narrow for
    // every column and scrolls sideways.
    header->moveSection(header->visualIndex(SampleListModel::SampleColumn), 1);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != SampleListModel::SampleColumn)
            fillSampleColumn();
    });
    header->resizeSection(SampleListModel::StateColumn, 96);
    header->resizeSection(SampleListModel::TaskColumn, 112);
    header->resizeSection(SampleListModel::ModelColumn, 72);
    header->resizeSection(SampleListModel::SpeedupColumn, 54);
    header->resizeSection(SampleListModel::AgeColumn, 44);
    setFocusProxy(m_table);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                const qint64 id = current.data(SampleListModel::SampleIdRole).toLongLong();
                if (id == 0 || id == m_current)
                    return;
                m_current = id;
                emit currentSampleChanged(id);
            });
    // A page that arrives under the current row makes its sample known.
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this] {
        const QModelIndex current = m_table->currentIndex();
        const qint64 id = current.data(SampleListModel::SampleIdRole).toLongLong();
        if (id != 0 && id != m_current) {
            m_current = id;
            emit currentSampleChanged(id);
        }
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_current = 0;
        retranslateUi();
    });
    // Pages arrive after a reset: the texts to fit come with them, and are measured at once.
    // Single rows that change in a burst (a batch verification's records) are measured once for
    // the burst, not once a row.
    auto* fit = new QTimer(this);
    fit->setSingleShot(true);
    fit->setInterval(100);
    connect(fit, &QTimer::timeout, this, &SampleListView::fitColumns);
    connect(m_model, &QAbstractItemModel::dataChanged, this,
            [this, fit](const QModelIndex& first, const QModelIndex& last) {
                if (last.row() > first.row()) {
                    fit->stop();
                    fitColumns();
                } else if (!fit->isActive()) {
                    fit->start();
                }
            });
    retranslateUi();
}

qint64 SampleListView::currentSampleId() const {
    return m_current;
}

QList<qint64> SampleListView::selectedSampleIds() const {
    QList<qint64> ids;
    if (m_current != 0)
        ids.append(m_current);
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows()) {
        const qint64 id = row.data(SampleListModel::SampleIdRole).toLongLong();
        if (id != 0 && !ids.contains(id))
            ids.append(id);
    }
    return ids;
}

bool SampleListView::selectSample(qint64 id) {
    const int row = m_model->rowOfSample(id);
    if (row < 0)
        return false;
    m_current = id; // the owner is already showing it: no signal
    // Already current (the editors caught up with a Shift+arrow): the rows the reviewer
    // selected around it stay selected, for a verdict on all of them.
    if (m_table->selectionModel()->currentIndex().row() == row)
        return true;
    // The row's first cell: a list scrolled sideways shows the state, the name beside it.
    const QModelIndex index = m_model->index(row, SampleListModel::StateColumn);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    return true;
}

QByteArray SampleListView::headerState() const {
    return m_table->horizontalHeader()->saveState();
}

void SampleListView::restoreHeaderState(const QByteArray& state) {
    auto* header = m_table->horizontalHeader();
    if (state.isEmpty() || !header->restoreState(state))
        return;
    // The scope decides whether the task column shows, not the state of another session; a
    // state saved when the Sample column stretched does not bring that back.
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    m_table->setColumnHidden(SampleListModel::TaskColumn, !m_scope.isEmpty());
    fitColumns();
}

void SampleListView::fitColumns() {
    const QList<int> needs = widenColumnsToText(m_table);
    // Only ever wider, as the other columns: a measure taken while rows still read "Loading…"
    // must not undo one of their names.
    m_sampleNeeds = std::max(m_sampleNeeds, needs.value(SampleListModel::SampleColumn));
    fillSampleColumn();
}

void SampleListView::fillSampleColumn() {
    if (m_filling)
        return;
    auto* header = m_table->horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column)
        if (column != SampleListModel::SampleColumn && !m_table->isColumnHidden(column))
            others += header->sectionSize(column);
    const int room = m_table->viewport()->width() - others;
    const int width = std::max({room, m_sampleNeeds, header->minimumSectionSize()});
    if (width == header->sectionSize(SampleListModel::SampleColumn))
        return;
    m_filling = true;
    header->resizeSection(SampleListModel::SampleColumn, width);
    m_filling = false;
}

bool SampleListView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fillSampleColumn();
    return QWidget::eventFilter(watched, event);
}

void SampleListView::setScope(const QString& taskId) {
    m_scope = taskId;
    // One task: its name in every row says nothing; the room goes to the sample.
    m_table->setColumnHidden(SampleListModel::TaskColumn, !taskId.isEmpty());
    retranslateUi();
}

void SampleListView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        // The model's words change with the language: the header and rows are read again.
        emit m_model->headerDataChanged(Qt::Horizontal, 0, m_model->columnCount() - 1);
        fitColumns();
    }
    QWidget::changeEvent(event);
}

void SampleListView::retranslateUi() {
    const int n = static_cast<int>(m_model->total());
    const QString count = tr("%n sample(s)", nullptr, n);
    m_caption->setText(m_scope.isEmpty() ? tr("%1 · all tasks").arg(count)
                                         : tr("%1 · %2").arg(count, m_scope));
    m_table->setAccessibleName(tr("Samples"));
}

} // namespace kwb::ui
