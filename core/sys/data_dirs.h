#pragma once
// Where the workbench keeps its data: projects, build cache, device calibrations.
#include <filesystem>

#include "core/model/error.h"

namespace kwb {

// $KWB_DATA_DIR, else $XDG_DATA_HOME/kernel-workbench, else ~/.local/share/kernel-workbench.
std::filesystem::path dataDirectory();
// $KWB_CACHE_DIR, else $XDG_CACHE_HOME/kernel-workbench, else ~/.cache/kernel-workbench.
std::filesystem::path cacheDirectory();
// Creates the folder if needed and proves it writable by writing and removing a file.
Status ensureWritableDirectory(const std::filesystem::path& dir);

} // namespace kwb
