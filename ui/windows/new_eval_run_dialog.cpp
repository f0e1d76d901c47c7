#include "ui/windows/new_eval_run_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/eval/eval_plan.h"

namespace kwb::ui {

NewEvalRunDialog::NewEvalRunDialog(QWidget* parent)
    : QDialog(parent), m_path(new QLineEdit(this)), m_browse(new QPushButton(this)),
      m_concurrency(new QSpinBox(this)), m_pathLabel(new QLabel(this)),
      m_concurrencyLabel(new QLabel(this)), m_check(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("newEvalRunDialog"));
    m_path->setObjectName(QStringLiteral("evalPlanPath"));
    m_concurrency->setObjectName(QStringLiteral("evalConcurrency"));
    m_check->setObjectName(QStringLiteral("evalPlanCheck"));
    m_check->setWordWrap(true);
    m_check->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_concurrency->setRange(0, 1024);
    m_pathLabel->setBuddy(m_path);
    m_concurrencyLabel->setBuddy(m_concurrency);
    auto* grid = new QGridLayout;
    grid->addWidget(m_pathLabel, 0, 0);
    grid->addWidget(m_path, 0, 1);
    grid->addWidget(m_browse, 0, 2);
    grid->addWidget(m_concurrencyLabel, 1, 0);
    grid->addWidget(m_concurrency, 1, 1);
    grid->setColumnStretch(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(grid);
    layout->addWidget(m_check, 1);
    layout->addWidget(m_buttons);
    connect(m_path, &QLineEdit::textChanged, this, &NewEvalRunDialog::check);
    connect(m_browse, &QPushButton::clicked, this, &NewEvalRunDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    retranslateUi();
    check();
    resize(640, 300);
}

void NewEvalRunDialog::setPlanPath(const QString& path) {
    m_path->setText(path);
}

QString NewEvalRunDialog::planPath() const {
    return m_path->text().trimmed();
}

int NewEvalRunDialog::concurrency() const {
    return m_concurrency->value();
}

void NewEvalRunDialog::setConcurrency(int value) {
    m_concurrency->setValue(value);
}

QString NewEvalRunDialog::checkText() const {
    return m_check->text();
}

void NewEvalRunDialog::browse() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Evaluation plan"), planPath(),
                                                      tr("Evaluation plans (*.toml)"));
    if (!file.isEmpty())
        m_path->setText(file);
}

// The plan's keys and skill files, as `kwb eval run` checks them first; the tasks and the
// providers are checked when the run starts (a problem there ends it with the same words).
void NewEvalRunDialog::check() {
    m_valid = false;
    const QString path = planPath();
    if (path.isEmpty()) {
        m_check->setText(tr("Choose a plan: a TOML file naming the models, conditions, tasks and "
                            "samples (see resources/eval/skill-ab.toml)."));
    } else if (auto plan = loadEvalPlan(path.toStdString()); !plan) {
        m_check->setText(QString::fromStdString(describe(plan.error())));
    } else if (auto skills = readEvalSkills(*plan); !skills) {
        m_check->setText(QString::fromStdString(describe(skills.error())));
    } else {
        m_valid = true;
        //: An evaluation plan: its name, then how many models, conditions, task selectors
        //: and answers per cell it asks for
        m_check->setText(tr("Plan “%1”: %2 models × %3 conditions × %4 task selectors × %5 "
                            "answers each. Cells the project already holds are not asked again.")
                             .arg(QString::fromStdString(plan->name))
                             .arg(plan->models.size())
                             .arg(plan->conditions.size())
                             .arg(plan->tasks.size())
                             .arg(plan->samples));
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_valid);
}

void NewEvalRunDialog::retranslateUi() {
    setWindowTitle(tr("New evaluation run"));
    m_pathLabel->setText(tr("&Plan:"));
    m_browse->setText(tr("&Browse…"));
    m_concurrencyLabel->setText(tr("&Requests in flight per model:"));
    m_concurrency->setSpecialValueText(tr("the provider's"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Start"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
}

} // namespace kwb::ui
