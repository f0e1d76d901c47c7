#pragma once
// A file written under a temporary name beside its final one and renamed into place only when
// complete (written, flushed, fsynced): readers and crashes see the old file or the new one,
// never half of it. Without commit() the temporary file is removed. One thread.
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "core/model/error.h"

namespace kwb {

class AtomicFile {
public:
    // Also removes temporaries of `finalPath` left by processes that are gone (killed mid-write).
    static Result<AtomicFile> create(const std::filesystem::path& finalPath);
    AtomicFile(AtomicFile&& o) noexcept;
    AtomicFile& operator=(AtomicFile&&) = delete;
    AtomicFile(const AtomicFile&) = delete;
    ~AtomicFile();

    std::FILE* stream() { return m_file; }
    Status write(std::string_view data);
    const std::filesystem::path& temporaryPath() const { return m_tmp; }
    // Flush, fsync, rename over the final name, fsync the folder.
    Status commit();

    // ".<name>.kwb-tmp-<pid>-<n>" beside `finalPath`, and the test for one left by a dead process.
    static std::filesystem::path temporaryFor(const std::filesystem::path& finalPath);
    static void removeStaleTemporaries(const std::filesystem::path& finalPath);

private:
    AtomicFile(std::filesystem::path finalPath, std::filesystem::path tmp, std::FILE* f)
        : m_final(std::move(finalPath)), m_tmp(std::move(tmp)), m_file(f) {}
    std::filesystem::path m_final, m_tmp;
    std::FILE* m_file = nullptr;
    bool m_failed = false;
};

// fsync a folder, so a rename inside it is durable.
void syncDirectory(const std::filesystem::path& dir);

} // namespace kwb
