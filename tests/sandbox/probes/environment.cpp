// Looks for secrets: its own environment, its parent's and grandparent's /proc/<pid>/environ,
// and the settings file named in `arg` (in the test's fake home folder). Everything it reads
// goes to stdout (the job log) and into its note (the result), where a leak would show.
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>

#include "probe.h"

extern char** environ;

namespace {
// Reads a whole file; false when it cannot be opened.
bool slurp(const std::string& path, std::string* out) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
        out->append(buf, std::size_t(n));
    ::close(fd);
    for (char& c : *out)
        if (c == '\0')
            c = ' ';
    return true;
}
} // namespace

KWB_PROBE {
    const std::string what = arg; // "env" or "all:<settings file>"
    int refused = 0;
    std::string seen;
    for (char** e = environ; *e; ++e)
        seen += std::string(*e) + " ";
    if (what.rfind("all:", 0) == 0) {
        std::string status, grand;
        const std::string parent = "/proc/" + std::to_string(::getppid());
        for (const std::string& path : {parent + "/environ", parent + "/cmdline", what.substr(4)}) {
            std::string text;
            if (slurp(path, &text))
                seen += text + " ";
            else {
                ++refused;
                probe::say(note, noteBytes, "%s: %s; ", path.c_str(), std::strerror(errno));
            }
        }
        if (slurp(parent + "/status", &status)) {
            auto at = status.find("PPid:");
            if (at != std::string::npos) {
                std::string gp =
                    "/proc/" + std::to_string(std::atoi(status.c_str() + at + 5)) + "/environ";
                if (slurp(gp, &grand))
                    seen += grand + " ";
                else {
                    ++refused;
                    probe::say(note, noteBytes, "%s: %s; ", gp.c_str(), std::strerror(errno));
                }
            }
        } else {
            ++refused;
            probe::say(note, noteBytes, "%s/status: %s; ", parent.c_str(), std::strerror(errno));
        }
    }
    std::fwrite(seen.data(), 1, seen.size(), stdout);
    std::fflush(stdout);
    probe::say(note, noteBytes, "seen: %s", seen.c_str());
    return refused;
}
