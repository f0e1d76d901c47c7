#include "ui/windows/skill_evaluate_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/llm/llm_settings.h"

namespace kwb::ui {

SkillEvaluateDialog::SkillEvaluateDialog(const QStringList& tasks, QWidget* parent)
    : QDialog(parent), m_fromPlan(new QRadioButton(this)), m_fromProvider(new QRadioButton(this)),
      m_plan(new QLineEdit(this)), m_provider(new QComboBox(this)), m_model(new QLineEdit(this)),
      m_tasks(new QLineEdit(this)), m_samples(new QSpinBox(this)), m_tasksLabel(new QLabel(this)),
      m_samplesLabel(new QLabel(this)), m_check(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("skillEvaluateDialog"));
    m_provider->addItems({QStringLiteral("anthropic"), QStringLiteral("openai")});
    if (auto settings = LlmSettings::load(LlmSettings::defaultPath()))
        for (const auto& [name, provider] : settings->providers())
            if (m_provider->findText(QString::fromStdString(name)) < 0)
                m_provider->addItem(QString::fromStdString(name));
    m_tasks->setText(tasks.join(QStringLiteral(", ")));
    m_samples->setRange(1, 100);
    m_samples->setValue(2);
    m_fromPlan->setChecked(true);
    m_check->setWordWrap(true);
    m_tasksLabel->setBuddy(m_tasks);
    m_samplesLabel->setBuddy(m_samples);
    auto* grid = new QGridLayout;
    grid->addWidget(m_fromPlan, 0, 0);
    grid->addWidget(m_plan, 0, 1, 1, 2);
    grid->addWidget(m_fromProvider, 1, 0);
    grid->addWidget(m_provider, 1, 1);
    grid->addWidget(m_model, 1, 2);
    grid->addWidget(m_tasksLabel, 2, 0);
    grid->addWidget(m_tasks, 2, 1, 1, 2);
    grid->addWidget(m_samplesLabel, 3, 0);
    grid->addWidget(m_samples, 3, 1);
    grid->setColumnStretch(2, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(grid);
    layout->addWidget(m_check, 1);
    layout->addWidget(m_buttons);
    for (QLineEdit* edit : {m_plan, m_model, m_tasks})
        connect(edit, &QLineEdit::textChanged, this, &SkillEvaluateDialog::check);
    connect(m_fromPlan, &QRadioButton::toggled, this, &SkillEvaluateDialog::check);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslateUi();
    check();
    resize(620, 280);
}

void SkillEvaluateDialog::usePlanModels(const QString& planPath) {
    m_fromPlan->setChecked(true);
    m_plan->setText(planPath);
}

void SkillEvaluateDialog::useProvider(const QString& provider, const QString& model) {
    m_fromProvider->setChecked(true);
    if (m_provider->findText(provider) < 0)
        m_provider->addItem(provider);
    m_provider->setCurrentText(provider);
    m_model->setText(model);
}

std::vector<EvalModel> SkillEvaluateDialog::models() const {
    if (m_fromProvider->isChecked()) {
        const QString model = m_model->text().trimmed();
        if (model.isEmpty())
            return {};
        EvalModel m;
        m.name = model.toStdString();
        m.provider = m_provider->currentText().toStdString();
        m.model = m.name;
        return {m};
    }
    auto plan = loadEvalPlan(m_plan->text().trimmed().toStdString());
    return plan ? plan->models : std::vector<EvalModel>{};
}

QStringList SkillEvaluateDialog::tasks() const {
    QStringList out;
    for (const QString& t : m_tasks->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty())
            out << t.trimmed();
    return out;
}

int SkillEvaluateDialog::samples() const {
    return m_samples->value();
}

void SkillEvaluateDialog::check() {
    m_plan->setEnabled(m_fromPlan->isChecked());
    m_provider->setEnabled(m_fromProvider->isChecked());
    m_model->setEnabled(m_fromProvider->isChecked());
    m_problem.clear();
    if (m_fromPlan->isChecked()) {
        const QString path = m_plan->text().trimmed();
        if (path.isEmpty())
            m_problem = tr("Name a plan whose models answer.");
        else if (auto plan = loadEvalPlan(path.toStdString()); !plan)
            m_problem = QString::fromStdString(describe(plan.error()));
    } else if (m_model->text().trimmed().isEmpty()) {
        m_problem = tr("Name the model as the provider knows it.");
    }
    if (m_problem.isEmpty() && tasks().isEmpty())
        m_problem = tr("Name at least one task.");
    m_check->setText(m_problem.isEmpty()
                         ? tr("The plan is written beside the skill, with the conditions plain "
                              "and skill, and started at once.")
                         : m_problem);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

void SkillEvaluateDialog::retranslateUi() {
    setWindowTitle(tr("Evaluate this skill"));
    m_fromPlan->setText(tr("The models of the &plan:"));
    m_fromProvider->setText(tr("A &model of the provider:"));
    m_model->setPlaceholderText(tr("model name"));
    m_tasksLabel->setText(tr("&Tasks:"));
    m_samplesLabel->setText(tr("&Answers per task and condition:"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Write the plan and start"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
}

} // namespace kwb::ui
