#pragma once
// Asks the GPU worker which CUDA devices this machine has, off the UI thread.
//
// start() runs the worker's "device-info" request (at the probe's WorkerEndpoint) on a detached
// background thread with a deadline; the answer comes back to the UI thread as an immutable
// snapshot through a queued call, and is announced by probeFinished or probeFailed. A newer start()
// makes older answers stale: they are dropped. Destroying the probe never waits for the worker.
#include <chrono>
#include <memory>

#include <QObject>
#include <QString>

#include "core/model/device_info.h"
#include "core/verify/worker_endpoint.h"
#include "ui/models/job_tracker.h"

namespace kwb::ui {

class DeviceProbe final : public QObject {
    Q_OBJECT

public:
    explicit DeviceProbe(QObject* parent = nullptr);
    ~DeviceProbe() override; // never waits for a probe still running

    // Where the next probes ask (this machine until set). UI thread only.
    void setWorkerEndpoint(WorkerEndpoint endpoint) { m_endpoint = std::move(endpoint); }
    const WorkerEndpoint& workerEndpoint() const { return m_endpoint; }
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
    void deliverInfo(std::shared_ptr<const DeviceInfo> info);
    void deliverError(const QString& message);

    std::shared_ptr<const DeviceInfo> m_info;
    WorkerEndpoint m_endpoint;
    bool m_running = false;
    JobTracker<DeviceProbe> m_jobs{this}; // last member: detaches first on destruction
};

} // namespace kwb::ui
