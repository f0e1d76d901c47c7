#include "ui/widgets/task_browser.h"

#include <algorithm>

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <array>
#include <functional>
#include <map>

namespace kwb::ui {

namespace {

constexpr int kOtherLevel = 0;

QStandardItem* readOnlyItem(const QString& text = {}) {
    auto* item = new QStandardItem(text);
    item->setEditable(false);
    return item;
}

QList<QStandardItem*> countItems(qint64 samples, qint64 verified, qint64 accepted) {
    QList<QStandardItem*> out;
    for (qint64 n : {samples, verified, accepted}) {
        auto* item = readOnlyItem(QString::number(n));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        out.append(item);
    }
    return out;
}

} // namespace

TaskBrowser::TaskBrowser(QWidget* parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(this)), m_proxy(new QSortFilterProxyModel(this)) {
    setObjectName(QStringLiteral("taskBrowser"));
    m_filter->setObjectName(QStringLiteral("taskFilter"));
    m_filter->setClearButtonEnabled(true);
    m_view->setObjectName(QStringLiteral("taskTree"));
    m_model->setObjectName(QStringLiteral("taskModel"));
    m_model->setColumnCount(ColumnCount);
    setFocusProxy(m_filter);

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setIndentation(12);
    // The names get the room; the counts are narrow numbers.
    QHeaderView* header = m_view->header();
    header->setStretchLastSection(false);
    header->setMinimumSectionSize(24);
    header->setSectionResizeMode(NameColumn, QHeaderView::Interactive);
    m_view->viewport()->installEventFilter(this);
    const int countWidth = m_view->fontMetrics().horizontalAdvance(QStringLiteral("00000")) + 8;
    for (int c = SamplesColumn; c < ColumnCount; ++c) {
        header->setSectionResizeMode(c, QHeaderView::Fixed);
        header->resizeSection(c, countWidth);
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);

    setTaskRows({});

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        m_view->expandAll();
        fitNameColumn();
    });
    // Enter or double click on a task opens it; group rows carry no id and are ignored.
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QModelIndex first = index.siblingAtColumn(NameColumn);
        if (first.data(AllTasksRole).toBool() || !first.data(TaskIdRole).toString().isEmpty())
            emit taskActivated(first.data(TaskIdRole).toString());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) {
                const QModelIndex first = current.siblingAtColumn(NameColumn);
                const bool all = first.data(AllTasksRole).toBool();
                const QString id = first.data(TaskIdRole).toString();
                if (!all && id.isEmpty())
                    return; // a group
                if (m_hasCurrent && id == m_current)
                    return;
                m_current = id;
                m_hasCurrent = true;
                emit currentTaskChanged(id);
            });
    // Enter in the filter moves to the list, so the keyboard path is filter → pick.
    connect(m_filter, &QLineEdit::returnPressed, m_view, qOverload<>(&QWidget::setFocus));

    retranslateUi();
}

QStandardItem* TaskBrowser::groupItem(QStandardItem* parent, const QString& key, int level,
                                      const QString& family) {
    for (int r = 0; r < parent->rowCount(); ++r) {
        QStandardItem* child = parent->child(r, NameColumn);
        if (child->data(FamilyRole).toString() == key && child->data(TaskIdRole).isNull() &&
            child->data(LevelRole).toInt() == level)
            return child;
    }
    auto* item = readOnlyItem();
    item->setSelectable(true);
    item->setData(level, LevelRole);
    item->setData(family.isEmpty() ? key : family, FamilyRole);
    QList<QStandardItem*> row{item};
    row.append(countItems(0, 0, 0));
    parent->appendRow(row);
    return item;
}

namespace {

bool sameTasks(const std::vector<TaskRow>& a, const std::vector<TaskRow>& b) {
    return std::equal(
        a.begin(), a.end(), b.begin(), b.end(), [](const TaskRow& x, const TaskRow& y) {
            return x.id == y.id && x.title == y.title && x.level == y.level && x.family == y.family;
        });
}

// Samples, verified and accepted summed over the rows: the "All tasks" row's counts.
std::array<qint64, 3> totals(const std::vector<TaskRow>& rows) {
    std::array<qint64, 3> sum{0, 0, 0};
    for (const TaskRow& r : rows) {
        sum[0] += r.samples;
        sum[1] += r.verified;
        sum[2] += r.accepted;
    }
    return sum;
}

} // namespace

void TaskBrowser::setCounts(QStandardItem* item, qint64 samples, qint64 verified, qint64 accepted) {
    // QStandardItem signals a change only where the value differs.
    item->setData(samples, SamplesRole);
    item->setData(verified, VerifiedRole);
    item->setData(accepted, AcceptedRole);
    QStandardItem* parent = item->parent() ? item->parent() : m_model->invisibleRootItem();
    const std::array<qint64, 3> counts{samples, verified, accepted};
    for (int i = 0; i < 3; ++i)
        if (QStandardItem* cell = parent->child(item->row(), SamplesColumn + i))
            cell->setText(QString::number(counts[std::size_t(i)]));
}

bool TaskBrowser::updateCounts(const std::vector<TaskRow>& rows) {
    std::vector<QStandardItem*> items;
    for (const TaskRow& r : rows) {
        const QModelIndex source = sourceIndexOf(r.id);
        if (!source.isValid())
            return false;
        items.push_back(m_model->itemFromIndex(source));
    }
    for (std::size_t i = 0; i < rows.size(); ++i)
        setCounts(items[i], rows[i].samples, rows[i].verified, rows[i].accepted);
    const auto [samples, verified, accepted] = totals(rows);
    setCounts(m_all, samples, verified, accepted);
    m_totalSamples = samples;
    updateGroupTexts();
    return true;
}

void TaskBrowser::setTaskRows(const std::vector<TaskRow>& rows) {
    if (m_all && sameTasks(rows, m_listed) && updateCounts(rows))
        return;
    m_listed = rows;
    const QString keep = m_current;
    const bool hadCurrent = m_hasCurrent;
    const QSignalBlocker blocker(m_view->selectionModel());
    m_model->removeRows(0, m_model->rowCount());
    m_totalSamples = 0;

    m_all = readOnlyItem();
    m_all->setData(true, AllTasksRole);
    m_all->setData(QString(), TaskIdRole);
    QList<QStandardItem*> allRow{m_all};
    const auto [samples, verified, accepted] = totals(rows);
    allRow.append(countItems(samples, verified, accepted));
    m_model->appendRow(allRow);
    m_totalSamples = samples;

    // Levels in order (1, 2, 3, then the tasks the suite does not know), families by name.
    std::map<int, std::map<QString, std::vector<const TaskRow*>>> grouped;
    for (const TaskRow& r : rows)
        grouped[r.level > 0 ? r.level : 1000]
               [r.family.isEmpty() ? QStringLiteral("other") : r.family]
                   .push_back(&r);
    for (const auto& [levelKey, families] : grouped) {
        const int level = levelKey == 1000 ? kOtherLevel : levelKey;
        QStandardItem* levelGroup =
            groupItem(m_model->invisibleRootItem(), QStringLiteral("#level"), level, QString());
        for (const auto& [family, tasks] : families) {
            QStandardItem* familyGroup = groupItem(levelGroup, family, level, family);
            for (const TaskRow* t : tasks) {
                auto* item = readOnlyItem(t->id);
                item->setData(t->id, TaskIdRole);
                item->setData(t->level, LevelRole);
                item->setData(t->family, FamilyRole);
                item->setData(t->samples, SamplesRole);
                item->setData(t->verified, VerifiedRole);
                item->setData(t->accepted, AcceptedRole);
                if (!t->title.isEmpty())
                    item->setToolTip(t->title);
                QList<QStandardItem*> row{item};
                row.append(countItems(t->samples, t->verified, t->accepted));
                familyGroup->appendRow(row);
            }
        }
    }
    updateGroupTexts();
    retranslateUi();
    m_view->expandAll();
    fitNameColumn();
    if (hadCurrent) {
        const QModelIndex source = sourceIndexOf(keep);
        if (source.isValid())
            m_view->setCurrentIndex(m_proxy->mapFromSource(source));
    }
}

// Group rows sum their tasks' counts.
void TaskBrowser::updateGroupTexts() {
    std::function<std::array<qint64, 3>(QStandardItem*)> sum = [&](QStandardItem* item) {
        std::array<qint64, 3> total{0, 0, 0};
        if (!item->data(TaskIdRole).isNull() || item->data(AllTasksRole).toBool())
            return std::array<qint64, 3>{item->data(SamplesRole).toLongLong(),
                                         item->data(VerifiedRole).toLongLong(),
                                         item->data(AcceptedRole).toLongLong()};
        for (int r = 0; r < item->rowCount(); ++r) {
            const auto child = sum(item->child(r, NameColumn));
            for (int i = 0; i < 3; ++i)
                total[i] += child[i];
        }
        QStandardItem* parent = item->parent() ? item->parent() : m_model->invisibleRootItem();
        for (int i = 0; i < 3; ++i) {
            if (QStandardItem* cell = parent->child(item->row(), SamplesColumn + i))
                cell->setText(QString::number(total[i]));
        }
        item->setData(total[0], SamplesRole);
        item->setData(total[1], VerifiedRole);
        item->setData(total[2], AcceptedRole);
        return total;
    };
    for (int r = 0; r < m_model->rowCount(); ++r) {
        QStandardItem* item = m_model->item(r, NameColumn);
        if (!item->data(AllTasksRole).toBool())
            sum(item);
    }
}

void TaskBrowser::setTasks(int level, const QStringList& taskIds) {
    std::vector<TaskRow> rows;
    // Keep the tasks of the other levels.
    std::function<void(QStandardItem*)> collect = [&](QStandardItem* item) {
        for (int r = 0; r < item->rowCount(); ++r) {
            QStandardItem* child = item->child(r, NameColumn);
            const QString id = child->data(TaskIdRole).toString();
            if (!id.isEmpty() && child->data(LevelRole).toInt() != level)
                rows.push_back({id, child->toolTip(), child->data(LevelRole).toInt(),
                                child->data(FamilyRole).toString(),
                                child->data(SamplesRole).toLongLong(),
                                child->data(VerifiedRole).toLongLong(),
                                child->data(AcceptedRole).toLongLong()});
            collect(child);
        }
    };
    collect(m_model->invisibleRootItem());
    for (const QString& id : taskIds)
        rows.push_back({id, {}, level, {}, 0, 0, 0});
    setTaskRows(rows);
}

QModelIndex TaskBrowser::sourceIndexOf(const QString& taskId) const {
    if (taskId.isEmpty())
        return m_all ? m_all->index() : QModelIndex();
    const QModelIndexList hits = m_model->match(m_model->index(0, NameColumn), TaskIdRole, taskId,
                                                1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.first();
}

QString TaskBrowser::currentTaskId() const {
    return m_hasCurrent ? m_current : QString();
}

bool TaskBrowser::selectTask(const QString& taskId) {
    const QModelIndex source = sourceIndexOf(taskId);
    if (!source.isValid())
        return false;
    const QModelIndex proxy = m_proxy->mapFromSource(source);
    if (!proxy.isValid())
        return false;
    m_view->setCurrentIndex(proxy);
    return true;
}

int TaskBrowser::taskCount() const {
    std::function<int(const QStandardItem*)> count = [&](const QStandardItem* item) {
        int n = 0;
        for (int r = 0; r < item->rowCount(); ++r) {
            const QStandardItem* child = item->child(r, NameColumn);
            n += child->data(TaskIdRole).toString().isEmpty() ? count(child) : 1;
        }
        return n;
    };
    return count(m_model->invisibleRootItem());
}

QAbstractItemModel* TaskBrowser::taskModel() const {
    return m_model;
}

void TaskBrowser::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void TaskBrowser::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        fitNameColumn();
    }
    QWidget::changeEvent(event);
}

bool TaskBrowser::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitNameColumn();
    return QWidget::eventFilter(watched, event);
}

void TaskBrowser::fitNameColumn() {
    QHeaderView* header = m_view->header();
    int counts = 0;
    for (int c = SamplesColumn; c < ColumnCount; ++c)
        counts += header->sectionSize(c);
    m_view->resizeColumnToContents(NameColumn); // the widest name shown, with its indentation
    const int needs = header->sectionSize(NameColumn);
    header->resizeSection(NameColumn, std::max(m_view->viewport()->width() - counts, needs));
}

void TaskBrowser::retranslateUi() {
    m_filter->setPlaceholderText(tr("Filter tasks"));
    m_filter->setAccessibleName(tr("Task filter"));
    m_view->setAccessibleName(tr("Tasks"));
    m_model->setHorizontalHeaderLabels({tr("Task"), tr("Samples"), tr("Verified"), tr("Accepted")});
    //: Short column headers of the task list: samples, verified, accepted
    const QString shortNames[] = {tr("n"), tr("ver."), tr("acc.")};
    for (int c = SamplesColumn; c < ColumnCount; ++c) {
        m_model->horizontalHeaderItem(c)->setToolTip(m_model->horizontalHeaderItem(c)->text());
        m_model->horizontalHeaderItem(c)->setText(shortNames[c - SamplesColumn]);
    }
    if (m_all)
        m_all->setText(tr("All tasks"));
    for (int r = 0; r < m_model->rowCount(); ++r) {
        QStandardItem* item = m_model->item(r, NameColumn);
        if (item->data(AllTasksRole).toBool())
            continue;
        const int level = item->data(LevelRole).toInt();
        item->setText(level == kOtherLevel ? tr("Other tasks") : tr("Level %1").arg(level));
        for (int f = 0; f < item->rowCount(); ++f) {
            QStandardItem* family = item->child(f, NameColumn);
            family->setText(family->data(FamilyRole).toString());
        }
    }
}

} // namespace kwb::ui
