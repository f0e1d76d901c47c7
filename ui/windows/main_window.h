#pragma once
// The workbench's main window. Three views: Review (task browser, sample list, the kernel and
// prompt editors with the Compare tab, the verification and generation panels, the review bar),
// Dataset (every sample with filters, charts, export) and Evaluation (evaluation runs and their
// reports). The GPU and messages live in the
// status bar. It composes panels and controllers and connects them; the work happens in the
// controllers (ReviewController, SampleActions), on the store thread (ProjectSession) and on
// the job threads (VerificationJob, GenerationJob).
#include <memory>

#include <QMainWindow>

#include "core/model/device_info.h"

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QTimer;

namespace kwb::ui {

class BatchProgressBar;
class EvaluationActions;
class BatchVerification;
class CodeEditor;
class DatasetView;
class DeviceProbe;
class EvaluationView;
class CompareView;
class GenerationPanel;
class GpuStatusLabel;
class NoticeBar;
class ProfileActions;
class ProjectActions;
class ProjectSession;
class ReviewBar;
class ReviewController;
class PromptActions;
class SampleActions;
class SampleListModel;
class SampleFilterBar;
class SampleListView;
class ProvenanceView;
class TaskBrowser;
class TaskPane;
class VerificationJob;
class VerificationPanel;

class MainWindow final : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a project file (empty: the current project, as kwb chooses it; the default
    // project is created with the demo samples on first use). Asynchronous: projectOpened() or
    // projectFailed() follows.
    void openProject(const QString& path = {});
    ProjectSession* projectSession() const { return m_session; }
    ReviewController* reviewController() const { return m_review; }
    SampleActions* sampleActions() const { return m_actions; }
    // Profile (Ctrl+Shift+P) and the Profile tab's records.
    ProfileActions* profileActions() const { return m_profiler; }
    DatasetView* datasetView() const { return m_datasetView; }
    EvaluationView* evaluationView() const { return m_evaluationView; }
    // The Evaluation menu: runs started from the window, the skill editor.
    EvaluationActions* evaluationActions() const { return m_evalActions; }
    GenerationPanel* generationPanel() const { return m_generationPanel; }
    NoticeBar* noticeBar() const { return m_notices; }

    // True once the GPU probe has answered or failed.
    bool isDeviceProbeSettled() const;
    // What the worker reported, or null while probing or after a failure.
    std::shared_ptr<const DeviceInfo> deviceInfo() const;
    // Opens Help › About (window-modal, does not block the event loop).
    void showAbout();
    // The keyboard shortcuts sheet (F1 or ?), and a README section in the help viewer.
    void showShortcuts();
    void showHelpTopic(const QString& heading);
    // The welcome, once: on the first start for this configuration (the program calls it).
    void showWelcomeIfFirstStart();
    void showWelcome();
    ProjectActions* projectActions() const { return m_projectActions; }
    // Opens the settings (window-modal).
    void showSettings();
    // Opens the export dialog for the dataset view's filters (window-modal).
    void showExport();
    // Opens the export dialog for the samples selected in the review list (window-modal).
    void showExportOfSelection();
    // The verification runner the panel follows; starting it shows progress in the panel and,
    // when it ends, the compiler's diagnostics in the kernel editor.
    VerificationJob* verificationJob() const { return m_verificationJob; }
    // "Verify selected" and "Verify all unverified" (the verification queue), and their part of
    // the status bar.
    BatchVerification* batchVerification() const { return m_batch; }
    BatchProgressBar* batchProgressBar() const { return m_batchBar; }
    // Shows two sources side by side in the Compare tab.
    void showDiff(const QString& leftTitle, const QString& leftText, const QString& rightTitle,
                  const QString& rightText);
    // Review (0), Dataset (1) or Evaluation (2).
    void showView(int index);
    // The kernel editor (for tests and the layout checks).
    CodeEditor* kernelEditor() const { return m_kernelEditor; }
    // Find and filter over the review list, and the Provenance tab (main_window_find.cpp).
    SampleFilterBar* filterBar() const { return m_filterBar; }
    ProvenanceView* provenanceView() const { return m_provenanceView; }
    // Brings the Provenance tab forward.
    void showProvenance();

signals:
    // The GPU label has its final text: a device, or compile-only.
    void deviceProbeSettled();
    // The project is open and its first samples are listed.
    void projectOpened(const QString& path);
    void projectFailed(const QString& message);

private:
    QWidget* createReviewPage();
    void createActions();
    void createMenus();
    void connectProbe(); // the device probe's answers: the status bar, the generation panel
    void connectParts();
    void connectBatch();
    void connectEvaluation();
    void createBatchActions();
    void connectProfiler();
    // The filter bar over the sample list (Ctrl+F) and the Provenance tab: main_window_find.cpp.
    QWidget* createSamplePane();
    void connectFindAndProvenance();
    void retranslateUi();
    void changeEvent(QEvent* event) override;
    // An edited draft copy is saved or discarded (asked) before the window closes.
    void closeEvent(QCloseEvent* event) override;
    // Hands the worker the settings choose (this machine or an ssh host, the GPU) to every job
    // that makes one: the probe, verification and generation. A host that cannot be used keeps
    // the jobs' worker as it was; returns the sentence saying why, or empty.
    QString applyWorkerSettings();
    // The layout of the last session (geometry, splitters, the list's columns), or the
    // default one: the editor gets the room, the lower panels a strip under it.
    void restoreLayout();
    void saveLayout() const;
    // Shows the verification and generation panels when they are collapsed, or collapses them.
    void setLowerPanelsShown(bool shown);
    bool lowerPanelsShown() const;

    ProjectSession* m_session = nullptr;
    TaskBrowser* m_taskBrowser = nullptr;
    SampleListModel* m_sampleModel = nullptr;
    SampleListView* m_sampleList = nullptr;
    SampleFilterBar* m_filterBar = nullptr;
    ProvenanceView* m_provenanceView = nullptr;
    QTabWidget* m_views = nullptr;
    QTabWidget* m_editorArea = nullptr;
    QTabWidget* m_lowerArea = nullptr;
    QSplitter* m_mainSplit = nullptr;   // tasks | samples | editors
    QSplitter* m_editorSplit = nullptr; // editors over the lower panels
    CodeEditor* m_kernelEditor = nullptr;
    CodeEditor* m_promptEditor = nullptr;
    CompareView* m_compareView = nullptr;
    TaskPane* m_taskPane = nullptr;
    VerificationPanel* m_verificationPanel = nullptr;
    GenerationPanel* m_generationPanel = nullptr;
    ReviewBar* m_reviewBar = nullptr;
    DatasetView* m_datasetView = nullptr;
    EvaluationView* m_evaluationView = nullptr;
    GpuStatusLabel* m_gpuStatus = nullptr;
    NoticeBar* m_notices = nullptr; // problems that stay until dismissed
    DeviceProbe* m_probe = nullptr;
    VerificationJob* m_verificationJob = nullptr;
    BatchVerification* m_batch = nullptr;
    BatchProgressBar* m_batchBar = nullptr;
    QTimer* m_batchRefresh = nullptr; // counts and charts follow a batch, at most this often
    ReviewController* m_review = nullptr;
    SampleActions* m_actions = nullptr;
    PromptActions* m_promptActions = nullptr;
    ProfileActions* m_profiler = nullptr;
    EvaluationActions* m_evalActions = nullptr;
    QString m_pendingOpen; // the project asked for, until its list arrives

    QMenu* m_fileMenu = nullptr;
    QMenu* m_sampleMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    ProjectActions* m_projectActions = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QAction* m_welcomeAction = nullptr;
    QList<QAction*> m_helpTopicActions; // README sections, in kHelpTopics order
    QAction* m_exportAction = nullptr;
    QAction* m_exportSelectionAction = nullptr;
    QAction* m_settingsAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_verifyAction = nullptr;
    QAction* m_verifySelectedAction = nullptr;
    QAction* m_verifyUnverifiedAction = nullptr;
    QAction* m_cancelBatchAction = nullptr;
    QAction* m_profileAction = nullptr;
    QAction* m_editCopyAction = nullptr;
    QAction* m_saveCopyAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_generateAction = nullptr;
    QAction* m_reviewViewAction = nullptr;
    QAction* m_datasetViewAction = nullptr;
    QAction* m_evaluationViewAction = nullptr;
    QAction* m_focusTasksAction = nullptr;
    QAction* m_focusSamplesAction = nullptr;
    QAction* m_focusEditorAction = nullptr;
    QAction* m_focusVerificationAction = nullptr;
    QAction* m_togglePanelsAction = nullptr;
    QAction* m_aboutAction = nullptr;
};

} // namespace kwb::ui
