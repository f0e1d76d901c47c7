#pragma once
// The starter project: on first start the workbench creates a default project in the user's
// data folder, filled with the demo samples under resources/demo (for each proof task a
// correct fast kernel, a correct slow one, a wrong one, one that does not compile), so a
// newcomer has real work to review at once. The demo samples are stored unverified.
#include <filesystem>
#include <memory>

#include "core/model/error.h"
#include "core/store/project_store.h"
#include "core/store/sample_importer.h"

namespace kwb {

// resources/demo in the source tree, or share/kernel-workbench/demo when installed.
Result<std::filesystem::path> demoDirectory();
// <data folder>/projects/default.kwbproj
std::filesystem::path defaultProjectPath();
// The samples manifest.json lists, read with their task specs.
Result<SampleBatch> readDemoSamples(const std::filesystem::path& demoDir,
                                    const SampleImporter::TaskResolver& resolve);
// A task resolver over the built-in task suite.
SampleImporter::TaskResolver builtinTaskResolver();
// Creates `path` holding the demo samples: complete, or not there at all.
Result<std::unique_ptr<ProjectStore>> createDemoProject(const std::filesystem::path& path,
                                                        const StoreOptions& options = {});
// Opens the default project, creating it (with the demo samples) the first time.
Result<std::unique_ptr<ProjectStore>> openDefaultProject(const StoreOptions& options = {});

// <data folder>/current-project: one line, the current project's absolute path (written by
// `kwb project new|open` and by New/Open in the window).
std::filesystem::path currentProjectFile();
// The project kwb and the window work on when none is named: $KWB_PROJECT, else the current
// project, else the default project's path.
std::filesystem::path currentProjectPath();
// Makes `path` the current project.
Status makeCurrentProject(const std::filesystem::path& path);
// Opens currentProjectPath(); the default project is created with the demo samples when it
// is the one chosen and does not exist yet.
Result<std::unique_ptr<ProjectStore>> openCurrentProject(const StoreOptions& options = {});

} // namespace kwb
