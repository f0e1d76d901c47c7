#include "core/sys/environment.h"

#include <cstdlib>

namespace kwb {

std::vector<std::string> scrubbedEnvironment() {
    static const char* const allowed[] = {
        "PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES",
        "CUDA_DEVICE_ORDER", "KWB_CACHE_DIR", "KWB_DATA_DIR",
        // the worker's settings: which nvcc, the build's memory limit
        "KWB_NVCC", "KWB_BUILD_MEMORY_MIB"};
    std::vector<std::string> env;
    for (const char* name : allowed) {
        if (const char* v = std::getenv(name))
            env.push_back(std::string(name) + "=" + v);
    }
    return env;
}

} // namespace kwb
