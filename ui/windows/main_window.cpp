#include "ui/windows/main_window.h"

#include <QAction>
#include <algorithm>
#include <QApplication>
#include <QEvent>
#include <QIcon>
#include <QKeySequence>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "kwb/version.h"
#include "ui/models/device_probe.h"
#include "ui/models/record_views.h"
#include "ui/models/verification_job.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/diff_view.h"
#include "ui/widgets/gpu_status_label.h"
#include "ui/widgets/review_bar.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/about_dialog.h"

// kwb_ui is a static library: its resources must be registered by name, outside any namespace.
static void initUiResources() {
    Q_INIT_RESOURCE(kwb_ui);
}

namespace kwb::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_taskBrowser(new TaskBrowser(this)), m_editorArea(new QTabWidget(this)),
      m_kernelEditor(new CodeEditor(CodeEditor::Language::Cuda, this)),
      m_promptEditor(new CodeEditor(CodeEditor::Language::PlainText, this)),
      m_diffView(new DiffView(this)), m_verificationPanel(new VerificationPanel(this)),
      m_reviewBar(new ReviewBar(this)), m_gpuStatus(new GpuStatusLabel(this)),
      m_probe(new DeviceProbe(this)), m_verificationJob(new VerificationJob(this)) {
    initUiResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/kernel-workbench.svg")));

    m_editorArea->setObjectName(QStringLiteral("editorArea"));
    m_kernelEditor->setObjectName(QStringLiteral("kernelEditor"));
    m_promptEditor->setObjectName(QStringLiteral("promptEditor"));
    m_editorArea->addTab(m_kernelEditor, QString());
    m_editorArea->addTab(m_promptEditor, QString());
    m_editorArea->addTab(m_diffView, QString());

    auto* rightSplit = new QSplitter(Qt::Vertical, this);
    rightSplit->addWidget(m_editorArea);
    rightSplit->addWidget(m_verificationPanel);
    rightSplit->setStretchFactor(0, 3);
    rightSplit->setStretchFactor(1, 2);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(rightSplit, 1);
    rightLayout->addWidget(m_reviewBar);

    auto* mainSplit = new QSplitter(Qt::Horizontal, this);
    mainSplit->addWidget(m_taskBrowser);
    mainSplit->addWidget(right);
    mainSplit->setStretchFactor(0, 1);
    mainSplit->setStretchFactor(1, 4);
    mainSplit->setSizes({260, 1000});
    setCentralWidget(mainSplit);

    statusBar()->addPermanentWidget(m_gpuStatus);
    createMenus();
    retranslateUi();
    resize(1280, 800);

    // The probe answers on this (the UI) thread through a queued call.
    connect(m_probe, &DeviceProbe::probeStarted, m_gpuStatus, &GpuStatusLabel::showProbing);
    connect(m_probe, &DeviceProbe::probeFinished, this,
            [this](const std::shared_ptr<const DeviceInfo>& info) {
                m_gpuStatus->showDevice(info);
                emit deviceProbeSettled();
            });
    connect(m_probe, &DeviceProbe::probeFailed, this, [this](const QString& message) {
        m_gpuStatus->showFailure(message);
        emit deviceProbeSettled();
    });
    m_probe->start();

    // Verification: the panel follows the job; its diagnostics go to the kernel editor, and a
    // picked problem moves the editor's caret there.
    m_verificationPanel->attach(m_verificationJob);
    connect(m_verificationPanel, &VerificationPanel::recordShown, this,
            [this](const std::shared_ptr<const VerificationRecord>& record) {
                m_kernelEditor->setDiagnostics(diagnosticsInFile(
                    recordDiagnostics(*record), QString::fromStdString(m_verificationJob->fileName())));
            });
    connect(m_verificationPanel, &VerificationPanel::diagnosticActivated, this,
            [this](int line, int column) {
                m_editorArea->setCurrentWidget(m_kernelEditor);
                m_kernelEditor->goToLine(line, std::max(1, column));
                m_kernelEditor->setFocus(Qt::OtherFocusReason);
            });
}

MainWindow::~MainWindow() = default;

bool MainWindow::isDeviceProbeSettled() const {
    return m_gpuStatus->settled();
}

std::shared_ptr<const DeviceInfo> MainWindow::deviceInfo() const {
    return m_probe->lastInfo();
}

void MainWindow::showAbout() {
    auto* dialog = new AboutDialog(m_probe->lastInfo(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showDiff(const QString& leftTitle, const QString& leftText,
                          const QString& rightTitle, const QString& rightText) {
    m_diffView->setSources(leftTitle, leftText, rightTitle, rightText);
    m_editorArea->setCurrentWidget(m_diffView);
}

void MainWindow::createMenus() {
    m_quitAction = new QAction(this);
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // Alt+1/2/3 move the keyboard focus between the three areas.
    m_focusTasksAction = new QAction(this);
    m_focusTasksAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    connect(m_focusTasksAction, &QAction::triggered, m_taskBrowser, &TaskBrowser::focusFilter);
    m_focusEditorAction = new QAction(this);
    m_focusEditorAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_2));
    connect(m_focusEditorAction, &QAction::triggered, this, [this] {
        if (QWidget* page = m_editorArea->currentWidget())
            page->setFocus(Qt::ShortcutFocusReason);
    });
    m_focusVerificationAction = new QAction(this);
    m_focusVerificationAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_3));
    connect(m_focusVerificationAction, &QAction::triggered, this,
            [this] { m_verificationPanel->setFocus(Qt::ShortcutFocusReason); });

    m_aboutAction = new QAction(this);
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addAction(m_quitAction);
    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addAction(m_focusTasksAction);
    m_viewMenu->addAction(m_focusEditorAction);
    m_viewMenu->addAction(m_focusVerificationAction);
    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu->addAction(m_aboutAction);
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi() {
    setWindowTitle(QString::fromUtf8(kProductName));
    m_fileMenu->setTitle(tr("&File"));
    m_viewMenu->setTitle(tr("&View"));
    m_helpMenu->setTitle(tr("&Help"));
    m_quitAction->setText(tr("&Quit"));
    m_focusTasksAction->setText(tr("&Tasks"));
    m_focusEditorAction->setText(tr("&Editor"));
    m_focusVerificationAction->setText(tr("&Verification"));
    m_aboutAction->setText(tr("&About Kernel Workbench"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_kernelEditor), tr("&Kernel"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_promptEditor), tr("&Prompt"));
    m_editorArea->setTabText(m_editorArea->indexOf(m_diffView), tr("Co&mpare"));
}

} // namespace kwb::ui
