#pragma once
// The workbench's main window: task browser on the left, kernel and prompt editors (and the
// Compare tab) above the verification panel on the right, the review bar below them, the GPU in
// the status bar. It composes the panels and reacts; the GPU probe and verifications run on
// their own threads.
#include <memory>

#include <QMainWindow>

#include "core/model/device_info.h"

class QAction;
class QMenu;
class QTabWidget;

namespace kwb::ui {

class CodeEditor;
class DeviceProbe;
class DiffView;
class GpuStatusLabel;
class ReviewBar;
class TaskBrowser;
class VerificationJob;
class VerificationPanel;

class MainWindow final : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // True once the GPU probe has answered or failed.
    bool isDeviceProbeSettled() const;
    // What the worker reported, or null while probing or after a failure.
    std::shared_ptr<const DeviceInfo> deviceInfo() const;
    // Opens Help › About (window-modal, does not block the event loop).
    void showAbout();
    // The verification runner the panel follows; starting it shows progress in the panel and,
    // when it ends, the compiler's diagnostics in the kernel editor.
    VerificationJob* verificationJob() const { return m_verificationJob; }
    // Shows two sources side by side in the Compare tab.
    void showDiff(const QString& leftTitle, const QString& leftText, const QString& rightTitle,
                  const QString& rightText);

signals:
    // The GPU label has its final text: a device, or compile-only.
    void deviceProbeSettled();

private:
    void createMenus();
    void retranslateUi();
    void changeEvent(QEvent* event) override;

    TaskBrowser* m_taskBrowser = nullptr;
    QTabWidget* m_editorArea = nullptr;
    CodeEditor* m_kernelEditor = nullptr;
    CodeEditor* m_promptEditor = nullptr;
    DiffView* m_diffView = nullptr;
    VerificationPanel* m_verificationPanel = nullptr;
    ReviewBar* m_reviewBar = nullptr;
    GpuStatusLabel* m_gpuStatus = nullptr;
    DeviceProbe* m_probe = nullptr;
    VerificationJob* m_verificationJob = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_focusTasksAction = nullptr;
    QAction* m_focusEditorAction = nullptr;
    QAction* m_focusVerificationAction = nullptr;
    QAction* m_aboutAction = nullptr;
};

} // namespace kwb::ui
