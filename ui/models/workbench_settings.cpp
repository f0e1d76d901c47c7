#include "ui/models/workbench_settings.h"

#include <QCoreApplication>
#include <QSettings>

#include "core/sys/data_dirs.h"
#include "core/verify/remote_worker.h"

namespace kwb::ui {

namespace {
const QString kGroup = QStringLiteral("verification/");

// The window's sentence for a worker host core refused (its error code).
QString workerProblem(const std::string& code, const std::string& host) {
    const auto dir = cacheDirectory();
    if (code == "bad-worker-host-dash")
        return QCoreApplication::translate(
            "kwb::ui::WorkbenchSettings",
            "The worker host cannot begin with '-': ssh would read it as an option.");
    if (code == "bad-worker-host")
        return QCoreApplication::translate(
            "kwb::ui::WorkbenchSettings",
            "The worker host may hold only letters, digits, '.', '-', '_' and '@'.");
    if (code == "cannot-create-folder")
        return QCoreApplication::translate("kwb::ui::WorkbenchSettings", "Cannot create %1.")
            .arg(QString::fromStdString(dir.string()));
    return QCoreApplication::translate("kwb::ui::WorkbenchSettings", "Cannot write %1.")
        .arg(QString::fromStdString(sshLauncherPath(dir, host).string()));
}

} // namespace

WorkbenchSettings WorkbenchSettings::load() {
    QSettings s;
    WorkbenchSettings d;
    WorkbenchSettings out;
    out.trials = s.value(kGroup + QStringLiteral("trials"), d.trials).toInt();
    out.benchmark = s.value(kGroup + QStringLiteral("benchmark"), d.benchmark).toBool();
    out.targetRse = s.value(kGroup + QStringLiteral("targetRse"), d.targetRse).toDouble();
    out.maxSamples = s.value(kGroup + QStringLiteral("maxSamples"), d.maxSamples).toInt();
    out.timeCapMs = s.value(kGroup + QStringLiteral("timeCapMs"), d.timeCapMs).toDouble();
    out.timeoutSeconds =
        s.value(kGroup + QStringLiteral("timeoutSeconds"), d.timeoutSeconds).toInt();
    out.gpuIndex = s.value(QStringLiteral("worker/gpuIndex"), d.gpuIndex).toInt();
    out.workerHost = s.value(QStringLiteral("worker/host")).toString();
    out.language = s.value(QStringLiteral("ui/language")).toString();
    return out;
}

void WorkbenchSettings::save() const {
    QSettings s;
    s.setValue(kGroup + QStringLiteral("trials"), trials);
    s.setValue(kGroup + QStringLiteral("benchmark"), benchmark);
    s.setValue(kGroup + QStringLiteral("targetRse"), targetRse);
    s.setValue(kGroup + QStringLiteral("maxSamples"), maxSamples);
    s.setValue(kGroup + QStringLiteral("timeCapMs"), timeCapMs);
    s.setValue(kGroup + QStringLiteral("timeoutSeconds"), timeoutSeconds);
    s.setValue(QStringLiteral("worker/gpuIndex"), gpuIndex);
    s.setValue(QStringLiteral("worker/host"), workerHost);
    s.setValue(QStringLiteral("ui/language"), language);
}

VerifyOptions WorkbenchSettings::verifyOptions() const {
    VerifyOptions o;
    o.trials = std::max(1, trials);
    o.bench = benchmark;
    o.timeoutSeconds = std::max(10, timeoutSeconds);
    o.timing = {{"target_rse", targetRse}, {"max_samples", maxSamples}, {"time_cap_ms", timeCapMs}};
    return o;
}

WorkbenchSettings::WorkerChoice WorkbenchSettings::workerChoice() const {
    // The worker speaks line-delimited JSON on stdin/stdout, so `ssh host kwb-runner` is a
    // worker too: core writes a small launcher script that stands in for the runner. Core
    // returns codes, the sentences shown here are ours (translated).
    const std::string host = workerHost.trimmed().toStdString();
    auto endpoint = WorkerEndpoint::sshHost(host);
    if (!endpoint)
        return {std::nullopt, workerProblem(endpoint.error().code, host)};
    if (gpuIndex >= 0)
        endpoint->gpu = gpuIndex;
    if (auto launcher = workerProgram(*endpoint); !launcher)
        return {std::nullopt, workerProblem(launcher.error().code, host)};
    return {*endpoint, {}};
}

} // namespace kwb::ui
