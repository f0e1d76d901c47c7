#pragma once
// Help in the window: the first-start welcome (what the workbench is, the demo project, where
// to set a GPU host and provider keys), the keyboard shortcuts sheet (F1 or ?), and sections of
// the README (embedded in the program, so they match the build) in a viewer of their own. All
// window-modal or modeless; none blocks the event loop. UI thread only.
#include <QDialog>
#include <QString>

class QTextBrowser;

namespace kwb::ui {

// The README as built into the program.
QString embeddedReadme();
// The part of `markdown` under the heading whose text is `heading` (without the #s), up to the
// next heading of the same or a higher level; empty when there is no such heading.
QString markdownSection(const QString& markdown, const QString& heading);

// One README section, rendered.
class HelpViewer final : public QDialog {
    Q_OBJECT

public:
    HelpViewer(const QString& heading, QWidget* parent = nullptr);
    QString plainText() const;

private:
    QTextBrowser* m_text = nullptr;
};

// Every shortcut of the window's actions (the review keys included) and of the editors.
class ShortcutsSheet final : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsSheet(QWidget* window);
    // "Accept this sample … (A)\tA" per row, for tests.
    QStringList rows() const;

private:
    QStringList m_rows;
};

// The first-start welcome. settingsRequested: the reviewer wants Settings now.
class WelcomeDialog final : public QDialog {
    Q_OBJECT

public:
    explicit WelcomeDialog(QWidget* parent = nullptr);
    QString text() const;

    // Whether the welcome was shown before (remembered with the layout), and marking it shown.
    static bool shownBefore();
    static void markShown();

signals:
    void settingsRequested();

private:
    QTextBrowser* m_text = nullptr;
};

} // namespace kwb::ui
