#pragma once
// Asking the teacher again from a sample: "Generate from this prompt" (Ctrl+Shift+G) sends the
// Prompt tab's text (the sample's messages, or the task's prompt, as edited in the copy) as a
// new first answer; "Regenerate with my note" (Ctrl+Shift+N) sends the sample's conversation, its
// reply and the review bar's note back as a repair turn, linked to the answer it repairs. Both
// run in the generation panel with its provider, model, count, temperature and repair turns;
// the answers land in the project as samples. UI thread only.
#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace kwb::ui {

class CodeEditor;
class GenerationPanel;
class ProjectSession;
class ReviewBar;
class ReviewController;

class PromptActions final : public QObject {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        ReviewController* review = nullptr;
        CodeEditor* promptEditor = nullptr;
        ReviewBar* reviewBar = nullptr;
        GenerationPanel* generation = nullptr;
    };

    // The two actions are the window's (its shortcuts work wherever the focus is in it).
    PromptActions(const Parts& parts, QWidget* window);

    QAction* generateFromPromptAction() const { return m_fromPrompt; }
    QAction* regenerateWithNoteAction() const { return m_withNote; }
    void retranslateUi();

    void generateFromPrompt();
    void regenerateWithNote();

signals:
    // A run started (the generation panel shows it), or why none did.
    void started();
    void message(const QString& text);

private:
    Parts m_parts;
    QAction* m_fromPrompt = nullptr;
    QAction* m_withNote = nullptr;
};

} // namespace kwb::ui
