#include "core/sys/data_dirs.h"

#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace kwb {
namespace {

std::filesystem::path fromEnv(const char* own, const char* xdg, const char* fallback) {
    if (const char* v = std::getenv(own); v && *v)
        return v;
    if (const char* v = std::getenv(xdg); v && *v)
        return std::filesystem::path(v) / "kernel-workbench";
    const char* home = std::getenv("HOME");
    std::filesystem::path base = (home && *home) ? home : "/tmp";
    return base / fallback / "kernel-workbench";
}

} // namespace

std::filesystem::path dataDirectory() {
    return fromEnv("KWB_DATA_DIR", "XDG_DATA_HOME", ".local/share");
}

std::filesystem::path cacheDirectory() {
    return fromEnv("KWB_CACHE_DIR", "XDG_CACHE_HOME", ".cache");
}

Status ensureWritableDirectory(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return Error::make("not-writable", "cannot create " + dir.string() + ": " + ec.message());
    auto probe = dir / (".kwb-write-probe-" + std::to_string(::getpid()));
    {
        std::ofstream f(probe);
        if (!f || !(f << "ok") || !f.flush())
            return Error::make("not-writable", "cannot write into " + dir.string());
    }
    std::filesystem::remove(probe, ec);
    return okStatus();
}

} // namespace kwb
