#pragma once
// Reading a file the user named on the command line, with the real reason when it cannot be read
// (no such file, permission denied, too many levels of symbolic links, a folder), never a bare
// "does not exist".
#include <CLI/CLI.hpp>
#include <string>

#include "core/model/error.h"

namespace kwb::cli {

// The whole file, or its first maxBytes + 1 bytes when it is longer (so a caller can refuse a
// huge file, or /dev/zero, without holding it); error code "unreadable" with
// "cannot read PATH: REASON".
Result<std::string> readUserFile(const std::string& path,
                                 std::size_t maxBytes = std::string::npos - 1);
// Why `path` cannot be opened for reading as a file; empty when it can.
std::string whyUnreadable(const std::string& path);
// A CLI11 check that the option names a file that can be read, saying why not.
CLI::Validator readableFile();
// The same for a file or a folder (kwb import takes either).
CLI::Validator readablePath();

} // namespace kwb::cli
