#pragma once
// The verification outcome of the selected sample: the stages (build, correctness,
// benchmark) with their state, and a per-shape table of errors and timings. Empty until the
// verification pipeline feeds it.
#include <QWidget>

class QLabel;
class QListWidget;
class QStandardItemModel;
class QTableView;

namespace kwb::ui {

class VerificationPanel final : public QWidget {
    Q_OBJECT

public:
    enum class Stage { Build, Correctness, Benchmark };
    enum class StageState { NotRun, Running, Passed, Failed, Skipped };
    enum Column {
        ShapeColumn,
        MaxAbsErrorColumn,
        MaxRelErrorColumn,
        CandidateColumn,
        BaselineColumn,
        SpeedupColumn,
        ColumnCount
    };

    explicit VerificationPanel(QWidget* parent = nullptr);

    void setStageState(Stage stage, StageState state);
    StageState stageState(Stage stage) const;
    // Back to "not run" everywhere, with an empty table.
    void clear();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    QString stageName(Stage stage) const;
    QString stateName(StageState state) const;

    StageState m_states[3] = {StageState::NotRun, StageState::NotRun, StageState::NotRun};
    QLabel* m_stagesCaption = nullptr;
    QListWidget* m_stages = nullptr;
    QLabel* m_shapesCaption = nullptr;
    QTableView* m_shapes = nullptr;
    QStandardItemModel* m_shapeModel = nullptr;
};

} // namespace kwb::ui
