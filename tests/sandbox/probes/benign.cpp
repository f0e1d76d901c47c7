// What CUDA and its libraries do after the sandbox is up, and must keep working: read system
// libraries and /proc/self, /sys and /etc files, load a library, write in its own folder and
// in its private /dev/shm, write to /dev/null. Returns the number of things that failed (each is a
// sandbox rule too strict).
#include <cstdlib>
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    (void)arg;
    int failed = 0;
    auto check = [&](const char* what, bool ok) {
        if (!ok) {
            ++failed;
            probe::say(note, noteBytes, "%s: %s; ", what, std::strerror(errno));
        }
    };
    auto readable = [](const char* path) {
        int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        char c;
        bool ok = fd >= 0 && ::read(fd, &c, 1) >= 0;
        if (fd >= 0)
            ::close(fd);
        return ok;
    };
    for (const char* path :
         {"/etc/ld.so.cache", "/proc/self/maps", "/proc/self/status", "/proc/thread-self/stat",
          "/proc/cpuinfo", "/proc/meminfo", "/proc/sys/kernel/osrelease",
          "/sys/devices/system/cpu/online", "/dev/urandom", "/usr/lib/os-release"})
        check(path, readable(path));
    check("dlopen libresolv", ::dlopen("libresolv.so.2", RTLD_NOW | RTLD_LOCAL) != nullptr);
    // Lazy loaders (cuDNN's engine libraries, CUDA's lazy modules) reopen their own files and
    // list their folders: every mapped library and its folder must stay readable.
    int mapped = 0;
    if (FILE* maps = std::fopen("/proc/self/maps", "re")) {
        char line[4096];
        while (std::fgets(line, sizeof line, maps)) {
            const char* slash = std::strchr(line, '/');
            std::string path = slash ? std::string(slash) : std::string();
            while (!path.empty() && (path.back() == '\n' || path.back() == ' '))
                path.pop_back();
            if (path.find(".so") == std::string::npos || path.rfind("/dev/", 0) == 0 ||
                path.find(" (deleted)") != std::string::npos)
                continue;
            ++mapped;
            check(path.c_str(), readable(path.c_str()));
            if (path.ends_with("/benign.so"))
                continue; // the candidate itself: only its file is allowed, not its folder
            DIR* d = ::opendir(path.substr(0, path.rfind('/')).c_str());
            check(("list folder of " + path).c_str(), d != nullptr);
            if (d)
                ::closedir(d);
        }
        std::fclose(maps);
    }
    probe::say(note, noteBytes, "%d mapped libraries reopened; ", mapped);
    int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    check("/dev/null", fd >= 0 && ::write(fd, "x", 1) == 1);
    if (fd >= 0)
        ::close(fd);
    const char* home = std::getenv("HOME");
    std::string cache = std::string(home ? home : ".") + "/.nv";
    check("mkdir $HOME/.nv", ::mkdir(cache.c_str(), 0700) == 0 || errno == EEXIST);
    fd = ::open((cache + "/cache.bin").c_str(), O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
    check("write $HOME/.nv", fd >= 0 && ::write(fd, "x", 1) == 1);
    if (fd >= 0)
        ::close(fd);
    // /dev/shm is the job's own when the system allows namespaces, absent otherwise: the note
    // says which, and the test holds it to the job's sandbox report.
    std::string shm = "/dev/shm/kwb-probe-" + std::to_string(::getpid());
    fd = ::open(shm.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
    const bool shmWritable = fd >= 0 && ::write(fd, "x", 1) == 1;
    if (fd >= 0) {
        ::close(fd);
        check("remove in /dev/shm", ::unlink(shm.c_str()) == 0);
    }
    probe::say(note, noteBytes, "/dev/shm writable: %s; ", shmWritable ? "yes" : "no");
    probe::say(note, noteBytes, "HOME=%s; ", home ? home : "(none)");
    return failed == 0 ? 0 : -failed;
}
