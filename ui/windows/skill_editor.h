#pragma once
// The skill editor (Evaluation › Skill editor…, Ctrl+Shift+K): a SKILL.md in the workbench's
// CodeEditor (markdown as plain text), its token count as core/skill counts it for the budget
// (estimateTokens), New, Open, Save (Ctrl+S) and Save as; "Build from samples" writes the
// deterministic skill of `kwb skill build` from the project's curated samples of the current task
// or its family (read on the session's background lane); "Evaluate this skill…" asks for the
// student models (the models of a plan file, or a provider of the settings and a model name),
// writes a plan beside the skill with the conditions "plain" and "skill:FILE" and hands it over
// to be started (evaluationPlanWritten). UI thread only.
#include <QDialog>
#include <QString>
#include <QStringList>

#include "core/eval/eval_plan.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace kwb::ui {

class CodeEditor;
class ProjectSession;
class ReviewController;

class SkillEditor final : public QDialog {
    Q_OBJECT

public:
    struct Parts {
        ProjectSession* session = nullptr;
        ReviewController* review = nullptr; // the current task (may be null)
    };
    SkillEditor(const Parts& parts, QWidget* parent = nullptr);

    CodeEditor* editor() const { return m_editor; }
    QString filePath() const { return m_path; }
    // core's estimate of the text's tokens, as the label shows it.
    int tokenCount() const { return m_tokens; }
    QString tokenText() const;
    // Loads a file; false (and message()) when it cannot be read.
    bool openFile(const QString& path);
    // Writes the text to `path` (atomically); false and message() on failure.
    bool saveTo(const QString& path);
    // The build scopes offered: "task:ID" and "family:F" of the current task.
    QStringList buildScopes() const;
    // Builds the skill of the scope (buildScopes()) into the editor, in the background:
    // built() or message() follows.
    void buildFromSamples(const QString& scope);
    // Writes the evaluation plan for the saved skill: `models` answer `tasks` `samples` times,
    // plain and with the skill. Returns the plan's path, or empty (and message()) on failure.
    QString writeEvaluationPlan(const std::vector<EvalModel>& models, const QStringList& tasks,
                                int samples);

signals:
    void message(const QString& text);
    void built(const QString& scope);
    // The plan is written: start it.
    void evaluationPlanWritten(const QString& planPath);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void newSkill();
    void open();
    bool save();
    bool saveAs();
    void evaluate();
    void updateTokens();
    void refreshScopes();
    void retranslateUi();

    Parts m_parts;
    CodeEditor* m_editor = nullptr;
    QLabel* m_tokensLabel = nullptr;
    QLabel* m_pathLabel = nullptr;
    QComboBox* m_scope = nullptr;
    QPushButton* m_new = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_saveAs = nullptr;
    QPushButton* m_build = nullptr;
    QPushButton* m_evaluate = nullptr;
    QString m_path;
    int m_tokens = 0;
    quint64 m_buildGeneration = 0;
};

} // namespace kwb::ui
