#pragma once
// The status-bar label that names the GPU the worker found, or says the workbench is
// compile-only. It keeps its state, not its text, so a language change re-renders it.
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
    void showFailure(const QString& message);                       // no device; why in the tooltip
    bool settled() const { return m_state != State::Probing; }

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class State { Probing, Device, NoDevice };
    void render();

    State m_state = State::Probing;
    QString m_summary; // what GpuInfo::summary() says about the first device
    int m_extraGpus = 0;
    QString m_detail; // tooltip: device details, or why there is none
};

} // namespace kwb::ui
