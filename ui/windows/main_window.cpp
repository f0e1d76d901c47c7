#include "ui/windows/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QKeySequence>
#include <QMenuBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "kwb/version.h"
#include "ui/models/batch_verification.h"
#include "ui/models/device_probe.h"
#include "ui/models/generation_job.h"
#include "ui/models/layout_settings.h"
#include "ui/models/project_session.h"
#include "ui/models/record_views.h"
#include "ui/models/sample_list_model.h"
#include "ui/models/verification_job.h"
#include "ui/models/workbench_settings.h"
#include "ui/widgets/batch_progress_bar.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/compare_view.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/gpu_status_label.h"
#include "ui/widgets/notice_bar.h"
#include "ui/widgets/profile_view.h"
#include "ui/widgets/provenance_view.h"
#include "ui/widgets/review_bar.h"
#include "ui/widgets/sample_filter_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/task_pane.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/about_dialog.h"
#include "ui/windows/dataset_view.h"
#include "ui/windows/evaluation_actions.h"
#include "ui/windows/evaluation_view.h"
#include "ui/windows/export_dialog.h"
#include "ui/windows/help_dialogs.h"
#include "ui/windows/profile_actions.h"
#include "ui/windows/project_actions.h"
#include "ui/windows/prompt_actions.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/sample_actions.h"
#include "ui/windows/settings_dialog.h"

// kwb_ui is a static library: its resources must be registered by name, outside any namespace.
static void initUiResources() {
    Q_INIT_RESOURCE(kwb_ui);
}

namespace kwb::ui {

namespace {

// The lower panels' strip by default: their banner, tabs and a few rows; the editor shows
// 24 lines or more at 1280×720.
constexpr int kDefaultPanelHeight = 150;
constexpr int kDefaultEditorHeight = 600;

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_session(new ProjectSession(this)),
      m_taskBrowser(new TaskBrowser(this)), m_sampleModel(new SampleListModel(this)),
      m_sampleList(new SampleListView(m_sampleModel, this)), m_filterBar(new SampleFilterBar(this)),
      m_provenanceView(new ProvenanceView(this)), m_views(new QTabWidget(this)),
      m_editorArea(new QTabWidget(this)), m_lowerArea(new QTabWidget(this)),
      m_kernelEditor(new CodeEditor(CodeEditor::Language::Cuda, this)),
      m_promptEditor(new CodeEditor(CodeEditor::Language::PlainText, this)),
      m_compareView(new CompareView(this)), m_taskPane(new TaskPane(this)),
      m_verificationPanel(new VerificationPanel(this)),
      m_generationPanel(new GenerationPanel(this)), m_reviewBar(new ReviewBar(this)),
      m_datasetView(new DatasetView(m_session, this)),
      m_evaluationView(new EvaluationView(m_session, this)), m_gpuStatus(new GpuStatusLabel(this)),
      m_probe(new DeviceProbe(this)), m_verificationJob(new VerificationJob(this)),
      m_batch(new BatchVerification(this)), m_batchBar(new BatchProgressBar(this)),
      m_batchRefresh(new QTimer(this)) {
    initUiResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/kernel-workbench.svg")));
    applyWorkerSettings();

    m_review = new ReviewController({m_session, m_taskBrowser, m_sampleList, m_kernelEditor,
                                     m_promptEditor, m_reviewBar, m_verificationPanel, m_taskPane,
                                     m_filterBar},
                                    this);
    m_actions = new SampleActions({m_session, m_review, m_sampleList, m_kernelEditor,
                                   m_verificationJob, m_compareView, m_batch},
                                  this);
    // "Verified alike" compares devices by name: the probe's answer, once there is one.
    m_actions->setDeviceNameSource([this]() -> std::optional<std::string> {
        const auto info = deviceInfo();
        if (!isDeviceProbeSettled() || !info)
            return std::nullopt;
        return info->gpus.empty() ? std::string() : info->gpus.front().name;
    });
    m_profiler = new ProfileActions(
        {m_session, m_review, m_kernelEditor, m_verificationPanel->profileView()}, this, this);
    m_profiler->job()->setWorkerEndpoint(m_verificationJob->workerEndpoint());
    m_evalActions = new EvaluationActions({m_session, m_evaluationView, m_review}, this);
    m_generationPanel->attach(m_session, m_kernelEditor);
    m_promptActions = new PromptActions(
        {m_session, m_review, m_promptEditor, m_reviewBar, m_generationPanel}, this);
    // The first answer streams into the kernel editor: a draft copy there is settled first.
    m_generationPanel->setStartGuard(
        [this](std::function<void()> start) { m_actions->endDraft(std::move(start)); });

    m_views->setObjectName(QStringLiteral("views"));
    m_views->addTab(createReviewPage(), QString());
    m_views->addTab(m_datasetView, QString());
    m_views->addTab(m_evaluationView, QString());
    m_views->setDocumentMode(true);
    m_notices = new NoticeBar(this);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_notices);
    centralLayout->addWidget(m_views, 1);
    setCentralWidget(central);

    statusBar()->addPermanentWidget(m_batchBar);
    statusBar()->addPermanentWidget(m_profiler->statusWidget());
    statusBar()->addPermanentWidget(m_evalActions->statusWidget());
    statusBar()->addPermanentWidget(m_gpuStatus);
    createActions();
    createMenus();
    connectParts();
    connectBatch();
    connectEvaluation();
    connectProfiler();
    connectFindAndProvenance();
    retranslateUi();
    resize(1400, 860);
    restoreLayout();
    m_probe->start();
}

MainWindow::~MainWindow() {
    saveLayout();
}

QWidget* MainWindow::createReviewPage() {
    m_editorArea->setObjectName(QStringLiteral("editorArea"));
    m_lowerArea->setObjectName(QStringLiteral("lowerArea"));
    m_kernelEditor->setObjectName(QStringLiteral("kernelEditor"));
    m_promptEditor->setObjectName(QStringLiteral("promptEditor"));
    m_editorArea->addTab(m_kernelEditor, QString());
    m_editorArea->addTab(m_promptEditor, QString());
    m_editorArea->addTab(m_taskPane, QString());
    m_editorArea->addTab(m_provenanceView, QString());
    m_editorArea->addTab(m_compareView, QString());
    m_lowerArea->addTab(m_verificationPanel, QString());
    m_lowerArea->addTab(m_generationPanel, QString());

    m_editorSplit = new QSplitter(Qt::Vertical, this);
    m_editorSplit->setObjectName(QStringLiteral("editorSplit"));
    m_editorSplit->addWidget(m_editorArea);
    m_editorSplit->addWidget(m_lowerArea);
    // The editor takes what the window gains; the panels keep their strip, and can be
    // collapsed away (dragged, or Ctrl+J) and come back when a job starts.
    m_editorSplit->setStretchFactor(0, 1);
    m_editorSplit->setStretchFactor(1, 0);
    m_editorSplit->setCollapsible(0, false);
    m_editorSplit->setCollapsible(1, true);
    // The panels' own minimum (their tables and charts) would take the editor's room: they
    // may shrink to a strip, and scroll or fold away.
    m_lowerArea->setMinimumHeight(kDefaultPanelHeight / 2);
    m_editorSplit->setSizes({kDefaultEditorHeight, kDefaultPanelHeight});

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_editorSplit, 1);
    rightLayout->addWidget(m_reviewBar);

    m_mainSplit = new QSplitter(Qt::Horizontal, this);
    m_mainSplit->setObjectName(QStringLiteral("reviewPage"));
    m_mainSplit->addWidget(m_taskBrowser);
    m_mainSplit->addWidget(createSamplePane());
    m_mainSplit->addWidget(right);
    m_mainSplit->setStretchFactor(0, 1);
    m_mainSplit->setStretchFactor(1, 2);
    m_mainSplit->setStretchFactor(2, 4);
    m_mainSplit->setSizes({240, 440, 720});
    return m_mainSplit;
}

void MainWindow::restoreLayout() {
    const auto settings = layoutSettings();
    if (const QByteArray geometry =
            settings->value(QStringLiteral("window/geometry")).toByteArray();
        !geometry.isEmpty())
        restoreGeometry(geometry);
    m_mainSplit->restoreState(settings->value(QStringLiteral("window/reviewSplit")).toByteArray());
    m_editorSplit->restoreState(
        settings->value(QStringLiteral("window/editorSplit")).toByteArray());
    m_sampleList->restoreHeaderState(
        settings->value(QStringLiteral("window/sampleColumns")).toByteArray());
    m_togglePanelsAction->setChecked(lowerPanelsShown());
}

void MainWindow::saveLayout() const {
    const auto settings = layoutSettings();
    settings->setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings->setValue(QStringLiteral("window/reviewSplit"), m_mainSplit->saveState());
    settings->setValue(QStringLiteral("window/editorSplit"), m_editorSplit->saveState());
    settings->setValue(QStringLiteral("window/sampleColumns"), m_sampleList->headerState());
}

bool MainWindow::lowerPanelsShown() const {
    const QList<int> sizes = m_editorSplit->sizes();
    return sizes.size() == 2 && sizes[1] > 0;
}

void MainWindow::setLowerPanelsShown(bool shown) {
    if (shown == lowerPanelsShown())
        return;
    const int total = std::max(1, m_editorSplit->height());
    const int panel = shown ? std::min(kDefaultPanelHeight, total / 2) : 0;
    m_editorSplit->setSizes({total - panel, panel});
    m_togglePanelsAction->setChecked(shown);
}

void MainWindow::openProject(const QString& path) {
    m_pendingOpen = path.isEmpty() ? QStringLiteral("default") : path;
    statusBar()->showMessage(tr("Opening the project…"));
    m_session->open(path);
}

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

void MainWindow::showShortcuts() {
    auto* sheet = new ShortcutsSheet(this);
    sheet->setAttribute(Qt::WA_DeleteOnClose);
    sheet->open();
}

void MainWindow::showHelpTopic(const QString& heading) {
    auto* viewer = new HelpViewer(heading, this);
    viewer->setAttribute(Qt::WA_DeleteOnClose);
    viewer->show(); // modeless: read beside the window
}

void MainWindow::showWelcomeIfFirstStart() {
    if (!WelcomeDialog::shownBefore())
        showWelcome();
}

void MainWindow::showWelcome() {
    WelcomeDialog::markShown();
    auto* welcome = new WelcomeDialog(this);
    welcome->setAttribute(Qt::WA_DeleteOnClose);
    connect(welcome, &WelcomeDialog::settingsRequested, this, &MainWindow::showSettings);
    welcome->open();
}

void MainWindow::showSettings() {
    auto* dialog = new SettingsDialog(m_probe->lastInfo(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::settingsSaved, this, [this] {
        const QString problem = applyWorkerSettings();
        statusBar()->showMessage(problem.isEmpty() ? tr("Settings saved.") : problem, 5000);
        m_generationPanel->reloadProviders();
        m_probe->start(); // the worker or GPU may have changed
    });
    dialog->open();
}

QString MainWindow::applyWorkerSettings() {
    const WorkbenchSettings::WorkerChoice choice = WorkbenchSettings::load().workerChoice();
    if (choice.endpoint) {
        const bool remote = choice.endpoint->kind == WorkerEndpoint::Kind::SshHost;
        m_gpuStatus->setWorker(
            remote ? QString::fromStdString(choice.endpoint->describe()) : QString(), remote);
        m_probe->setWorkerEndpoint(*choice.endpoint);
        m_verificationJob->setWorkerEndpoint(*choice.endpoint);
        if (m_profiler) // null while the window is being made: it copies the job's then
            m_profiler->job()->setWorkerEndpoint(*choice.endpoint);
        m_generationPanel->job()->setWorkerEndpoint(*choice.endpoint);
    }
    return choice.problem;
}

void MainWindow::showExport() {
    auto* dialog = new ExportDialog(m_session, m_datasetView->filter(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showExportOfSelection() {
    SampleFilter selection;
    for (qint64 id : m_sampleList->selectedSampleIds())
        selection.ids.push_back(id);
    if (selection.ids.empty()) {
        statusBar()->showMessage(tr("Select the samples to export first."), 8000);
        return;
    }
    // The gate and the options stay the dialog's: a selection narrows, it never lets more in.
    selection.includeDuplicates = false; // as exports default

    auto* dialog = new ExportDialog(m_session, selection, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showDiff(const QString& leftTitle, const QString& leftText,
                          const QString& rightTitle, const QString& rightText) {
    m_compareView->showSources(leftTitle, leftText, rightTitle, rightText);
    m_editorArea->setCurrentWidget(m_compareView);
}

void MainWindow::showView(int index) {
    m_views->setCurrentIndex(std::clamp(index, 0, m_views->count() - 1));
}

void MainWindow::connectProbe() {
    // The probe answers on this (the UI) thread through a queued call.
    connect(m_probe, &DeviceProbe::probeStarted, m_gpuStatus, &GpuStatusLabel::showProbing);
    connect(m_probe, &DeviceProbe::probeFinished, this,
            [this](const std::shared_ptr<const DeviceInfo>& info) {
                m_gpuStatus->showDevice(info);
                m_generationPanel->setDevice(info);
                emit deviceProbeSettled();
            });
    connect(m_probe, &DeviceProbe::probeFailed, this, [this](const QString& message) {
        m_gpuStatus->showFailure(message);
        if (m_gpuStatus->workerFailed())
            m_notices->showNotice(m_gpuStatus->text() + QStringLiteral(": ") + message +
                                  QLatin1Char(' ') +
                                  tr("Check the host in Settings › Verification."));
        emit deviceProbeSettled();
    });
}

void MainWindow::connectParts() {
    connectProbe();
    connect(m_session, &ProjectSession::opened, this,
            [this](const QString& path, const QString& name) {
                if (m_pendingOpen.isEmpty())
                    m_pendingOpen = path; // opened from the File menu: announced as well
                setWindowTitle(
                    tr("%1 — %2").arg(name.isEmpty() ? QFileInfo(path).completeBaseName() : name,
                                      QString::fromUtf8(kProductName)));
                m_datasetView->refresh();
            });
    connect(m_session, &ProjectSession::openFailed, this,
            [this](const QString&, const QString& message) {
                m_pendingOpen.clear();
                statusBar()->showMessage(tr("The project did not open: %1").arg(message));
                emit projectFailed(message);
            });
    connect(m_review, &ReviewController::listLoaded, this, [this] {
        if (m_pendingOpen.isEmpty())
            return;
        m_pendingOpen.clear();
        statusBar()->clearMessage();
        emit projectOpened(m_session->path());
    });
    const auto showMessage = [this](const QString& text) { statusBar()->showMessage(text, 8000); };
    connect(m_review, &ReviewController::message, this, showMessage);
    connect(m_actions, &SampleActions::message, this, showMessage);
    connect(m_promptActions, &PromptActions::message, this, showMessage);
    connect(m_promptActions, &PromptActions::started, this, [this] {
        setLowerPanelsShown(true);
        m_lowerArea->setCurrentWidget(m_generationPanel);
    });
    connect(m_generationPanel, &GenerationPanel::message, this, showMessage);
    connect(m_generationPanel, &GenerationPanel::problem, m_notices, &NoticeBar::showNotice);
    connect(m_datasetView, &DatasetView::message, this, showMessage);

    // The sample's task goes to the generation panel.
    connect(m_taskBrowser, &TaskBrowser::currentTaskChanged, m_generationPanel,
            &GenerationPanel::setTask);
    connect(m_generationPanel, &GenerationPanel::samplesStored, this, [this] {
        m_review->refreshCounts();
        m_review->reloadList();
        m_datasetView->refresh();
    });
    connect(m_review, &ReviewController::reviewsStored, m_datasetView, &DatasetView::refresh);
    connect(m_reviewBar, &ReviewBar::fieldsLeft, this,
            [this] { m_sampleList->setFocus(Qt::ShortcutFocusReason); });
    connect(m_actions, &SampleActions::compareShown, this,
            [this] { m_editorArea->setCurrentWidget(m_compareView); });
    connect(m_datasetView, &DatasetView::sampleActivated, this, [this](qint64 id) {
        showView(0);
        m_review->showSample(id);
    });
    connect(m_datasetView, &DatasetView::exportRequested, this, &MainWindow::showExport);

    // Verification: the panel follows the job; its diagnostics go to the kernel editor, and a
    // picked problem moves the editor's caret there.
    m_verificationPanel->attach(m_verificationJob);
    connect(m_editorSplit, &QSplitter::splitterMoved, this,
            [this] { m_togglePanelsAction->setChecked(lowerPanelsShown()); });
    // A job that starts brings its panel forward, unless the other job's panel is showing a
    // run in progress: the view is not yanked away from what the reviewer watches.
    connect(m_verificationJob, &VerificationJob::verifyStarted, this, [this] {
        setLowerPanelsShown(true);
        if (!m_generationPanel->job()->running())
            m_lowerArea->setCurrentWidget(m_verificationPanel);
    });
    connect(m_verificationPanel, &VerificationPanel::recordShown, this,
            [this](const RecordPtr& record) {
                m_kernelEditor->setDiagnostics(
                    diagnosticsInFile(recordDiagnostics(*record),
                                      QString::fromStdString(m_verificationJob->fileName())));
            });
    const auto showLine = [this](int line, int column) {
        m_editorArea->setCurrentWidget(m_kernelEditor);
        m_kernelEditor->goToLine(line, std::max(1, column));
        m_kernelEditor->setFocus(Qt::OtherFocusReason);
    };
    connect(m_verificationPanel, &VerificationPanel::diagnosticActivated, this, showLine);
    // A screening finding names a line of the candidate, as a compiler problem does.
    connect(m_verificationPanel, &VerificationPanel::findingActivated, this,
            [showLine](int line) { showLine(line, 1); });
    connect(m_generationPanel, &GenerationPanel::generationStarted, this, [this] {
        setLowerPanelsShown(true);
        if (!m_verificationJob->running())
            m_lowerArea->setCurrentWidget(m_generationPanel);
        m_editorArea->setCurrentWidget(m_kernelEditor);
    });
}

void MainWindow::connectProfiler() {
    connect(m_profiler, &ProfileActions::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_profiler, &ProfileActions::problem, m_notices, &NoticeBar::showNotice);
    // A profile that starts brings the Profile tab forward; a hot line picked there is shown.
    connect(m_profiler, &ProfileActions::profilingStarted, this, [this] {
        setLowerPanelsShown(true);
        if (!m_generationPanel->job()->running())
            m_lowerArea->setCurrentWidget(m_verificationPanel);
        m_verificationPanel->showProfileTab();
    });
    connect(m_verificationPanel->profileView(), &ProfileView::hotLineActivated, this,
            [this](int line) {
                m_editorArea->setCurrentWidget(m_kernelEditor);
                m_kernelEditor->goToLine(line);
                m_kernelEditor->setFocus(Qt::OtherFocusReason);
            });
}

void MainWindow::connectEvaluation() {
    connect(m_evalActions, &EvaluationActions::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(m_evalActions, &EvaluationActions::problem, m_notices, &NoticeBar::showNotice);
    connect(m_evaluationView, &EvaluationView::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // A cell's answers go to the review list, in front.
    connect(m_evaluationView, &EvaluationView::sampleSetRequested, this,
            [this](const QList<qint64>& ids, const QString& caption) {
                showView(0);
                m_review->showSampleSet(ids, caption);
                m_sampleList->setFocus(Qt::OtherFocusReason);
            });
}

void MainWindow::connectBatch() {
    connect(m_batchBar, &BatchProgressBar::cancelRequested, m_cancelBatchAction, &QAction::trigger);
    connect(m_batch, &BatchVerification::started, this, [this] {
        m_batchBar->showProgress(m_batch->progress());
        m_batchBar->show();
        m_cancelBatchAction->setEnabled(true);
        m_verifySelectedAction->setEnabled(false);
        m_verifyUnverifiedAction->setEnabled(false);
    });
    connect(m_batch, &BatchVerification::progressed, this,
            [this] { m_batchBar->showProgress(m_batch->progress()); });
    // The task counts and the dataset's charts are statistics over the whole project: they
    // follow the records every two seconds, not once per record.
    m_batchRefresh->setSingleShot(true);
    m_batchRefresh->setInterval(2000);
    connect(m_batchRefresh, &QTimer::timeout, this, [this] {
        m_review->refreshCounts();
        m_datasetView->refresh();
    });
    connect(m_batch, &BatchVerification::recordsStored, this, [this] {
        if (!m_batchRefresh->isActive())
            m_batchRefresh->start();
    });
    connect(
        m_batch, &BatchVerification::sampleFailed, this, [this](qint64 id, const QString& text) {
            statusBar()->showMessage(tr("Sample #%1 was not verified: %2").arg(id).arg(text), 8000);
        });
    connect(m_batch, &BatchVerification::finished, this, [this](const QString& problem) {
        m_batchBar->hide();
        m_cancelBatchAction->setEnabled(false);
        m_verifySelectedAction->setEnabled(true);
        m_verifyUnverifiedAction->setEnabled(true);
        m_batchRefresh->stop();
        m_review->refreshCounts();
        m_datasetView->refresh();
        const BatchProgress& p = m_batch->progress();
        if (!problem.isEmpty()) {
            m_notices->showNotice(tr("The batch verification did not run: %1").arg(problem));
            return;
        }
        const QString counts = tr("%1 passed, %2 failed, %3 not run (no GPU), %4 errors")
                                   .arg(p.passed)
                                   .arg(p.failed)
                                   .arg(p.notRun)
                                   .arg(p.errors);
        statusBar()->showMessage(
            p.cancelled
                ? tr("Cancelled: %1 of %2 verified (%3); the rest stay unverified.")
                      .arg(p.done)
                      .arg(p.queued)
                      .arg(counts)
                : tr("%n sample(s) verified (%1), %2 already verified alike.", nullptr, p.done)
                      .arg(counts)
                      .arg(p.skipped));
    });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_actions->hasUnsavedDraft()) {
        event->ignore();
        m_actions->endDraft([this] { close(); });
        return;
    }
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

} // namespace kwb::ui
