#pragma once
// The GPU worker on another machine. `ssh HOST kwb-runner` speaks the same line protocol as a
// local kwb-runner (the source and the task travel in each request; nvcc, the build cache and
// the job child are the remote machine's), so a small launcher script written here stands in
// for the runner: a WorkerEndpoint for the host (worker_endpoint.h) runs it as its worker
// program, and nothing changes this process's environment. The remote needs kwb-runner on the
// PATH of a non-interactive ssh session and its own CUDA toolkit; ssh runs with BatchMode (keys
// or an agent, no prompts). Qt-free.
#include <filesystem>
#include <string>
#include <vector>

#include "core/model/error.h"
#include "core/sys/child_process.h"

namespace kwb {

// A host as ssh takes it: "gpu-server", "user@gpu.example.org", an ssh_config alias. ASCII
// letters, digits, '.', '-', '_' and one '@' only; never starting with '-' (ssh would read an
// option). Ports, keys and jump hosts belong in ~/.ssh/config. Error codes: "bad-worker-host"
// (the characters), "bad-worker-host-dash" (a leading '-').
Status checkWorkerHost(const std::string& host);

// Where the launcher for HOST lives in DIR: DIR/ssh-runner-HOST.sh.
std::filesystem::path sshLauncherPath(const std::filesystem::path& dir, const std::string& host);

// Writes the launcher for HOST into DIR (created if missing), mode 0700, replaced atomically. It
// runs `ssh -T -o BatchMode=yes ... -- HOST kwb-runner` and passes CUDA_VISIBLE_DEVICES along.
// Error codes: those of checkWorkerHost, "cannot-create-folder", "cannot-write-launcher".
Result<std::filesystem::path> writeSshLauncher(const std::string& host,
                                               const std::filesystem::path& dir);

// The host a launcher written by writeSshLauncher runs on; empty for any other program.
std::string sshLauncherHost(const std::string& runnerPath);

// Extra "K=V" entries the ssh client of a launcher needs beyond scrubbedEnvironment(): the agent
// socket (BatchMode allows keys from an agent) and Kerberos' ticket cache.
std::vector<std::string> sshClientEnvironment();

// The error for a launcher whose ssh ended before or while talking: names ssh and the host,
// says what the exit status means (255: ssh itself failed; 127: no kwb-runner on the remote
// PATH) and ends with the tail of ssh's stderr. Codes: "ssh-failed", "worker-not-found",
// "worker-lost".
Error sshWorkerError(const std::string& host, const ProcessExit& exit,
                     const std::string& stderrText);

} // namespace kwb
