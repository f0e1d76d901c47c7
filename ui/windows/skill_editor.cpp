#include "ui/windows/skill_editor.h"

#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>
#include <set>

#include "core/eval/skill_eval_plan.h"
#include "core/skill/skill_document.h"
#include "core/skill/skill_material.h"
#include "core/store/project_store.h"
#include "core/sys/atomic_file.h"
#include "ui/models/project_session.h"
#include "ui/widgets/code_editor.h"
#include "ui/windows/review_controller.h"
#include "ui/windows/skill_evaluate_dialog.h"

namespace kwb::ui {

namespace {

constexpr int kSkillBudget = 800; // tokens, as kwb skill build's default

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// What a file holds, or nothing when it cannot be read.
std::optional<QByteArray> readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return f.readAll();
}

} // namespace

SkillEditor::SkillEditor(const Parts& parts, QWidget* parent)
    : QDialog(parent), m_parts(parts),
      m_editor(new CodeEditor(CodeEditor::Language::PlainText, this)),
      m_tokensLabel(new QLabel(this)), m_pathLabel(new QLabel(this)), m_scope(new QComboBox(this)),
      m_new(new QPushButton(this)), m_open(new QPushButton(this)), m_save(new QPushButton(this)),
      m_saveAs(new QPushButton(this)), m_build(new QPushButton(this)),
      m_evaluate(new QPushButton(this)) {
    setObjectName(QStringLiteral("skillEditor"));
    setWindowFlag(Qt::Window);
    m_tokensLabel->setObjectName(QStringLiteral("skillTokens"));
    m_scope->setObjectName(QStringLiteral("skillScope"));
    m_pathLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* files = new QHBoxLayout;
    files->addWidget(m_new);
    files->addWidget(m_open);
    files->addWidget(m_save);
    files->addWidget(m_saveAs);
    files->addStretch(1);
    files->addWidget(m_scope);
    files->addWidget(m_build);
    files->addWidget(m_evaluate);
    auto* status = new QHBoxLayout;
    status->addWidget(m_pathLabel, 1);
    status->addWidget(m_tokensLabel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(files);
    layout->addWidget(m_editor, 1);
    layout->addLayout(status);
    connect(m_editor, &CodeEditor::textChanged, this, &SkillEditor::updateTokens);
    connect(m_new, &QPushButton::clicked, this, &SkillEditor::newSkill);
    connect(m_open, &QPushButton::clicked, this, &SkillEditor::open);
    connect(m_save, &QPushButton::clicked, this, &SkillEditor::save);
    connect(m_saveAs, &QPushButton::clicked, this, &SkillEditor::saveAs);
    connect(m_build, &QPushButton::clicked, this,
            [this] { buildFromSamples(m_scope->currentData().toString()); });
    connect(m_evaluate, &QPushButton::clicked, this, &SkillEditor::evaluate);
    auto* saveKey = new QShortcut(QKeySequence::Save, this);
    connect(saveKey, &QShortcut::activated, this, &SkillEditor::save);
    retranslateUi();
    refreshScopes();
    updateTokens();
    resize(900, 640);
}

QString SkillEditor::tokenText() const {
    return m_tokensLabel->text();
}

void SkillEditor::updateTokens() {
    m_tokens = estimateTokens(m_editor->text().toStdString());
    //: The estimated token count of the skill being edited, and the budget kwb skill build uses
    m_tokensLabel->setText(
        tr("%1 tokens (estimated; the build's budget is %2)").arg(m_tokens).arg(kSkillBudget));
}

void SkillEditor::refreshScopes() {
    const QString keep = m_scope->currentData().toString();
    m_scope->clear();
    for (const QString& scope : buildScopes()) {
        const bool family = scope.startsWith(QLatin1String("family:"));
        m_scope->addItem(
            family ? tr("Family %1").arg(scope.mid(7)) : tr("Task %1").arg(scope.mid(5)), scope);
    }
    if (const int i = m_scope->findData(keep); i >= 0)
        m_scope->setCurrentIndex(i);
    m_build->setEnabled(m_scope->count() > 0);
}

QStringList SkillEditor::buildScopes() const {
    if (!m_parts.review)
        return {};
    QString task = m_parts.review->scope();
    if (task.isEmpty() && m_parts.review->currentSample())
        task = qs(m_parts.review->currentSample()->taskId);
    if (task.isEmpty())
        return {};
    QStringList out = {QStringLiteral("task:") + task};
    const auto& suite = m_parts.review->suiteTasks();
    if (const auto it = suite.find(task.toStdString());
        it != suite.end() && !it->second.family.empty())
        out << QStringLiteral("family:") + qs(it->second.family);
    return out;
}

void SkillEditor::buildFromSamples(const QString& scope) {
    if (!m_parts.session || !m_parts.session->isOpen() || scope.isEmpty()) {
        emit message(tr("Choose a task in the Review view first: the skill is built from its "
                        "samples."));
        return;
    }
    std::vector<Task> tasks;
    const auto& suite = m_parts.review->suiteTasks();
    const bool family = scope.startsWith(QLatin1String("family:"));
    const std::string key = (family ? scope.mid(7) : scope.mid(5)).toStdString();
    for (const auto& [id, task] : suite)
        if (family ? task.family == key : id == key)
            tasks.push_back(task);
    if (tasks.empty()) {
        emit message(tr("The task %1 is not in the task suite.").arg(qs(key)));
        return;
    }
    const quint64 generation = ++m_buildGeneration;
    m_parts.session->runBackground(
        this,
        [tasks](ProjectStore& store) -> Result<SkillDocument> {
            auto material = gatherSkillMaterial(store, tasks);
            if (!material)
                return material.error();
            return renderSkill(*material, kSkillBudget);
        },
        [this, generation, scope](const Result<SkillDocument>& doc) {
            if (generation != m_buildGeneration)
                return;
            if (!doc) {
                emit message(tr("No skill built: %1").arg(qs(describe(doc.error()))));
                return;
            }
            m_editor->setText(qs(doc->text));
            emit built(scope);
        });
}

bool SkillEditor::openFile(const QString& path) {
    const auto bytes = readFile(path);
    if (!bytes) {
        emit message(tr("Cannot read %1.").arg(path));
        return false;
    }
    m_editor->setText(QString::fromUtf8(*bytes));
    m_path = path;
    m_pathLabel->setText(path);
    return true;
}

bool SkillEditor::saveTo(const QString& path) {
    auto file = AtomicFile::create(path.toStdString());
    const QByteArray bytes = m_editor->text().toUtf8();
    Status st = file ? file->write(std::string_view(bytes.constData(), std::size_t(bytes.size())))
                     : Status(file.error());
    if (st)
        st = file->commit();
    if (!st) {
        emit message(tr("Cannot save %1: %2").arg(path, qs(describe(st.error()))));
        return false;
    }
    m_path = path;
    m_pathLabel->setText(path);
    emit message(tr("Saved %1.").arg(path));
    return true;
}

void SkillEditor::newSkill() {
    m_path.clear();
    m_pathLabel->setText(tr("(not saved)"));
    m_editor->setText(QStringLiteral("---\nname: \ndescription: \n---\n\n"));
}

void SkillEditor::open() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a skill"), m_path,
                                                      tr("Skills (*.md);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool SkillEditor::save() {
    return m_path.isEmpty() ? saveAs() : saveTo(m_path);
}

bool SkillEditor::saveAs() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the skill"), m_path.isEmpty() ? QStringLiteral("SKILL.md") : m_path,
        tr("Skills (*.md)"));
    return !path.isEmpty() && saveTo(path);
}

QString SkillEditor::writeEvaluationPlan(const std::vector<EvalModel>& models,
                                         const QStringList& tasks, int samples) {
    if (m_path.isEmpty() || models.empty() || tasks.isEmpty()) {
        emit message(tr("Save the skill and name at least one model and one task first."));
        return {};
    }
    const QFileInfo skill(m_path);
    const QString planPath = skill.absolutePath() + QLatin1Char('/') + skill.completeBaseName() +
                             QStringLiteral("-eval.toml");
    // Never replace a plan someone else wrote.
    if (const auto old = readFile(planPath);
        old && !old->startsWith(QByteArray(kSkillEvalPlanHeader))) {
        emit message(tr("%1 exists and was not written here: rename it first.").arg(planPath));
        return {};
    }
    SkillEvalPlan plan;
    plan.name = "skill-" + skill.completeBaseName().toStdString();
    for (const QString& t : tasks)
        plan.tasks.push_back(t.toStdString());
    plan.skillFile = skill.fileName().toStdString();
    plan.samples = samples;
    plan.models = models;
    auto file = AtomicFile::create(planPath.toStdString());
    Status st = file ? file->write(skillEvalPlanToml(plan)) : Status(file.error());
    if (st)
        st = file->commit();
    if (!st) {
        emit message(tr("Cannot save %1: %2").arg(planPath, qs(describe(st.error()))));
        return {};
    }
    return planPath;
}

void SkillEditor::evaluate() {
    if (!save()) // the plan names the file: it must hold what is on screen
        return;
    QStringList tasks;
    for (const QString& scope : buildScopes())
        if (scope.startsWith(QLatin1String("task:")))
            tasks << scope.mid(5);
    auto* dialog = new SkillEvaluateDialog(tasks, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString plan =
            writeEvaluationPlan(dialog->models(), dialog->tasks(), dialog->samples());
        if (!plan.isEmpty())
            emit evaluationPlanWritten(plan);
    });
    dialog->open();
}

void SkillEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        refreshScopes();
        updateTokens();
    }
    QDialog::changeEvent(event);
}

void SkillEditor::showEvent(QShowEvent* event) {
    refreshScopes(); // the current task may have changed while it was hidden
    QDialog::showEvent(event);
}

void SkillEditor::retranslateUi() {
    setWindowTitle(tr("Skill editor"));
    m_new->setText(tr("&New"));
    m_open->setText(tr("&Open…"));
    m_save->setText(tr("&Save"));
    m_saveAs->setText(tr("Save &as…"));
    m_build->setText(tr("&Build from samples"));
    m_evaluate->setText(tr("&Evaluate this skill…"));
    m_scope->setAccessibleName(tr("Build the skill from the samples of"));
    if (m_path.isEmpty())
        m_pathLabel->setText(tr("(not saved)"));
}

} // namespace kwb::ui
