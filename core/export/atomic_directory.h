#pragma once
// A folder built under a temporary name beside its final one and swapped into place when
// complete, so the final name always holds a complete folder. An existing folder of that name
// is exchanged atomically (renameat2 RENAME_EXCHANGE); of the old folder only the files this
// kind of folder consists of (`ownFiles`, and their temporaries) are removed, then the folders
// left empty: nothing is ever removed recursively, so a folder that holds anything else stays
// (under the hidden temporary name) rather than being lost. The caller checks beforehand that
// the final name is new, empty or one of ours (checkOutput). Without commit() the temporary
// folder is removed the same way. One thread.
#include <filesystem>
#include <vector>

#include "core/model/error.h"

namespace kwb {

class AtomicDirectory {
public:
    // `ownFiles`: the relative paths of the files such a folder holds ("README.md", "data/x").
    static Result<AtomicDirectory> create(const std::filesystem::path& finalPath,
                                          std::vector<std::filesystem::path> ownFiles);
    AtomicDirectory(AtomicDirectory&& o) noexcept
        : m_final(std::move(o.m_final)), m_tmp(std::move(o.m_tmp)), m_own(std::move(o.m_own)) {
        o.m_tmp.clear();
    }
    AtomicDirectory& operator=(AtomicDirectory&&) = delete;
    AtomicDirectory(const AtomicDirectory&) = delete;
    ~AtomicDirectory();

    // Where to write the folder's files until commit().
    const std::filesystem::path& path() const { return m_tmp; }
    Status commit();

    // Removes ownFiles (and their temporaries) from folder, then the folders left empty;
    // false when something else kept the folder from going.
    static bool removeOwnFiles(const std::filesystem::path& folder,
                               const std::vector<std::filesystem::path>& ownFiles);

private:
    AtomicDirectory(std::filesystem::path finalPath, std::filesystem::path tmp,
                    std::vector<std::filesystem::path> own)
        : m_final(std::move(finalPath)), m_tmp(std::move(tmp)), m_own(std::move(own)) {}
    std::filesystem::path m_final, m_tmp;
    std::vector<std::filesystem::path> m_own;
};

} // namespace kwb
