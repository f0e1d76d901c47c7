#include "app/kwb/user_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kwb::cli {
namespace {

// An open descriptor, or the reason there is none. Folders are allowed when `folders`.
int openForReading(const std::string& path, bool folders, std::string* why) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        *why = std::strerror(errno); // ENOENT, EACCES, ELOOP, ENAMETOOLONG, ...
        return -1;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || (S_ISDIR(st.st_mode) && !folders)) {
        *why = S_ISDIR(st.st_mode) ? "it is a folder, not a file" : std::strerror(errno);
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

std::string whyUnreadable(const std::string& path) {
    std::string why;
    const int fd = openForReading(path, false, &why);
    if (fd >= 0)
        ::close(fd);
    return why;
}

Result<std::string> readUserFile(const std::string& path, std::size_t maxBytes) {
    std::string why;
    const int fd = openForReading(path, false, &why);
    if (fd < 0)
        return Error::make("unreadable", "cannot read " + path + ": " + why);
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            why = std::strerror(errno);
            ::close(fd);
            return Error::make("unreadable", "cannot read " + path + ": " + why);
        }
        if (n == 0)
            break;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > maxBytes) {
            text.resize(maxBytes + 1);
            break;
        }
    }
    ::close(fd);
    return text;
}

CLI::Validator readableFile() {
    return CLI::Validator(
        [](std::string& path) {
            std::string why = whyUnreadable(path);
            return why.empty() ? std::string{} : "cannot read " + path + ": " + why;
        },
        "FILE");
}

CLI::Validator readablePath() {
    return CLI::Validator(
        [](std::string& path) {
            std::string why;
            const int fd = openForReading(path, true, &why);
            if (fd >= 0)
                ::close(fd);
            return fd >= 0 ? std::string{} : "cannot read " + path + ": " + why;
        },
        "PATH");
}

} // namespace kwb::cli
