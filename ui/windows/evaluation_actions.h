#pragma once
// The Evaluation menu: "New evaluation run…" (Ctrl+Shift+R) picks a plan and starts it through
// EvalRunJob (core's EvalLaunch and EvalRun, as `kwb eval run` runs it), "Cancel the evaluation
// run", and "Skill editor…" (Ctrl+Shift+K). While a run goes, the status bar (statusWidget())
// shows its cells, answers, compiled and correct counts, the time left and Cancel; the
// Evaluation view follows the run (its runs list and report are read again every two seconds
// while cells finish, and once at the end). A plan that cannot be read, or a run that cannot
// start, is reported with the file, line and reason (problem()).
//
// UI thread only; store reads go through the view's ProjectSession lanes, the run through its
// job thread.
#include <memory>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "ui/models/eval_run_job.h"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QTimer;
class QWidget;

namespace kwb::ui {

class EvaluationView;
class ProjectSession;
class ReviewController;
class SkillEditor;

class EvaluationActions final : public QObject {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        EvaluationView* view = nullptr;
        ReviewController* review = nullptr; // the current task, for the skill editor
    };

    // window: parents the dialogs and the status widget.
    EvaluationActions(const Parts& parts, QWidget* window);

    QMenu* menu() const { return m_menu; }
    QAction* newRunAction() const { return m_newRun; }
    QAction* cancelRunAction() const { return m_cancelRun; }
    QAction* skillEditorAction() const { return m_skillEditorAction; }
    QWidget* statusWidget() const { return m_status; }
    EvalRunJob* job() const { return m_job; }
    // The skill editor (created on first use).
    SkillEditor* skillEditor();

    // Asks for a plan (window-modal) and starts it.
    void newRun();
    // Starts the plan at `planPath` in the open project; false when a run is going or starting,
    // or no project is open (message() says so). The run itself starts once the plan's keys are
    // read from the keychain, without waiting here (job()->started()); Cancel before that drops
    // it.
    bool startPlan(const QString& planPath, int concurrency = 0);
    void cancel();
    void showSkillEditor();
    void retranslateUi();

signals:
    void message(const QString& text);
    // A problem that stays on screen until read: the plan's problems, a run that cannot start.
    void problem(const QString& text);

private:
    void showProgress();
    void onFinished(const QString& text);
    void showIdle(); // no run going or starting: the status hidden, New run offered again
    // Reads the providers' keys from the keychain one after the other, then starts the run;
    // nothing when Cancel came meanwhile (the ticket moved on).
    void readKeysThenStart(std::shared_ptr<EvalRunJob::Request> request,
                           std::vector<std::string> providers, int ticket);

    Parts m_parts;
    QWidget* m_window = nullptr;
    EvalRunJob* m_job = nullptr;
    QMenu* m_menu = nullptr;
    QAction* m_newRun = nullptr;
    QAction* m_cancelRun = nullptr;
    QAction* m_skillEditorAction = nullptr;
    QWidget* m_status = nullptr;
    QLabel* m_statusText = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QTimer* m_refresh = nullptr;
    SkillEditor* m_skillEditor = nullptr;
    QString m_lastPlan;
    int m_lastConcurrency = 0;
    bool m_starting = false; // from startPlan() until the job starts: the keys on their way
    int m_startTicket = 0;
};

} // namespace kwb::ui
