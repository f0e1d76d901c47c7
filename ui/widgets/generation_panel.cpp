#include "ui/widgets/generation_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <utility>

#include "core/llm/llm_settings.h"
#include "core/store/project_store.h"
#include "core/tasks/task_loader.h"
#include "ui/models/generation_job.h"
#include "ui/models/project_session.h"
#include "ui/models/provider_keychain.h"
#include "ui/models/workbench_settings.h"
#include "ui/widgets/code_editor.h"

namespace kwb::ui {

namespace {

constexpr int kExamples = 3; // accepted samples of other tasks shown as examples
constexpr int kMaxRepairTurns = 5;
constexpr int kStreamFrameMs = 30; // streamed text reaches the editor at most this often

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

struct Prepared {
    Task task;
    std::vector<PromptExample> examples;
};

} // namespace

GenerationPanel::GenerationPanel(QWidget* parent)
    : QWidget(parent), m_job(new GenerationJob(this)), m_taskLabel(new QLabel(this)),
      m_providerCaption(new QLabel(this)), m_provider(new QComboBox(this)),
      m_modelCaption(new QLabel(this)), m_model(new QComboBox(this)),
      m_countCaption(new QLabel(this)), m_count(new QSpinBox(this)),
      m_temperatureCaption(new QLabel(this)), m_temperature(new QDoubleSpinBox(this)),
      m_repairCaption(new QLabel(this)), m_repairs(new QSpinBox(this)),
      m_contextCaption(new QLabel(this)), m_context(new QComboBox(this)),
      m_skillFile(new QLineEdit(this)), m_generate(new QPushButton(this)),
      m_cancel(new QPushButton(this)), m_status(new QLabel(this)), m_log(new QPlainTextEdit(this)) {
    setUpWidgets();
    layOut();
    connect(m_generate, &QPushButton::clicked, this, [this] { generate(); });
    connect(m_cancel, &QPushButton::clicked, this, &GenerationPanel::cancel);
    connect(m_context, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_skillFile->setEnabled(i == int(Context::Skill)); });
    connectJob();
    reloadProviders();
    retranslateUi();
    updateButtons();
}

void GenerationPanel::setUpWidgets() {
    setObjectName(QStringLiteral("generationPanel"));
    m_provider->setObjectName(QStringLiteral("generationProvider"));
    m_model->setObjectName(QStringLiteral("generationModel"));
    m_count->setObjectName(QStringLiteral("generationCount"));
    m_repairs->setObjectName(QStringLiteral("generationRepairTurns"));
    m_generate->setObjectName(QStringLiteral("generateButton"));
    m_cancel->setObjectName(QStringLiteral("cancelGenerationButton"));
    m_status->setObjectName(QStringLiteral("generationStatus"));
    m_model->setEditable(true);
    m_count->setRange(1, 64);
    m_temperature->setRange(0.0, 2.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(
        QSettings().value(QStringLiteral("generation/temperature"), 1.0).toDouble());
    m_repairs->setRange(0, kMaxRepairTurns);
    m_repairs->setValue(QSettings().value(QStringLiteral("generation/repairTurns"), 0).toInt());
    for (int i = 0; i < 3; ++i)
        m_context->addItem(QString());
    m_skillFile->setEnabled(false);
    m_log->setReadOnly(true);
    m_streamFrame = new QTimer(this);
    m_streamFrame->setSingleShot(true);
    m_streamFrame->setInterval(kStreamFrameMs);
    connect(m_streamFrame, &QTimer::timeout, this, &GenerationPanel::flushStream);
    m_log->setMaximumBlockCount(500);
    m_providerCaption->setBuddy(m_provider);
    m_modelCaption->setBuddy(m_model);
    m_countCaption->setBuddy(m_count);
    m_temperatureCaption->setBuddy(m_temperature);
    m_repairCaption->setBuddy(m_repairs);
    m_contextCaption->setBuddy(m_context);
    setFocusProxy(m_provider);
}

void GenerationPanel::layOut() {
    auto* form = new QFormLayout;
    form->addRow(m_providerCaption, m_provider);
    form->addRow(m_modelCaption, m_model);
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(m_count);
    numbers->addWidget(m_temperatureCaption);
    numbers->addWidget(m_temperature);
    numbers->addWidget(m_repairCaption);
    numbers->addWidget(m_repairs);
    form->addRow(m_countCaption, numbers);
    auto* context = new QHBoxLayout;
    context->addWidget(m_context);
    context->addWidget(m_skillFile, 1);
    form->addRow(m_contextCaption, context);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_generate);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_status, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_taskLabel);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_log, 1);
}

void GenerationPanel::connectJob() {
    connect(m_job, &GenerationJob::generationStarted, this, [this] {
        m_storedSamples = 0;
        m_streamTurn = 0;
        m_streamPending.clear();
        m_streamReplace = false;
        m_streamFrame->stop();
        if (m_editor) {
            m_editor->clearDiagnostics();
            m_editor->setText(QString());
            m_editor->setReadOnly(true);
        }
        updateButtons();
        emit generationStarted();
    });
    // The first answer streams into the editor, and then its repair turns, each from the top;
    // the other answers only count. The text is gathered and shown once per frame.
    connect(m_job, &GenerationJob::textArrived, this, [this](const QList<GenerationDelta>& deltas) {
        if (!m_editor)
            return;
        for (const GenerationDelta& d : deltas) {
            if (d.index != 0 || d.turn < m_streamTurn)
                continue;
            if (d.restart || d.turn > m_streamTurn) {
                m_streamTurn = d.turn;
                m_streamPending.clear();
                m_streamReplace = true;
            }
            m_streamPending += d.text;
        }
        if ((m_streamReplace || !m_streamPending.isEmpty()) && !m_streamFrame->isActive())
            m_streamFrame->start();
    });
    connect(m_job, &GenerationJob::logLine, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_job, &GenerationJob::progressChanged, this, &GenerationPanel::showProgress);
    connect(m_job, &GenerationJob::answerStored, this,
            [this](int index, int turn, qint64 id, const QString& summary) {
                flushStream();
                if (id != 0)
                    ++m_storedSamples;
                const QString answer =
                    turn == 0 ? tr("Answer %1").arg(index + 1)
                              : tr("Answer %1, repair turn %2").arg(index + 1).arg(turn);
                m_log->appendPlainText(
                    id != 0 ? tr("%1: sample #%2 (%3)").arg(answer).arg(id).arg(summary)
                            : tr("%1: %2").arg(answer, summary));
            });
    connect(m_job, &GenerationJob::generationFinished, this,
            [this](const GenerationProgress& progress, bool cancelled) {
                flushStream();
                showProgress(progress);
                updateButtons();
                m_log->appendPlainText(cancelled ? tr("Cancelled.") : tr("Done."));
                if (m_storedSamples > 0)
                    emit samplesStored(m_storedSamples);
                emit generationEnded(cancelled);
            });
    connect(m_job, &GenerationJob::generationFailed, this,
            [this](const QString& code, const QString& why) {
                flushStream();
                updateButtons();
                m_log->appendPlainText(tr("Failed (%1): %2").arg(code, why));
                emit problem(tr("Generation failed: %1").arg(why));
                if (m_storedSamples > 0)
                    emit samplesStored(m_storedSamples);
                emit generationEnded(code == QLatin1String("cancelled"));
            });
}

void GenerationPanel::attach(ProjectSession* session, CodeEditor* editor) {
    m_session = session;
    m_editor = editor;
}

void GenerationPanel::setTask(const QString& taskId) {
    m_taskId = taskId;
    retranslateUi();
    updateButtons();
}

void GenerationPanel::setDevice(const std::shared_ptr<const DeviceInfo>& info) {
    m_device = info;
}

void GenerationPanel::reloadProviders() {
    const QString keep = m_provider->currentText();
    m_provider->clear();
    QStringList names;
    auto settings = LlmSettings::load(LlmSettings::defaultPath());
    if (!settings)
        m_log->appendPlainText(qs(settings.error().message));
    for (const std::string& name :
         settings ? settings->providerNames() : LlmSettings().providerNames())
        names.append(qs(name));
    m_provider->addItems(names);
    QSettings s;
    const QString wanted =
        keep.isEmpty() ? s.value(QStringLiteral("generation/provider")).toString() : keep;
    if (const int i = m_provider->findText(wanted); i >= 0)
        m_provider->setCurrentIndex(i);
    if (m_model->currentText().isEmpty())
        m_model->setEditText(
            s.value(QStringLiteral("generation/model"), QStringLiteral("claude-sonnet-4-5"))
                .toString());
}

void GenerationPanel::setProvider(const QString& name) {
    const int i = m_provider->findText(name);
    if (i >= 0)
        m_provider->setCurrentIndex(i);
}

void GenerationPanel::setModel(const QString& model) {
    m_model->setEditText(model);
}

void GenerationPanel::setSampleCount(int n) {
    m_count->setValue(n);
}

void GenerationPanel::setRepairTurns(int turns) {
    m_repairs->setValue(turns);
}

int GenerationPanel::repairTurns() const {
    return m_repairs->value();
}

void GenerationPanel::setContext(Context context, const QString& skillFile) {
    m_context->setCurrentIndex(int(context));
    m_skillFile->setText(skillFile);
}

QString GenerationPanel::statusText() const {
    return m_status->text();
}

bool GenerationPanel::generate() {
    m_seed.reset();
    return startRun();
}

bool GenerationPanel::generateFrom(const QString& taskId, SeedConversation conversation) {
    m_seed = std::move(conversation);
    m_seedTask = taskId;
    return startRun();
}

bool GenerationPanel::startRun() {
    if (!m_session || !m_session->isOpen() || (m_seed ? m_seedTask : m_taskId).isEmpty()) {
        emit message(tr("Choose a task in an open project to generate for."));
        return false;
    }
    if (m_model->currentText().trimmed().isEmpty()) {
        emit message(tr("Name the model to ask."));
        return false;
    }
    if (m_starting) {
        emit message(tr("A generation is starting; wait for it or cancel it."));
        return false;
    }
    if (m_startGuard)
        m_startGuard([this] { prepare(); });
    else
        prepare();
    return true;
}

void GenerationPanel::prepare() {
    m_starting = true; // until launch(): the prompt, then the key, come back later
    const int ticket = ++m_startTicket;
    updateButtons();
    QSettings s;
    s.setValue(QStringLiteral("generation/provider"), m_provider->currentText());
    s.setValue(QStringLiteral("generation/model"), m_model->currentText().trimmed());
    s.setValue(QStringLiteral("generation/temperature"), m_temperature->value());
    s.setValue(QStringLiteral("generation/repairTurns"), m_repairs->value());
    const std::string taskId = (m_seed ? m_seedTask : m_taskId).toStdString();
    const bool examples = m_context->currentIndex() == int(Context::Examples);
    m_status->setText(tr("Preparing the prompt…"));
    // The task spec (the project's, else the suite's) and the examples, on the store thread.
    m_session->run(
        this,
        [taskId, examples](ProjectStore& store) -> Result<Prepared> {
            Prepared out;
            bool found = false;
            if (auto dir = builtinTaskDirectory()) {
                for (Task& t : loadTaskFolder(*dir).tasks) {
                    if (t.id == taskId) {
                        out.task = std::move(t);
                        found = true;
                    }
                }
            }
            if (!found) {
                SampleFilter f;
                f.tasks = {taskId};
                auto page = store.listSamples(f, {1, 0, SampleOrder::NewestFirst});
                if (!page || page->rows.empty())
                    return Error::make("unknown-task",
                                       "the task " + taskId + " has no specification here");
                auto sample = store.sample(page->rows.front().id);
                if (!sample)
                    return sample.error();
                auto spec = store.taskSpec(sample->taskSpecId);
                if (!spec)
                    return spec.error();
                out.task = std::move(*spec);
            }
            if (examples) {
                SampleFilter f;
                f.verdicts = {Verdict::Accepted};
                auto page = store.listSamples(f, {kExamples * 4, 0, SampleOrder::FastestFirst});
                if (page) {
                    for (const SampleSummary& row : page->rows) {
                        if (row.taskId == taskId || int(out.examples.size()) >= kExamples)
                            continue;
                        if (auto sample = store.sample(row.id))
                            out.examples.push_back({sample->taskId, sample->label, sample->source});
                    }
                }
            }
            return out;
        },
        [this, ticket](const Result<Prepared>& prepared) {
            if (ticket != m_startTicket)
                return; // cancelled meanwhile
            if (!prepared) {
                notStarted();
                emit message(tr("Cannot prepare the prompt: %1").arg(qs(prepared.error().message)));
                return;
            }
            startWith(prepared->task, prepared->examples, ticket);
        });
}

void GenerationPanel::startWith(const Task& task, const std::vector<PromptExample>& examples,
                                int ticket) {
    auto settings = LlmSettings::load(LlmSettings::defaultPath());
    if (!settings) {
        notStarted();
        emit problem(qs(settings.error().message));
        return;
    }
    auto provider = settings->providerConfig(m_provider->currentText().toStdString());
    if (!provider) {
        notStarted();
        emit problem(tr("Provider: %1").arg(qs(provider.error().message)));
        return;
    }
    // A key kept in the system keychain (Settings), unless the environment or the file gave one:
    // read without waiting here (the Secret Service may take seconds to answer, or never).
    if (provider->apiKey.empty() && ProviderKeychain::compiledIn()) {
        m_status->setText(tr("Reading the provider's key from the keychain…"));
        ProviderKeychain::readLater(m_provider->currentText(), this,
                                    [this, task, examples, prices = settings->prices(),
                                     config = *provider, project = m_session->path(),
                                     ticket](std::optional<QString> key, const QString&) mutable {
                                        if (ticket != m_startTicket)
                                            return; // cancelled meanwhile
                                        config.apiKey = key.value_or(QString()).toStdString();
                                        launch(task, examples, std::move(config), prices, project);
                                    });
        return;
    }
    launch(task, examples, std::move(*provider), settings->prices(), m_session->path());
}

void GenerationPanel::notStarted() {
    m_starting = false;
    m_status->clear();
    updateButtons();
}

void GenerationPanel::launch(const Task& task, const std::vector<PromptExample>& examples,
                             ProviderConfig provider, const PriceTable& prices,
                             const QString& project) {
    if (!m_session->isOpen() || m_session->path() != project) {
        notStarted();
        emit message(tr("The project was closed before the generation started."));
        return;
    }
    if (auto usable = checkUsable(provider); !usable) {
        notStarted();
        emit problem(tr("Provider: %1").arg(qs(usable.error().message)));
        return;
    }
    GenerationJob::Request request;
    request.projectPath = m_session->path().toStdString();
    request.provider = std::move(provider);
    request.prices = prices;
    request.task = task;
    request.model = m_model->currentText().trimmed().toStdString();
    request.samples = m_count->value();
    request.temperature = m_temperature->value();
    request.repairTurns = m_repairs->value();
    request.checkOptions = WorkbenchSettings::load().verifyOptions();
    request.context.examples = examples;
    if (m_device && m_device->hasDevice()) {
        request.context.gpuName = m_device->gpus.front().name;
        request.context.computeCapability = m_device->gpus.front().computeCapability();
    }
    if (m_context->currentIndex() == int(Context::Skill)) {
        QFile skill(m_skillFile->text());
        if (!skill.open(QIODevice::ReadOnly)) {
            notStarted();
            emit message(tr("Cannot read the skill file %1.").arg(m_skillFile->text()));
            return;
        }
        request.context.skill = skill.readAll().toStdString();
    }
    request.conversation = std::exchange(m_seed, std::nullopt);
    m_log->appendPlainText(
        request.conversation
            ? request.conversation->turn > 0 ? tr("%1 × %2 for %3, with the reviewer's note")
                                                   .arg(request.samples)
                                                   .arg(qs(request.model), qs(task.id))
                                             : tr("%1 × %2 for %3, from the edited prompt")
                                                   .arg(request.samples)
                                                   .arg(qs(request.model), qs(task.id))
            : tr("%1 × %2 for %3").arg(request.samples).arg(qs(request.model), qs(task.id)));
    m_starting = false;
    m_job->start(std::move(request));
    updateButtons();
}

void GenerationPanel::flushStream() {
    m_streamFrame->stop();
    if (!m_editor || (!m_streamReplace && m_streamPending.isEmpty()))
        return;
    if (m_streamReplace)
        m_editor->setText(m_streamPending);
    else
        m_editor->appendText(m_streamPending);
    m_streamPending.clear();
    m_streamReplace = false;
}

void GenerationPanel::cancel() {
    if (m_starting) { // the prompt or the key still on its way: what comes back is dropped
        ++m_startTicket;
        notStarted();
        return;
    }
    m_job->cancel();
}

void GenerationPanel::showProgress(const GenerationProgress& p) {
    const QString cost = p.costKnown ? tr("$%1 so far").arg(p.costUsd, 0, 'f', 4)
                                     : tr("cost unknown (no price for this model)");
    QString text = tr("%1 of %2 answers · %3 tokens in, %4 out · %5")
                       .arg(p.finished)
                       .arg(p.wanted)
                       .arg(p.inputTokens)
                       .arg(p.outputTokens)
                       .arg(cost);
    if (p.repairs > 0)
        text += QStringLiteral(" · ") + tr("%n repair turn(s)", nullptr, p.repairs);
    m_status->setText(text);
}

void GenerationPanel::updateButtons() {
    const bool running = m_job->running();
    m_generate->setEnabled(!running && !m_starting && !m_taskId.isEmpty());
    m_cancel->setEnabled(running || m_starting);
}

void GenerationPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void GenerationPanel::retranslateUi() {
    m_taskLabel->setText(m_taskId.isEmpty() ? tr("Choose a task to generate samples for.")
                                            : tr("Generate samples for %1").arg(m_taskId));
    m_providerCaption->setText(tr("&Provider:"));
    m_modelCaption->setText(tr("&Model:"));
    m_countCaption->setText(tr("&Samples:"));
    m_temperatureCaption->setText(tr("&Temperature:"));
    m_repairCaption->setText(tr("&Repair turns:"));
    m_repairs->setToolTip(
        tr("How often an answer without code, or one that does not compile or "
           "fails a shape in the check, is sent back to the model with the reason. "
           "Each turn becomes a sample linked to the answer it repairs."));
    m_contextCaption->setText(tr("&Context:"));
    m_context->setItemText(0, tr("None"));
    m_context->setItemText(1, tr("Accepted samples as examples"));
    m_context->setItemText(2, tr("Skill file"));
    m_skillFile->setPlaceholderText(tr("Path to a SKILL.md"));
    m_generate->setText(tr("&Generate"));
    m_cancel->setText(tr("Ca&ncel"));
}

} // namespace kwb::ui
