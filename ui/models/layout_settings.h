#pragma once
// Where the window's layout (geometry, splitters, column widths) is remembered across
// restarts: $KWB_CONFIG_DIR/layout.ini when that folder is set (as the LLM settings are, so a
// test or a second profile keeps its own), else the application's QSettings. UI thread only.
#include <memory>

#include <QSettings>

namespace kwb::ui {

std::unique_ptr<QSettings> layoutSettings();

} // namespace kwb::ui
