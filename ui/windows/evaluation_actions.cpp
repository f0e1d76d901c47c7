#include "ui/windows/evaluation_actions.h"

#include <algorithm>

#include <QAction>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>

#include "core/eval/eval_plan.h"
#include "ui/models/eval_run_job.h"
#include "ui/models/project_session.h"
#include "ui/models/provider_keychain.h"
#include "ui/widgets/batch_progress_bar.h"
#include "ui/windows/evaluation_view.h"
#include "ui/windows/new_eval_run_dialog.h"
#include "ui/windows/skill_editor.h"

namespace kwb::ui {

namespace {
constexpr int kRefreshMs = 2000; // the view follows a run at most this often
}

EvaluationActions::EvaluationActions(const Parts& parts, QWidget* window)
    : QObject(window), m_parts(parts), m_window(window), m_job(new EvalRunJob(this)),
      m_menu(new QMenu(window)), m_newRun(new QAction(window)), m_cancelRun(new QAction(window)),
      m_skillEditorAction(new QAction(window)), m_status(new QWidget(window)),
      m_statusText(new QLabel(m_status)), m_progress(new QProgressBar(m_status)),
      m_cancel(new QPushButton(m_status)), m_refresh(new QTimer(this)) {
    m_menu->setObjectName(QStringLiteral("evaluationMenu"));
    m_newRun->setObjectName(QStringLiteral("newEvalRunAction"));
    m_newRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_cancelRun->setObjectName(QStringLiteral("cancelEvalRunAction"));
    m_cancelRun->setEnabled(false);
    m_skillEditorAction->setObjectName(QStringLiteral("skillEditorAction"));
    m_skillEditorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    window->addActions({m_newRun, m_cancelRun, m_skillEditorAction}); // window-wide keys
    m_menu->addActions({m_newRun, m_cancelRun});
    m_menu->addSeparator();
    m_menu->addAction(m_skillEditorAction);
    m_status->setObjectName(QStringLiteral("evalRunStatus"));
    m_cancel->setObjectName(QStringLiteral("cancelEvalRunButton"));
    auto* layout = new QHBoxLayout(m_status);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_statusText);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    m_progress->setMaximumWidth(120);
    m_progress->setTextVisible(false);
    m_status->hide();
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(kRefreshMs);
    retranslateUi();

    connect(m_newRun, &QAction::triggered, this, &EvaluationActions::newRun);
    connect(m_cancelRun, &QAction::triggered, this, &EvaluationActions::cancel);
    connect(m_cancel, &QPushButton::clicked, this, &EvaluationActions::cancel);
    connect(m_skillEditorAction, &QAction::triggered, this, &EvaluationActions::showSkillEditor);
    connect(m_refresh, &QTimer::timeout, m_parts.view, &EvaluationView::refresh);
    connect(m_job, &EvalRunJob::runOpened, this,
            [this](const QString& runId) { m_parts.view->followRun(runId); });
    connect(m_job, &EvalRunJob::progressed, this, [this](int cellsFinished) {
        showProgress();
        if (cellsFinished > 0 && !m_refresh->isActive())
            m_refresh->start();
    });
    connect(m_job, &EvalRunJob::finished, this, &EvaluationActions::onFinished);
}

SkillEditor* EvaluationActions::skillEditor() {
    if (!m_skillEditor) {
        m_skillEditor = new SkillEditor({m_parts.session, m_parts.review}, m_window);
        connect(m_skillEditor, &SkillEditor::evaluationPlanWritten, this,
                [this](const QString& plan) { startPlan(plan); });
    }
    return m_skillEditor;
}

void EvaluationActions::showSkillEditor() {
    SkillEditor* editor = skillEditor();
    editor->show();
    editor->raise();
    editor->activateWindow();
}

void EvaluationActions::newRun() {
    if (m_job->running()) {
        emit message(tr("An evaluation run is going; cancel it first."));
        return;
    }
    auto* dialog = new NewEvalRunDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setPlanPath(m_lastPlan);
    dialog->setConcurrency(m_lastConcurrency);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { startPlan(dialog->planPath(), dialog->concurrency()); });
    dialog->open();
}

bool EvaluationActions::startPlan(const QString& planPath, int concurrency) {
    if (m_job->running() || m_starting) {
        emit message(tr("An evaluation run is going; cancel it first."));
        return false;
    }
    if (!m_parts.session->isOpen()) {
        emit message(tr("Open a project first: the run is kept in it."));
        return false;
    }
    m_lastPlan = planPath;
    m_lastConcurrency = concurrency;
    EvalRunJob::Request request;
    request.projectPath = m_parts.session->path();
    request.planPath = planPath;
    request.concurrency = concurrency;
    // Keys the window keeps in the system keychain, for the plan's providers (the job thread
    // cannot ask the keychain, which answers on this thread): read without waiting here, the
    // run starts once they are in.
    std::vector<std::string> providers;
    if (ProviderKeychain::compiledIn())
        if (auto plan = loadEvalPlan(planPath.toStdString()))
            for (const EvalModel& m : plan->models)
                if (std::find(providers.begin(), providers.end(), m.provider) == providers.end())
                    providers.push_back(m.provider);
    m_starting = true;
    readKeysThenStart(std::make_shared<EvalRunJob::Request>(std::move(request)),
                      std::move(providers), ++m_startTicket);
    m_cancelRun->setEnabled(true);
    m_newRun->setEnabled(false);
    m_cancel->setEnabled(true);
    m_statusText->setText(tr("Evaluation: starting %1…").arg(QFileInfo(planPath).fileName()));
    m_progress->setRange(0, 0);
    m_status->show();
    return true;
}

void EvaluationActions::readKeysThenStart(std::shared_ptr<EvalRunJob::Request> request,
                                          std::vector<std::string> providers, int ticket) {
    if (providers.empty()) {
        m_starting = false;
        m_job->start(std::move(*request)); // not running: checked when the start was asked
        return;
    }
    const std::string provider = providers.back();
    providers.pop_back();
    ProviderKeychain::readLater(QString::fromStdString(provider), this,
                                [this, request, providers, ticket,
                                 provider](std::optional<QString> key, const QString&) mutable {
                                    if (ticket != m_startTicket)
                                        return; // cancelled meanwhile
                                    if (key)
                                        request->keychainKeys[provider] = key->toStdString();
                                    readKeysThenStart(std::move(request), std::move(providers),
                                                      ticket);
                                });
}

void EvaluationActions::cancel() {
    if (m_starting) { // the keys still on their way: the run never starts
        ++m_startTicket;
        m_starting = false;
        showIdle();
        emit message(tr("Evaluation: cancelled before it started."));
        return;
    }
    if (!m_job->running())
        return;
    m_job->cancel();
    m_cancel->setEnabled(false);
    m_statusText->setText(tr("Evaluation: cancelling…"));
}

void EvaluationActions::showProgress() {
    const EvalTotals& t = m_job->totals();
    if (t.cells == 0)
        return;
    const int done = t.already + t.done;
    m_progress->setRange(0, t.cells);
    m_progress->setValue(done);
    QStringList parts;
    parts << tr("Evaluation: %1 of %2 cells").arg(done).arg(t.cells)
          << tr("%1 asking").arg(t.inFlight) << tr("%1 verifying").arg(t.checking)
          << tr("%1 compiled").arg(t.compiled) << tr("%1 correct").arg(t.correct);
    if (t.failed)
        parts << tr("%1 failed").arg(t.failed);
    if (const QString eta = etaText(t.etaS >= 0 ? std::optional<double>(t.etaS) : std::nullopt);
        !eta.isEmpty())
        parts << eta;
    if (!m_cancel->isEnabled())
        parts << tr("cancelling…");
    m_statusText->setText(parts.join(QStringLiteral(" · ")));
}

void EvaluationActions::showIdle() {
    m_status->hide();
    m_cancelRun->setEnabled(false);
    m_newRun->setEnabled(true);
}

void EvaluationActions::onFinished(const QString& text) {
    const EvalTotals& t = m_job->totals();
    m_refresh->stop();
    m_parts.view->refresh();
    showIdle();
    if (m_job->runId().isEmpty() && !text.isEmpty()) {
        emit problem(tr("The evaluation run did not start: %1").arg(text));
        return;
    }
    QString summary =
        tr("Evaluation run %1: %2 cells finished now, %3 were already there, of %4; %5 compiled, "
           "%6 correct.")
            .arg(m_job->runId())
            .arg(t.done)
            .arg(t.already)
            .arg(t.cells)
            .arg(t.compiled)
            .arg(t.correct);
    if (t.interrupted)
        summary += QLatin1Char(' ') + tr("Cancelled: start the same plan again to resume.");
    if (!text.isEmpty())
        emit problem(summary + QLatin1Char(' ') + text);
    else
        emit message(summary);
}

void EvaluationActions::retranslateUi() {
    m_menu->setTitle(tr("&Evaluation"));
    m_newRun->setText(tr("&New evaluation run…"));
    m_cancelRun->setText(tr("&Cancel the evaluation run"));
    m_skillEditorAction->setText(tr("&Skill editor…"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the evaluation run: finished cells stay in the project, the "
                            "rest are asked when the plan is started again"));
}

} // namespace kwb::ui
