#include "ui/widgets/task_browser.h"

#include <QEvent>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace kwb::ui {

namespace {
constexpr int kLevels = 3;
}

TaskBrowser::TaskBrowser(QWidget* parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(this)), m_proxy(new QSortFilterProxyModel(this)) {
    setObjectName(QStringLiteral("taskBrowser"));
    m_filter->setObjectName(QStringLiteral("taskFilter"));
    m_filter->setClearButtonEnabled(true);
    m_view->setObjectName(QStringLiteral("taskTree"));
    setFocusProxy(m_filter);

    for (int level = 1; level <= kLevels; ++level) {
        auto* item = new QStandardItem;
        item->setEditable(false);
        item->setSelectable(false);
        m_model->appendRow(item);
    }

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_view->setModel(m_proxy);
    m_view->setHeaderHidden(true);
    m_view->setUniformRowHeights(true);
    m_view->expandAll();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_proxy->setFilterFixedString(text);
        m_view->expandAll();
    });
    // Enter or double click on a task opens it; group rows carry no id and are ignored.
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QString id = index.data(TaskIdRole).toString();
        if (!id.isEmpty())
            emit taskActivated(id);
    });
    // Enter in the filter moves to the list, so the keyboard path is filter → pick.
    connect(m_filter, &QLineEdit::returnPressed, m_view, qOverload<>(&QWidget::setFocus));

    retranslateUi();
}

QStandardItem* TaskBrowser::levelItem(int level) const {
    return m_model->item(level - 1);
}

void TaskBrowser::setTasks(int level, const QStringList& taskIds) {
    QStandardItem* group = levelItem(level);
    if (!group)
        return;
    group->removeRows(0, group->rowCount());
    for (const QString& id : taskIds) {
        auto* item = new QStandardItem(id);
        item->setEditable(false);
        item->setData(id, TaskIdRole);
        group->appendRow(item);
    }
    m_view->expandAll();
}

QString TaskBrowser::currentTaskId() const {
    return m_view->currentIndex().data(TaskIdRole).toString();
}

void TaskBrowser::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void TaskBrowser::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void TaskBrowser::retranslateUi() {
    m_filter->setPlaceholderText(tr("Filter tasks"));
    m_filter->setAccessibleName(tr("Task filter"));
    m_view->setAccessibleName(tr("Tasks"));
    for (int level = 1; level <= kLevels; ++level)
        levelItem(level)->setText(tr("Level %1").arg(level));
}

} // namespace kwb::ui
