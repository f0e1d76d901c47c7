#include "core/export/atomic_directory.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#include "core/sys/atomic_file.h"

namespace kwb {
namespace fs = std::filesystem;
namespace {

fs::path folderOf(const fs::path& p) {
    return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

bool isRegularOrLink(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode));
}

bool isRealFolder(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Every folder from `folder` down to rel's parent is a folder, not a link to one elsewhere.
bool realFoldersOnTheWay(const fs::path& folder, const fs::path& rel) {
    fs::path p = folder;
    for (const auto& part : rel.parent_path()) {
        p /= part;
        if (!isRealFolder(p))
            return false;
    }
    return true;
}

// Temporaries of a dead writer of `finalPath` (".<name>.kwb-tmp-<pid>-<n>" whose pid is gone).
std::vector<fs::path> staleTemporaries(const fs::path& finalPath) {
    const std::string prefix = "." + finalPath.filename().string() + ".kwb-tmp-";
    std::vector<fs::path> stale;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folderOf(finalPath), ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
            stale.push_back(e.path());
    }
    return stale;
}

} // namespace

bool AtomicDirectory::removeOwnFiles(const fs::path& folder,
                                     const std::vector<fs::path>& ownFiles) {
    std::error_code ec;
    if (!isRealFolder(folder))
        return false;
    std::set<fs::path> subfolders;
    for (const auto& rel : ownFiles) {
        if (!realFoldersOnTheWay(folder, rel))
            continue;
        const fs::path file = folder / rel;
        if (isRegularOrLink(file))
            fs::remove(file, ec);
        // Temporaries a killed AtomicFile left beside the file.
        const std::string prefix = "." + rel.filename().string() + ".kwb-tmp-";
        for (const auto& e : fs::directory_iterator(file.parent_path(), ec))
            if (e.path().filename().string().rfind(prefix, 0) == 0 && isRegularOrLink(e.path()))
                fs::remove(e.path(), ec);
        for (fs::path p = rel.parent_path(); !p.empty(); p = p.parent_path())
            subfolders.insert(p);
    }
    // Deepest first; ::rmdir removes only an empty folder.
    for (auto it = subfolders.rbegin(); it != subfolders.rend(); ++it)
        ::rmdir((folder / *it).c_str());
    return ::rmdir(folder.c_str()) == 0 || errno == ENOENT;
}

Result<AtomicDirectory> AtomicDirectory::create(const fs::path& finalPath,
                                                std::vector<fs::path> ownFiles) {
    std::error_code ec;
    if (fs::exists(finalPath, ec) && !fs::is_directory(finalPath, ec))
        return Error::make("not-writable", finalPath.string() + " exists and is not a folder");
    for (const auto& stale : staleTemporaries(finalPath))
        removeOwnFiles(stale, ownFiles);
    fs::path tmp = AtomicFile::temporaryFor(finalPath);
    if (::mkdir(tmp.c_str(), 0755) != 0)
        return Error::make(errno == ENOSPC ? "disk-full" : "not-writable",
                           "cannot write " + finalPath.string() + ": " + std::strerror(errno));
    return AtomicDirectory(finalPath, tmp, std::move(ownFiles));
}

AtomicDirectory::~AtomicDirectory() {
    if (!m_tmp.empty())
        removeOwnFiles(m_tmp, m_own);
}

Status AtomicDirectory::commit() {
    if (m_tmp.empty())
        return Error::make("not-writable", "the folder is already committed");
    std::error_code ec;
    syncDirectory(m_tmp);
    if (fs::exists(m_final, ec)) {
        if (::renameat2(AT_FDCWD, m_tmp.c_str(), AT_FDCWD, m_final.c_str(), RENAME_EXCHANGE) != 0)
            return Error::make("not-writable",
                               "cannot replace " + m_final.string() + ": " + std::strerror(errno));
        // m_tmp now names the old folder; the destructor removes what of it is ours.
    } else {
        if (::renameat2(AT_FDCWD, m_tmp.c_str(), AT_FDCWD, m_final.c_str(), RENAME_NOREPLACE) != 0)
            return Error::make("not-writable",
                               "cannot write " + m_final.string() + ": " + std::strerror(errno));
        m_tmp.clear();
    }
    syncDirectory(folderOf(m_final));
    return okStatus();
}

} // namespace kwb
