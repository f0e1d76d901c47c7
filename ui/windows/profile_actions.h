#pragma once
// Profile (Ctrl+Shift+P): profiles the current stored sample as `kwb samples profile` does (core's
// verifySample with the profile option: one call of the candidate and one of the baseline under
// Nsight Compute, clocks left as they are) on a job thread of its own, keeps the record with the
// project's addProfile (the sample's verdict and speedup stay those of its verifications), and
// shows the sample's latest profile in the Profile tab and its hot lines in the kernel editor's
// margin. Progress and Cancel live in the status bar (statusWidget()). Where the worker is this
// machine and ncu is not found, it says what is missing and how to install it instead of
// starting.
//
// UI thread only; store calls go through the ProjectSession.
#include <QObject>
#include <QString>

#include "ui/models/verification_standing.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QWidget;

namespace kwb::ui {

class CodeEditor;
class ProfileView;
class ProjectSession;
class ReviewController;
class VerificationJob;
struct VerificationEvent;

class ProfileActions final : public QObject {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        ReviewController* review = nullptr;
        CodeEditor* kernelEditor = nullptr;
        ProfileView* view = nullptr;
    };

    // statusParent: the window whose status bar takes statusWidget().
    ProfileActions(const Parts& parts, QWidget* statusParent, QObject* parent = nullptr);

    // The job that profiles (its worker endpoint is the window's, as for verification).
    VerificationJob* job() const { return m_job; }
    // What the status bar shows while a profile runs: what runs, a busy bar and Cancel.
    QWidget* statusWidget() const { return m_status; }
    // Profiles the current sample; says why not where it cannot (none selected, a draft, ncu
    // missing here).
    void profileCurrent();
    void cancel();
    bool isRunning() const;
    // The sample the running profile belongs to; 0 when none runs.
    qint64 profilingSampleId() const { return m_profiling; }
    // Loads the sample's latest stored profile into the tab and the editor's margin.
    void showProfileOf(qint64 sampleId);
    void retranslateUi();

signals:
    // A sentence for the status bar.
    void message(const QString& text);
    // A problem that should stay on screen until read (ncu missing).
    void problem(const QString& text);
    void profilingStarted(qint64 sampleId);
    // The profile of the sample is in the project.
    void profileStored(qint64 sampleId);
    // The profile of the sample is shown (or the empty state, when it has none).
    void profileShown(qint64 sampleId);

private:
    void start(qint64 sampleId);
    void onFinished(const RecordPtr& record);
    void onFailed(const QString& code, const QString& message);
    void onProgress(const VerificationEvent& event);
    void endRun();
    void display(qint64 sampleId, const RecordPtr& record);

    Parts m_parts;
    VerificationJob* m_job = nullptr;
    qint64 m_profiling = 0;
    quint64 m_loadGeneration = 0;
    QWidget* m_status = nullptr;
    QLabel* m_statusText = nullptr;
    QProgressBar* m_statusBar = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace kwb::ui
