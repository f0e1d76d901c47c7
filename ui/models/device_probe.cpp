#include "ui/models/device_probe.h"

#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "core/verify/subprocess_worker.h"

namespace kwb::ui {

// The meeting point of the UI thread and a probe thread. The probe thread posts its answer
// only while holding the mutex and only if the probe still exists; the probe's destructor
// clears `receiver` under the same mutex, so no post can race with the destruction.
struct DeviceProbe::Channel {
    std::mutex mutex;
    DeviceProbe* receiver = nullptr;
};

DeviceProbe::DeviceProbe(QObject* parent)
    : QObject(parent), m_channel(std::make_shared<Channel>()) {
    m_channel->receiver = this;
}

DeviceProbe::~DeviceProbe() {
    // A probe thread still running keeps the channel alive and finds no receiver.
    std::lock_guard lock(m_channel->mutex);
    m_channel->receiver = nullptr;
}

void DeviceProbe::start(std::chrono::milliseconds timeout) {
    const quint64 generation = ++m_generation;
    m_running = true;
    emit probeStarted();

    std::thread([channel = m_channel, generation, timeout] {
        // Probe thread: owns its worker process for the length of one request.
        std::shared_ptr<const DeviceInfo> info;
        std::string error;
        try {
            SubprocessWorker worker(locateRunner(), "kernel-workbench");
            Result<DeviceInfo> result = worker.deviceInfo(timeout);
            if (result)
                info = std::make_shared<const DeviceInfo>(std::move(*result));
            else
                error = result.error().message;
            worker.shutdown();
        } catch (const std::exception& e) {
            // A malformed answer surfaces as a JSON exception; it stays in this function.
            error = std::string("the worker's device report could not be read: ") + e.what();
        }

        std::lock_guard lock(channel->mutex);
        DeviceProbe* receiver = channel->receiver;
        if (!receiver)
            return;
        if (info) {
            QMetaObject::invokeMethod(
                receiver, [receiver, generation, info] { receiver->deliverInfo(generation, info); },
                Qt::QueuedConnection);
        } else {
            QString message = QString::fromStdString(error);
            QMetaObject::invokeMethod(
                receiver,
                [receiver, generation, message] { receiver->deliverError(generation, message); },
                Qt::QueuedConnection);
        }
    }).detach();
}

void DeviceProbe::deliverInfo(quint64 generation, std::shared_ptr<const DeviceInfo> info) {
    if (generation != m_generation)
        return; // stale: a newer probe was started
    m_running = false;
    m_info = std::move(info);
    emit probeFinished(m_info);
}

void DeviceProbe::deliverError(quint64 generation, const QString& message) {
    if (generation != m_generation)
        return;
    m_running = false;
    emit probeFailed(message);
}

} // namespace kwb::ui
