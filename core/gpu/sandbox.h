#pragma once
// Confinement the job child applies to itself before it loads a candidate: resource limits
// (death with its parent is asked for earlier still, first thing in jobMain), a seccomp filter that
// refuses sockets and new processes (threads, which CUDA needs, stay allowed), and Landlock rules
// that confine file access. The parent adds the rest: own process group, private working folder,
// scrubbed environment, deadline.
#include <string>
#include <vector>

namespace kwb::gpu {

struct SandboxReport {
    bool limits = false;
    bool seccomp = false;
    std::string note; // what could not be applied, and why
};

// Shared memory and System V / POSIX IPC that nothing outlives: a private mount and IPC
// namespace (inside a user namespace where the process may not mount) with an empty,
// size-limited tmpfs on /dev/shm, all gone when the job's last process ends. Must run while the
// process has one thread, before CUDA starts. Returns false with the reason when the system
// allows no namespaces; the job then gets no /dev/shm at all (Landlock) and no IPC objects
// (seccomp). Either way, nothing the job creates there outlives it.
bool isolateSharedMemory(std::string* why);
// For the record: "private", or "none (why)" when isolateSharedMemory failed or never ran.
std::string sharedMemoryState();

// Limits first (before CUDA starts), then the filter (after CUDA and the libraries are up,
// since their start-up may need what the filter refuses).
SandboxReport applyResourceLimits();
bool applySyscallFilter(std::string* why);
// The build's filter: no sockets, no tracing; nvcc starts its own tools, so processes stay allowed.
bool applyBuildSyscallFilter(std::string* why);

// The Landlock ABI version of the running kernel; 0 when it has no Landlock.
int landlockAbi();

// Landlock on the calling thread and the threads and children it starts later (threads started
// before, e.g. CUDA's, stay unconfined unless the kernel has ABI 8, which confines them too).
// Writes only under `workDir`, to a few device nodes (/dev/null, /dev/nvidia*) and to a private
// /dev/shm (isolateSharedMemory);
// reads of the system folders, the folders of the libraries already loaded, `workDir` and
// `readOnlyFiles`, but not the home folder, /tmp, /run or other processes' /proc entries; from
// ABI 4 no TCP bind/connect, from ABI 6 no signals to processes outside the job. Returns false
// with the reason when the kernel has no Landlock or the rules cannot be applied. An empty
// `workDir` is the current folder (the launcher starts the job in its folder).
bool applyFilesystemRules(const std::string& workDir, const std::vector<std::string>& readOnlyFiles,
                          std::string* why);

// What a confined process may touch besides the system folders (/usr, /lib*, /bin, /sbin, /opt,
// /etc without its credential files).
struct FilesystemRules {
    std::string workDir;               // read and write; empty: the current folder
    std::vector<std::string> readOnly; // files or folders: read (and execute)
    // The job's: /sys, /proc (without other processes), the GPU's device nodes, the harmless
    // character devices, the folders of the libraries already loaded, and /dev/shm when it is
    // the job's own (isolateSharedMemory). A build gets
    // none of these and only /dev/null: nvcc needs no device, and an include of /dev/zero or
    // /dev/urandom would read forever.
    bool jobDevices = true;
    bool sharedMemory = false; // /dev/shm writable: only a private one (isolateSharedMemory)
};
bool applyFilesystemRules(const FilesystemRules& rules, std::string* why);

} // namespace kwb::gpu
