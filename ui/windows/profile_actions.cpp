#include "ui/windows/profile_actions.h"

#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <algorithm>
#include <utility>

#include "core/store/project_store.h"
#include "core/sys/programs.h"
#include "core/verify/stored_sample_verification.h"
#include "ui/models/project_session.h"
#include "ui/models/verification_job.h"
#include "ui/models/workbench_settings.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/profile_view.h"
#include "ui/windows/review_controller.h"

namespace kwb::ui {

namespace {

// The full section set replays each kernel some forty times: a large GEMM takes tens of
// seconds a side (README, "Why is it slow").
constexpr int kProfileTimeoutSeconds = 600;
constexpr int kProfileIdleSeconds = 300;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

ProfileActions::ProfileActions(const Parts& parts, QWidget* statusParent, QObject* parent)
    : QObject(parent), m_parts(parts), m_job(new VerificationJob(this)),
      m_status(new QWidget(statusParent)), m_statusText(new QLabel(m_status)),
      m_statusBar(new QProgressBar(m_status)), m_cancel(new QPushButton(m_status)) {
    m_status->setObjectName(QStringLiteral("profileStatus"));
    m_cancel->setObjectName(QStringLiteral("cancelProfileButton"));
    auto* layout = new QHBoxLayout(m_status);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_statusText);
    layout->addWidget(m_statusBar);
    layout->addWidget(m_cancel);
    m_statusBar->setRange(0, 0); // ncu says nothing until a side is done
    m_statusBar->setMaximumWidth(100);
    m_status->hide();
    retranslateUi();

    connect(m_cancel, &QPushButton::clicked, this, &ProfileActions::cancel);
    connect(m_parts.view, &ProfileView::profileRequested, this, &ProfileActions::profileCurrent);
    connect(m_parts.review, &ReviewController::sampleShown, this, &ProfileActions::showProfileOf);
    connect(m_parts.session, &ProjectSession::opened, this, [this] {
        ++m_loadGeneration;
        display(0, nullptr);
    });
    connect(m_job, &VerificationJob::verifyProgress, this,
            [this](const QList<VerificationEvent>& events) {
                for (const VerificationEvent& e : events)
                    onProgress(e);
            });
    connect(m_job, &VerificationJob::verifyFinished, this, &ProfileActions::onFinished);
    connect(m_job, &VerificationJob::verifyFailed, this, &ProfileActions::onFailed);
}

bool ProfileActions::isRunning() const {
    return m_profiling != 0;
}

void ProfileActions::profileCurrent() {
    const auto sample = m_parts.review->currentSample();
    if (!sample) {
        emit message(tr("Select a sample to profile."));
        return;
    }
    if (isRunning()) {
        emit message(tr("Sample #%1 is being profiled; cancel it first.").arg(m_profiling));
        return;
    }
    // Where the worker runs on this machine, ncu must be here: said before anything is built
    // (as `kwb samples profile` does). An ssh host answers for itself.
    if (m_job->workerEndpoint().kind != WorkerEndpoint::Kind::SshHost &&
        locateCudaTool("ncu").empty()) {
        const QString text = tr("Cannot profile: %1.").arg(qs(cudaToolInstallHint("ncu")));
        emit problem(text);
        emit message(text);
        return;
    }
    start(sample->id);
}

void ProfileActions::start(qint64 sampleId) {
    m_profiling = sampleId; // taken now: a second request waits for this one
    m_parts.view->setBusy(true, m_parts.review->currentSampleId() == sampleId);
    m_parts.session->run(
        this, [sampleId](ProjectStore& store) { return loadSampleVerification(store, sampleId); },
        [this, sampleId](const Result<SampleVerification>& loaded) {
            if (!loaded) {
                endRun();
                emit message(
                    tr("Cannot read the sample's task: %1").arg(qs(loaded.error().message)));
                return;
            }
            VerificationJob::Request request;
            request.sample = *loaded;
            // As kwb samples profile: correctness only, one trial, the task's profile shape.
            request.options = WorkbenchSettings::load().verifyOptions();
            request.options.profile = "full";
            request.options.bench = false;
            request.options.trials = 1;
            request.options.shapes.clear();
            request.options.timeoutSeconds =
                std::max(request.options.timeoutSeconds, kProfileTimeoutSeconds);
            request.options.idleTimeoutSeconds =
                std::max(request.options.idleTimeoutSeconds, kProfileIdleSeconds);
            m_job->start(std::move(request));
            m_statusText->setText(tr("Profiling #%1…").arg(sampleId));
            m_status->show();
            emit profilingStarted(sampleId);
            emit message(tr("Profiling sample #%1 with Nsight Compute…").arg(sampleId));
        });
}

void ProfileActions::cancel() {
    if (m_job->running())
        m_job->cancel();
}

void ProfileActions::onProgress(const VerificationEvent& event) {
    if (event.stage == QLatin1String("build")) {
        m_statusText->setText(tr("Profiling #%1: building…").arg(m_profiling));
        return;
    }
    if (event.stage != QLatin1String("profile"))
        return;
    const QString target = QJsonDocument::fromJson(event.json.toUtf8())
                               .object()
                               .value(QLatin1String("target"))
                               .toString();
    m_statusText->setText(
        target == QLatin1String("baseline")
            ? tr("Profiling #%1: the baseline under Nsight Compute…").arg(m_profiling)
            : tr("Profiling #%1: the candidate under Nsight Compute…").arg(m_profiling));
}

void ProfileActions::onFinished(const RecordPtr& record) {
    const qint64 id = m_profiling;
    endRun();
    if (id == 0 || !record)
        return;
    if (!record->profile) {
        emit message(tr("Sample #%1 was not profiled: %2.")
                         .arg(id)
                         .arg(StandingText::verdictSummary(*record)));
        return;
    }
    m_parts.session->run(
        this, [id, record](ProjectStore& store) { return store.addProfile(id, *record); },
        [this, id, record](const Status& stored) {
            if (!stored) {
                emit message(tr("The profile of #%1 was not stored: %2")
                                 .arg(id)
                                 .arg(qs(stored.error().message)));
                return;
            }
            emit message(tr("Profile of #%1 stored.").arg(id));
            if (m_parts.review->currentSampleId() == id) {
                ++m_loadGeneration; // a load still under way would show the older one
                display(id, record);
            }
            emit profileStored(id);
        });
}

void ProfileActions::onFailed(const QString& code, const QString& text) {
    const qint64 id = m_profiling;
    endRun();
    emit message(code == QLatin1String("cancelled")
                     ? tr("Profiling cancelled.")
                     : tr("Profiling #%1 stopped: %2").arg(id).arg(text));
}

void ProfileActions::endRun() {
    m_profiling = 0;
    m_status->hide();
    m_parts.view->setBusy(false, false);
}

void ProfileActions::showProfileOf(qint64 sampleId) {
    const quint64 generation = ++m_loadGeneration;
    m_parts.kernelEditor->clearHotLines(); // the last sample's lines are not this one's
    m_parts.session->run(
        this,
        [sampleId](ProjectStore& store) -> Result<RecordPtr> {
            auto latest = store.latestProfile(sampleId);
            if (!latest)
                return latest.error();
            if (!*latest)
                return RecordPtr();
            return typedRecord(std::move(**latest));
        },
        [this, generation, sampleId](const Result<RecordPtr>& latest) {
            if (generation != m_loadGeneration)
                return; // another sample since
            if (!latest)
                emit message(tr("The profiles of #%1 cannot be read: %2")
                                 .arg(sampleId)
                                 .arg(qs(latest.error().message)));
            display(sampleId, latest ? *latest : nullptr);
        });
}

void ProfileActions::display(qint64 sampleId, const RecordPtr& record) {
    // A stored sample is built as candidate.cu, so its hot lines carry that name.
    m_parts.view->showProfile(record, kCandidateFileName);
    m_parts.view->setBusy(isRunning(), sampleId != 0 && sampleId == m_profiling);
    QList<CodeEditor::HotLine> marks;
    if (record && record->profile)
        for (const auto& h : candidateHotLines(*record->profile, kCandidateFileName))
            marks.append({h.line, h.samples});
    m_parts.kernelEditor->setHotLines(marks);
    if (sampleId != 0)
        emit profileShown(sampleId);
}

void ProfileActions::retranslateUi() {
    m_cancel->setText(tr("Cancel profiling"));
    m_statusBar->setAccessibleName(tr("Profiling"));
}

} // namespace kwb::ui
