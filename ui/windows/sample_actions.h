#pragma once
// What the reviewer does to the current sample besides judging it: Verify (F5) runs the
// verification of its exact source through the worker and stores the record in the project;
// "Edit a copy" turns the read-only kernel editor into a draft whose Save (Ctrl+S) adds a
// person-written child sample; Compare (Ctrl+D) shows two selected samples, or a sample and
// its parent, side by side.
//
// UI thread only; store calls go through the ProjectSession, verification through the
// VerificationJob (its own thread and worker process).
#include <memory>

#include <QObject>
#include <QString>

#include "core/model/sample.h"

namespace kwb {
class VerificationRecord;
}

namespace kwb::ui {

class CodeEditor;
class DiffView;
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
        DiffView* diff = nullptr;
    };

    SampleActions(const Parts& parts, QObject* parent = nullptr);

    // F5: verifies the current sample (or the draft copy, which is not stored).
    void verifyCurrent();
    // The sample the running verification belongs to; 0 for a draft or none.
    qint64 verifyingSampleId() const { return m_verifying; }
    // Starts a draft copy of the current sample in the kernel editor.
    void editCopy();
    bool isEditingCopy() const { return m_copyOf != 0; }
    // Stores the draft as a person-written child sample; it becomes current.
    void saveCopy();
    // Two selected samples, or the current one and its parent, in the Compare tab.
    void compare();

signals:
    // The verification's record is in the project (sample id, record).
    void verificationStored(qint64 sampleId);
    // A draft copy was stored as sample `id`.
    void copySaved(qint64 id);
    // The Compare tab has two samples.
    void compareShown();
    void message(const QString& text);

private:
    void storeRecord(qint64 sampleId, std::shared_ptr<const VerificationRecord> record);

    Parts m_parts;
    qint64 m_verifying = 0;
    qint64 m_copyOf = 0; // the parent of the draft in the editor; 0: no draft
};

} // namespace kwb::ui
