#pragma once
// Projects from the window: New project (an empty file, opened and made current), Open and
// Open Recent (made current, so kwb and the next start follow), and Import (a JSONL file of
// samples, or a folder of .cu files for the task in view). Files are chosen in window-modal
// dialogs; creating, opening and importing run on the store thread. UI thread only.
#include <functional>

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;
class QWidget;

namespace kwb::ui {

class ProjectSession;

class ProjectActions final : public QObject {
    Q_OBJECT

public:
    // `window` parents the dialogs; `guard` runs before the open project is left (a draft
    // copy is settled first) and calls its argument to go on.
    using Guard = std::function<void(std::function<void()>)>;
    ProjectActions(ProjectSession* session, QWidget* window, Guard guard);

    QAction* newAction() const { return m_new; }
    QAction* openAction() const { return m_open; }
    QMenu* recentMenu() const { return m_recent; }
    QAction* importFileAction() const { return m_importFile; }
    QAction* importFolderAction() const { return m_importFolder; }
    void retranslateUi();

    // The projects opened lately, newest first (remembered with the layout).
    static QStringList recentProjects();
    // Without dialogs (what the actions do once a file is chosen):
    void createProject(const QString& path);
    void openProject(const QString& path);
    // Imports a JSONL file of samples.
    void importJsonl(const QString& file);
    // Imports every .cu file of `folder` as samples of `taskId`.
    void importFolder(const QString& folder, const QString& taskId);
    // The task the list shows (for a folder import); empty: all tasks.
    void setScope(const QString& taskId) { m_scope = taskId; }

signals:
    // Samples were imported (count): lists and counts are to be read again.
    void imported(int count);
    void message(const QString& text);

private:
    void remember(const QString& path);
    void fillRecentMenu();
    void chooseNew();
    void chooseOpen();
    void chooseImportFile();
    void chooseImportFolder();

    ProjectSession* m_session = nullptr;
    QWidget* m_window = nullptr;
    Guard m_guard;
    QString m_scope;
    QAction* m_new = nullptr;
    QAction* m_open = nullptr;
    QMenu* m_recent = nullptr;
    QAction* m_importFile = nullptr;
    QAction* m_importFolder = nullptr;
};

} // namespace kwb::ui
