#include "core/verify/remote_worker.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

#include "core/sys/atomic_file.h"

namespace kwb {
namespace fs = std::filesystem;

namespace {

// The launcher's second line; sshLauncherHost() recognises our launchers by it.
constexpr const char* kMarker = "# kwb-ssh-launcher host=";

bool hostChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '-' || c == '_' || c == '@';
}

// The last few non-blank lines of ssh's stderr, on one line.
std::string stderrTail(const std::string& err) {
    std::string tail = err.size() > 600 ? err.substr(err.size() - 600) : err;
    std::string out;
    std::size_t start = 0;
    while (start < tail.size()) {
        std::size_t end = tail.find('\n', start);
        if (end == std::string::npos)
            end = tail.size();
        std::string line = tail.substr(start, end - start);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (!line.empty())
            out += (out.empty() ? "" : " / ") + line;
        start = end + 1;
    }
    return out;
}

} // namespace

Status checkWorkerHost(const std::string& host) {
    if (host.empty() || host.size() > 255)
        return Error::make("bad-worker-host", "the worker host must be 1 to 255 characters");
    if (host.front() == '-')
        return Error::make("bad-worker-host-dash",
                           "the worker host \"" + host +
                               "\" begins with '-', which ssh would read as an option");
    bool at = false;
    for (char c : host) {
        if (!hostChar(c))
            return Error::make("bad-worker-host",
                               "the worker host \"" + host +
                                   "\" may hold only letters, digits, '.', '-', '_' and '@'"
                                   " (put ports and keys in ~/.ssh/config)");
        if (c == '@') {
            if (at)
                return Error::make("bad-worker-host",
                                   "the worker host \"" + host + "\" has more than one '@'");
            at = true;
        }
    }
    if (host.back() == '@' || host.front() == '@')
        return Error::make("bad-worker-host",
                           "the worker host \"" + host + "\" needs a user and a host around '@'");
    return okStatus();
}

fs::path sshLauncherPath(const fs::path& dir, const std::string& host) {
    return dir / ("ssh-runner-" + host + ".sh");
}

Result<fs::path> writeSshLauncher(const std::string& host, const fs::path& dir) {
    if (auto s = checkWorkerHost(host); !s)
        return s.error();
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        return Error::make("cannot-create-folder",
                           "cannot create " + dir.string() + ": " + ec.message());
    // -T: no terminal, the protocol is binary-clean lines; BatchMode: never a password prompt
    // (nobody could answer it); ConnectTimeout and ServerAlive*: a dead host or network ends in
    // an error instead of a wait. `--` ends ssh's options; the host was checked above. ssh sends
    // no environment, so the GPU choice (CUDA_VISIBLE_DEVICES: indices or GPU-UUIDs) goes along
    // through `env` when it is set and harmless to put into the remote command line.
    const std::string text =
        std::string("#!/bin/sh\n") + kMarker + host +
        "\n# Written by Kernel Workbench: runs the GPU worker (kwb-runner) on " + host +
        " over ssh.\n"
        "gpu=\n"
        "case \"${CUDA_VISIBLE_DEVICES-}\" in\n"
        "  '' | *[!A-Za-z0-9,-]*) ;;\n"
        "  *) gpu=\"CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES\" ;;\n"
        "esac\n"
        "exec ssh -T -o BatchMode=yes -o ConnectTimeout=20 -o ServerAliveInterval=30 "
        "-o ServerAliveCountMax=4 -- '" +
        host + "' ${gpu:+env \"$gpu\"} kwb-runner \"$@\"\n";
    const fs::path path = sshLauncherPath(dir, host);
    // Replaced by rename, so a worker starting from the old one at this moment still reads it
    // whole.
    auto out = AtomicFile::create(path);
    if (!out)
        return Error::make("cannot-write-launcher",
                           "cannot write " + path.string() + ": " + out.error().message);
    if (::fchmod(::fileno(out->stream()), 0700) != 0)
        return Error::make("cannot-write-launcher",
                           "cannot write " + path.string() + ": " + std::strerror(errno));
    if (auto s = out->write(text); !s)
        return Error::make("cannot-write-launcher",
                           "cannot write " + path.string() + ": " + s.error().message);
    if (auto s = out->commit(); !s)
        return Error::make("cannot-write-launcher",
                           "cannot write " + path.string() + ": " + s.error().message);
    return path;
}

std::string sshLauncherHost(const std::string& runnerPath) {
    std::ifstream f(runnerPath, std::ios::binary);
    std::string shebang, marker;
    if (!f || !std::getline(f, shebang) || shebang != "#!/bin/sh" || !std::getline(f, marker))
        return {};
    const std::string prefix = kMarker;
    if (marker.compare(0, prefix.size(), prefix) != 0)
        return {};
    std::string host = marker.substr(prefix.size());
    return checkWorkerHost(host) ? host : std::string{};
}

std::vector<std::string> sshClientEnvironment() {
    std::vector<std::string> env;
    for (const char* name : {"SSH_AUTH_SOCK", "KRB5CCNAME"}) {
        if (const char* v = std::getenv(name))
            env.push_back(std::string(name) + "=" + v);
    }
    return env;
}

Error sshWorkerError(const std::string& host, const ProcessExit& exit,
                     const std::string& stderrText) {
    const std::string tail = stderrTail(stderrText);
    const std::string said = tail.empty() ? std::string{} : " ssh said: " + tail;
    if (exit.kind == ProcessExit::Kind::Exited && exit.code == 255) {
        std::string hint;
        if (tail.find("Permission denied") != std::string::npos)
            hint = " The worker's ssh runs with BatchMode (keys or an agent, no passwords): check "
                   "that your "
                   "key is in " +
                   host + "'s authorized_keys and loaded (ssh-add).";
        else if (tail.find("Host key verification failed") != std::string::npos)
            hint = " " + host +
                   "'s host key is not known here or has changed: connect once with `ssh " + host +
                   "` to check and accept it.";
        else if (tail.find("Could not resolve hostname") != std::string::npos)
            hint = " Check the name, or define it as a Host in ~/.ssh/config.";
        return Error::make("ssh-failed",
                           "ssh to " + host +
                               " failed (exit 255): no connection to the GPU worker there." + hint +
                               said);
    }
    if (exit.kind == ProcessExit::Kind::Exited && (exit.code == 127 || exit.code == 126))
        return Error::make(
            "worker-not-found",
            "ssh reached " + host + " but kwb-runner could not be run there (exit " +
                std::to_string(exit.code) + "): install the workbench on " + host +
                " and put kwb-runner on the PATH of a non-interactive ssh session "
                "(e.g. link /usr/libexec/kernel-workbench/kwb-runner into /usr/local/bin)." +
                said);
    return Error::make("worker-lost",
                       "the GPU worker on " + host + " (over ssh) " + exit.describe() + "." + said);
}

} // namespace kwb
