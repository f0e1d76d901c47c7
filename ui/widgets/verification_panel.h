#pragma once
// The verification of the selected sample: a banner that says in one sentence how it ended
// (or what is running), the stages (build → correctness → benchmark) with live progress and a
// Cancel button, and tabs for the per-shape table, the charts, the build (ptxas resources and
// the compiler's problems, which jump to the editor), the host-code screen's findings (which
// jump to the editor too), the sample's latest profile (ProfileView), the log and the worker's
// raw output. A suspected hack and a pass
// with screening findings have banners of their own, apart from plain failures.
//
// It observes a VerificationJob (attach()) and shows records (showRecord()); it never runs
// anything itself. UI thread only.
#include <memory>

#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QWidget>

#include "ui/models/verification_job.h"
#include "ui/models/verification_standing.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;

namespace kwb::ui {

class BuildReportView;
class ChartWidget;
class ScreeningList;
class DiagnosticsModel;
class ProfileView;
class ShapeResultsModel;

class VerificationPanel final : public QWidget {
    Q_OBJECT

public:
    enum class Stage { Build, Correctness, Benchmark };
    enum class StageState { NotRun, Running, Passed, Failed, Skipped, Cancelled };
    // How the banner reads: nothing yet, running, passed, passed but needs a human (screening
    // findings), failed, a suspected hack, compile-only, worker error, cancelled.
    enum class Outcome {
        None,
        Running,
        Passed,
        NeedsHuman,
        Failed,
        SuspectedHack,
        CompileOnly,
        Error,
        Cancelled
    };
    enum class Chart { SpeedupPerShape, TimingDistribution, Roofline };

    explicit VerificationPanel(QWidget* parent = nullptr);
    ~VerificationPanel() override;

    // Follows a job's signals from now on; Cancel cancels it. The job must outlive the panel
    // or be detached by destruction (Qt disconnects).
    void attach(VerificationJob* job);
    // Shows a finished record (a stored one, or the job's).
    void showRecord(kwb::ui::RecordPtr record);
    // Back to "not run" everywhere.
    void clear();

    StageState stageState(Stage stage) const;
    Outcome outcome() const { return m_outcome; }
    QString bannerText() const;
    QString logText() const;
    QString rawOutput() const;
    bool isBusy() const { return m_outcome == Outcome::Running; }
    RecordPtr record() const { return m_record; }
    ScreeningList* screeningList() const { return m_screening; }
    ShapeResultsModel* shapeModel() const { return m_shapeModel; }
    DiagnosticsModel* diagnosticsModel() const;
    ChartWidget* chartWidget() const { return m_chart; }
    // The Profile tab; its records come from the owner, apart from the verification's.
    ProfileView* profileView() const { return m_profile; }
    void showProfileTab();
    void showChart(Chart chart);

signals:
    // The user picked a compiler problem: the owner moves the editor there (1-based).
    void diagnosticActivated(int line, int column);
    // A record was shown; its diagnostics are what the editor should mark.
    void recordShown(kwb::ui::RecordPtr record);
    // The user picked a screening finding: the owner moves the editor to its line (1-based).
    void findingActivated(int line);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onStarted(quint64 generation);
    void onProgress(const QList<VerificationEvent>& events);
    void onFailed(const QString& code, const QString& message);
    void setStage(Stage stage, StageState state);
    void setStagesFromRecord(bool anyTimed);
    QString passedText() const;
    QString screeningNote() const;
    void appendLog(const QString& line);
    void refreshChart();
    void renderBanner();
    void renderStages();
    void renderScreeningTab();
    void retranslateUi();
    QString stageName(Stage stage) const;
    QString stateName(StageState state) const;

    VerificationJob* m_job = nullptr;
    RecordPtr m_record;
    StageState m_states[3] = {StageState::NotRun, StageState::NotRun, StageState::NotRun};
    Outcome m_outcome = Outcome::None;
    QString m_errorCode;
    QString m_errorMessage;
    QString m_activity; // what runs now: "correctness: odd, trial 1 of 2"
    int m_shapesExpected = 0;
    int m_shapesDone = 0;
    qint64 m_calls = 0;
    QElapsedTimer m_clock;

    QLabel* m_banner = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QListWidget* m_stages = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_shapes = nullptr;
    ShapeResultsModel* m_shapeModel = nullptr;
    QWidget* m_chartPage = nullptr;
    QComboBox* m_chartKind = nullptr;
    QPushButton* m_saveChart = nullptr;
    ChartWidget* m_chart = nullptr;
    BuildReportView* m_buildPage = nullptr;
    ScreeningList* m_screening = nullptr;
    ProfileView* m_profile = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QPlainTextEdit* m_raw = nullptr;
};

} // namespace kwb::ui
