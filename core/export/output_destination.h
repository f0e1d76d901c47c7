#pragma once
// The one check every output path passes before anything is written (kwb export, the window's
// export dialog, kwb generate --out): an output never replaces, truncates or appends to what it
// did not write. Refused always: the open project and its -wal/-shm/-journal, any SQLite file,
// anything that is not a regular file (device nodes, FIFOs, sockets, symbolic links), a folder
// where a file goes, a non-empty folder that is not a dataset folder of ours, a missing parent
// folder. An existing output of ours (or any other regular file) is replaced only when the
// policy allows it. Qt-free, no SQLite; a stat and a few bytes read, nothing written.
#include <filesystem>
#include <string>
#include <vector>

#include "core/model/error.h"

namespace kwb {

// Error codes of checkOutput (Error::code), for callers that map them to their own words:
inline constexpr const char* kOutputIsProject =
    "output-is-project"; // the open project or its sidecar
inline constexpr const char* kOutputIsDatabase = "output-is-database"; // a SQLite file (or its WAL)
inline constexpr const char* kOutputNotRegular =
    "output-not-regular"; // device, FIFO, socket, symlink, folder
inline constexpr const char* kOutputNotOurs =
    "output-not-ours"; // a folder (or samples file) we did not write
inline constexpr const char* kOutputExists = "output-exists"; // replaceable, but not without leave
inline constexpr const char* kOutputParentMissing = "output-parent-missing";
inline constexpr const char* kOutputSameAsOther =
    "output-same-as-other"; // two outputs of one command are one file

enum class OutputKind {
    ReplacedFile,  // a JSONL export, renamed into place
    DatasetFolder, // an HF dataset folder, swapped into place
    AppendedFile,  // kwb generate --out: samples appended to a file of ours
    AppendedLog,   // kwb generate --log: text appended to any regular file that is no database
};

struct OutputPolicy {
    OutputKind kind = OutputKind::ReplacedFile;
    bool replaceOurs =
        false; // an earlier export of ours (JSONL rows of ours, a folder with our marker)
    bool replaceOthers =
        false; // any other regular file (never a database, a project, a folder not ours)
    std::vector<std::filesystem::path> protectedFiles; // the open project(s); their sidecars too
};

// What is at the destination and whether the policy lets an output go there.
Status checkOutput(const std::filesystem::path& destination, const OutputPolicy& policy);
// Refuses two outputs of one command that are the same file (by path after resolving, or inode).
Status checkDistinctOutputs(const std::filesystem::path& a, const std::filesystem::path& b);

// The marker file in every dataset folder we write, and the names the folder may hold.
inline constexpr const char* kDatasetMarker = ".kwb-dataset";
const std::vector<std::filesystem::path>&
datasetFolderFiles(); // relative: marker, README.md, data/*.jsonl

// The path made absolute and normal, without a trailing separator ("out/" -> "/cwd/out").
std::filesystem::path normalOutputPath(const std::filesystem::path& p);

} // namespace kwb
