// Looks for a secret by name, where a candidate could find one without searching its own
// memory: its environment, /proc/self/environ and cmdline, every file in its working folder
// (the job's folder: HOME and TMPDIR), and whatever its stdin still holds. `arg` is the text
// to look for; when it is 64 hex digits (a job key), its 32 raw bytes are looked for too.
// Returns 0 and says "not found" when nothing held it, -1 and where it was found otherwise.
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "probe.h"

extern char** environ;

namespace {

std::string slurp(const std::string& path) {
    std::string out;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return out;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
        out.append(buf, std::size_t(n));
    ::close(fd);
    return out;
}

// Every regular file under `dir`, read whole.
void readTree(const std::string& dir, std::vector<std::pair<std::string, std::string>>* blobs,
              int depth = 0) {
    DIR* d = ::opendir(dir.c_str());
    if (!d || depth > 8)
        return;
    while (dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        const std::string path = dir + "/" + name;
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            readTree(path, blobs, depth + 1);
        else if (S_ISREG(st.st_mode))
            blobs->emplace_back(path, slurp(path));
    }
    ::closedir(d);
}

std::string raw(const std::string& hex) {
    std::string out;
    if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
        return out;
    for (std::size_t i = 0; i < 64; i += 2)
        out.push_back(char(std::strtol(hex.substr(i, 2).c_str(), nullptr, 16)));
    return out;
}

} // namespace

KWB_PROBE {
    const std::string needle = arg, rawNeedle = raw(needle);
    std::vector<std::pair<std::string, std::string>> blobs;
    std::string env;
    for (char** e = environ; *e; ++e)
        env += std::string(*e) + "\n";
    blobs.emplace_back("environ", env);
    blobs.emplace_back("/proc/self/environ", slurp("/proc/self/environ"));
    blobs.emplace_back("/proc/self/cmdline", slurp("/proc/self/cmdline"));
    char cwd[4096] = {};
    if (::getcwd(cwd, sizeof cwd))
        readTree(cwd, &blobs);
    const int flags = ::fcntl(STDIN_FILENO, F_GETFL);
    ::fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK);
    std::string in;
    char buf[4096];
    for (ssize_t n; (n = ::read(STDIN_FILENO, buf, sizeof buf)) > 0;)
        in.append(buf, std::size_t(n));
    blobs.emplace_back("stdin", in);
    int found = 0;
    for (const auto& [where, text] : blobs) {
        const bool hit = (!needle.empty() && text.find(needle) != std::string::npos) ||
                         (!rawNeedle.empty() && text.find(rawNeedle) != std::string::npos);
        if (hit) {
            ++found;
            probe::say(note, noteBytes, "found in %s; ", where.c_str());
        }
    }
    probe::say(note, noteBytes, "searched %zu places (stdin held %zu bytes): %s", blobs.size(),
               in.size(), found ? "found" : "not found");
    return found ? -1 : 0;
}
