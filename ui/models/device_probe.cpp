#include "ui/models/device_probe.h"

#include <exception>
#include <utility>

namespace kwb::ui {

DeviceProbe::DeviceProbe(QObject* parent) : QObject(parent) {}

DeviceProbe::~DeviceProbe() = default;

void DeviceProbe::start(std::chrono::milliseconds timeout) {
    m_running = true;
    emit probeStarted();

    m_jobs.start([timeout, endpoint = m_endpoint](const JobTracker<DeviceProbe>::Ticket& ticket) {
        // Probe thread: owns its worker process for the length of one request.
        std::shared_ptr<const DeviceInfo> info;
        std::string error;
        try {
            auto worker = makeWorker(endpoint, "kernel-workbench");
            Result<DeviceInfo> result =
                worker ? (*worker)->deviceInfo(timeout) : Result<DeviceInfo>(worker.error());
            if (result)
                info = std::make_shared<const DeviceInfo>(std::move(*result));
            else
                error = result.error().message;
            if (worker)
                (*worker)->shutdown();
        } catch (const std::exception& e) {
            // A malformed answer surfaces as a JSON exception; it stays in this function.
            error = std::string("the worker's device report could not be read: ") + e.what();
        }

        if (info)
            ticket.post([info](DeviceProbe& probe) { probe.deliverInfo(info); });
        else
            ticket.post([message = QString::fromStdString(error)](DeviceProbe& probe) {
                probe.deliverError(message);
            });
    });
}

// Only the newest probe's answer arrives here (JobTracker drops the others).
void DeviceProbe::deliverInfo(std::shared_ptr<const DeviceInfo> info) {
    m_running = false;
    m_info = std::move(info);
    emit probeFinished(m_info);
}

void DeviceProbe::deliverError(const QString& message) {
    m_running = false;
    emit probeFailed(message);
}

} // namespace kwb::ui
