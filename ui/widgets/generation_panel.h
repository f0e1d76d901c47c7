#pragma once
// Generation: the provider (from the LLM settings), model, number of samples, temperature,
// repair turns (0..k: a code-less or failing answer is sent back with the compile errors or the
// failing shape, each turn a sample linked to the answer it repairs) and context (none, accepted
// samples of other tasks as examples, or a SKILL.md file) for the selected task; Generate streams
// the first answer into the kernel editor as its tokens arrive and shows the others' progress, the
// tokens and the cost so far; Cancel stops every request. Answers land in the project as samples
// (GenerationJob, its own thread and store). UI thread only.
#include <functional>
#include <memory>
#include <optional>

#include <QString>
#include <QWidget>

#include "core/generate/prompt_builder.h"
#include "core/llm/price_table.h"
#include "core/llm/provider_config.h"
#include "core/model/device_info.h"
#include "core/model/task.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace kwb::ui {

class CodeEditor;
class GenerationJob;
class ProjectSession;
struct GenerationProgress;

class GenerationPanel final : public QWidget {
    Q_OBJECT

public:
    enum class Context { None, Examples, Skill };

    explicit GenerationPanel(QWidget* parent = nullptr);

    // The project the samples go to, and the editor the first answer streams into.
    void attach(ProjectSession* session, CodeEditor* editor);
    // The task to generate for ("" : none chosen; Generate is disabled).
    void setTask(const QString& taskId);
    void setDevice(const std::shared_ptr<const DeviceInfo>& info);
    // Re-reads the providers from the LLM settings file.
    void reloadProviders();
    // Fields, for tests and scripts.
    void setProvider(const QString& name);
    void setModel(const QString& model);
    void setSampleCount(int n);
    void setRepairTurns(int turns);
    int repairTurns() const;
    void setContext(Context context, const QString& skillFile = {});
    GenerationJob* job() const { return m_job; }
    QString statusText() const;
    // Called with the start of a run once its fields are checked; it calls the start now, later
    // (after asking about a draft in the editor) or never. None: the run starts at once.
    using StartGuard = std::function<void(std::function<void()> start)>;
    void setStartGuard(StartGuard guard) { m_startGuard = std::move(guard); }
    // Starts (as the Generate button does); false when something is missing (see message()).
    bool generate();
    // Starts a run that continues `conversation` instead of asking the task's prompt, for the
    // task `taskId` (a sample's), with this panel's provider, model, count, temperature and
    // repair turns: the window's "Generate from this prompt" and "Regenerate with my note".
    // False as generate().
    bool generateFrom(const QString& taskId, SeedConversation conversation);
    void cancel();

signals:
    void generationStarted();
    // Every answer of the run is back (or the run was cancelled).
    void generationEnded(bool cancelled);
    // New samples are in the project.
    void samplesStored(int count);
    void message(const QString& text);
    // A problem the user has to act on (no usable provider or key, a failed run): the window
    // keeps it on screen until it is dismissed.
    void problem(const QString& text);

protected:
    void changeEvent(QEvent* event) override;

private:
    void setUpWidgets();
    void layOut();
    void connectJob(); // the job's signals: streamed text, answers, progress, the end
    bool startRun();
    void prepare();
    void startWith(const Task& task, const std::vector<PromptExample>& examples, int ticket);
    // The run itself, once the provider's key is known; not when the project changed meanwhile.
    void launch(const Task& task, const std::vector<PromptExample>& examples,
                ProviderConfig provider, const PriceTable& prices, const QString& project);
    void notStarted(); // a start that ended before the run: the Generate button back
    void showProgress(const GenerationProgress& progress);
    void flushStream(); // the streamed text gathered since the last frame, into the editor
    void retranslateUi();
    void updateButtons();

    ProjectSession* m_session = nullptr;
    CodeEditor* m_editor = nullptr;
    GenerationJob* m_job = nullptr;
    QString m_taskId;
    std::shared_ptr<const DeviceInfo> m_device;
    int m_storedSamples = 0;
    int m_streamTurn = 0; // the turn of the first answer the editor shows
    // Streamed text waits here for the next frame: at most one editor update per ~30 ms.
    QString m_streamPending;
    bool m_streamReplace = false; // the pending text replaces the editor's (a new turn, a retry)
    QTimer* m_streamFrame = nullptr;
    StartGuard m_startGuard;
    // The next run's conversation (generateFrom) and its task; none: the task's prompt.
    std::optional<SeedConversation> m_seed;
    QString m_seedTask;
    bool m_starting = false; // from prepare() to launch(): the prompt and the key on their way
    int m_startTicket = 0;   // the start in progress; Cancel moves on, so its answers are dropped

    QLabel* m_taskLabel = nullptr;
    QLabel* m_providerCaption = nullptr;
    QComboBox* m_provider = nullptr;
    QLabel* m_modelCaption = nullptr;
    QComboBox* m_model = nullptr;
    QLabel* m_countCaption = nullptr;
    QSpinBox* m_count = nullptr;
    QLabel* m_temperatureCaption = nullptr;
    QDoubleSpinBox* m_temperature = nullptr;
    QLabel* m_repairCaption = nullptr;
    QSpinBox* m_repairs = nullptr;
    QLabel* m_contextCaption = nullptr;
    QComboBox* m_context = nullptr;
    QLineEdit* m_skillFile = nullptr;
    QPushButton* m_generate = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_log = nullptr;
};

} // namespace kwb::ui
