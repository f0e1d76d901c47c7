#include "ui/models/workbench_settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

#include "core/store/data_dirs.h"

namespace kwb::ui {

namespace {
const QString kGroup = QStringLiteral("verification/");
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
    out.timeoutSeconds = s.value(kGroup + QStringLiteral("timeoutSeconds"), d.timeoutSeconds).toInt();
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

QString WorkbenchSettings::applyToWorker() const {
    if (gpuIndex >= 0)
        qputenv("CUDA_VISIBLE_DEVICES", QByteArray::number(gpuIndex));
    if (workerHost.trimmed().isEmpty())
        return {};
    // The worker speaks line-delimited JSON on stdin/stdout, so `ssh host kwb-runner` is a
    // worker too: a small launcher script stands in for the runner (KWB_RUNNER).
    const QString host = workerHost.trimmed();
    for (QChar c : host) {
        if (!(c.isLetterOrNumber() || c == QLatin1Char('.') || c == QLatin1Char('-') ||
              c == QLatin1Char('_') || c == QLatin1Char('@')))
            return QCoreApplication::translate("kwb::ui::WorkbenchSettings", "The worker host may hold only letters, digits, '.', '-', '_' and '@'.");
    }
    const QString dir = QString::fromStdString(cacheDirectory().string());
    if (!QDir().mkpath(dir))
        return QCoreApplication::translate("kwb::ui::WorkbenchSettings", "Cannot create %1.").arg(dir);
    const QString path = QDir(dir).filePath(QStringLiteral("ssh-runner-%1.sh").arg(host));
    QFile script(path);
    if (!script.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QCoreApplication::translate("kwb::ui::WorkbenchSettings", "Cannot write %1.").arg(path);
    script.write("#!/bin/sh\n# Written by kernel-workbench: runs the GPU worker on another machine.\n");
    script.write(QStringLiteral("exec ssh -T -o BatchMode=yes %1 kwb-runner \"$@\"\n").arg(host).toUtf8());
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("KWB_RUNNER", QFile::encodeName(path));
    return {};
}

} // namespace kwb::ui
