#include "ui/windows/help_dialogs.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/models/layout_settings.h"

namespace kwb::ui {

QString embeddedReadme() {
    QFile file(QStringLiteral(":/help/README.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString markdownSection(const QString& markdown, const QString& heading) {
    static const QRegularExpression headingLine(QStringLiteral("^(#{1,6})\\s+(.*?)\\s*$"));
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    int level = 0;
    QStringList out;
    bool inFence = false;
    for (const QString& line : lines) {
        if (line.startsWith(QLatin1String("```")))
            inFence = !inFence;
        const QRegularExpressionMatch m =
            inFence ? QRegularExpressionMatch() : headingLine.match(line);
        if (m.hasMatch()) {
            const int thisLevel = static_cast<int>(m.captured(1).size());
            if (level > 0 && thisLevel <= level)
                break;
            if (level == 0 && m.captured(2) == heading)
                level = thisLevel;
        }
        if (level > 0)
            out.append(line);
    }
    return out.join(QLatin1Char('\n'));
}

HelpViewer::HelpViewer(const QString& heading, QWidget* parent)
    : QDialog(parent), m_text(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("helpViewer"));
    setWindowTitle(tr("Help: %1").arg(QString(heading).remove(QLatin1Char('`'))));
    m_text->setOpenExternalLinks(true);
    const QString section = markdownSection(embeddedReadme(), heading);
    if (section.isEmpty())
        m_text->setPlainText(tr("This part of the README is not in this build: %1").arg(heading));
    else
        m_text->setMarkdown(section);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(760, 560);
}

QString HelpViewer::plainText() const {
    return m_text->toPlainText();
}

ShortcutsSheet::ShortcutsSheet(QWidget* window) : QDialog(window) {
    setObjectName(QStringLiteral("shortcutsSheet"));
    setWindowTitle(tr("Keyboard shortcuts"));
    struct Row {
        QString what, keys;
    };
    std::vector<Row> rows;
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (action->shortcuts().isEmpty())
            continue;
        QString what = action->text().isEmpty() ? action->toolTip() : action->text();
        what.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        what.remove(QStringLiteral("…"));
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            keys.append(k.toString(QKeySequence::NativeText));
        rows.push_back({what.trimmed(), keys.join(QStringLiteral(", "))});
    }
    // The editors' own keys (shortcuts of the editor widget, not window actions).
    rows.push_back({tr("Find in the editor"),
                    QKeySequence(Qt::CTRL | Qt::Key_F).toString(QKeySequence::NativeText)});
    rows.push_back({tr("Find and filter samples (from the list, the tasks or the dataset)"),
                    QKeySequence(Qt::CTRL | Qt::Key_F).toString(QKeySequence::NativeText)});
    rows.push_back({tr("Clear the filters (in the find field)"), QStringLiteral("Esc")});
    rows.push_back({tr("Replace in the editor"),
                    QKeySequence(Qt::CTRL | Qt::Key_H).toString(QKeySequence::NativeText)});
    rows.push_back({tr("Next / previous compiler problem"), QStringLiteral("F8, Shift+F8")});
    rows.push_back({tr("Leave the note or tags field"), QStringLiteral("Esc")});
    rows.push_back({tr("Next area of the window"), QStringLiteral("Tab")});
    rows.push_back(
        {tr("Next / previous page of Compare"), QStringLiteral("Ctrl+Tab, Ctrl+Shift+Tab")});
    std::sort(rows.begin(), rows.end(),
              [](const Row& a, const Row& b) { return a.what.localeAwareCompare(b.what) < 0; });
    auto* table = new QTableWidget(static_cast<int>(rows.size()), 2, this);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const Row& r = rows[std::size_t(i)];
        table->setItem(i, 0, new QTableWidgetItem(r.what));
        table->setItem(i, 1, new QTableWidgetItem(r.keys));
        m_rows.append(r.what + QLatin1Char('\t') + r.keys);
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table, 1);
    layout->addWidget(buttons);
    resize(620, 620);
}

QStringList ShortcutsSheet::rows() const {
    return m_rows;
}

WelcomeDialog::WelcomeDialog(QWidget* parent) : QDialog(parent), m_text(new QTextBrowser(this)) {
    setObjectName(QStringLiteral("welcomeDialog"));
    setWindowTitle(tr("Welcome to Kernel Workbench"));
    m_text->setOpenExternalLinks(false);
    m_text->setHtml(
        tr("<h2>Welcome</h2>"
           "<p>Kernel Workbench verifies CUDA kernels that language models wrote: it compiles "
           "each one, checks it against a trusted reference on every shape of its task, times it "
           "against a library baseline, and lets you review, compare and export the ones that "
           "hold up as training data.</p>"
           "<p><b>The demo project</b> is open: for each of a few tasks a fast correct kernel, a "
           "slow correct one, a wrong one and one that does not compile. Pick a sample, press "
           "F5 to verify it, then A, R or N for a verdict.</p>"
           "<p><b>No GPU here?</b> Without a CUDA device the workbench is compile-only. Set a GPU "
           "machine reached over ssh in Settings › Verification (Test connection checks it), and "
           "the keys of your model providers in Settings › Providers.</p>"
           "<p>F1 lists every keyboard shortcut; the Help menu opens the manual's sections.</p>"));
    auto* buttons = new QDialogButtonBox(this);
    QPushButton* settings = buttons->addButton(tr("Open &Settings"), QDialogButtonBox::ActionRole);
    QPushButton* start = buttons->addButton(tr("&Start reviewing"), QDialogButtonBox::AcceptRole);
    start->setDefault(true);
    connect(settings, &QPushButton::clicked, this, [this] {
        emit settingsRequested();
        accept();
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(620, 440);
}

QString WelcomeDialog::text() const {
    return m_text->toPlainText();
}

bool WelcomeDialog::shownBefore() {
    return layoutSettings()->value(QStringLiteral("help/welcomeShown"), false).toBool();
}

void WelcomeDialog::markShown() {
    layoutSettings()->setValue(QStringLiteral("help/welcomeShown"), true);
}

} // namespace kwb::ui
