#include "ui/windows/sample_actions.h"

#include <QMessageBox>
#include <QPushButton>
#include <QThread>
#include <algorithm>
#include <utility>

#include "core/store/project_store.h"
#include "ui/models/batch_verification.h"
#include "ui/models/project_session.h"
#include "ui/models/verification_job.h"
#include "ui/models/workbench_settings.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/compare_view.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/windows/review_controller.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

SampleActions::SampleActions(const Parts& parts, QObject* parent)
    : QObject(parent), m_parts(parts) {
    connect(m_parts.kernelEditor, &CodeEditor::editCopyRequested, this, &SampleActions::editCopy);
    // Another sample in the editor ends the draft (its text went with it): the controller asks
    // before it loads one, so an edited draft is saved or discarded first, never lost.
    connect(m_parts.review, &ReviewController::sampleShown, this, [this] { m_copyOf = 0; });
    m_parts.review->setLeaveGuard(
        [this](qint64 target, std::function<void()> proceed, std::function<void()> cancelled) {
            if (hasUnsavedDraft() && target == m_copyOf)
                return; // the draft's own parent: it is on screen already, under the draft
            endDraft(std::move(proceed), std::move(cancelled));
        });
    // Another project: the draft's parent is not in it; the question, if open, is moot.
    connect(m_parts.session, &ProjectSession::opened, this, [this] {
        if (m_parts.batch)
            m_parts.batch->cancel(); // its samples belong to the project that was open
        m_copyOf = 0;
        m_afterDraft = {};
        m_draftKept = {};
        if (m_question)
            m_question->deleteLater();
    });
    connect(m_parts.job, &VerificationJob::verifyFinished, this, [this](const RecordPtr& record) {
        const qint64 id = m_verifying;
        m_verifying = 0;
        if (id != 0 && record)
            storeRecord(id, record);
    });
    connect(m_parts.job, &VerificationJob::verifyFailed, this, [this] { m_verifying = 0; });
    if (m_parts.batch)
        connect(m_parts.batch, &BatchVerification::recordsStored, this,
                [this](const QList<BatchRecord>& records) {
                    if (m_parts.batch->projectPath() != m_parts.session->path())
                        return; // another project is open now: these rows are not its own
                    for (const BatchRecord& r : records)
                        m_parts.review->showStoredVerification(r.sampleId, r.status, r.record);
                });
}

void SampleActions::verifySelected() {
    QList<qint64> ids = m_parts.list->selectedSampleIds();
    if (ids.isEmpty() && m_parts.review->currentSampleId() != 0)
        ids = {m_parts.review->currentSampleId()};
    if (ids.isEmpty()) {
        emit message(tr("Select the samples to verify."));
        return;
    }
    startBatch(ids);
}

void SampleActions::verifyAllUnverified() {
    startBatch({});
}

void SampleActions::startBatch(const QList<qint64>& ids) {
    if (!m_parts.batch || !m_parts.session->isOpen())
        return;
    if (m_parts.batch->running()) {
        emit message(tr("A batch verification is running: cancel it (Escape) or wait for it."));
        return;
    }
    BatchVerification::Request request;
    request.projectPath = m_parts.session->path();
    request.ids = ids;
    if (const QString scope = m_parts.review->scope(); !scope.isEmpty())
        request.filter.tasks = {scope.toStdString()};
    request.filter.ids = m_parts.review->sampleSet();
    request.options = WorkbenchSettings::load().verifyOptions();
    request.endpoint = m_parts.job->workerEndpoint();
    if (m_deviceName)
        request.deviceName = m_deviceName();
    request.buildJobs = std::max(1, QThread::idealThreadCount());
    m_parts.batch->start(std::move(request));
    emit message(ids.isEmpty() ? tr("Verifying every unverified sample of the list…")
                               : tr("Verifying %n sample(s)…", nullptr, int(ids.size())));
}

void SampleActions::verifyCurrent() {
    auto sample = m_parts.review->currentSample();
    if (!sample) {
        emit message(tr("Select a sample to verify."));
        return;
    }
    const bool draft = isEditingCopy();
    // A stored sample as core reads it for every front end (the same candidate file name, so
    // the same diagnostics as `kwb samples verify`); the draft, never stored, likewise.
    const std::string draftSource = draft ? m_parts.kernelEditor->text().toStdString() : "";
    const std::int64_t specId = sample->taskSpecId;
    const qint64 id = draft ? 0 : sample->id;
    m_parts.session->run(
        this,
        [id, specId, draftSource](ProjectStore& store) -> Result<SampleVerification> {
            if (id != 0)
                return loadSampleVerification(store, id);
            auto task = store.taskSpec(specId);
            if (!task)
                return task.error();
            SampleVerification copy;
            copy.task = std::move(*task);
            copy.source = draftSource;
            return copy;
        },
        [this, id](const Result<SampleVerification>& loaded) {
            if (!loaded) {
                emit message(
                    tr("Cannot read the sample's task: %1").arg(qs(loaded.error().message)));
                return;
            }
            VerificationJob::Request request;
            request.sample = *loaded;
            request.options = WorkbenchSettings::load().verifyOptions();
            m_verifying = id;
            m_parts.job->start(std::move(request));
            emit message(id ? tr("Verifying sample #%1…").arg(id) : tr("Verifying the draft…"));
        });
}

void SampleActions::storeRecord(qint64 sampleId, const RecordPtr& record) {
    m_parts.session->run(
        this,
        [sampleId, record](ProjectStore& store) -> Result<SampleStatus> {
            auto added = store.addVerification(sampleId, *record);
            if (!added)
                return added.error();
            auto sample = store.sample(sampleId);
            if (!sample)
                return sample.error();
            return sample->status;
        },
        [this, sampleId, record](const Result<SampleStatus>& status) {
            if (!status) {
                emit message(tr("The verification of #%1 was not stored: %2")
                                 .arg(sampleId)
                                 .arg(qs(status.error().message)));
                return;
            }
            m_parts.review->updateVerification(sampleId, *status, record);
            m_parts.review->refreshCounts();
            emit message(tr("Verification of #%1 stored.").arg(sampleId));
            emit verificationStored(sampleId);
        });
}

void SampleActions::editCopy() {
    auto sample = m_parts.review->currentSample();
    if (!sample)
        return;
    if (m_copyOf != sample->id)
        m_copySource = qs(sample->source);
    m_copyOf = sample->id;
    m_parts.kernelEditor->setReadOnly(false);
    m_parts.kernelEditor->setFocus(Qt::OtherFocusReason);
    emit message(tr("Editing a copy of #%1: Ctrl+S saves it as a new sample.").arg(sample->id));
}

bool SampleActions::hasUnsavedDraft() const {
    return isEditingCopy() && m_parts.kernelEditor->text() != m_copySource;
}

QWidget* SampleActions::draftQuestion() const {
    return m_question.data();
}

void SampleActions::endDraft(std::function<void()> proceed, std::function<void()> cancelled) {
    if (!hasUnsavedDraft()) {
        m_copyOf = 0; // an untouched copy holds nothing to keep
        if (proceed)
            proceed();
        return;
    }
    // One question at a time; its answer continues with the latest request.
    m_afterDraft = std::move(proceed);
    m_draftKept = std::move(cancelled);
    if (!m_question)
        askAboutDraft();
}

void SampleActions::askAboutDraft() {
    auto* box =
        new QMessageBox(QMessageBox::Warning, tr("Unsaved copy"),
                        tr("Your copy of sample #%1 has changes that are not saved.").arg(m_copyOf),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                        m_parts.kernelEditor->window());
    box->setObjectName(QStringLiteral("draftQuestion"));
    box->setInformativeText(tr("Save it as a new sample, discard it, or go back to editing it?"));
    box->button(QMessageBox::Save)->setText(tr("&Save as a new sample"));
    box->button(QMessageBox::Discard)->setText(tr("&Discard"));
    box->button(QMessageBox::Cancel)->setText(tr("&Keep editing"));
    box->setDefaultButton(QMessageBox::Save);
    box->setEscapeButton(QMessageBox::Cancel);
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_question = box;
    // finished() also comes when the box is closed from its title bar (as Cancel).
    connect(box, &QMessageBox::finished, this, [this, box] {
        QAbstractButton* clicked = box->clickedButton();
        const auto answer = clicked ? box->standardButton(clicked) : QMessageBox::Cancel;
        auto proceed = std::exchange(m_afterDraft, {});
        auto kept = std::exchange(m_draftKept, {});
        if (answer == QMessageBox::Save) {
            saveCopyThen(std::move(proceed), std::move(kept));
        } else if (answer == QMessageBox::Discard) {
            m_copyOf = 0;
            emit message(tr("The copy was discarded."));
            if (proceed)
                proceed();
        } else {
            m_parts.kernelEditor->setFocus(Qt::OtherFocusReason);
            if (kept)
                kept();
        }
    });
    box->open();
}

void SampleActions::saveCopy() {
    saveCopyThen({}, {});
}

void SampleActions::saveCopyThen(std::function<void()> after, std::function<void()> failed) {
    if (!isEditingCopy())
        return;
    const qint64 parentId = m_copyOf;
    const std::string source = m_parts.kernelEditor->text().toStdString();
    const std::string author = ProjectSession::reviewerName().toStdString();
    m_parts.session->run(
        this,
        [parentId, source, author](ProjectStore& store) -> Result<std::int64_t> {
            auto parent = store.sample(parentId);
            if (!parent)
                return parent.error();
            auto task = store.taskSpec(parent->taskSpecId);
            if (!task)
                return task.error();
            Sample child;
            child.taskId = parent->taskId;
            child.label = "edit of #" + std::to_string(parentId);
            child.origin = SampleOrigin::Person;
            child.author = author;
            child.messages = parent->messages;
            child.source = source;
            child.parentId = parentId;
            return store.addSample(*task, child);
        },
        [this, after = std::move(after),
         failed = std::move(failed)](const Result<std::int64_t>& id) {
            if (!id) {
                emit message(tr("The copy was not saved: %1").arg(qs(id.error().message)));
                if (failed)
                    failed();
                return;
            }
            m_copyOf = 0;
            m_parts.session->announceChange();
            m_parts.review->reloadList();
            m_parts.review->refreshCounts();
            m_parts.review->showSample(*id);
            emit message(tr("Saved as sample #%1.").arg(*id));
            emit copySaved(*id);
            if (after)
                after(); // what the question interrupted (another sample, closing, ...)
        });
}

void SampleActions::compare() {
    auto current = m_parts.review->currentSample();
    QList<qint64> ids = m_parts.list->selectedSampleIds();
    if (ids.size() > kMaxCompared) {
        emit message(tr("Compare takes at most %1 samples: %2 are selected.")
                         .arg(kMaxCompared)
                         .arg(ids.size()));
        return;
    }
    if (ids.size() < 2) {
        if (!current)
            return;
        ids = {current->id};
        if (current->parentId)
            ids.prepend(*current->parentId);
    }
    std::sort(ids.begin(), ids.end()); // older samples on the left
    const qint64 currentId = current ? current->id : 0;
    m_parts.session->run(
        this,
        [ids](ProjectStore& store) -> Result<CompareSet> {
            CompareSet set;
            for (qint64 id : ids) {
                CompareEntry entry;
                auto sample = store.sample(id);
                if (!sample)
                    return sample.error();
                entry.sample = std::move(*sample);
                auto records = store.verifications(id);
                if (!records)
                    return records.error();
                entry.verifications = std::move(*records);
                auto profile = store.latestProfile(id); // one row read, not every profile
                if (!profile)
                    return profile.error();
                entry.profile = std::move(*profile);
                set.append(std::move(entry));
            }
            return set;
        },
        [this, currentId](const Result<CompareSet>& set) {
            if (!set) {
                emit message(tr("Cannot compare: %1").arg(qs(set.error().message)));
                return;
            }
            showComparison(*set, currentId);
        });
}

void SampleActions::showComparison(const CompareSet& set, qint64 currentId) {
    QStringList tasks;
    for (const CompareEntry& e : set)
        if (!tasks.contains(qs(e.sample.taskId)))
            tasks.append(qs(e.sample.taskId));
    if (tasks.size() > 1) {
        emit message(tr("Compare samples of one task: the selection holds samples of %1.")
                         .arg(tasks.join(QStringLiteral(", "))));
        return;
    }
    if (set.size() < 2 && (set.isEmpty() || set.front().verifications.size() < 2)) {
        emit message(tr("Select two to eight samples of one task (Ctrl+click), or a sample with a "
                        "parent or with two verifications, to compare."));
        return;
    }
    int recordsOf = -1;
    for (int i = 0; i < set.size(); ++i)
        if (set[i].sample.id == currentId && set[i].verifications.size() >= 2)
            recordsOf = i;
    m_parts.compare->setEntries(set, recordsOf);
    m_parts.compare->showPage(set.size() >= 2 ? CompareView::Page::Source
                                              : CompareView::Page::Verifications);
    emit compareShown();
}

} // namespace kwb::ui
