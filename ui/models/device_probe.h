#pragma once
// Asks the GPU worker which CUDA devices this machine has, off the UI thread.
//
// start() runs kwb-runner's "device-info" request on a detached background thread with a
// deadline; the answer comes back to the UI thread as an immutable snapshot through a queued
// call, and is announced by probeFinished or probeFailed. A newer start() makes older answers
// stale: they are dropped. Destroying the probe never waits for the worker.
#include <chrono>
#include <memory>

#include <QObject>
#include <QString>

#include "core/model/device_info.h"

namespace kwb::ui {

class DeviceProbe final : public QObject {
    Q_OBJECT

public:
    explicit DeviceProbe(QObject* parent = nullptr);
    ~DeviceProbe() override;

    // Starts a probe; any probe still running becomes stale. UI thread only.
    void start(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    bool running() const { return m_running; }
    // The last device snapshot received, or null before the first successful probe.
    std::shared_ptr<const DeviceInfo> lastInfo() const { return m_info; }

signals:
    void probeStarted();
    void probeFinished(std::shared_ptr<const kwb::DeviceInfo> info);
    void probeFailed(const QString& message);

private:
    struct Channel; // shared with the background thread; defined in the .cpp

    void deliverInfo(quint64 generation, std::shared_ptr<const DeviceInfo> info);
    void deliverError(quint64 generation, const QString& message);

    std::shared_ptr<Channel> m_channel;
    std::shared_ptr<const DeviceInfo> m_info;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace kwb::ui
