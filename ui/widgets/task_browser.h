#pragma once
// The task list: tasks grouped by level, with a filter box. Holds no tasks yet; the task
// loader fills the model through setTasks() once core/tasks exists.
#include <QString>
#include <QStringList>
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace kwb::ui {

class TaskBrowser final : public QWidget {
    Q_OBJECT

public:
    enum Role { TaskIdRole = Qt::UserRole + 1 };

    explicit TaskBrowser(QWidget* parent = nullptr);

    // Replaces the tasks of one level (1, 2 or 3) with the given task ids.
    void setTasks(int level, const QStringList& taskIds);
    QString currentTaskId() const;
    void focusFilter();

signals:
    void taskActivated(const QString& taskId);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    QStandardItem* levelItem(int level) const;

    QLineEdit* m_filter = nullptr;
    QTreeView* m_view = nullptr;
    QStandardItemModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
};

} // namespace kwb::ui
