#include "ui/widgets/gpu_status_label.h"

#include <QEvent>

namespace kwb::ui {

GpuStatusLabel::GpuStatusLabel(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("gpuStatusLabel"));
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    render();
}

void GpuStatusLabel::showProbing() {
    m_state = State::Probing;
    m_detail.clear();
    render();
}

void GpuStatusLabel::showDevice(const std::shared_ptr<const DeviceInfo>& info) {
    if (!info || !info->hasDevice()) {
        m_state = State::NoDevice;
        m_detail = info ? QString::fromStdString(info->noDeviceReason) : QString();
        render();
        return;
    }
    m_state = State::Device;
    m_summary = QString::fromStdString(info->gpus.front().summary());
    m_extraGpus = static_cast<int>(info->gpus.size()) - 1;
    QStringList lines;
    for (const GpuInfo& gpu : info->gpus)
        lines << QString::fromStdString(gpu.summary());
    m_detail = lines.join(QLatin1Char('\n'));
    render();
}

void GpuStatusLabel::setWorker(const QString& description, bool remote) {
    m_worker = description;
    m_remote = remote;
    render();
}

void GpuStatusLabel::showFailure(const QString& message) {
    m_state = m_remote ? State::WorkerError : State::NoDevice;
    m_detail = message;
    render();
}

void GpuStatusLabel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        render();
    QLabel::changeEvent(event);
}

void GpuStatusLabel::render() {
    const QString worker = m_worker.isEmpty() ? tr("this machine") : m_worker;
    switch (m_state) {
    case State::Probing:
        setText(m_remote ? tr("Looking for a GPU on %1…").arg(worker) : tr("Looking for a GPU…"));
        setToolTip(tr("Asking the GPU worker (%1) which CUDA devices it has").arg(worker));
        break;
    case State::Device: {
        const QString gpus =
            m_extraGpus > 0 ? tr("%1 (+%n more)", nullptr, m_extraGpus).arg(m_summary) : m_summary;
        //: The GPU and the worker it is on, e.g. "NVIDIA H200 on gpu-server over ssh"
        setText(m_remote ? tr("%1 on %2").arg(gpus, worker) : gpus);
        setToolTip(tr("Worker: %1\n%2").arg(worker, m_detail));
        break;
    }
    case State::NoDevice:
        setText(m_remote ? tr("No CUDA device on %1: compile-only").arg(worker)
                         : tr("No CUDA device: compile-only"));
        setToolTip(m_detail.isEmpty() ? tr("The GPU worker found no CUDA device") : m_detail);
        break;
    case State::WorkerError:
        setText(tr("Worker error: %1 did not answer").arg(worker));
        setToolTip(m_detail);
        break;
    }
}

} // namespace kwb::ui
