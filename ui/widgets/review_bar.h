#pragma once
// The reviewer's controls for the selected sample: Accept (A), Reject (R), Needs work (N), the
// previous and next unreviewed sample (K, J), undo of the last verdict (Ctrl+Z), a note and
// tags, how far the review has come ("Reviewed 37 of 120"), and how the sample's latest
// verification stands, in the standing's colour (a suspected hack or a pass with screening
// findings reads apart from a plain failure).
//
// It decides nothing: it asks through signals, and its owner (the window, over the project
// store) answers by calling setSample(), setProgress() and setUndoAvailable(). Verdicts need a
// selected sample; moving and undoing do not.
#include <QString>
#include <QStringList>
#include <QWidget>

#include "ui/models/verification_standing.h"

class QAction;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace kwb::ui {

class ReviewBar final : public QWidget {
    Q_OBJECT

public:
    enum class Verdict { Accept, Reject, NeedsWork };
    Q_ENUM(Verdict)

    explicit ReviewBar(QWidget* parent = nullptr);

    // A sample was selected (or none): the verdict buttons follow, and the note and tags show
    // what the sample's latest review says.
    void setSample(bool selected, const QString& note = {}, const QStringList& tags = {});
    void setSampleSelected(bool selected) { setSample(selected); }
    // The selected sample's latest verification (null: none). Cleared by setSample(false).
    void setRecord(RecordPtr record);
    QString standingText() const;
    bool sampleSelected() const { return m_sampleSelected; }
    // "Reviewed <reviewed> of <total>".
    void setProgress(int reviewed, int total);
    void setUndoAvailable(bool available);
    // Tags offered for completion in the tags field.
    void setKnownTags(const QStringList& tags);
    QString note() const;
    // The tags field split at commas, trimmed, empty ones and repeats dropped.
    QStringList tags() const;
    QString progressText() const;

signals:
    void verdictRequested(kwb::ui::ReviewBar::Verdict verdict, const QString& note,
                          const QStringList& tags);
    void nextRequested();     // J: the next unreviewed sample
    void previousRequested(); // K: the previous unreviewed sample
    void undoRequested();     // Ctrl+Z outside text fields: take back the last verdict
    // Escape in the note or the tags: the keys go back to the review (the owner moves the
    // focus to the sample list), so a verdict key is never typed into a field.
    void fieldsLeft();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslateUi();
    void renderStanding();
    void choose(Verdict verdict);

    bool m_sampleSelected = false;
    int m_reviewed = 0;
    int m_total = 0;
    QPushButton* m_accept = nullptr;
    QPushButton* m_reject = nullptr;
    QPushButton* m_needsWork = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_undo = nullptr;
    QLabel* m_noteCaption = nullptr;
    QLineEdit* m_note = nullptr;
    QLabel* m_tagsCaption = nullptr;
    QLineEdit* m_tags = nullptr;
    QLabel* m_progressLabel = nullptr;
    QLabel* m_standing = nullptr;
    RecordPtr m_record;
    QProgressBar* m_progress = nullptr;
    // The keys (A, R, N, J, K, Ctrl+Z) as window-wide actions that act at once; a button's own
    // shortcut would animate a click and act 100 ms later.
    QAction* m_acceptKey = nullptr;
    QAction* m_rejectKey = nullptr;
    QAction* m_needsWorkKey = nullptr;
    QAction* m_nextKey = nullptr;
    QAction* m_previousKey = nullptr;
    QAction* m_undoKey = nullptr;
};

} // namespace kwb::ui
