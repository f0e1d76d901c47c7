#pragma once
// A folder built under a temporary name beside its final one and swapped into place when
// complete: an existing folder of that name is exchanged atomically (renameat2
// RENAME_EXCHANGE) and then removed, so the final name always holds a complete folder.
// Without commit() the temporary folder is removed. One thread.
#include <filesystem>

#include "core/model/error.h"

namespace kwb {

class AtomicDirectory {
public:
    static Result<AtomicDirectory> create(const std::filesystem::path& finalPath);
    AtomicDirectory(AtomicDirectory&& o) noexcept : m_final(std::move(o.m_final)), m_tmp(std::move(o.m_tmp)) {
        o.m_tmp.clear();
    }
    AtomicDirectory& operator=(AtomicDirectory&&) = delete;
    AtomicDirectory(const AtomicDirectory&) = delete;
    ~AtomicDirectory();

    // Where to write the folder's files until commit().
    const std::filesystem::path& path() const { return m_tmp; }
    Status commit();

private:
    AtomicDirectory(std::filesystem::path finalPath, std::filesystem::path tmp)
        : m_final(std::move(finalPath)), m_tmp(std::move(tmp)) {}
    std::filesystem::path m_final, m_tmp;
};

} // namespace kwb
