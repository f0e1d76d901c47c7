#include "ui/windows/project_actions.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QWidget>

#include "core/store/demo_project.h"
#include "core/store/project_store.h"
#include "core/store/sample_importer.h"
#include "ui/models/layout_settings.h"
#include "ui/models/project_session.h"

namespace kwb::ui {

namespace {

constexpr int kRecentLimit = 8;
const char* const kRecentKey = "projects/recent";

} // namespace

ProjectActions::ProjectActions(ProjectSession* session, QWidget* window, Guard guard)
    : QObject(window), m_session(session), m_window(window), m_guard(std::move(guard)),
      m_new(new QAction(window)), m_open(new QAction(window)), m_recent(new QMenu(window)),
      m_importFile(new QAction(window)), m_importFolder(new QAction(window)) {
    m_new->setObjectName(QStringLiteral("newProjectAction"));
    m_open->setObjectName(QStringLiteral("openAction"));
    m_recent->setObjectName(QStringLiteral("recentMenu"));
    m_importFile->setObjectName(QStringLiteral("importFileAction"));
    m_importFolder->setObjectName(QStringLiteral("importFolderAction"));
    m_new->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_open->setShortcut(QKeySequence::Open);
    m_importFile->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    for (QAction* a : {m_new, m_open, m_importFile, m_importFolder})
        window->addAction(a);
    connect(m_new, &QAction::triggered, this, &ProjectActions::chooseNew);
    connect(m_open, &QAction::triggered, this, &ProjectActions::chooseOpen);
    connect(m_importFile, &QAction::triggered, this, &ProjectActions::chooseImportFile);
    connect(m_importFolder, &QAction::triggered, this, &ProjectActions::chooseImportFolder);
    connect(m_recent, &QMenu::aboutToShow, this, &ProjectActions::fillRecentMenu);
    connect(m_session, &ProjectSession::opened, this,
            [this](const QString& path, const QString&) { remember(path); });
    retranslateUi();
}

void ProjectActions::retranslateUi() {
    m_new->setText(tr("&New project…"));
    m_open->setText(tr("&Open project…"));
    m_recent->setTitle(tr("Open &recent"));
    m_importFile->setText(tr("&Import samples (JSONL)…"));
    m_importFolder->setText(tr("Import a &folder of kernels…"));
}

QStringList ProjectActions::recentProjects() {
    return layoutSettings()->value(QLatin1String(kRecentKey)).toStringList();
}

void ProjectActions::remember(const QString& path) {
    QStringList recent = recentProjects();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kRecentLimit)
        recent.removeLast();
    layoutSettings()->setValue(QLatin1String(kRecentKey), recent);
}

void ProjectActions::fillRecentMenu() {
    m_recent->clear();
    const QStringList recent = recentProjects();
    for (const QString& path : recent) {
        QAction* a = m_recent->addAction(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { openProject(path); });
    }
    if (recent.isEmpty())
        m_recent->addAction(tr("(none yet)"))->setEnabled(false);
}

void ProjectActions::createProject(const QString& path) {
    m_guard([this, path] {
        emit message(tr("Creating %1…").arg(QDir::toNativeSeparators(path)));
        m_session->createAsCurrent(path);
    });
}

void ProjectActions::openProject(const QString& path) {
    m_guard([this, path] { m_session->openAsCurrent(path); });
}

void ProjectActions::chooseNew() {
    auto* dialog = new QFileDialog(m_window, tr("New project"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("kwbproj"));
    dialog->setNameFilter(tr("Workbench projects (*.kwbproj)"));
    connect(dialog, &QFileDialog::fileSelected, this, &ProjectActions::createProject);
    dialog->open();
}

void ProjectActions::chooseOpen() {
    auto* dialog = new QFileDialog(m_window, tr("Open project"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setNameFilter(tr("Workbench projects (*.kwbproj);;All files (*)"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, &ProjectActions::openProject);
    dialog->open();
}

void ProjectActions::chooseImportFile() {
    auto* dialog = new QFileDialog(m_window, tr("Import samples"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setNameFilter(tr("Samples, one JSON object a line (*.jsonl);;All files (*)"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, &ProjectActions::importJsonl);
    dialog->open();
}

void ProjectActions::chooseImportFolder() {
    if (m_scope.isEmpty()) {
        emit message(tr("Choose the kernels' task in the task list first."));
        return;
    }
    auto* dialog = new QFileDialog(
        m_window, tr("Import the .cu files of a folder as %1 samples").arg(m_scope));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    const QString task = m_scope;
    connect(dialog, &QFileDialog::fileSelected, this,
            [this, task](const QString& folder) { importFolder(folder, task); });
    dialog->open();
}

void ProjectActions::importJsonl(const QString& file) {
    const std::string path = file.toStdString();
    const std::string author = ProjectSession::reviewerName().toStdString();
    m_session->run(
        this,
        [path, author](ProjectStore& store) -> Result<std::vector<std::int64_t>> {
            SampleImporter importer(builtinTaskResolver());
            auto batch = importer.readJsonl(path, author);
            if (!batch)
                return batch.error();
            return store.addSamples(*batch);
        },
        [this, file](const Result<std::vector<std::int64_t>>& ids) {
            if (!ids) {
                emit message(tr("Nothing was imported from %1: %2")
                                 .arg(QFileInfo(file).fileName(),
                                      QString::fromStdString(ids.error().message)));
                return;
            }
            emit message(tr("Imported %n sample(s).", nullptr, int(ids->size())));
            emit imported(int(ids->size()));
        });
}

void ProjectActions::importFolder(const QString& folder, const QString& taskId) {
    const std::string path = folder.toStdString(), task = taskId.toStdString();
    const std::string author = ProjectSession::reviewerName().toStdString();
    m_session->run(
        this,
        [path, task, author](ProjectStore& store) -> Result<std::vector<std::int64_t>> {
            SampleImporter importer(builtinTaskResolver());
            auto batch = importer.readCuFolder(path, task, {}, author);
            if (!batch)
                return batch.error();
            return store.addSamples(*batch);
        },
        [this, folder](const Result<std::vector<std::int64_t>>& ids) {
            if (!ids) {
                emit message(tr("Nothing was imported from %1: %2")
                                 .arg(QDir::toNativeSeparators(folder),
                                      QString::fromStdString(ids.error().message)));
                return;
            }
            emit message(tr("Imported %n sample(s).", nullptr, int(ids->size())));
            emit imported(int(ids->size()));
        });
}

} // namespace kwb::ui
