#include "core/sys/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace kwb {
namespace fs = std::filesystem;
namespace {

const char* const kTmpMarker = ".kwb-tmp-";

fs::path folderOf(const fs::path& p) {
    return p.has_parent_path() ? p.parent_path() : fs::path(".");
}

} // namespace

void syncDirectory(const fs::path& dir) {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

fs::path AtomicFile::temporaryFor(const fs::path& finalPath) {
    static std::atomic<int> counter{0};
    return folderOf(finalPath) / ("." + finalPath.filename().string() + kTmpMarker +
                                  std::to_string(::getpid()) + "-" + std::to_string(counter++));
}

void AtomicFile::removeStaleTemporaries(const fs::path& finalPath) {
    const std::string prefix = "." + finalPath.filename().string() + kTmpMarker;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(folderOf(finalPath), ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        // Only files: a folder of that name is an AtomicDirectory's, which removes its own
        // (never recursively).
        if (pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH &&
            !fs::is_directory(e.symlink_status(ec)))
            fs::remove(e.path(), ec);
    }
}

Result<AtomicFile> AtomicFile::create(const fs::path& finalPath) {
    std::error_code ec;
    if (fs::is_directory(finalPath, ec))
        return Error::make("not-writable", finalPath.string() + " is a folder");
    fs::create_directories(folderOf(finalPath), ec);
    removeStaleTemporaries(finalPath);
    fs::path tmp = temporaryFor(finalPath);
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    // Errors name the file the caller asked for: the temporary's name means nothing to a user.
    if (fd < 0)
        return Error::make(errno == ENOSPC ? "disk-full" : "not-writable",
                           "cannot write " + finalPath.string() + ": " + std::strerror(errno));
    std::FILE* f = ::fdopen(fd, "wb");
    if (!f) {
        ::close(fd);
        fs::remove(tmp, ec);
        return Error::make("not-writable", "cannot write " + finalPath.string());
    }
    std::setvbuf(f, nullptr, _IOFBF, 1 << 20);
    return AtomicFile(finalPath, tmp, f);
}

AtomicFile::AtomicFile(AtomicFile&& o) noexcept
    : m_final(std::move(o.m_final)), m_tmp(std::move(o.m_tmp)), m_file(o.m_file),
      m_failed(o.m_failed) {
    o.m_file = nullptr;
    o.m_tmp.clear();
}

AtomicFile::~AtomicFile() {
    if (m_file)
        std::fclose(m_file);
    if (!m_tmp.empty()) {
        std::error_code ec;
        fs::remove(m_tmp, ec);
    }
}

Status AtomicFile::write(std::string_view data) {
    if (!m_file)
        return Error::make("not-writable", "the file is already closed");
    if (std::fwrite(data.data(), 1, data.size(), m_file) != data.size()) {
        m_failed = true;
        return Error::make(errno == ENOSPC ? "disk-full" : "not-writable",
                           "cannot write " + m_final.string() + ": " + std::strerror(errno));
    }
    return okStatus();
}

Status AtomicFile::commit() {
    if (!m_file)
        return Error::make("not-writable", "the file is already closed");
    bool ok = !m_failed && std::fflush(m_file) == 0 && !std::ferror(m_file) &&
              ::fsync(::fileno(m_file)) == 0;
    int err = errno;
    ok = (std::fclose(m_file) == 0) && ok;
    m_file = nullptr;
    if (!ok)
        return Error::make(err == ENOSPC ? "disk-full" : "not-writable",
                           "cannot write " + m_final.string() + ": " + std::strerror(err));
    if (::rename(m_tmp.c_str(), m_final.c_str()) != 0)
        return Error::make("not-writable",
                           "cannot rename into " + m_final.string() + ": " + std::strerror(errno));
    m_tmp.clear();
    syncDirectory(folderOf(m_final));
    return okStatus();
}

} // namespace kwb
