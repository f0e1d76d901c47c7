#pragma once
// Holds another process still on the device through the driver's process lock
// (cuCheckpointProcessLock): the call returns once the process's queued work is done, and its
// further CUDA calls wait until it is unlocked. SIGSTOP alone stops the process's threads, not
// what it already queued: kernels queued behind a long copy start after the copy, later than any
// watch before a timed sample can see (tests/gpu/lock_probe.cu).
//
// The driver carries the lock out inside the locked process: a process stopped with SIGSTOP
// cannot answer, and the call then waits past its own timeout. So a process is locked only while
// it runs (stopped after the lock, let go before the unlock), and one found stopped is refused.
#include <chrono>
#include <string>

namespace kwb::gpu {

enum class ProcessLock {
    Locked,      // its queued work is done; its CUDA calls wait for processUnlock
    NotCuda,     // no CUDA context in it (yet), or a driver without the lock: nothing to wait for
    StillBusy,   // its work outlasted the timeout; it runs on, unlocked
    Refused,     // it is stopped (it could not answer), or the driver failed: not locked
};

// Locks the CUDA process `pid` (see above), waiting up to `timeout` for its queued work. *why
// says why it is not Locked.
ProcessLock lockProcess(long pid, std::chrono::milliseconds timeout, std::string* why);
// Unlocks a process lockProcess locked; it must be running (let go from SIGSTOP first).
bool unlockProcess(long pid);

// Whether the process is stopped (SIGSTOP, or traced), read from /proc/PID/stat.
bool processStopped(long pid);

} // namespace kwb::gpu
