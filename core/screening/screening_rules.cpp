// The screen's tables (see screening_rules.h). Names are grouped by the kind a reviewer sees.
#include "core/screening/screening_rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace kwb::screening {
namespace {

using Names = std::initializer_list<std::string_view>;

struct KindNames {
    std::string_view kind;
    Names names;
};

// Names a launcher never calls, whatever object they hang off.
const std::array<KindNames, 15> kAlways = {{
    {"syscall",
     {"syscall",
      "ioctl",
      "mmap",
      "mmap64",
      "munmap",
      "mprotect",
      "ptrace",
      "prctl",
      "seccomp",
      "process_vm_readv",
      "process_vm_writev",
      "memfd_create",
      "userfaultfd",
      "personality",
      "chroot",
      "mount",
      "unshare",
      "setns",
      "__syscall",
      "_syscall"}},
    {"file-io",
     {"fopen",   "fopen64",  "freopen",  "fdopen",    "fwrite",    "fread",   "fputs",   "fgets",
      "fflush",  "ofstream", "ifstream", "fstream",   "filebuf",   "opendir", "readdir", "scandir",
      "unlink",  "unlinkat", "rename",   "renameat",  "mkdir",     "mkdirat", "rmdir",   "chmod",
      "fchmod",  "chown",    "truncate", "ftruncate", "creat",     "openat",  "open64",  "readlink",
      "symlink", "link",     "realpath", "access",    "faccessat", "stat64",  "lstat",   "fstatat",
      "statx",   "tmpfile",  "mkstemp",  "mkdtemp",   "fileno"}},
    {"console-io",
     {"printf", "fprintf", "vprintf", "vfprintf", "dprintf", "puts", "putchar", "perror", "cout",
      "cerr", "clog", "wcout", "wcerr", "putc", "fputc", "getchar", "scanf", "fscanf"}},
    {"socket",
     {"socket", "connect", "bind", "listen", "accept", "accept4", "sendto", "sendmsg", "recvfrom",
      "recvmsg", "getaddrinfo", "gethostbyname", "getsockopt", "setsockopt", "shutdown",
      "inet_pton", "inet_addr", "htons"}},
    {"pipe",
     {"pipe", "pipe2", "popen", "pclose", "mkfifo", "mkfifoat", "socketpair", "mknod", "splice",
      "tee", "vmsplice"}},
    {"descriptor",
     {"dup",       "dup2",       "dup3",    "fcntl",        "lseek",        "lseek64",
      "pread",     "pwrite",     "readv",   "writev",       "sendfile",     "copy_file_range",
      "poll",      "ppoll",      "select",  "pselect",      "epoll_create", "epoll_create1",
      "epoll_ctl", "epoll_wait", "eventfd", "inotify_init", "fstat",        "fsync",
      "fdatasync", "flock",      "lockf",   "isatty",       "ttyname",      "getdtablesize"}},
    {"dynamic-loading",
     {"dlopen",
      "dlmopen",
      "dlsym",
      "dlvsym",
      "dladdr",
      "dlinfo",
      "dl_iterate_phdr",
      "__libc_dlopen_mode",
      "__libc_dlsym",
      "cudaGetDriverEntryPoint",
      "cudaGetDriverEntryPointByVersion",
      "cuGetProcAddress",
      "cuGetProcAddress_v2",
      "cudaGetFuncBySymbol",
      "cudaLibraryLoadData",
      "cudaLibraryLoadFromFile",
      "cuModuleLoad",
      "cuModuleLoadData",
      "cuModuleLoadDataEx",
      "cuLibraryLoadData",
      "nvrtcCreateProgram"}},
    {"thread",
     {"pthread_create", "pthread_detach", "pthread_kill", "thrd_create", "jthread", "clone",
      "clone3", "__clone", "omp_set_num_threads", "omp_get_num_threads", "tbb"}},
    {"process",
     {"fork",       "vfork",   "execl",   "execle",   "execlp", "execv",       "execve",
      "execvp",     "execvpe", "fexecve", "execveat", "system", "posix_spawn", "posix_spawnp",
      "daemon",     "setsid",  "setpgid", "setpgrp",  "exit",   "_exit",       "_Exit",
      "quick_exit", "abort",   "kill",    "killpg",   "tgkill", "raise",       "waitpid",
      "wait",       "wait4",   "getpid",  "getppid",  "gettid"}},
    {"environment",
     {"getenv", "secure_getenv", "setenv", "putenv", "unsetenv", "clearenv", "environ", "__environ",
      "_environ", "getauxval", "getuid", "geteuid", "getpwuid", "getlogin"}},
    {"signal-handler",
     {"signal",          "sigaction",      "sigset",         "bsd_signal", "sysv_signal",
      "sigvec",          "atexit",         "at_quick_exit",  "on_exit",    "set_terminate",
      "set_new_handler", "pthread_atfork", "__cxa_atexit",   "setjmp",     "longjmp",
      "sigsetjmp",       "siglongjmp",     "alarm",          "setitimer",  "timer_create",
      "sigaltstack",     "sigprocmask",    "pthread_sigmask"}},
    {"load-time-code", // __attribute__((constructor)), [[gnu::destructor]], init_priority
     {"constructor", "__constructor__", "destructor", "__destructor__", "init_priority",
      "__init_priority__"}},
    {"host-callback",
     {"cudaLaunchHostFunc", "cudaStreamAddCallback", "cuLaunchHostFunc", "cuStreamAddCallback",
      "cudaGraphAddHostNode", "cuGraphAddHostNode", "cudaUserObjectCreate"}},
    {"stream-creation",
     {"cudaStreamCreate", "cudaStreamCreateWithFlags", "cudaStreamCreateWithPriority",
      "cuStreamCreate", "cuStreamCreateWithPriority", "cudaEventCreate", "cudaEventCreateWithFlags",
      "cudaStreamWaitEvent", "cudaEventRecord", "cudaStreamBeginCaptureToGraph",
      "cudaStreamGetCaptureInfo", "cudaStreamDestroy", "cudaStreamAttachMemAsync",
      "cudaStreamSetAttribute", "cudaCtxResetPersistingL2Cache"}},
    {"graph-creation",
     {"cudaGraphCreate", "cudaStreamBeginCapture", "cudaStreamEndCapture", "cudaGraphInstantiate",
      "cudaGraphInstantiateWithFlags", "cudaGraphLaunch", "cudaGraphAddKernelNode",
      "cudaGraphExecUpdate", "cuGraphCreate", "cuGraphLaunch", "cudaGraphUpload",
      "cudaThreadExchangeStreamCaptureMode"}},
}};

const std::array<KindNames, 3> kAlsoAlways = {{
    {"allocation",
     {"cudaMalloc",
      "cudaMallocAsync",
      "cudaMallocManaged",
      "cudaMallocHost",
      "cudaHostAlloc",
      "cudaMallocPitch",
      "cudaMalloc3D",
      "cudaMallocArray",
      "cudaMalloc3DArray",
      "cudaMallocMipmappedArray",
      "cudaMallocFromPoolAsync",
      "cudaHostRegister",
      "cudaFree",
      "cudaFreeAsync",
      "cudaFreeHost",
      "cudaMemPoolCreate",
      "cudaDeviceSetMemPool",
      "cudaMemPoolSetAttribute",
      "cudaMemPoolTrimTo",
      "cuMemAlloc",
      "cuMemAlloc_v2",
      "cuMemAllocAsync",
      "cuMemCreate",
      "cuMemMap",
      "cuMemAddressReserve",
      "cuMemHostAlloc",
      "malloc",
      "calloc",
      "realloc",
      "aligned_alloc",
      "posix_memalign",
      "memalign",
      "valloc",
      "pvalloc",
      "free",
      "make_unique",
      "make_shared",
      "sbrk",
      "brk"}},
    {"device-reset",
     {"cudaDeviceReset",
      "cudaSetDevice",
      "cudaDeviceSetLimit",
      "cudaDeviceSetCacheConfig",
      "cudaDeviceSetSharedMemConfig",
      "cudaSetDeviceFlags",
      "cudaInitDevice",
      "cudaDeviceSynchronize",
      "cudaThreadSynchronize",
      "cudaThreadExit",
      "cudaDeviceDisablePeerAccess",
      "cudaDeviceEnablePeerAccess",
      "cudaIpcOpenMemHandle",
      "cudaIpcGetMemHandle",
      "cudaProfilerStart",
      "cudaProfilerStop",
      "cuDevicePrimaryCtxReset",
      "cuDevicePrimaryCtxRelease",
      "cuCtxCreate",
      "cuCtxDestroy",
      "cuCtxSetCurrent",
      "cuCtxPushCurrent",
      "cuCtxPopCurrent",
      "cuInit"}},
    {"default-stream",
     {"cudaStreamLegacy", "cudaStreamPerThread", "cudaMemcpy", "cudaMemset", "cudaMemcpy2D",
      "cudaMemcpy3D", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cudaMemset2D", "cudaMemset3D",
      "cudaMemcpyPeer", "cudaMemcpyToArray", "cudaLaunch"}},
}};

// Names that are also common member or local names: findings only when not after '.' / '->'.
const std::array<KindNames, 3> kUnlessMember = {{
    {"syscall", {"read", "write", "open", "close", "stat"}},
    {"socket", {"send", "recv"}},
    {"thread", {"thread", "async"}}, // only as std::thread / std::async, see identifierKind
}};

// Library families: a call's prefix, the name a task allows it by.
const std::array<std::pair<std::string_view, std::string_view>, 12> kLibraries = {{
    {"cublasLt", "cublaslt"},
    {"cublas", "cublas"},
    {"cudnn", "cudnn"},
    {"cufft", "cufft"},
    {"curand", "curand"},
    {"cusparse", "cusparse"},
    {"cusolver", "cusolver"},
    {"nccl", "nccl"},
    {"nvrtc", "nvrtc"},
    {"cutensor", "cutensor"},
    {"nvjpeg", "nvjpeg"},
    {"cutlass", "cutlass"},
}};

bool inNames(Names names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool allowed(const std::vector<std::string>& allowedLibraries, std::string_view library) {
    for (const auto& a : allowedLibraries)
        if (lower(a) == library)
            return true;
    return false;
}

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}

} // namespace

std::string identifierKind(std::string_view name, bool memberAccess, bool qualifiedStd,
                           const std::vector<std::string>& allowedLibraries) {
    if (!memberAccess) {
        for (const auto& k : kAlways)
            if (inNames(k.names, name))
                return std::string(k.kind);
        for (const auto& k : kAlsoAlways)
            if (inNames(k.names, name))
                return std::string(k.kind);
        if (name == "thread" || name == "async")
            return qualifiedStd ? "thread" : "";
        for (const auto& k : kUnlessMember)
            if (inNames(k.names, name))
                return std::string(k.kind);
        if (name == "asm" || name == "__asm__" || name == "__asm")
            return "host-asm";
        if (name == "new")
            return "allocation";
        if (name == "_Pragma")
            return "preprocessor-trick";
        if (name == "__builtin_trap" || name == "__builtin_frame_address" ||
            name == "__builtin_return_address")
            return "process";
    }
    for (const auto& [prefix, library] : kLibraries)
        if (startsWith(name, prefix) && name.size() > prefix.size())
            return allowed(allowedLibraries, library) ? "" : "library-call";
    // The driver API (cuLaunchKernel, cuMemcpy, ...): a launcher of the runtime API never needs it.
    if (name.size() > 3 && name[0] == 'c' && name[1] == 'u' &&
        std::isupper(static_cast<unsigned char>(name[2])) && !startsWith(name, "cuComplex") &&
        !startsWith(name, "cuFloatComplex") && !startsWith(name, "cuDoubleComplex") &&
        !startsWith(name, "cuCreal") && !startsWith(name, "cuCimag") &&
        !startsWith(name, "cuCadd") && !startsWith(name, "cuCmul") && !startsWith(name, "cuCsub") &&
        !startsWith(name, "cuCdiv") && !startsWith(name, "cuCabs") && !startsWith(name, "cuConj") &&
        !startsWith(name, "cuda"))
        return "driver-api";
    return "";
}

std::string headerKind(std::string_view header, bool quoted) {
    if (quoted && (startsWith(header, "/") || header.find("..") != std::string_view::npos))
        return "include-path";
    static const Names kSystem = {
        "unistd.h",   "fcntl.h",   "dlfcn.h",  "pthread.h", "thread",    "future",
        "fstream",    "csignal",   "signal.h", "spawn.h",   "netdb.h",   "dirent.h",
        "filesystem", "syscall.h", "setjmp.h", "csetjmp",   "poll.h",    "ifaddrs.h",
        "link.h",     "elf.h",     "cuda.h",   "nvrtc.h",   "threads.h", "omp.h",
        "mutex",      "execution", "pwd.h",    "termios.h", "mqueue.h",  "semaphore.h"};
    if (inNames(kSystem, header) || startsWith(header, "sys/") || startsWith(header, "linux/") ||
        startsWith(header, "asm/") || startsWith(header, "netinet/") ||
        startsWith(header, "arpa/") || startsWith(header, "bits/") || startsWith(header, "/"))
        return "system-header";
    return "";
}

std::string stringKind(std::string_view text) {
    if (text.find("/proc") != std::string_view::npos)
        return "proc-access";
    for (std::string_view section :
         {".init_array", ".preinit_array", ".fini_array", ".ctors", ".dtors", ".init", ".fini"})
        if (text == section || startsWith(text, std::string(section) + "."))
            return "load-time-code"; // a section attribute: code run at load or unload
    if (text.size() > 1 && text[0] == '/' && std::isalnum(static_cast<unsigned char>(text[1])))
        return "filesystem-path";
    // A forbidden name spelled as a string (dlsym's argument, an alias attribute, an asm label).
    std::string name;
    for (char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
            name.push_back(c);
        else
            break;
    }
    if (name.size() == text.size() && !name.empty()) {
        std::string k = identifierKind(name, false, true, {});
        if (!k.empty() && k != "console-io" && k != "library-call")
            return k;
    }
    return "";
}

int streamParameters(std::string_view name) {
    // As cuda_runtime_api.h and cuda_runtime.h (the C++ overloads) declare them.
    static const std::array<std::pair<std::string_view, int>, 17> kCalls = {{
        {"cudaMemcpyAsync", 5},
        {"cudaMemsetAsync", 4},
        {"cudaMemcpy2DAsync", 8},
        {"cudaMemset2DAsync", 6},
        {"cudaMemcpy3DAsync", 2},
        {"cudaMemcpy3DPeerAsync", 2},
        {"cudaMemset3DAsync", 4},
        {"cudaMemcpyToSymbolAsync", 6},
        {"cudaMemcpyFromSymbolAsync", 6},
        {"cudaMemPrefetchAsync", 5},
        {"cudaLaunchKernel", 6},
        {"cudaLaunchCooperativeKernel", 6},
        {"cudaMemcpyPeerAsync", 6},
        {"cudaMemcpy2DToArrayAsync", 9},
        {"cudaMemcpy2DFromArrayAsync", 9},
        {"cudaMemcpyToArrayAsync", 7},
        {"cudaMemcpyFromArrayAsync", 7},
    }};
    for (const auto& [call, parameters] : kCalls)
        if (call == name)
            return parameters;
    return 0;
}

bool isDefaultStreamExpression(std::string_view e) {
    static const Names kDefault = {"0",
                                   "0u",
                                   "0U",
                                   "0l",
                                   "0L",
                                   "nullptr",
                                   "NULL",
                                   "cudaStreamLegacy",
                                   "cudaStreamPerThread",
                                   "cudaStreamDefault",
                                   "(cudaStream_t)0",
                                   "(cudaStream_t)nullptr",
                                   "cudaStream_t(0)",
                                   "cudaStream_t{}",
                                   "{}",
                                   "static_cast<cudaStream_t>(0)",
                                   "static_cast<cudaStream_t>(nullptr)",
                                   "(cudaStream_t)NULL"};
    return inNames(kDefault, e);
}

} // namespace kwb::screening
