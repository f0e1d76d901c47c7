// Goes after another job of the same worker: one started ahead of its verification, which holds
// its key and waits for its spec while this candidate runs. `arg` is "PID:KEY" (the key as 64
// hex digits). Tries to read the other job's memory (/proc/PID/mem, its writable mappings
// searched for the key, raw or in hex), its environment, and to open each of its descriptors
// for writing (/proc/PID/fd/N: its stdin, where a forged spec would go, and its channel).
// Writes nothing. Looks for the key for up to 5 s (the other job may not have read it yet).
// Returns how many of the attempts were refused; the note says what happened
// and "found the key" where the memory held it.
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <unistd.h>

#include "probe.h"

namespace {

std::string raw(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(char(std::strtol(hex.substr(i, 2).c_str(), nullptr, 16)));
    return out;
}

std::string slurp(int fd) {
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
        out.append(buf, std::size_t(n));
    return out;
}

// Every writable private mapping of the process, read through its mem file, searched.
bool memoryHolds(const std::string& pid, int mem, const std::string& hex) {
    const int mapsFd = ::open(("/proc/" + pid + "/maps").c_str(), O_RDONLY | O_CLOEXEC);
    if (mapsFd < 0)
        return false;
    const std::string maps = slurp(mapsFd);
    ::close(mapsFd);
    const std::string bytes = raw(hex);
    std::size_t at = 0;
    while (at < maps.size()) {
        std::size_t end = maps.find('\n', at);
        if (end == std::string::npos)
            end = maps.size();
        const std::string line = maps.substr(at, end - at);
        at = end + 1;
        unsigned long lo = 0, hi = 0;
        char perms[5] = {};
        if (std::sscanf(line.c_str(), "%lx-%lx %4s", &lo, &hi, perms) != 3 || perms[1] != 'w' ||
            hi - lo > (256ul << 20))
            continue;
        std::string region(hi - lo, '\0');
        if (::pread(mem, region.data(), region.size(), off_t(lo)) <= 0)
            continue;
        if (region.find(bytes) != std::string::npos || region.find(hex) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

KWB_PROBE {
    const std::string a = arg ? arg : "";
    const std::size_t colon = a.find(':');
    if (colon == std::string::npos || a.size() - colon - 1 != 64) {
        probe::say(note, noteBytes, "the argument is not PID:KEY");
        return -1;
    }
    const std::string pid = a.substr(0, colon), hex = a.substr(colon + 1);
    int refused = 0;

    const int mem = ::open(("/proc/" + pid + "/mem").c_str(), O_RDONLY | O_CLOEXEC);
    if (mem < 0) {
        probe::say(note, noteBytes, "mem: %s; ", std::strerror(errno));
        ++refused;
    } else {
        // The other job may not have read its key yet: an attacker would look again.
        bool found = memoryHolds(pid, mem, hex);
        for (int i = 0; i < 50 && !found; ++i) {
            ::usleep(100 * 1000);
            found = memoryHolds(pid, mem, hex);
        }
        probe::say(note, noteBytes, "mem: opened, %s; ",
                   found ? "found the key" : "the key not found");
        ::close(mem);
    }

    const int env = ::open(("/proc/" + pid + "/environ").c_str(), O_RDONLY | O_CLOEXEC);
    probe::say(note, noteBytes, "environ: %s; ", env < 0 ? std::strerror(errno) : "opened");
    refused += env < 0 ? 1 : 0;
    if (env >= 0)
        ::close(env);

    const std::string fdDir = "/proc/" + pid + "/fd";
    DIR* d = ::opendir(fdDir.c_str());
    if (!d) {
        probe::say(note, noteBytes, "fd folder: %s; ", std::strerror(errno));
        return refused + 1;
    }
    int opened = 0, tried = 0;
    while (dirent* e = ::readdir(d)) {
        if (e->d_name[0] == '.')
            continue;
        ++tried;
        const int fd = ::open((fdDir + "/" + e->d_name).c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            ++opened;
            ::close(fd);
        }
    }
    ::closedir(d);
    probe::say(note, noteBytes, "descriptors opened for writing: %d of %d; ", opened, tried);
    return refused + (tried - opened > 0 ? 1 : 0);
}
