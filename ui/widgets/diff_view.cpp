#include "ui/widgets/diff_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QStringList>
#include <QToolButton>
#include <algorithm>

#include "core/diff/line_diff.h"
#include "core/diff/word_diff.h"
#include "ui/widgets/code_editor.h"

namespace kwb::ui {

namespace {

// A byte range of a UTF-8 line as a span of characters of that line, as the editor counts them.
CodeEditor::TextSpan toSpan(int row, const std::string& line, const ByteRange& range) {
    const auto at = [&line](int bytes) {
        return static_cast<int>(
            QString::fromUtf8(line.data(), std::min<qsizetype>(bytes, qsizetype(line.size())))
                .size());
    };
    const int column = at(range.start);
    return {row, column, at(range.start + range.length) - column};
}

} // namespace

DiffView::DiffView(QWidget* parent)
    : QWidget(parent), m_leftTitle(new QLabel(this)), m_rightTitle(new QLabel(this)),
      m_summary(new QLabel(this)), m_previous(new QToolButton(this)), m_next(new QToolButton(this)),
      m_left(new CodeEditor(CodeEditor::Language::Cuda, this)),
      m_right(new CodeEditor(CodeEditor::Language::Cuda, this)) {
    setObjectName(QStringLiteral("diffView"));
    m_left->setObjectName(QStringLiteral("diffLeft"));
    m_right->setObjectName(QStringLiteral("diffRight"));
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    for (CodeEditor* side : {m_left, m_right}) {
        side->setEditCopyOffered(false);
        side->setReadOnly(true);
    }
    QFont bold = m_leftTitle->font();
    bold.setBold(true);
    m_leftTitle->setFont(bold);
    m_rightTitle->setFont(bold);
    m_leftTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rightTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_summary, 1);
    bar->addWidget(m_previous);
    bar->addWidget(m_next);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addLayout(bar, 0, 0, 1, 2);
    grid->addWidget(m_leftTitle, 1, 0);
    grid->addWidget(m_rightTitle, 1, 1);
    grid->addWidget(m_left, 2, 0);
    grid->addWidget(m_right, 2, 1);
    grid->setRowStretch(2, 1);

    // Rows are aligned, so the same first visible line keeps both sides together.
    auto mirror = [this](CodeEditor* other) {
        return [this, other](int firstLine) {
            if (m_syncing)
                return;
            m_syncing = true;
            other->setFirstVisibleLine(firstLine);
            m_syncing = false;
        };
    };
    connect(m_left, &CodeEditor::verticalScrolled, this, mirror(m_right));
    connect(m_right, &CodeEditor::verticalScrolled, this, mirror(m_left));
    connect(m_next, &QToolButton::clicked, this, &DiffView::nextChange);
    connect(m_previous, &QToolButton::clicked, this, &DiffView::previousChange);

    retranslateUi();
}

void DiffView::setSources(const QString& leftTitle, const QString& leftText,
                          const QString& rightTitle, const QString& rightText) {
    m_leftTitle->setText(leftTitle);
    m_rightTitle->setText(rightTitle);
    const auto oldLines = splitLines(leftText.toStdString());
    const auto newLines = splitLines(rightText.toStdString());
    const auto edits = diffLines(oldLines, newLines);
    const auto rows = alignSideBySide(edits);
    const DiffStats stats = diffStats(edits);
    m_added = stats.added;
    m_removed = stats.removed;
    m_rowCount = static_cast<int>(rows.size());

    QStringList leftRows, rightRows, leftLabels, rightLabels;
    QList<CodeEditor::LineMark> leftMarks, rightMarks;
    QList<CodeEditor::TextSpan> leftSpans, rightSpans;
    m_changeStarts.clear();
    m_currentChange = -1;
    bool inChange = false;
    for (int i = 0; i < m_rowCount; ++i) {
        const AlignedRow& row = rows[static_cast<size_t>(i)];
        auto side = [](int line, const std::vector<std::string>& lines, QStringList& text,
                       QStringList& labels) {
            text.append(line >= 0 ? QString::fromStdString(lines[static_cast<size_t>(line)])
                                  : QString());
            labels.append(line >= 0 ? QString::number(line + 1) : QString());
        };
        side(row.oldLine, oldLines, leftRows, leftLabels);
        side(row.newLine, newLines, rightRows, rightLabels);
        using Mark = CodeEditor::LineMark;
        switch (row.kind) {
        case RowKind::Same:
            leftMarks.append(Mark::None);
            rightMarks.append(Mark::None);
            break;
        case RowKind::Changed: {
            leftMarks.append(Mark::Changed);
            rightMarks.append(Mark::Changed);
            // The part of the line that changed, word by word.
            const std::string& oldLine = oldLines[static_cast<size_t>(row.oldLine)];
            const std::string& newLine = newLines[static_cast<size_t>(row.newLine)];
            const WordDiff words = diffWords(oldLine, newLine);
            for (const ByteRange& r : words.oldRanges)
                leftSpans.append(toSpan(i, oldLine, r));
            for (const ByteRange& r : words.newRanges)
                rightSpans.append(toSpan(i, newLine, r));
            break;
        }
        case RowKind::Removed:
            leftMarks.append(Mark::Removed);
            rightMarks.append(Mark::Filler);
            break;
        case RowKind::Added:
            leftMarks.append(Mark::Filler);
            rightMarks.append(Mark::Added);
            break;
        }
        const bool changed = row.kind != RowKind::Same;
        if (changed && !inChange)
            m_changeStarts.append(i);
        inChange = changed;
    }
    const QString newline = QStringLiteral("\n");
    m_left->setText(leftRows.join(newline));
    m_right->setText(rightRows.join(newline));
    m_left->setLineLabels(leftLabels);
    m_right->setLineLabels(rightLabels);
    m_left->setLineMarks(leftMarks);
    m_right->setLineMarks(rightMarks);
    m_left->setChangedSpans(leftSpans);
    m_right->setChangedSpans(rightSpans);
    retranslateUi();
}

void DiffView::nextChange() {
    if (m_changeStarts.isEmpty())
        return;
    showChange((m_currentChange + 1) % changeCount());
}

void DiffView::previousChange() {
    if (m_changeStarts.isEmpty())
        return;
    showChange(m_currentChange <= 0 ? changeCount() - 1 : m_currentChange - 1);
}

void DiffView::showChange(int index) {
    m_currentChange = index;
    const int row = m_changeStarts[index];
    m_left->goToLine(row + 1);
    m_right->goToLine(row + 1);
    // A little context above the change.
    m_left->setFirstVisibleLine(std::max(0, row - 3));
}

void DiffView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void DiffView::retranslateUi() {
    m_previous->setText(tr("Previous change"));
    m_next->setText(tr("Next change"));
    m_left->setAccessibleName(tr("Old source"));
    m_right->setAccessibleName(tr("New source"));
    if (m_removed == 0 && m_added == 0)
        m_summary->setText(m_rowCount == 0 ? QString() : tr("The sources are identical."));
    else
        //: Summary of a diff: "3 lines removed, 5 lines added, in 2 places"
        m_summary->setText(tr("%1, %2, in %3")
                               .arg(tr("%n line(s) removed", nullptr, m_removed),
                                    tr("%n line(s) added", nullptr, m_added),
                                    tr("%n place(s)", nullptr, changeCount())));
}

} // namespace kwb::ui
