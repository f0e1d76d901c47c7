#pragma once
// The review workflow over the open project: it fills the task browser (counts from the
// store's statistics, levels and families from the task suite), loads the sample list of the
// chosen task page by page, shows the current sample in the editors (read-only) and its latest
// verification in the panel, and turns the review bar's requests into store writes: verdicts
// (on every selected sample; accepting a sample whose latest verification failed, flagged it or
// never ran it on a GPU asks first, see AcceptCheck), next and previous unreviewed (J/K, in
// the store's queue order),
// undo of the last verdict, and the "Reviewed n of m" progress.
//
// It owns no widgets; the window hands it the parts. Every store call goes through the
// ProjectSession (the store thread); answers for a sample or list that is no longer current
// are dropped (generation counters). UI thread only.
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <QObject>
#include <QPointer>
#include <QString>

#include "core/model/sample.h"
#include "core/model/task.h"
#include "core/store/sample_query.h"
#include "ui/models/verification_standing.h"
#include "ui/widgets/review_bar.h"

namespace kwb::ui {

class CodeEditor;
class ProjectSession;
class SampleListModel;
class SampleFilterBar;
class SampleListView;
class TaskBrowser;
class TaskPane;
class VerificationPanel;

class ReviewController final : public QObject {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        TaskBrowser* tasks = nullptr;
        SampleListView* list = nullptr;
        CodeEditor* kernelEditor = nullptr;
        CodeEditor* promptEditor = nullptr;
        ReviewBar* reviewBar = nullptr;
        VerificationPanel* verificationPanel = nullptr;
        TaskPane* taskPane = nullptr;         // optional
        SampleFilterBar* filterBar = nullptr; // optional: narrows the list
    };

    ReviewController(const Parts& parts, QObject* parent = nullptr);

    // The sample the editors show (null before the first one arrives).
    std::shared_ptr<const Sample> currentSample() const { return m_sample; }
    qint64 currentSampleId() const { return m_sample ? m_sample->id : 0; }
    // The task the list shows; empty: all tasks.
    QString scope() const { return m_scope; }
    // Task specs of the suite by id (level, family, title), once loaded.
    const std::map<std::string, Task>& suiteTasks() const { return m_suite; }

    // Loads the sample into the editors and the panel (after the leave guard agrees).
    void showSample(qint64 id);
    // Asked before the editors load sample `target`: it calls `proceed` (now, or later after
    // asking the user), or `cancelled` when the editors are to stay where they are, or neither
    // (nothing to load). SampleActions sets it so that a draft copy is never dropped silently.
    using LeaveGuard = std::function<void(qint64 target, std::function<void()> proceed,
                                          std::function<void()> cancelled)>;
    void setLeaveGuard(LeaveGuard guard) { m_leaveGuard = std::move(guard); }
    // Reloads task counts, the list and the progress (after an import, a generation, ...).
    void refreshAll();
    void refreshCounts();
    void reloadList();
    void setScope(const QString& taskId);
    // Lists these samples alone (an evaluation cell's answers), under `caption`, until a task
    // is chosen in the browser; the first becomes current.
    void showSampleSet(const QList<qint64>& ids, const QString& caption);
    // The samples the list is limited to (empty: the task scope alone).
    const std::vector<std::int64_t>& sampleSet() const { return m_sampleSet; }
    // The review bar's requests, also callable directly. Accept may ask first (acceptQuestion).
    void castVerdict(ReviewBar::Verdict verdict, const QString& note, const QStringList& tags);
    // The open "Accept anyway?" question, or null.
    QWidget* acceptQuestion() const;
    void nextUnreviewed();
    void previousUnreviewed();
    void undoLastVerdict();
    // A sample's status changed elsewhere (a verification was stored): the row follows.
    void updateSampleStatus(qint64 id, const SampleStatus& status);
    // A verification of the sample was stored: its row, and the review bar when it is current.
    void updateVerification(qint64 id, const SampleStatus& status, const RecordPtr& record);
    // The same for a record a batch stored: the verification panel shows it too when the sample
    // is current and the panel is not following a verification of its own.
    void showStoredVerification(qint64 id, const SampleStatus& status, const RecordPtr& record);

signals:
    // The editors show this sample (benchmarks and tests wait for it).
    void sampleShown(qint64 id);
    // The first page of a new list arrived.
    void listLoaded(qint64 total);
    // The task browser has the project's counts.
    void tasksLoaded();
    // A verification of the sample was stored (its row follows).
    void verificationStored(qint64 id);
    // A verdict or an undo was stored (ids in order).
    void reviewsStored(const QList<qint64>& ids);
    // The reviewer answered "Accept anyway?" with Cancel: nothing was stored.
    void acceptDeclined(const QList<qint64>& ids);
    // The queue has nothing after the current sample.
    void queueFinished();
    // Something to tell the user in the status bar.
    void message(const QString& text);

private:
    struct UndoEntry {
        QList<qint64> ids;
    };
    void loadSuite();
    void loadPage(quint64 generation, int page);
    void refreshProgress();
    // J and K: the queue's next or previous unreviewed sample, round past its ends.
    void stepInQueue(bool forward);
    void loadSample(qint64 id);
    void storeVerdicts(const QList<qint64>& ids, Verdict v, const QString& note,
                       const QStringList& tags);
    void afterVerdicts(const QList<qint64>& ids, const std::vector<Review>& reviews, bool undo);
    QueueFilter queueFilter() const;
    SampleFilter listFilter() const;

    Parts m_parts;
    SampleListModel* m_model = nullptr;
    std::shared_ptr<const Sample> m_sample;
    QString m_scope;
    std::vector<std::int64_t> m_sampleSet;
    quint64 m_sampleGeneration = 0;
    quint64 m_listGeneration = 0;
    quint64 m_verdictGeneration = 0; // a newer verdict request drops an older accept check
    QPointer<QWidget> m_acceptQuestion;
    std::map<std::string, Task> m_suite;
    bool m_suiteLoaded = false;
    std::vector<UndoEntry> m_undo;   // verdict batches of this session, newest last
    bool m_selectFirstOnLoad = true; // a new list selects its first row
    LeaveGuard m_leaveGuard;
};

} // namespace kwb::ui
