#include "ui/windows/prompt_actions.h"

#include <QAction>
#include <QWidget>

#include "core/generate/prompt_builder.h"
#include "core/store/project_store.h"
#include "ui/models/project_session.h"
#include "ui/widgets/code_editor.h"
#include "ui/widgets/generation_panel.h"
#include "ui/widgets/review_bar.h"
#include "ui/windows/review_controller.h"

namespace kwb::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// A sample's task spec and (for a generated sample) the answer it holds.
struct SampleOrigin {
    Task task;
    std::optional<GenerationRecord> generation;
};

Result<SampleOrigin> readOrigin(ProjectStore& store, std::int64_t sampleId, std::int64_t specId) {
    auto spec = store.taskSpec(specId);
    if (!spec)
        return spec.error();
    auto generation = store.generationOfSample(sampleId);
    if (!generation)
        return generation.error();
    return SampleOrigin{std::move(*spec), std::move(*generation)};
}

} // namespace

PromptActions::PromptActions(const Parts& parts, QWidget* window)
    : QObject(window), m_parts(parts), m_fromPrompt(new QAction(window)),
      m_withNote(new QAction(window)) {
    m_fromPrompt->setObjectName(QStringLiteral("generateFromPromptAction"));
    m_fromPrompt->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_withNote->setObjectName(QStringLiteral("regenerateWithNoteAction"));
    m_withNote->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    window->addAction(m_fromPrompt);
    window->addAction(m_withNote);
    connect(m_fromPrompt, &QAction::triggered, this, &PromptActions::generateFromPrompt);
    connect(m_withNote, &QAction::triggered, this, &PromptActions::regenerateWithNote);
    retranslateUi();
}

void PromptActions::retranslateUi() {
    m_fromPrompt->setText(tr("Generate from this p&rompt"));
    m_fromPrompt->setToolTip(
        tr("Ask the generation panel's model with the Prompt tab's text (edit a copy first)"));
    m_withNote->setText(tr("Regenerate with my &note"));
    m_withNote->setToolTip(
        tr("Send this sample back to the model with the review note as a repair turn"));
}

void PromptActions::generateFromPrompt() {
    auto sample = m_parts.review->currentSample();
    if (!sample) {
        emit message(tr("Select a sample whose prompt to send."));
        return;
    }
    auto conversation = parsePromptTranscript(m_parts.promptEditor->text().toStdString());
    if (!conversation) {
        emit message(tr("The prompt cannot be sent: %1").arg(qs(conversation.error().message)));
        return;
    }
    const QString taskId = qs(sample->taskId);
    const std::int64_t specId = sample->taskSpecId;
    const std::int64_t id = sample->id;
    // A prompt without a system message (the task's own prompt, shown for imported samples)
    // gets the system prompt a generation would send.
    m_parts.session->run(
        this, [id, specId](ProjectStore& store) { return readOrigin(store, id, specId); },
        [this, taskId, seed = *conversation](const Result<SampleOrigin>& origin) mutable {
            if (!origin) {
                emit message(
                    tr("Cannot read the sample's task: %1").arg(qs(origin.error().message)));
                return;
            }
            if (seed.system.empty())
                if (auto prompt = buildPrompt(origin->task, {}, PromptTemplates::defaults()))
                    seed.system = prompt->system;
            if (m_parts.generation->generateFrom(taskId, std::move(seed)))
                emit started();
        });
}

void PromptActions::regenerateWithNote() {
    auto sample = m_parts.review->currentSample();
    if (!sample) {
        emit message(tr("Select the sample to send back with your note."));
        return;
    }
    const std::string note = m_parts.reviewBar->note().toStdString();
    if (note.find_first_not_of(" \t\r\n") == std::string::npos) {
        emit message(tr("Write a note first (Alt+O): it is what the model is asked to act on."));
        return;
    }
    const Sample s = *sample;
    m_parts.session->run(
        this, [s](ProjectStore& store) { return readOrigin(store, s.id, s.taskSpecId); },
        [this, s, note](const Result<SampleOrigin>& origin) {
            if (!origin) {
                emit message(
                    tr("Cannot read the sample's task: %1").arg(qs(origin.error().message)));
                return;
            }
            // The model's own reply where it is stored; a person's or an import's source
            // otherwise, as the reply the note is about.
            const std::string reply =
                !s.rawResponse.empty() ? s.rawResponse : "```cuda\n" + s.source + "\n```";
            auto seed = noteRepairConversation(origin->task, {}, PromptTemplates::defaults(),
                                               s.messages, reply, note);
            if (!seed) {
                emit message(tr("Cannot send the note: %1").arg(qs(seed.error().message)));
                return;
            }
            if (origin->generation) {
                seed->parentId = origin->generation->generationId;
                seed->turn = origin->generation->turn + 1;
            } else {
                seed->turn = 1;
            }
            if (m_parts.generation->generateFrom(qs(s.taskId), std::move(*seed)))
                emit started();
        });
}

} // namespace kwb::ui
