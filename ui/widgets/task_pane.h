#pragma once
// The Task tab beside the kernel: what the sample was asked to do, from the task spec stored
// with it. The entry point's signature, the parameters (kind, type, shape), every shape with
// its dimensions and the bytes its buffers take, the tolerances per output, the baseline it is
// timed against, the FLOP and byte formulas, the references, and the prompt. Read-only
// (selectable text); one task at a time. UI thread only.
#include <memory>

#include <QWidget>

#include "core/model/task.h"

class QTextBrowser;

namespace kwb::ui {

class TaskPane final : public QWidget {
    Q_OBJECT

public:
    explicit TaskPane(QWidget* parent = nullptr);

    // The task to show; null clears the pane.
    void setTask(std::shared_ptr<const Task> task);
    std::shared_ptr<const Task> task() const { return m_task; }
    // What the pane shows, as plain text (for tests and copying).
    QString plainText() const;
    // "2.0 MiB": the bytes a shape's buffers take, as the pane writes them.
    static QString byteText(double bytes);

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    QString parametersHtml() const;
    QString shapesHtml() const;
    QString checksHtml() const;

    std::shared_ptr<const Task> m_task;
    QTextBrowser* m_text = nullptr;
};

} // namespace kwb::ui
