#pragma once
// The reviewer's verdict on the selected sample: Accept (A), Reject (R), Needs work (N) and a
// note. Disabled while no sample is selected, so a verdict always has a sample to go to.
#include <QString>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace kwb::ui {

class ReviewBar final : public QWidget {
    Q_OBJECT

public:
    enum class Verdict { Accept, Reject, NeedsWork };
    Q_ENUM(Verdict)

    explicit ReviewBar(QWidget* parent = nullptr);

    // Enables the bar when a sample is selected; clears the note when it changes.
    void setSampleSelected(bool selected);
    bool sampleSelected() const { return m_sampleSelected; }
    QString note() const;

signals:
    void verdictChosen(kwb::ui::ReviewBar::Verdict verdict, const QString& note);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void choose(Verdict verdict);

    bool m_sampleSelected = false;
    QPushButton* m_accept = nullptr;
    QPushButton* m_reject = nullptr;
    QPushButton* m_needsWork = nullptr;
    QLabel* m_noteCaption = nullptr;
    QLineEdit* m_note = nullptr;
};

} // namespace kwb::ui
