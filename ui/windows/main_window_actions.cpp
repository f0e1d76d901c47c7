// MainWindow, continued: its actions and menus (with their keys), and their texts in the
// current language.
#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include "kwb/version.h"
#include "ui/models/batch_verification.h"
#include "ui/models/project_session.h"
#include "ui/widgets/batch_progress_bar.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/compare_view.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/profile_view.h"
#include "ui/widgets/provenance_view.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/task_pane.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/dataset_view.h"
#include "ui/windows/evaluation_actions.h"
#include "ui/windows/main_window.h"
#include "ui/windows/profile_actions.h"
#include "ui/windows/project_actions.h"
#include "ui/windows/prompt_actions.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/sample_actions.h"

namespace kwb::ui {

namespace {

// The README sections the Help menu opens: its heading, and the menu's words.
struct HelpTopic {
    const char* objectName;
    const char* heading;
    const char* title;
};
const HelpTopic kHelpTopics[] = {
    {"helpWindowAction", "The workbench window",
     QT_TRANSLATE_NOOP("kwb::ui::MainWindow", "The &window and its keys")},
    {"helpProjectsAction", "Projects, review and exports",
     QT_TRANSLATE_NOOP("kwb::ui::MainWindow", "&Projects, review and exports")},
    {"helpVerifyAction", "Verifying a kernel: `kwb verify`",
     QT_TRANSLATE_NOOP("kwb::ui::MainWindow", "&Verifying a kernel")},
    {"helpSshAction", "Worker on another machine (ssh)",
     QT_TRANSLATE_NOOP("kwb::ui::MainWindow", "A GPU on another machine (&ssh)")},
    {"helpQuickStartAction", "Quick start (fresh Debian 12)",
     QT_TRANSLATE_NOOP("kwb::ui::MainWindow", "&Quick start")},
};

} // namespace

// Verify selected, Verify all unverified, and Escape to cancel them.
void MainWindow::createBatchActions() {
    const auto windowAction = [this](const char* name, const QKeySequence& key) {
        auto* a = new QAction(this);
        a->setObjectName(QLatin1String(name));
        a->setShortcut(key);
        addAction(a);
        return a;
    };
    m_verifySelectedAction =
        windowAction("verifySelectedAction", QKeySequence(Qt::SHIFT | Qt::Key_F5));
    connect(m_verifySelectedAction, &QAction::triggered, m_actions, &SampleActions::verifySelected);
    m_verifyUnverifiedAction =
        windowAction("verifyUnverifiedAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F5));
    connect(m_verifyUnverifiedAction, &QAction::triggered, m_actions,
            &SampleActions::verifyAllUnverified);
    // Escape is the window's only while a batch runs (fields that use it claim it first).
    m_cancelBatchAction = windowAction("cancelBatchAction", QKeySequence(Qt::Key_Escape));
    m_cancelBatchAction->setEnabled(false);
    connect(m_cancelBatchAction, &QAction::triggered, this, [this] {
        m_batch->cancel();
        m_batchBar->showCancelling();
    });
}

void MainWindow::createActions() {
    auto action = [this](const char* name, const QKeySequence& key = {}) {
        auto* a = new QAction(this);
        a->setObjectName(QLatin1String(name));
        if (!key.isEmpty())
            a->setShortcut(key);
        addAction(a); // window-wide, also while a view has no menu entry for it
        return a;
    };
    m_projectActions = new ProjectActions(
        m_session, this, [this](std::function<void()> go) { m_actions->endDraft(std::move(go)); });
    connect(m_projectActions, &ProjectActions::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_projectActions, &ProjectActions::imported, this, [this] {
        m_review->refreshAll();
        m_datasetView->refresh();
    });
    connect(m_taskBrowser, &TaskBrowser::currentTaskChanged, m_projectActions,
            &ProjectActions::setScope);
    m_exportAction = action("exportAction", QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::showExport);
    m_exportSelectionAction = action("exportSelectionAction");
    connect(m_exportSelectionAction, &QAction::triggered, this, &MainWindow::showExportOfSelection);
    m_settingsAction = action("settingsAction", QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_settingsAction->setMenuRole(QAction::PreferencesRole);
    connect(m_settingsAction, &QAction::triggered, this, &MainWindow::showSettings);
    m_quitAction = action("quitAction", QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_verifyAction = action("verifyAction", QKeySequence(Qt::Key_F5));
    connect(m_verifyAction, &QAction::triggered, m_actions, &SampleActions::verifyCurrent);
    createBatchActions();
    m_profileAction = action("profileAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(m_profileAction, &QAction::triggered, m_profiler, &ProfileActions::profileCurrent);
    m_verificationPanel->profileView()->setShortcut(m_profileAction->shortcut());
    m_editCopyAction = action("editCopyAction", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_editCopyAction, &QAction::triggered, m_actions, &SampleActions::editCopy);
    m_saveCopyAction = action("saveCopyAction", QKeySequence::Save);
    connect(m_saveCopyAction, &QAction::triggered, m_actions, &SampleActions::saveCopy);
    m_compareAction = action("compareAction", QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(m_compareAction, &QAction::triggered, m_actions, &SampleActions::compare);
    m_generateAction = action("generateAction", QKeySequence(Qt::CTRL | Qt::Key_G));
    connect(m_generateAction, &QAction::triggered, this, [this] {
        m_lowerArea->setCurrentWidget(m_generationPanel);
        m_generationPanel->setFocus(Qt::ShortcutFocusReason);
    });

    m_reviewViewAction = action("reviewViewAction", QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_reviewViewAction, &QAction::triggered, this, [this] { showView(0); });
    m_datasetViewAction = action("datasetViewAction", QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_datasetViewAction, &QAction::triggered, this, [this] { showView(1); });
    m_evaluationViewAction = action("evaluationViewAction", QKeySequence(Qt::CTRL | Qt::Key_3));
    connect(m_evaluationViewAction, &QAction::triggered, this, [this] { showView(2); });
    // Alt+1..4 move the keyboard focus between the areas of the review view.
    m_focusTasksAction = action("focusTasksAction", QKeySequence(Qt::ALT | Qt::Key_1));
    connect(m_focusTasksAction, &QAction::triggered, m_taskBrowser, &TaskBrowser::focusFilter);
    m_focusSamplesAction = action("focusSamplesAction", QKeySequence(Qt::ALT | Qt::Key_2));
    connect(m_focusSamplesAction, &QAction::triggered, this,
            [this] { m_sampleList->setFocus(Qt::ShortcutFocusReason); });
    m_focusEditorAction = action("focusEditorAction", QKeySequence(Qt::ALT | Qt::Key_3));
    connect(m_focusEditorAction, &QAction::triggered, this, [this] {
        if (QWidget* page = m_editorArea->currentWidget())
            page->setFocus(Qt::ShortcutFocusReason);
    });
    m_focusVerificationAction =
        action("focusVerificationAction", QKeySequence(Qt::ALT | Qt::Key_4));
    connect(m_focusVerificationAction, &QAction::triggered, this, [this] {
        setLowerPanelsShown(true);
        m_lowerArea->setCurrentWidget(m_verificationPanel);
        m_verificationPanel->setFocus(Qt::ShortcutFocusReason);
    });
    m_togglePanelsAction = action("togglePanelsAction", QKeySequence(Qt::CTRL | Qt::Key_J));
    m_togglePanelsAction->setCheckable(true);
    m_togglePanelsAction->setChecked(true);
    connect(m_togglePanelsAction, &QAction::triggered, this,
            [this](bool shown) { setLowerPanelsShown(shown); });
    m_shortcutsAction = action("shortcutsAction");
    m_shortcutsAction->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question)});
    connect(m_shortcutsAction, &QAction::triggered, this, &MainWindow::showShortcuts);
    for (const HelpTopic& topic : kHelpTopics) {
        QAction* a = action(topic.objectName);
        const QString heading = QString::fromUtf8(topic.heading);
        connect(a, &QAction::triggered, this, [this, heading] { showHelpTopic(heading); });
        m_helpTopicActions.append(a);
    }
    m_welcomeAction = action("welcomeAction");
    connect(m_welcomeAction, &QAction::triggered, this, &MainWindow::showWelcome);
    m_aboutAction = action("aboutAction");
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addActions({m_projectActions->newAction(), m_projectActions->openAction()});
    m_fileMenu->addMenu(m_projectActions->recentMenu());
    m_fileMenu->addSeparator();
    m_fileMenu->addActions(
        {m_projectActions->importFileAction(), m_projectActions->importFolderAction()});
    m_fileMenu->addSeparator();
    m_fileMenu->addActions({m_exportAction, m_exportSelectionAction});
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_settingsAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);
    m_sampleMenu = menuBar()->addMenu(QString());
    m_sampleMenu->setObjectName(QStringLiteral("sampleMenu"));
    m_sampleMenu->addActions(
        {m_verifyAction, m_verifySelectedAction, m_verifyUnverifiedAction, m_cancelBatchAction});
    m_sampleMenu->addSeparator();
    m_sampleMenu->addActions({m_profileAction, m_editCopyAction, m_saveCopyAction, m_compareAction,
                              m_generateAction, m_promptActions->generateFromPromptAction(),
                              m_promptActions->regenerateWithNoteAction()});
    // The list's own menu: what acts on the rows selected there.
    QTableView* table = m_sampleList->table();
    table->setContextMenuPolicy(Qt::ActionsContextMenu);
    table->addActions({m_verifyAction, m_verifySelectedAction, m_verifyUnverifiedAction,
                       m_compareAction, m_exportSelectionAction});
    m_sampleMenu->addSeparator();
    m_sampleMenu->addAction(m_exportSelectionAction);
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addActions({m_reviewViewAction, m_datasetViewAction, m_evaluationViewAction});
    m_viewMenu->addSeparator();
    m_viewMenu->addActions(
        {m_focusTasksAction, m_focusSamplesAction, m_focusEditorAction, m_focusVerificationAction});
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_togglePanelsAction);
    menuBar()->addMenu(m_evalActions->menu());
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addActions(m_helpTopicActions);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_welcomeAction);
    m_helpMenu->addAction(m_aboutAction);
}

void MainWindow::retranslateUi() {
    if (!m_session->isOpen())
        setWindowTitle(QString::fromUtf8(kProductName));
    m_fileMenu->setTitle(tr("&File"));
    m_sampleMenu->setTitle(tr("&Sample"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_projectActions->retranslateUi();
    m_shortcutsAction->setText(tr("&Keyboard shortcuts"));
    for (int i = 0; i < m_helpTopicActions.size(); ++i)
        m_helpTopicActions[i]->setText(tr(kHelpTopics[std::size_t(i)].title));
    m_welcomeAction->setText(tr("&Welcome"));
    m_exportAction->setText(tr("&Export dataset…"));
    m_exportSelectionAction->setText(tr("E&xport the selected samples…"));
    m_settingsAction->setText(tr("Se&ttings…"));
    m_quitAction->setText(tr("&Quit"));
    m_verifyAction->setText(tr("&Verify"));
    m_verifySelectedAction->setText(tr("Verify se&lected"));
    m_verifyUnverifiedAction->setText(tr("Verify all &unverified"));
    m_cancelBatchAction->setText(tr("Cancel the &batch verification"));
    m_profileAction->setText(tr("&Profile with Nsight Compute"));
    m_profiler->retranslateUi();
    m_evalActions->retranslateUi();
    m_editCopyAction->setText(tr("&Edit a copy"));
    m_saveCopyAction->setText(tr("&Save the copy as a new sample"));
    m_compareAction->setText(tr("&Compare samples"));
    m_generateAction->setText(tr("&Generate…"));
    m_promptActions->retranslateUi();
    m_reviewViewAction->setText(tr("&Review"));
    m_datasetViewAction->setText(tr("&Dataset"));
    m_evaluationViewAction->setText(tr("E&valuation"));
    m_focusTasksAction->setText(tr("&Tasks"));
    m_focusSamplesAction->setText(tr("Sa&mples"));
    m_focusEditorAction->setText(tr("&Editor"));
    m_focusVerificationAction->setText(tr("&Verification"));
    m_aboutAction->setText(tr("&About Kernel Workbench"));
    m_togglePanelsAction->setText(tr("Verification and generation &panels"));
    m_views->setTabText(0, tr("Review"));
    m_views->setTabText(1, tr("Dataset"));
    m_views->setTabText(2, tr("Evaluation"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_kernelEditor), tr("&Kernel"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_promptEditor), tr("&Prompt"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_taskPane), tr("&Task"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_provenanceView), tr("Proven&ance"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_compareView), tr("Co&mpare"));
    m_lowerArea->setTabText(m_lowerArea->indexOf(m_verificationPanel), tr("Verification"));
    m_lowerArea->setTabText(m_lowerArea->indexOf(m_generationPanel), tr("Generation"));
}

} // namespace kwb::ui
