#include "core/export/atomic_directory.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>

#include "core/store/atomic_file.h"

namespace kwb {
namespace fs = std::filesystem;

Result<AtomicDirectory> AtomicDirectory::create(const fs::path& finalPath) {
    std::error_code ec;
    if (fs::exists(finalPath, ec) && !fs::is_directory(finalPath, ec))
        return Error::make("not-writable", finalPath.string() + " exists and is not a folder");
    const fs::path parent = finalPath.has_parent_path() ? finalPath.parent_path() : fs::path(".");
    fs::create_directories(parent, ec);
    AtomicFile::removeStaleTemporaries(finalPath);
    fs::path tmp = AtomicFile::temporaryFor(finalPath);
    if (!fs::create_directory(tmp, ec))
        return Error::make("not-writable", "cannot create " + tmp.string() + ": " + ec.message());
    return AtomicDirectory(finalPath, tmp);
}

AtomicDirectory::~AtomicDirectory() {
    if (!m_tmp.empty()) {
        std::error_code ec;
        fs::remove_all(m_tmp, ec);
    }
}

Status AtomicDirectory::commit() {
    if (m_tmp.empty())
        return Error::make("not-writable", "the folder is already committed");
    std::error_code ec;
    syncDirectory(m_tmp);
    const fs::path parent = m_final.has_parent_path() ? m_final.parent_path() : fs::path(".");
    if (fs::exists(m_final, ec)) {
        if (::renameat2(AT_FDCWD, m_tmp.c_str(), AT_FDCWD, m_final.c_str(), RENAME_EXCHANGE) != 0)
            return Error::make("not-writable", "cannot replace " + m_final.string() + ": " + std::strerror(errno));
        // m_tmp now names the old folder; the destructor removes it.
    } else {
        if (::renameat2(AT_FDCWD, m_tmp.c_str(), AT_FDCWD, m_final.c_str(), RENAME_NOREPLACE) != 0)
            return Error::make("not-writable", "cannot create " + m_final.string() + ": " + std::strerror(errno));
        m_tmp.clear();
    }
    syncDirectory(parent);
    return okStatus();
}

} // namespace kwb
