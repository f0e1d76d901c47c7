#include "ui/widgets/review_bar.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCompleter>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStringListModel>

namespace kwb::ui {

ReviewBar::ReviewBar(QWidget* parent)
    : QWidget(parent), m_accept(new QPushButton(this)), m_reject(new QPushButton(this)),
      m_needsWork(new QPushButton(this)), m_previous(new QPushButton(this)),
      m_next(new QPushButton(this)), m_undo(new QPushButton(this)), m_noteCaption(new QLabel(this)),
      m_note(new QLineEdit(this)), m_tagsCaption(new QLabel(this)), m_tags(new QLineEdit(this)),
      m_progressLabel(new QLabel(this)), m_standing(new QLabel(this)),
      m_progress(new QProgressBar(this)) {
    setObjectName(QStringLiteral("reviewBar"));
    m_accept->setObjectName(QStringLiteral("acceptButton"));
    m_reject->setObjectName(QStringLiteral("rejectButton"));
    m_needsWork->setObjectName(QStringLiteral("needsWorkButton"));
    m_previous->setObjectName(QStringLiteral("previousButton"));
    m_next->setObjectName(QStringLiteral("nextButton"));
    m_undo->setObjectName(QStringLiteral("undoButton"));
    m_note->setObjectName(QStringLiteral("reviewNote"));
    m_tags->setObjectName(QStringLiteral("reviewTags"));
    m_progressLabel->setObjectName(QStringLiteral("reviewProgress"));
    m_standing->setObjectName(QStringLiteral("reviewStanding"));
    m_standing->setWordWrap(true);
    m_standing->setMaximumWidth(280);
    m_standing->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_noteCaption->setBuddy(m_note);
    m_tagsCaption->setBuddy(m_tags);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(120);
    m_progress->setMaximumHeight(10);
    m_accept->setStyleSheet(QStringLiteral("QPushButton:enabled{color:#17602e;font-weight:bold;}"));
    m_reject->setStyleSheet(QStringLiteral("QPushButton:enabled{color:#8c1d14;font-weight:bold;}"));
    m_tags->setCompleter(new QCompleter(new QStringListModel(this), this));
    m_note->installEventFilter(this);
    m_tags->installEventFilter(this);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_accept, 0, 0);
    layout->addWidget(m_reject, 0, 1);
    layout->addWidget(m_needsWork, 0, 2);
    layout->addWidget(m_noteCaption, 0, 3);
    layout->addWidget(m_note, 0, 4);
    layout->addWidget(m_progressLabel, 0, 5);
    layout->addWidget(m_previous, 1, 0);
    layout->addWidget(m_next, 1, 1);
    layout->addWidget(m_undo, 1, 2);
    layout->addWidget(m_tagsCaption, 1, 3);
    layout->addWidget(m_tags, 1, 4);
    layout->addWidget(m_progress, 1, 5);
    layout->addWidget(m_standing, 0, 6, 2, 1);
    layout->setColumnStretch(4, 1);

    connect(m_accept, &QPushButton::clicked, this, [this] { choose(Verdict::Accept); });
    connect(m_reject, &QPushButton::clicked, this, [this] { choose(Verdict::Reject); });
    connect(m_needsWork, &QPushButton::clicked, this, [this] { choose(Verdict::NeedsWork); });
    connect(m_next, &QPushButton::clicked, this, &ReviewBar::nextRequested);
    connect(m_previous, &QPushButton::clicked, this, &ReviewBar::previousRequested);
    connect(m_undo, &QPushButton::clicked, this, &ReviewBar::undoRequested);

    // Single keys, as in other review tools. They are window shortcuts: a focused text field
    // (the note, an editable editor) takes plain letters and Ctrl+Z first, so typing never
    // casts or undoes a verdict. A key acts only while its button is enabled.
    const auto key = [this](const char* name, const QKeySequence& sequence, QPushButton* button) {
        auto* action = new QAction(this);
        action->setObjectName(QLatin1String(name));
        action->setShortcut(sequence);
        action->setShortcutContext(Qt::WindowShortcut);
        addAction(action);
        connect(action, &QAction::triggered, button, [button] {
            if (button->isEnabled())
                emit button->clicked();
        });
        return action;
    };
    m_acceptKey = key("acceptShortcut", QKeySequence(Qt::Key_A), m_accept);
    m_rejectKey = key("rejectShortcut", QKeySequence(Qt::Key_R), m_reject);
    m_needsWorkKey = key("needsWorkShortcut", QKeySequence(Qt::Key_N), m_needsWork);
    m_nextKey = key("nextShortcut", QKeySequence(Qt::Key_J), m_next);
    m_previousKey = key("previousShortcut", QKeySequence(Qt::Key_K), m_previous);
    m_undoKey = key("undoShortcut", QKeySequence(Qt::CTRL | Qt::Key_Z), m_undo);

    retranslateUi();
    setSample(false);
    setUndoAvailable(false);
    setProgress(0, 0);
}

void ReviewBar::setSample(bool selected, const QString& note, const QStringList& tags) {
    m_sampleSelected = selected;
    m_note->setText(note);
    m_tags->setText(tags.join(QLatin1String(", ")));
    if (!selected)
        m_record.reset();
    renderStanding();
    for (QWidget* w : {static_cast<QWidget*>(m_accept), static_cast<QWidget*>(m_reject),
                       static_cast<QWidget*>(m_needsWork), static_cast<QWidget*>(m_note),
                       static_cast<QWidget*>(m_tags)})
        w->setEnabled(selected);
}

void ReviewBar::setRecord(RecordPtr record) {
    m_record = std::move(record);
    renderStanding();
}

QString ReviewBar::standingText() const {
    return m_standing->text();
}

void ReviewBar::renderStanding() {
    if (!m_sampleSelected) {
        m_standing->clear();
        m_standing->setStyleSheet(QString());
        return;
    }
    const Standing standing = m_record ? standingOf(*m_record) : Standing::Unverified;
    m_standing->setText(m_record ? StandingText::line(*m_record) : StandingText::name(standing));
    m_standing->setStyleSheet(QStringLiteral("QLabel{color:%1;font-weight:bold;}")
                                  .arg(StandingText::color(standing).name()));
}

void ReviewBar::setProgress(int reviewed, int total) {
    m_reviewed = reviewed;
    m_total = total;
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(std::min(reviewed, std::max(1, total)));
    retranslateUi();
}

void ReviewBar::setUndoAvailable(bool available) {
    m_undo->setEnabled(available);
}

void ReviewBar::setKnownTags(const QStringList& tags) {
    if (auto* model = qobject_cast<QStringListModel*>(m_tags->completer()->model()))
        model->setStringList(tags);
}

QString ReviewBar::note() const {
    return m_note->text();
}

QStringList ReviewBar::tags() const {
    QStringList out;
    for (const QString& part : m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString tag = part.trimmed();
        if (!tag.isEmpty() && !out.contains(tag))
            out.append(tag);
    }
    return out;
}

QString ReviewBar::progressText() const {
    return m_progressLabel->text();
}

void ReviewBar::choose(Verdict verdict) {
    if (!m_sampleSelected)
        return;
    emit verdictRequested(verdict, m_note->text().trimmed(), tags());
}

void ReviewBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

bool ReviewBar::eventFilter(QObject* watched, QEvent* event) {
    // The fields keep Escape for themselves while a window-wide Escape (cancel a batch
    // verification) is armed.
    if ((watched == m_note || watched == m_tags) && event->type() == QEvent::ShortcutOverride &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return false;
    }
    if ((watched == m_note || watched == m_tags) && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        // An open completion list takes Escape itself (it closes); the field keeps the focus.
        const QCompleter* completer = m_tags->completer();
        if (watched == m_tags && completer && completer->popup() && completer->popup()->isVisible())
            return false;
        emit fieldsLeft();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ReviewBar::retranslateUi() {
    m_accept->setText(tr("Accept"));
    m_accept->setToolTip(tr("Accept this sample into the training set (A)"));
    m_reject->setText(tr("Reject"));
    m_reject->setToolTip(tr("Reject this sample (R)"));
    m_needsWork->setText(tr("Needs work"));
    m_needsWork->setToolTip(tr("Mark this sample for another pass (N)"));
    m_previous->setText(tr("Previous"));
    m_previous->setToolTip(tr("The previous unreviewed sample (K)"));
    m_next->setText(tr("Next"));
    m_next->setToolTip(tr("The next unreviewed sample (J)"));
    m_undo->setText(tr("Undo verdict"));
    m_undo->setToolTip(tr("Take back the last verdict (Ctrl+Z outside text fields)"));
    m_noteCaption->setText(tr("N&ote:"));
    m_note->setPlaceholderText(tr("Optional; saved with the verdict"));
    m_tagsCaption->setText(tr("Ta&gs:"));
    m_tags->setPlaceholderText(tr("Comma-separated, e.g. uses-tensor-cores, clean"));
    m_progressLabel->setText(tr("Reviewed %1 of %2").arg(m_reviewed).arg(m_total));
    // The keys' actions say what they do, as their buttons do (the shortcuts sheet lists them).
    const std::pair<QAction*, QPushButton*> keys[] = {
        {m_acceptKey, m_accept}, {m_rejectKey, m_reject},     {m_needsWorkKey, m_needsWork},
        {m_nextKey, m_next},     {m_previousKey, m_previous}, {m_undoKey, m_undo}};
    for (const auto& [action, button] : keys)
        if (action)
            action->setText(button->toolTip());
    m_standing->setAccessibleName(tr("Latest verification"));
    renderStanding();
}

} // namespace kwb::ui
