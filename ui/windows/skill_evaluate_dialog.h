#pragma once
// "Evaluate this skill…": the student models (those of a plan file, or one model of a provider
// of the LLM settings), the tasks and the answers per task and condition. UI thread only.
#include <vector>

#include <QDialog>
#include <QStringList>

#include "core/eval/eval_plan.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace kwb::ui {

class SkillEvaluateDialog final : public QDialog {
    Q_OBJECT

public:
    SkillEvaluateDialog(const QStringList& tasks, QWidget* parent = nullptr);

    // The models chosen; empty (and problem() says why) when none can be read.
    std::vector<EvalModel> models() const;
    QStringList tasks() const;
    int samples() const;
    QString problem() const { return m_problem; }

    void usePlanModels(const QString& planPath);
    void useProvider(const QString& provider, const QString& model);

private:
    void check();
    void retranslateUi();

    QRadioButton* m_fromPlan = nullptr;
    QRadioButton* m_fromProvider = nullptr;
    QLineEdit* m_plan = nullptr;
    QComboBox* m_provider = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_tasks = nullptr;
    QSpinBox* m_samples = nullptr;
    QLabel* m_tasksLabel = nullptr;
    QLabel* m_samplesLabel = nullptr;
    QLabel* m_check = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
};

} // namespace kwb::ui
