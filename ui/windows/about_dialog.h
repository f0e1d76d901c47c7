#pragma once
// Help › About: the workbench's version and the versions of what it runs on (Qt, CUDA runtime
// and driver as the worker reports them, QScintilla). Shows what is known when it opens.
#include <memory>

#include <QDialog>

#include "core/model/device_info.h"

class QLabel;

namespace kwb::ui {

class AboutDialog final : public QDialog {
    Q_OBJECT

public:
    // `device` is null while the GPU probe has not answered, or when it failed.
    explicit AboutDialog(std::shared_ptr<const DeviceInfo> device, QWidget* parent = nullptr);

private:
    QLabel* addValue(const char* objectName, const QString& value);
};

} // namespace kwb::ui
