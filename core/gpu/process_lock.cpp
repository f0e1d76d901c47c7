#include "core/gpu/process_lock.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>

#include <cuda.h>
#include <dlfcn.h>

namespace kwb::gpu {

namespace {

// The driver's entry points, looked up at run time: the worker runs where the driver may be older
// than the lock (it came with CUDA 12.8's driver) or absent (a build machine).
struct Driver {
    bool ok = false;
    std::string why;
    CUresult (*lock)(int, CUcheckpointLockArgs*) = nullptr;
    CUresult (*unlock)(int, CUcheckpointUnlockArgs*) = nullptr;
    CUresult (*state)(int, CUprocessState*) = nullptr;
};

const Driver& driver() {
    static Driver d;
    static std::once_flag once;
    std::call_once(once, [] {
        void* lib = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            d.why = "no CUDA driver (libcuda.so.1)";
            return;
        }
        auto init = reinterpret_cast<CUresult (*)(unsigned)>(::dlsym(lib, "cuInit"));
        d.lock = reinterpret_cast<decltype(d.lock)>(::dlsym(lib, "cuCheckpointProcessLock"));
        d.unlock = reinterpret_cast<decltype(d.unlock)>(::dlsym(lib, "cuCheckpointProcessUnlock"));
        d.state = reinterpret_cast<decltype(d.state)>(::dlsym(lib, "cuCheckpointProcessGetState"));
        if (!init || !d.lock || !d.unlock || !d.state) {
            d.why = "the CUDA driver has no process lock (cuCheckpointProcessLock)";
            return;
        }
        if (init(0) != CUDA_SUCCESS) {
            d.why = "the CUDA driver did not start";
            return;
        }
        d.ok = true;
    });
    return d;
}

} // namespace

bool processStopped(long pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // pid (comm) state ...: comm may hold spaces and parentheses, so the state follows the last ')'.
    const auto close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size())
        return false; // gone: nothing stopped to wait on
    const char state = stat[close + 2];
    return state == 'T' || state == 't';
}

ProcessLock lockProcess(long pid, std::chrono::milliseconds timeout, std::string* why) {
    // First, before the driver is asked anything: a stopped process cannot answer the lock, and
    // the call would wait for it past its timeout.
    if (processStopped(pid)) {
        *why = "the process is stopped";
        return ProcessLock::Refused;
    }
    const Driver& d = driver();
    if (!d.ok) {
        *why = d.why;
        return ProcessLock::NotCuda;
    }
    CUprocessState state;
    if (d.state(static_cast<int>(pid), &state) != CUDA_SUCCESS) {
        *why = "no CUDA context in the process";
        return ProcessLock::NotCuda;
    }
    if (state != CU_PROCESS_STATE_RUNNING) {
        *why = "the process's CUDA is not running (state " + std::to_string(int(state)) + ")";
        return ProcessLock::Refused;
    }
    CUcheckpointLockArgs args;
    std::memset(&args, 0, sizeof args);
    args.timeoutMs = static_cast<unsigned>(std::max<long long>(1, timeout.count()));
    const CUresult r = d.lock(static_cast<int>(pid), &args);
    if (r == CUDA_SUCCESS)
        return ProcessLock::Locked;
    if (r == CUDA_ERROR_NOT_READY) {
        *why = "its work outlasted " + std::to_string(timeout.count()) + " ms";
        return ProcessLock::StillBusy;
    }
    *why = "the driver refused the lock (CUresult " + std::to_string(int(r)) + ")";
    if (r == CUDA_ERROR_NOT_SUPPORTED)
        return ProcessLock::NotCuda;
    return ProcessLock::Refused;
}

bool unlockProcess(long pid) {
    const Driver& d = driver();
    if (!d.ok || processStopped(pid))
        return false;
    CUcheckpointUnlockArgs args;
    std::memset(&args, 0, sizeof args);
    return d.unlock(static_cast<int>(pid), &args) == CUDA_SUCCESS;
}

} // namespace kwb::gpu
