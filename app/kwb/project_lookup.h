#pragma once
// Which project a kwb command works on: --project PATH, else $KWB_PROJECT, else the current
// project (set by `kwb project open`), else the default project in the data folder, created
// with the demo samples on first use.
#include <filesystem>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "core/model/error.h"
#include "core/store/project_store.h"

namespace kwb::cli {

// Adds --project to a command.
void addProjectOption(CLI::App* cmd, std::string& path);
// The path the rules above choose (the default project's path when nothing else is set).
std::filesystem::path chosenProjectPath(const std::string& explicitPath);
Result<std::unique_ptr<ProjectStore>> openProject(const std::string& explicitPath);
// The reviewer's name: the given one, else $KWB_REVIEWER, else $USER.
std::string reviewerName(const std::string& given);

} // namespace kwb::cli
