#pragma once
// What the reviewer does to the current sample besides judging it: Verify (F5) runs the
// verification of its exact source through the worker and stores the record in the project;
// "Edit a copy" turns the read-only kernel editor into a draft whose Save (Ctrl+S) adds a
// person-written child sample (a draft that differs from its parent is never dropped silently:
// leaving it asks Save / Discard / Cancel first); Compare (Ctrl+D) shows 2 to 8 selected samples of
// one task, or a sample and its parent, or a sample's verifications, in the Compare tab. "Verify
// selected" and "Verify all unverified" run the samples through the verification queue
// (BatchVerification); each record lands in the list, the review bar and (for the current sample)
// the verification panel as it arrives.
//
// UI thread only; store calls go through the ProjectSession, verification through the
// VerificationJob (its own thread and worker process).
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <QObject>
#include <QPointer>
#include <QString>

#include "core/model/sample.h"
#include "ui/models/compare_set.h"
#include "ui/models/verification_standing.h"

namespace kwb::ui {

class BatchVerification;
class CodeEditor;
class CompareView;
class ProjectSession;
class ReviewController;
class SampleListView;
class VerificationJob;

class SampleActions final : public QObject {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        ReviewController* review = nullptr;
        SampleListView* list = nullptr;
        CodeEditor* kernelEditor = nullptr;
        VerificationJob* job = nullptr;
        CompareView* compare = nullptr;
        BatchVerification* batch = nullptr; // optional: no batch verification without it
    };

    SampleActions(const Parts& parts, QObject* parent = nullptr);

    // F5: verifies the current sample (or the draft copy, which is not stored).
    void verifyCurrent();
    // The selected samples (or the current one) through the verification queue; those verified
    // alike already are skipped and counted.
    void verifySelected();
    // Every sample of the list's scope (a task, or all) that has no verification yet.
    void verifyAllUnverified();
    // The device the window's worker reported, for "verified alike" (the batch asks the worker
    // itself while it returns nothing).
    void setDeviceNameSource(std::function<std::optional<std::string>()> source) {
        m_deviceName = std::move(source);
    }
    // The sample the running verification belongs to; 0 for a draft or none.
    qint64 verifyingSampleId() const { return m_verifying; }
    // Starts a draft copy of the current sample in the kernel editor.
    void editCopy();
    bool isEditingCopy() const { return m_copyOf != 0; }
    // Whether the draft differs from the sample it copies (leaving would lose work).
    bool hasUnsavedDraft() const;
    // Ends the draft, then calls `proceed`: at once when nothing would be lost; otherwise after
    // the question (window-modal, keyboard: Enter saves, D or Alt+D discards, Escape cancels): Save
    // stores the draft first and proceeds once it is stored, Discard drops it, Cancel keeps it
    // and calls `cancelled`.
    void endDraft(std::function<void()> proceed, std::function<void()> cancelled = {});
    // The open Save / Discard / Cancel question, or null.
    QWidget* draftQuestion() const;
    // Stores the draft as a person-written child sample; it becomes current.
    void saveCopy();
    // 2 to 8 selected samples of one task, or the current one and its parent (with its
    // verifications), in the Compare tab; more samples, or samples of several tasks, are
    // refused with a message and nothing is shown.
    void compare();

signals:
    // The verification's record is in the project (sample id, record).
    void verificationStored(qint64 sampleId);
    // A draft copy was stored as sample `id`.
    void copySaved(qint64 id);
    // The Compare tab shows what compare() read.
    void compareShown();
    void message(const QString& text);

private:
    void storeRecord(qint64 sampleId, const RecordPtr& record);
    void startBatch(const QList<qint64>& ids);
    // Shows what compare() read, or says why it is not shown (several tasks, nothing to compare).
    void showComparison(const CompareSet& set, qint64 currentId);
    void askAboutDraft();
    void saveCopyThen(std::function<void()> after, std::function<void()> failed);

    Parts m_parts;
    std::function<std::optional<std::string>()> m_deviceName;
    qint64 m_verifying = 0;
    qint64 m_copyOf = 0;  // the parent of the draft in the editor; 0: no draft
    QString m_copySource; // the parent's source, to tell an edited draft from an untouched one
    // The question while it is open, and what its answer continues with (the latest request).
    QPointer<QWidget> m_question;
    std::function<void()> m_afterDraft;
    std::function<void()> m_draftKept;
};

} // namespace kwb::ui
