#pragma once
// Shared steps of the GUI tests that drive the whole window.
#include <string>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include "core/store/demo_project.h"
#include "tests/llm/loopback_server.h"
#include "ui/widgets/task_browser.h"
#include "ui/windows/main_window.h"
#include "ui/windows/review_controller.h"

namespace kwbtest {

// The workbench's data and settings folders go to DIR/data and DIR/config (never the user's).
inline void useScratchFolders(const QDir& dir) {
    qputenv("KWB_DATA_DIR", QFile::encodeName(dir.filePath(QStringLiteral("data"))));
    qputenv("KWB_CONFIG_DIR", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
}

// The settings file that points the "loopback" provider at the loopback LLM server (OpenAI
// protocol, a price for gpt-4.1), under DIR/config/llm.json.
inline bool writeLoopbackLlmSettings(const QDir& dir, const std::string& serverUrl) {
    if (!QDir().mkpath(dir.filePath(QStringLiteral("config"))))
        return false;
    QFile settings(dir.filePath(QStringLiteral("config/llm.json")));
    if (!settings.open(QIODevice::WriteOnly))
        return false;
    const QByteArray text =
        QStringLiteral(R"({"providers": {"loopback": {"protocol": "openai", "base_url": "%1/v1"}},
                                     "prices": {"gpt-4.1": {"input": 2, "output": 8}}})")
            .arg(QString::fromStdString(serverUrl))
            .toUtf8();
    return settings.write(text) == text.size();
}

// A scratch folder DIR for the workbench (useScratchFolders) whose "loopback" provider is
// `server`, started here; what the server answers is the caller's to enqueue.
inline bool useLoopbackProvider(const QTemporaryDir& dir, LoopbackServer& server) {
    if (!dir.isValid())
        return false;
    useScratchFolders(QDir(dir.path()));
    return server.start() && writeLoopbackLlmSettings(QDir(dir.path()), server.url());
}

// Creates the demo project at `project`, opens it in `window`, shows the window and selects
// `task` in the task browser; false when any step does not happen in time.
inline bool openDemoProjectOnTask(kwb::ui::MainWindow& window, const QString& project,
                                  const QString& task) {
    if (!kwb::createDemoProject(project.toStdString()))
        return false;
    QSignalSpy opened(&window, &kwb::ui::MainWindow::projectOpened);
    window.openProject(project);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    if (!QTest::qWaitFor(
            [&] { return opened.count() > 0 && window.reviewController()->currentSample(); },
            15000))
        return false;
    auto* browser = window.findChild<kwb::ui::TaskBrowser*>(QStringLiteral("taskBrowser"));
    return browser && QTest::qWaitFor([&] { return browser->selectTask(task); }, 5000);
}

} // namespace kwbtest
