#include "core/gpu/sandbox.h"

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <seccomp.h>
#include <set>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace kwb::gpu {
namespace {

// Landlock access rights by bit. Debian 12's <linux/landlock.h> stops at ABI 2; the later bits
// are stable kernel ABI, so they are spelled out here.
constexpr std::uint64_t kExecute = 1ULL << 0, kWriteFile = 1ULL << 1, kReadFile = 1ULL << 2,
                        kReadDir = 1ULL << 3, kRemoveDir = 1ULL << 4, kRemoveFile = 1ULL << 5,
                        kMakeChar = 1ULL << 6, kMakeDir = 1ULL << 7, kMakeReg = 1ULL << 8,
                        kMakeSock = 1ULL << 9, kMakeFifo = 1ULL << 10, kMakeBlock = 1ULL << 11,
                        kMakeSym = 1ULL << 12, kRefer = 1ULL << 13, kTruncate = 1ULL << 14;
constexpr std::uint64_t kFileRights = kExecute | kWriteFile | kReadFile | kTruncate;
constexpr std::uint64_t kReadRights = kReadFile | kReadDir | kExecute;
// No device nodes (a block device made in the work folder would read the whole disk) and no
// named sockets (sockets are refused anyway).
constexpr std::uint64_t kWriteRights = kReadFile | kReadDir | kWriteFile | kRemoveDir |
                                       kRemoveFile | kMakeDir | kMakeReg | kMakeSym | kMakeFifo |
                                       kRefer | kTruncate;
constexpr std::uint64_t kNetBindTcp = 1ULL << 0, kNetConnectTcp = 1ULL << 1;
constexpr std::uint64_t kScopeAbstractUnix = 1ULL << 0, kScopeSignal = 1ULL << 1;
constexpr std::uint32_t kRestrictTsync = 1U << 3; // ABI 8: all threads of the process

// struct landlock_ruleset_attr as of ABI 6; the size passed tells the kernel which fields exist.
struct RulesetAttr {
    std::uint64_t fs = 0;
    std::uint64_t net = 0;
    std::uint64_t scoped = 0;
};

class FdCloser {
public:
    explicit FdCloser(int fd) : m_fd(fd) {}
    ~FdCloser() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FdCloser(const FdCloser&) = delete;
    FdCloser& operator=(const FdCloser&) = delete;
    int get() const { return m_fd; }
    int release() {
        int fd = m_fd;
        m_fd = -1;
        return fd;
    }

private:
    int m_fd;
};

// Allows `rights` (masked to what the ruleset handles, and to file rights for a file) beneath
// `path`. A path that does not exist allows nothing and is not an error. `keepOpen`: the O_PATH
// descriptor stays open for the life of the process (pins a /proc/<pid> entry, see below).
bool allowPath(int ruleset, const std::string& path, std::uint64_t rights, std::uint64_t handled,
               std::string* why, bool keepOpen = false) {
    FdCloser fd(::open(path.c_str(), O_PATH | O_CLOEXEC));
    if (fd.get() < 0)
        return errno == ENOENT || errno == ENOTDIR || errno == EACCES;
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return true;
    std::uint64_t access = rights & handled;
    if (!S_ISDIR(st.st_mode))
        access &= kFileRights;
    if (access == 0)
        return true;
    landlock_path_beneath_attr attr{};
    attr.allowed_access = access;
    attr.parent_fd = fd.get();
    if (::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &attr, 0) != 0) {
        *why = "Landlock refused the rule for " + path + ": " + std::strerror(errno);
        return false;
    }
    if (keepOpen)
        (void)fd.release();
    return true;
}

bool allNumeric(const char* s) {
    if (!*s)
        return false;
    for (; *s; ++s)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

// The entries of `dir` (names only), without "." and "..".
std::vector<std::string> listDir(const std::string& dir) {
    std::vector<std::string> names;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (dirent* e = ::readdir(d)) {
            if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
                names.emplace_back(e->d_name);
        }
        ::closedir(d);
    }
    return names;
}

// The folders of every file mapped into the process: CUDA, cuBLAS and cuDNN load parts of
// themselves lazily, from wherever they were found (LD_LIBRARY_PATH, a pip wheel, the toolkit).
std::set<std::string> loadedLibraryFolders() {
    std::set<std::string> dirs;
    FILE* maps = std::fopen("/proc/self/maps", "re");
    if (!maps)
        return dirs;
    char line[4096];
    while (std::fgets(line, sizeof line, maps)) {
        const char* slash = std::strchr(line, '/');
        if (!slash)
            continue;
        std::string path(slash);
        while (!path.empty() && (path.back() == '\n' || path.back() == ' '))
            path.pop_back();
        if (path.ends_with(" (deleted)") || path.starts_with("/dev/") ||
            path.starts_with("/proc/") || path.starts_with("/sys/") || path.starts_with("/memfd:"))
            continue;
        std::string dir = path.substr(0, path.rfind('/'));
        if (!dir.empty() && dir != "/tmp" && dir != "/var/tmp")
            dirs.insert(dir);
    }
    std::fclose(maps);
    return dirs;
}

bool loadSyscallFilter(bool processes, std::string* why); // processes: may fork and exec (a build)

bool restrictSelf(int ruleset, int abi, std::string* why) {
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        *why = std::string("cannot set no_new_privs: ") + std::strerror(errno);
        return false;
    }
    if (::syscall(SYS_landlock_restrict_self, ruleset, abi >= 8 ? kRestrictTsync : 0U) != 0) {
        *why = std::string("cannot enforce the Landlock rules: ") + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace

SandboxReport applyResourceLimits() {
    SandboxReport r;
    auto set = [](int what, rlim_t v) {
        rlimit l{v, v};
        return ::setrlimit(what, &l) == 0;
    };
    bool ok = set(RLIMIT_CORE, 0);
    ok = set(RLIMIT_FSIZE, rlim_t(256) << 20) && ok; // no file over 256 MiB
    ok = set(RLIMIT_CPU, 600) && ok;                 // host CPU seconds
    r.limits = ok;
    if (!ok)
        r.note = std::string("some resource limits could not be set: ") + std::strerror(errno);
    return r;
}

namespace {

bool g_privateSharedMemory = false;
std::string g_sharedMemoryWhy = "not isolated";

bool writeProcFile(const char* path, const std::string& text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    ::close(fd);
    return ok;
}

// A user namespace that maps the caller's own ids to themselves: the right to mount inside it,
// no other privilege.
bool enterUserNamespace(std::string* why) {
    const uid_t uid = ::getuid();
    const gid_t gid = ::getgid();
    if (::unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWIPC) != 0) {
        *why = std::string("no user namespace: ") + std::strerror(errno);
        return false;
    }
    if (!writeProcFile("/proc/self/setgroups", "deny") ||
        !writeProcFile("/proc/self/uid_map",
                       std::to_string(uid) + " " + std::to_string(uid) + " 1") ||
        !writeProcFile("/proc/self/gid_map",
                       std::to_string(gid) + " " + std::to_string(gid) + " 1")) {
        *why = std::string("cannot map the user namespace's ids: ") + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace

bool isolateSharedMemory(std::string* why) {
    std::string rootWhy;
    if (::unshare(CLONE_NEWNS | CLONE_NEWIPC) != 0) { // root, or CAP_SYS_ADMIN
        rootWhy = std::strerror(errno);
        if (!enterUserNamespace(why)) {
            *why = "no private /dev/shm (namespaces: " + rootWhy + "; " + *why + ")";
            g_sharedMemoryWhy = *why;
            return false;
        }
    }
    // Mounts below stay in this namespace: never propagate back to the system's.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        ::mount("kwb-job-shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                "size=64m,nr_inodes=4096,mode=1777") != 0) {
        *why = std::string("no private /dev/shm (mount: ") + std::strerror(errno) + ")";
        g_sharedMemoryWhy = *why;
        return false;
    }
    g_privateSharedMemory = true;
    return true;
}

std::string sharedMemoryState() {
    return g_privateSharedMemory ? "private" : "none (" + g_sharedMemoryWhy + ")";
}

bool applySyscallFilter(std::string* why) {
    return loadSyscallFilter(/*processes=*/false, why);
}

bool applyBuildSyscallFilter(std::string* why) {
    return loadSyscallFilter(/*processes=*/true, why);
}

namespace {

bool loadSyscallFilter(bool processes, std::string* why) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) {
        *why = "seccomp is not available";
        return false;
    }
    const int denied[] = {SCMP_SYS(socket),  SCMP_SYS(socketpair), SCMP_SYS(connect),
                          SCMP_SYS(bind),    SCMP_SYS(listen),     SCMP_SYS(accept),
                          SCMP_SYS(accept4), SCMP_SYS(ptrace),     SCMP_SYS(process_vm_writev)};
    int rc = 0;
    for (int sys : denied)
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), sys, 0);
    if (!processes) {
        const int processCalls[] = {SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork),
                                    SCMP_SYS(vfork),  SCMP_SYS(setsid),   SCMP_SYS(setpgid)};
        for (int sys : processCalls)
            rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), sys, 0);
        // clone: threads only. clone3 hides its flags in memory, so refuse it with ENOSYS and
        // let the C library fall back to clone, whose flags the filter can read.
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                               SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
        rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    }
    // Best effort (a name this libseccomp does not know is skipped): io_uring would open sockets
    // without socket(2); the rest matter when the job runs as root, as in a container.
    // clang-format off
    const int rootOnly[] = {SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter),
                            SCMP_SYS(io_uring_register), SCMP_SYS(process_vm_readv),
                            SCMP_SYS(pidfd_getfd), SCMP_SYS(unshare), SCMP_SYS(setns),
                            SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root),
                            SCMP_SYS(chroot), SCMP_SYS(reboot), SCMP_SYS(kexec_load),
                            SCMP_SYS(kexec_file_load), SCMP_SYS(init_module),
                            SCMP_SYS(finit_module), SCMP_SYS(delete_module), SCMP_SYS(iopl),
                            SCMP_SYS(ioperm), SCMP_SYS(swapon), SCMP_SYS(swapoff),
                            SCMP_SYS(open_by_handle_at), SCMP_SYS(bpf), SCMP_SYS(keyctl),
                            SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(settimeofday),
                            SCMP_SYS(clock_settime), SCMP_SYS(sethostname),
                            SCMP_SYS(setdomainname), SCMP_SYS(acct)};
    // clang-format on
    for (int sys : rootOnly)
        (void)seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), sys, 0);
    // IPC objects outlive their process; a job without its own IPC namespace makes none.
    if (!processes && !g_privateSharedMemory) {
        const int ipc[] = {SCMP_SYS(shmget), SCMP_SYS(msgget), SCMP_SYS(semget), SCMP_SYS(mq_open)};
        for (int sys : ipc)
            rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), sys, 0);
    }
    // Every thread of the job, CUDA's own included, not only the one that loads the filter: a
    // host callback of the candidate's runs on a CUDA thread.
    if (rc == 0)
        rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    if (rc != 0) {
        *why = std::string("the seccomp filter could not be loaded: ") + std::strerror(-rc);
        return false;
    }
    return true;
}

} // namespace

int landlockAbi() {
    long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi > 0 ? int(abi) : 0;
}

bool applyFilesystemRules(const std::string& workDir, const std::vector<std::string>& readOnlyFiles,
                          std::string* why) {
    return applyFilesystemRules(
        FilesystemRules{workDir, readOnlyFiles, true, g_privateSharedMemory}, why);
}

bool applyFilesystemRules(const FilesystemRules& rules, std::string* why) {
    const std::string& workDir = rules.workDir;
    const int abi = landlockAbi();
    if (abi <= 0) {
        *why =
            std::string("Landlock is not available on this kernel (") + std::strerror(errno) + ")";
        return false;
    }
    RulesetAttr attr;
    attr.fs = (kMakeSym << 1) - 1; // ABI 1: execute .. make_sym
    if (abi >= 2)
        attr.fs |= kRefer;
    if (abi >= 3)
        attr.fs |= kTruncate;
    // Not IOCTL_DEV (ABI 5): CUDA drives the GPU through ioctls on /dev/nvidia*.
    std::size_t size = sizeof attr.fs;
    if (abi >= 4) {
        attr.net = kNetBindTcp | kNetConnectTcp; // no rule allows any port
        size = offsetof(RulesetAttr, scoped);
    }
    if (abi >= 6) {
        attr.scoped = kScopeAbstractUnix | kScopeSignal;
        size = sizeof attr;
    }
    FdCloser ruleset(int(::syscall(SYS_landlock_create_ruleset, &attr, size, 0)));
    if (ruleset.get() < 0) {
        *why = std::string("cannot create a Landlock ruleset: ") + std::strerror(errno);
        return false;
    }
    const int rs = ruleset.get();
    const std::uint64_t h = attr.fs;
    bool ok = true;

    // The job's own folder (also $HOME and $TMPDIR: CUDA's JIT cache goes there).
    std::string work = workDir;
    if (work.empty()) {
        std::vector<char> buf(4096);
        if (::getcwd(buf.data(), buf.size()))
            work = buf.data();
    }
    struct stat st {};
    if (work.empty() || ::stat(work.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        *why = "the job's working folder '" + work + "' is not a folder";
        return false;
    }
    ok = ok && allowPath(rs, work, kWriteRights, h, why);
    for (const char* dir : {"/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/opt"})
        ok = ok && allowPath(rs, dir, kReadRights, h, why);
    if (rules.jobDevices)
        ok = ok && allowPath(rs, "/sys", kReadRights, h, why);
    // /etc without the files that hold credentials.
    static const std::set<std::string> etcSecrets = {"shadow",   "shadow-",   "gshadow",
                                                     "gshadow-", "ssh",       "ssl",
                                                     "sudoers",  "sudoers.d", "security"};
    for (const auto& name : listDir("/etc"))
        if (!etcSecrets.count(name))
            ok = ok && allowPath(rs, "/etc/" + name, kReadRights, h, why);
    ok = ok && allowPath(rs, "/etc", kReadDir, h, why);
    // /proc without other processes' entries (their environ holds secrets, and root can read
    // them); the job's own entry is pinned by a descriptor that stays open, so that the rule
    // keeps matching while the job lives.
    for (const auto& path : rules.readOnly)
        ok = ok && allowPath(rs, path, kReadRights, h, why);
    if (!rules.jobDevices) {
        ok = ok && allowPath(rs, "/dev/null", kReadFile | kWriteFile, h, why);
        return ok && restrictSelf(rs, abi, why);
    }
    static const std::set<std::string> procSecrets = {"kcore",      "kmsg",         "kpagecount",
                                                      "kpageflags", "kpagecgroup",  "keys",
                                                      "key-users",  "sysrq-trigger"};
    ok = ok && allowPath(rs, "/proc/self", kReadFile | kReadDir, h, why, /*keepOpen=*/true);
    for (const auto& name : listDir("/proc"))
        if (!allNumeric(name.c_str()) && !procSecrets.count(name) && name != "self")
            ok = ok && allowPath(rs, "/proc/" + name, kReadFile | kReadDir, h, why);
    // /dev: the listing, the harmless nodes, the GPU and shared memory; not the disks.
    ok = ok && allowPath(rs, "/dev", kReadDir, h, why);
    for (const char* node : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"})
        ok = ok && allowPath(rs, node, kReadFile | kWriteFile, h, why);
    for (const auto& name : listDir("/dev"))
        if (name.starts_with("nvidia"))
            ok = ok && allowPath(rs, "/dev/" + name, kReadFile | kReadDir | kWriteFile, h, why);
    if (rules.sharedMemory)
        ok = ok && allowPath(rs, "/dev/shm", kWriteRights, h, why);
    for (const auto& dir : loadedLibraryFolders())
        ok = ok && allowPath(rs, dir, kReadRights, h, why);
    return ok && restrictSelf(rs, abi, why);
}

} // namespace kwb::gpu
