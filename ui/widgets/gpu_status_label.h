#pragma once
// The status-bar label that names the worker and the GPU it found ("NVIDIA H200 … on
// gpu-server over ssh"), says the workbench is compile-only, or that a remote worker could not
// be reached (a worker error, not a missing GPU). It keeps its state, not its text, so a
// language change re-renders it.
#include <memory>

#include <QLabel>
#include <QString>

#include "core/model/device_info.h"

namespace kwb::ui {

class GpuStatusLabel final : public QLabel {
    Q_OBJECT

public:
    explicit GpuStatusLabel(QWidget* parent = nullptr);

    void showProbing();                                             // "Looking for a GPU…"
    void showDevice(const std::shared_ptr<const DeviceInfo>& info); // GPU name, or no device
    void showFailure(const QString& message); // no device, or a worker error; why in the tooltip
    bool settled() const { return m_state != State::Probing; }
    // Where the worker runs: "this machine", "gpu-server over ssh" (WorkerEndpoint::describe).
    void setWorker(const QString& description, bool remote);
    // The probe could not reach a remote worker: its failure is the worker's, not the GPU's.
    bool workerFailed() const { return m_state == State::WorkerError; }

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class State { Probing, Device, NoDevice, WorkerError };
    void render();

    State m_state = State::Probing;
    QString m_summary; // what GpuInfo::summary() says about the first device
    int m_extraGpus = 0;
    QString m_detail; // tooltip: device details, or why there is none
    QString m_worker; // WorkerEndpoint::describe()
    bool m_remote = false;
};

} // namespace kwb::ui
