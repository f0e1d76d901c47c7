#include "ui/models/layout_settings.h"

#include <QDir>
#include <QFile>

namespace kwb::ui {

std::unique_ptr<QSettings> layoutSettings() {
    const QString dir = QFile::decodeName(qgetenv("KWB_CONFIG_DIR"));
    if (dir.isEmpty())
        return std::make_unique<QSettings>();
    return std::make_unique<QSettings>(QDir(dir).filePath(QStringLiteral("layout.ini")),
                                       QSettings::IniFormat);
}

} // namespace kwb::ui
