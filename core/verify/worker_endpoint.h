#pragma once
// Where verification runs, as a value: this machine's kwb-runner, kwb-runner on an ssh host, or
// a given program (a stand-in worker in tests, a wrapper). The window and kwb keep one and make
// a worker from it for each job, so choosing another worker never changes the process's
// environment while jobs may be starting.
#include <memory>
#include <optional>
#include <string>

#include "core/model/error.h"
#include "core/verify/worker.h"

namespace kwb {

struct WorkerEndpoint {
    enum class Kind { ThisMachine, SshHost, Program };
    Kind kind = Kind::ThisMachine;
    std::string host;       // SshHost: as ssh takes it (checkWorkerHost)
    std::string program;    // Program: the worker's path
    std::optional<int> gpu; // CUDA_VISIBLE_DEVICES for the worker; none: the caller's
    int nice = 0;           // > 0: the worker (and its builds) this much nicer than the caller

    static WorkerEndpoint thisMachine() { return {}; }
    // An empty host is this machine; otherwise the host must pass checkWorkerHost.
    static Result<WorkerEndpoint> sshHost(const std::string& host);
    static WorkerEndpoint programAt(std::string path);

    // "this machine", "gpu-server over ssh", "/path/to/worker"; plus ", GPU 1" when chosen.
    std::string describe() const;
    bool operator==(const WorkerEndpoint&) const = default;
};

// The worker program for an endpoint: locateRunner() for this machine (empty when none is
// found), the ssh launcher (written into cacheDirectory() if needed) for a host, the path for
// a program. Error codes: those of writeSshLauncher.
Result<std::string> workerProgram(const WorkerEndpoint& endpoint);

// A worker for the endpoint, not yet connected. `client` names the caller in the handshake.
// Error codes: those of workerProgram. Where no kwb-runner is found, connecting the worker fails
// with "worker-not-found".
Result<std::unique_ptr<Worker>> makeWorker(const WorkerEndpoint& endpoint,
                                           const std::string& client);

} // namespace kwb
