#include "ui/windows/review_controller.h"

#include <algorithm>

#include <QMessageBox>

#include "core/generate/prompt_builder.h"
#include "core/store/project_store.h"
#include "core/store/screening_counts.h"
#include "core/tasks/task_loader.h"
#include "ui/models/project_session.h"
#include "ui/models/sample_list_model.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/sample_filter_bar.h"
#include "ui/widgets/sample_list_view.h"
#include "ui/widgets/task_browser.h"
#include "ui/widgets/task_pane.h"
#include "ui/widgets/verification_panel.h"
#include "ui/windows/accept_check.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

Verdict storeVerdict(ReviewBar::Verdict v) {
    switch (v) {
    case ReviewBar::Verdict::Accept:
        return Verdict::Accepted;
    case ReviewBar::Verdict::Reject:
        return Verdict::Rejected;
    case ReviewBar::Verdict::NeedsWork:
        return Verdict::NeedsWork;
    }
    return Verdict::Unreviewed;
}

// What the editors and the panel need about one sample, read in one store visit.
struct SampleView {
    std::shared_ptr<const Sample> sample;
    std::shared_ptr<const Task> task; // the spec stored with the sample; null if unreadable
    QString note;
    QStringList tags;
    RecordPtr record;
};

// A page of the list, which of its samples are repair turns, and how many screening findings
// each verified one has.
struct ListPage {
    SamplePage page;
    std::map<std::int64_t, RepairLink> repairs;
    std::map<std::int64_t, std::optional<int>> findings;
};

Result<ListPage> readPage(ProjectStore& store, const SampleFilter& filter,
                          const PageRequest& request) {
    auto page = store.listSamples(filter, request);
    if (!page)
        return page.error();
    std::vector<std::int64_t> generated, verified;
    for (const SampleSummary& row : page->rows) {
        if (row.origin == SampleOrigin::Model)
            generated.push_back(row.id);
        if (!row.status.verificationId.empty())
            verified.push_back(row.id);
    }
    auto repairs = store.repairLinks(generated);
    if (!repairs)
        return repairs.error();
    auto findings = latestScreeningFindings(store, verified);
    if (!findings)
        return findings.error();
    return ListPage{std::move(*page), std::move(*repairs), std::move(*findings)};
}

struct Progress {
    std::int64_t total = 0;
    std::int64_t unreviewed = 0;
};

} // namespace

ReviewController::ReviewController(const Parts& parts, QObject* parent)
    : QObject(parent), m_parts(parts), m_model(parts.list->model()) {
    ReviewBar* bar = m_parts.reviewBar;
    connect(bar, &ReviewBar::verdictRequested, this, &ReviewController::castVerdict);
    connect(bar, &ReviewBar::nextRequested, this, &ReviewController::nextUnreviewed);
    connect(bar, &ReviewBar::previousRequested, this, &ReviewController::previousUnreviewed);
    connect(bar, &ReviewBar::undoRequested, this, &ReviewController::undoLastVerdict);
    connect(m_parts.tasks, &TaskBrowser::currentTaskChanged, this, &ReviewController::setScope);
    // The prompt is edited as a copy: the sample keeps the messages it was generated from.
    connect(m_parts.promptEditor, &CodeEditor::editCopyRequested, this, [this] {
        m_parts.promptEditor->setReadOnly(false);
        m_parts.promptEditor->setFocus(Qt::OtherFocusReason);
        emit message(tr("Editing a copy of the prompt; the sample keeps its own."));
    });
    connect(m_parts.list, &SampleListView::currentSampleChanged, this,
            [this](qint64 id) { showSample(id); });
    connect(m_model, &SampleListModel::pageRequested, this, &ReviewController::loadPage);
    connect(m_model, &SampleListModel::orderChanged, this, [this] { reloadList(); });
    if (m_parts.filterBar) // a new find shows its first match
        connect(m_parts.filterBar, &SampleFilterBar::filterChanged, this, [this] {
            m_selectFirstOnLoad = true;
            reloadList();
        });
    connect(m_parts.session, &ProjectSession::opened, this, [this] {
        // Another project: an accept question about the old one's samples is moot.
        ++m_verdictGeneration;
        if (m_acceptQuestion) {
            m_acceptQuestion->disconnect(this);
            m_acceptQuestion->deleteLater();
        }
        m_undo.clear();
        m_parts.reviewBar->setUndoAvailable(false);
        m_selectFirstOnLoad = true;
        refreshAll();
    });
}

void ReviewController::refreshAll() {
    if (m_parts.filterBar)
        m_parts.filterBar->refreshChoices();
    loadSuite();
    refreshCounts();
    reloadList();
}

void ReviewController::loadSuite() {
    if (m_suiteLoaded)
        return;
    // The task suite is read once, on the store thread (two dozen small files).
    m_parts.session->runBackground(
        this,
        [](ProjectStore&) -> Result<std::vector<Task>> {
            auto dir = builtinTaskDirectory();
            if (!dir)
                return dir.error();
            return loadTaskFolder(*dir).tasks;
        },
        [this](const Result<std::vector<Task>>& tasks) {
            m_suiteLoaded = true;
            if (!tasks)
                return;
            for (const Task& t : *tasks)
                m_suite[t.id] = t;
            refreshCounts();
        });
}

void ReviewController::refreshCounts() {
    m_parts.session->runBackground(
        this, [](ProjectStore& store) { return store.statsByTask(); },
        [this](const Result<std::vector<GroupStats>>& stats) {
            if (!stats) {
                emit message(tr("Cannot read the task counts: %1").arg(qs(stats.error().message)));
                return;
            }
            std::vector<TaskRow> rows;
            std::map<std::string, bool> listed;
            for (const GroupStats& g : *stats) {
                TaskRow row{qs(g.key), {}, 0, {}, g.samples, g.verified, g.accepted};
                if (auto it = m_suite.find(g.key); it != m_suite.end()) {
                    row.title = qs(it->second.title);
                    row.level = it->second.level;
                    row.family = qs(it->second.family);
                }
                listed[g.key] = true;
                rows.push_back(row);
            }
            // Suite tasks without samples are listed too: they can be generated for.
            for (const auto& [id, task] : m_suite) {
                if (!listed.count(id))
                    rows.push_back({qs(id), qs(task.title), task.level, qs(task.family), 0, 0, 0});
            }
            m_parts.tasks->setTaskRows(rows);
            emit tasksLoaded();
        });
}

SampleFilter ReviewController::listFilter() const {
    SampleFilter filter;
    filter.ids = m_sampleSet;
    if (!m_scope.isEmpty())
        filter.tasks.push_back(m_scope.toStdString());
    return m_parts.filterBar ? m_parts.filterBar->narrow(filter) : filter;
}

QueueFilter ReviewController::queueFilter() const {
    QueueFilter filter;
    if (!m_scope.isEmpty())
        filter.tasks.push_back(m_scope.toStdString());
    return filter;
}

void ReviewController::setScope(const QString& taskId) {
    if (taskId == m_scope && m_sampleSet.empty())
        return;
    m_scope = taskId;
    m_sampleSet.clear();
    m_selectFirstOnLoad = true;
    m_parts.list->setScope(taskId);
    reloadList();
}

void ReviewController::showSampleSet(const QList<qint64>& ids, const QString& caption) {
    if (ids.isEmpty())
        return;
    m_scope.clear();
    m_sampleSet.assign(ids.begin(), ids.end());
    m_selectFirstOnLoad = true;
    m_parts.list->setScope(caption);
    reloadList();
}

void ReviewController::reloadList() {
    // The progress counts what the list holds: samples added or removed change both.
    refreshProgress();
    const quint64 generation = ++m_listGeneration;
    const SampleFilter filter = listFilter();
    PageRequest request;
    request.limit = SampleListModel::kPageSize;
    request.order = m_model->order();
    m_parts.session->run(
        this, [filter, request](ProjectStore& store) { return readPage(store, filter, request); },
        [this, generation](const Result<ListPage>& list) {
            if (generation != m_listGeneration)
                return; // a newer list was asked for
            if (!list) {
                emit message(tr("Cannot list the samples: %1").arg(qs(list.error().message)));
                return;
            }
            const SamplePage* page = &list->page;
            const quint64 g = m_model->resetQuery(page->total);
            m_model->setPage(g, 0, page->rows, list->repairs, list->findings);
            emit listLoaded(page->total);
            if (m_selectFirstOnLoad && !page->rows.empty()) {
                m_selectFirstOnLoad = false;
                m_parts.list->selectSample(page->rows.front().id);
                showSample(page->rows.front().id);
            } else if (m_sample) {
                m_parts.list->selectSample(m_sample->id);
            }
        });
}

void ReviewController::loadPage(quint64 generation, int page) {
    const SampleFilter filter = listFilter();
    PageRequest request;
    request.limit = SampleListModel::kPageSize;
    request.offset = std::int64_t(page) * SampleListModel::kPageSize;
    request.order = m_model->order();
    m_parts.session->run(
        this, [filter, request](ProjectStore& store) { return readPage(store, filter, request); },
        [this, generation, page](const Result<ListPage>& rows) {
            if (rows)
                m_model->setPage(generation, page, rows->page.rows, rows->repairs, rows->findings);
        });
}

void ReviewController::refreshProgress() {
    const SampleFilter all = listFilter();
    SampleFilter open = all;
    open.verdicts = {Verdict::Unreviewed};
    const QString scope = m_scope;
    m_parts.session->runBackground(
        this,
        [all, open](ProjectStore& store) -> Result<Progress> {
            auto total = store.countSamples(all);
            if (!total)
                return total.error();
            auto unreviewed = store.countSamples(open);
            if (!unreviewed)
                return unreviewed.error();
            return Progress{*total, *unreviewed};
        },
        [this, scope](const Result<Progress>& p) {
            if (p && scope == m_scope)
                m_parts.reviewBar->setProgress(static_cast<int>(p->total - p->unreviewed),
                                               static_cast<int>(p->total));
        });
}

void ReviewController::showSample(qint64 id) {
    if (!m_leaveGuard) {
        loadSample(id);
        return;
    }
    m_leaveGuard(
        id, [this, id] { loadSample(id); },
        [this] {
            // The editors stay: so does the list's current row.
            if (m_sample)
                m_parts.list->selectSample(m_sample->id);
        });
}

void ReviewController::loadSample(qint64 id) {
    const quint64 generation = ++m_sampleGeneration;
    m_parts.session->run(
        this,
        [id](ProjectStore& store) -> Result<SampleView> {
            auto sample = store.sample(id);
            if (!sample)
                return sample.error();
            SampleView view;
            view.sample = std::make_shared<const Sample>(std::move(*sample));
            auto history = store.reviewHistory(id);
            if (history && !history->empty() && !history->back().isUndo()) {
                view.note = qs(history->back().note);
                for (const auto& t : history->back().tags)
                    view.tags.append(qs(t));
            }
            if (auto task = store.taskSpec(view.sample->taskSpecId))
                view.task = std::make_shared<const Task>(std::move(*task));
            // A record that cannot be read leaves the panel empty; the sample still opens.
            if (auto record = storedRecord(store, id, view.sample->status.verificationId))
                view.record = *record;
            return view;
        },
        [this, generation, id](const Result<SampleView>& view) {
            if (generation != m_sampleGeneration)
                return; // the reviewer has moved on
            if (!view) {
                emit message(
                    tr("Cannot open sample #%1: %2").arg(id).arg(qs(view.error().message)));
                return;
            }
            m_sample = view->sample;
            const Sample& s = *m_sample;
            m_parts.kernelEditor->clearDiagnostics();
            m_parts.kernelEditor->setText(qs(s.source));
            m_parts.kernelEditor->setReadOnly(true);
            // Imported and demo samples carry no messages: the task's prompt is what a model
            // would be asked.
            QString prompt = qs(promptTranscript(s.messages));
            if (prompt.isEmpty() && view->task)
                prompt = qs(view->task->prompt);
            m_parts.promptEditor->setText(prompt);
            m_parts.promptEditor->setReadOnly(true);
            m_parts.promptEditor->setEditCopyOffered(!prompt.isEmpty());
            if (m_parts.taskPane)
                m_parts.taskPane->setTask(view->task);
            m_parts.reviewBar->setSample(true, view->note, view->tags);
            m_parts.reviewBar->setRecord(view->record);
            if (view->record)
                m_parts.verificationPanel->showRecord(view->record);
            else if (m_parts.verificationPanel->outcome() != VerificationPanel::Outcome::None &&
                     !m_parts.verificationPanel->isBusy())
                m_parts.verificationPanel->clear(); // only when it shows another sample's record
            m_parts.list->selectSample(s.id);
            emit sampleShown(s.id);
        });
}

void ReviewController::castVerdict(ReviewBar::Verdict verdict, const QString& note,
                                   const QStringList& tags) {
    if (!m_sample)
        return;
    if (m_acceptQuestion) {
        m_acceptQuestion->raise(); // one question at a time; it is answered first
        return;
    }
    QList<qint64> ids = m_parts.list->selectedSampleIds();
    if (!ids.contains(m_sample->id))
        ids = {m_sample->id};
    const quint64 generation = ++m_verdictGeneration;
    const Verdict v = storeVerdict(verdict);
    if (v != Verdict::Accepted) {
        storeVerdicts(ids, v, note, tags);
        return;
    }
    // Accepting reads the samples' latest records first: a failed, flagged or unverified one
    // is accepted only after the reviewer confirms.
    const std::vector<std::int64_t> idList(ids.begin(), ids.end());
    m_parts.session->run(
        this, [idList](ProjectStore& store) { return readAcceptCandidates(store, idList); },
        [this, ids, note, tags, generation](const Result<std::vector<AcceptCandidate>>& samples) {
            if (generation != m_verdictGeneration)
                return; // another verdict was asked for meanwhile
            if (!samples) {
                emit message(tr("The verdict was not saved: %1").arg(qs(samples.error().message)));
                return;
            }
            QMessageBox* box = AcceptCheck::question(*samples, m_parts.reviewBar->window());
            if (!box) {
                storeVerdicts(ids, Verdict::Accepted, note, tags);
                return;
            }
            m_acceptQuestion = box;
            // finished() also comes when the box is closed from its title bar (as Cancel).
            connect(box, &QMessageBox::finished, this, [this, box, ids, note, tags, generation] {
                if (generation != m_verdictGeneration)
                    return; // asked about another project's samples
                QAbstractButton* clicked = box->clickedButton();
                if (clicked && box->standardButton(clicked) == QMessageBox::Yes) {
                    storeVerdicts(ids, Verdict::Accepted, note, tags);
                } else {
                    emit message(tr("Not accepted: %n sample(s) stay as they were.", nullptr,
                                    int(ids.size())));
                    emit acceptDeclined(ids);
                }
            });
            box->open();
        });
}

QWidget* ReviewController::acceptQuestion() const {
    return m_acceptQuestion.data();
}

void ReviewController::storeVerdicts(const QList<qint64>& ids, Verdict v, const QString& note,
                                     const QStringList& tags) {
    const std::string reviewer = ProjectSession::reviewerName().toStdString();
    std::vector<std::string> tagList;
    for (const QString& t : tags)
        tagList.push_back(t.toStdString());
    const std::string noteText = note.toStdString();
    m_parts.session->run(
        this,
        [ids, v, reviewer, noteText, tagList](ProjectStore& store) -> Result<std::vector<Review>> {
            // One transaction: every selected sample gets the verdict, or none does.
            return store.reviewSamples(std::vector<std::int64_t>(ids.begin(), ids.end()), v,
                                       reviewer, noteText, tagList);
        },
        [this, ids](const Result<std::vector<Review>>& reviews) {
            if (!reviews) {
                emit message(tr("The verdict was not saved: %1").arg(qs(reviews.error().message)));
                return;
            }
            m_undo.push_back({ids});
            // One sample judged: on to the next, as review tools do (asked first, so that it
            // is not queued behind the counts).
            if (ids.size() == 1)
                nextUnreviewed();
            afterVerdicts(ids, *reviews, false);
        });
}

void ReviewController::afterVerdicts(const QList<qint64>& ids, const std::vector<Review>& reviews,
                                     bool undo) {
    for (const Review& r : reviews) {
        const int row = m_model->rowOfSample(r.sampleId);
        SampleStatus status;
        if (auto summary = row >= 0 ? m_model->summaryAt(row) : std::nullopt)
            status = summary->status;
        else if (m_sample && m_sample->id == r.sampleId)
            status = m_sample->status;
        status.verdict = r.verdict;
        status.reviewId = r.id;
        updateSampleStatus(r.sampleId, status);
    }
    m_parts.reviewBar->setUndoAvailable(!m_undo.empty());
    refreshProgress();
    refreshCounts();
    emit message(undo ? tr("Verdict taken back on %n sample(s)", nullptr, int(ids.size()))
                      : tr("Verdict saved on %n sample(s)", nullptr, int(ids.size())));
    emit reviewsStored(ids);
}

void ReviewController::updateVerification(qint64 id, const SampleStatus& status,
                                          const RecordPtr& record) {
    m_model->updateVerification(id, status,
                                record && record->screening
                                    ? std::optional<int>(screeningFindingCount(*record))
                                    : std::nullopt);
    updateSampleStatus(id, status);
    if (m_sample && m_sample->id == id)
        m_parts.reviewBar->setRecord(record);
    emit verificationStored(id);
}

void ReviewController::showStoredVerification(qint64 id, const SampleStatus& status,
                                              const RecordPtr& record) {
    updateVerification(id, status, record);
    if (record && m_sample && m_sample->id == id && !m_parts.verificationPanel->isBusy())
        m_parts.verificationPanel->showRecord(record);
}

void ReviewController::updateSampleStatus(qint64 id, const SampleStatus& status) {
    m_model->updateStatus(id, status);
    if (m_sample && m_sample->id == id) {
        auto copy = std::make_shared<Sample>(*m_sample);
        copy->status = status;
        m_sample = copy;
    }
}

void ReviewController::nextUnreviewed() {
    stepInQueue(true);
}

void ReviewController::previousUnreviewed() {
    stepInQueue(false);
}

void ReviewController::stepInQueue(bool forward) {
    const QueueFilter filter = queueFilter();
    std::optional<std::int64_t> from;
    if (m_sample)
        from = m_sample->id;
    m_parts.session->run(
        this,
        [filter, from, forward](ProjectStore& store) -> Result<std::optional<SampleSummary>> {
            const auto step = [&](std::optional<std::int64_t> at) {
                return forward ? store.nextInQueue(filter, at) : store.previousInQueue(filter, at);
            };
            auto next = step(from);
            // Past the end of the queue: round again from its other end, as long as something
            // other than the current sample is left.
            if (next && !next->has_value() && from) {
                auto end = step(std::nullopt);
                if (end && end->has_value() && (*end)->id != *from)
                    return end;
            }
            return next;
        },
        [this](const Result<std::optional<SampleSummary>>& next) {
            if (!next) {
                emit message(tr("Cannot find the next sample: %1").arg(qs(next.error().message)));
                return;
            }
            if (!next->has_value()) {
                emit message(tr("Nothing left to review here."));
                emit queueFinished();
                return;
            }
            showSample((*next)->id);
        });
}

void ReviewController::undoLastVerdict() {
    if (m_undo.empty()) {
        emit message(tr("No verdict to take back."));
        return;
    }
    const UndoEntry entry = m_undo.back();
    m_undo.pop_back();
    const std::string reviewer = ProjectSession::reviewerName().toStdString();
    const QList<qint64> ids = entry.ids;
    m_parts.session->run(
        this,
        [ids, reviewer](ProjectStore& store) -> Result<std::vector<Review>> {
            // One transaction: every verdict of the entry is taken back, or none is.
            return store.undoReviews(std::vector<std::int64_t>(ids.begin(), ids.end()), reviewer,
                                     reviewer);
        },
        [this, ids](const Result<std::vector<Review>>& reviews) {
            if (!reviews) {
                emit message(
                    tr("The verdict was not taken back: %1").arg(qs(reviews.error().message)));
                return;
            }
            afterVerdicts(ids, *reviews, true);
            showSample(ids.front()); // back to the sample whose verdict was taken back
        });
}

} // namespace kwb::ui
