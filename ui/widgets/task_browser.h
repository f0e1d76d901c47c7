#pragma once
// The task list: an "All tasks" row, then tasks grouped by level and family, each with its
// counts in the open project (samples, verified, accepted), and a filter box. The rows come
// from setTaskRows() (the window fills them from the store's statistics and the task suite).
//
// Model roles (taskModel()): TaskIdRole on task rows ("" on "All tasks"; none on groups),
// LevelRole, FamilyRole, SamplesRole, VerifiedRole, AcceptedRole. UI thread only.
#include <vector>

#include <QString>
#include <QStringList>
#include <QWidget>

class QAbstractItemModel;
class QLineEdit;
class QModelIndex;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace kwb::ui {

// One task as the browser lists it.
struct TaskRow {
    QString id;
    QString title;
    int level = 0;  // 1..3; 0: not in the task suite (listed under "Other")
    QString family; // empty: "other"
    qint64 samples = 0;
    qint64 verified = 0;
    qint64 accepted = 0;
};

class TaskBrowser final : public QWidget {
    Q_OBJECT

public:
    enum Role {
        TaskIdRole = Qt::UserRole + 1,
        LevelRole,
        FamilyRole,
        SamplesRole,
        VerifiedRole,
        AcceptedRole,
        AllTasksRole, // true on the "All tasks" row
    };
    enum Column { NameColumn, SamplesColumn, VerifiedColumn, AcceptedColumn, ColumnCount };

    explicit TaskBrowser(QWidget* parent = nullptr);

    // Replaces every task; the selection stays on the same task where it still exists. Where
    // the tasks are those listed already (ids, titles, levels, families), only the counts that
    // changed are set, in place: the tree is not rebuilt, and only those cells repaint.
    void setTaskRows(const std::vector<TaskRow>& rows);
    // Replaces the tasks of one level (1, 2 or 3) with the given ids, without counts.
    void setTasks(int level, const QStringList& taskIds);
    // The selected task's id; empty for "All tasks" or nothing.
    QString currentTaskId() const;
    // Selects a task ("" selects "All tasks"); false when it is not listed.
    bool selectTask(const QString& taskId);
    int taskCount() const;
    QAbstractItemModel* taskModel() const;
    void focusFilter();

signals:
    // Enter or double click on a task (or "All tasks": an empty id).
    void taskActivated(const QString& taskId);
    // The selection moved to another task ("" for "All tasks").
    void currentTaskChanged(const QString& taskId);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslateUi();
    // The name column: the room the counts leave, never less than the widest name shown (a
    // narrow browser scrolls sideways rather than cut names to "…").
    void fitNameColumn();
    QStandardItem* groupItem(QStandardItem* parent, const QString& key, int level,
                             const QString& family);
    QModelIndex sourceIndexOf(const QString& taskId) const;
    void updateGroupTexts();
    // The counts of listed tasks set in place; false where a task is not listed.
    bool updateCounts(const std::vector<TaskRow>& rows);
    void setCounts(QStandardItem* item, qint64 samples, qint64 verified, qint64 accepted);

    QLineEdit* m_filter = nullptr;
    QTreeView* m_view = nullptr;
    QStandardItemModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QStandardItem* m_all = nullptr;
    qint64 m_totalSamples = 0;
    // What the tree was built from, counts aside: a refresh with the same rows sets counts only.
    std::vector<TaskRow> m_listed;
    QString m_current; // the task last announced by currentTaskChanged
    bool m_hasCurrent = false;
};

} // namespace kwb::ui
