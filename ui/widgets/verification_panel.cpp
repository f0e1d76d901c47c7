#include "ui/widgets/verification_panel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <iterator>

namespace kwb::ui {

namespace {
constexpr VerificationPanel::Stage kStages[] = {VerificationPanel::Stage::Build,
                                                VerificationPanel::Stage::Correctness,
                                                VerificationPanel::Stage::Benchmark};
int indexOf(VerificationPanel::Stage stage) {
    return static_cast<int>(stage);
}
} // namespace

VerificationPanel::VerificationPanel(QWidget* parent)
    : QWidget(parent), m_stagesCaption(new QLabel(this)), m_stages(new QListWidget(this)),
      m_shapesCaption(new QLabel(this)), m_shapes(new QTableView(this)),
      m_shapeModel(new QStandardItemModel(0, ColumnCount, this)) {
    setObjectName(QStringLiteral("verificationPanel"));
    m_stages->setObjectName(QStringLiteral("verificationStages"));
    m_shapes->setObjectName(QStringLiteral("shapeTable"));
    setFocusProxy(m_stages);

    for (int i = 0; i < static_cast<int>(std::size(kStages)); ++i)
        m_stages->addItem(new QListWidgetItem);
    m_stages->setMaximumHeight(m_stages->sizeHintForRow(0) * 4 + 2 * m_stages->frameWidth());
    m_stagesCaption->setBuddy(m_stages);

    m_shapes->setModel(m_shapeModel);
    m_shapes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_shapes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_shapes->verticalHeader()->hide();
    m_shapes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_shapesCaption->setBuddy(m_shapes);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stagesCaption);
    layout->addWidget(m_stages);
    layout->addWidget(m_shapesCaption);
    layout->addWidget(m_shapes, 1);

    retranslateUi();
}

void VerificationPanel::setStageState(Stage stage, StageState state) {
    m_states[indexOf(stage)] = state;
    retranslateUi();
}

VerificationPanel::StageState VerificationPanel::stageState(Stage stage) const {
    return m_states[indexOf(stage)];
}

void VerificationPanel::clear() {
    for (Stage stage : kStages)
        m_states[indexOf(stage)] = StageState::NotRun;
    m_shapeModel->removeRows(0, m_shapeModel->rowCount());
    retranslateUi();
}

void VerificationPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

QString VerificationPanel::stageName(Stage stage) const {
    switch (stage) {
    case Stage::Build:
        return tr("Build");
    case Stage::Correctness:
        return tr("Correctness");
    case Stage::Benchmark:
        return tr("Benchmark");
    }
    return {};
}

QString VerificationPanel::stateName(StageState state) const {
    switch (state) {
    case StageState::NotRun:
        return tr("not run");
    case StageState::Running:
        return tr("running");
    case StageState::Passed:
        return tr("passed");
    case StageState::Failed:
        return tr("failed");
    case StageState::Skipped:
        return tr("skipped");
    }
    return {};
}

void VerificationPanel::retranslateUi() {
    m_stagesCaption->setText(tr("&Stages"));
    m_shapesCaption->setText(tr("Per-shape res&ults"));
    for (Stage stage : kStages) {
        //: A verification stage and its state, e.g. "Build: passed"
        m_stages->item(indexOf(stage))
            ->setText(tr("%1: %2").arg(stageName(stage), stateName(m_states[indexOf(stage)])));
    }
    m_shapeModel->setHorizontalHeaderLabels({tr("Shape"), tr("Max abs error"), tr("Max rel error"),
                                             tr("Candidate (µs)"), tr("Baseline (µs)"),
                                             tr("Speedup")});
}

} // namespace kwb::ui
