#include "core/verify/worker_endpoint.h"

#include "core/sys/data_dirs.h"
#include "core/sys/programs.h"
#include "core/verify/remote_worker.h"
#include "core/verify/subprocess_worker.h"

namespace kwb {

Result<WorkerEndpoint> WorkerEndpoint::sshHost(const std::string& host) {
    if (host.empty())
        return thisMachine();
    if (auto ok = checkWorkerHost(host); !ok)
        return ok.error();
    WorkerEndpoint e;
    e.kind = Kind::SshHost;
    e.host = host;
    return e;
}

WorkerEndpoint WorkerEndpoint::programAt(std::string path) {
    WorkerEndpoint e;
    e.kind = Kind::Program;
    e.program = std::move(path);
    return e;
}

std::string WorkerEndpoint::describe() const {
    std::string where = kind == Kind::SshHost   ? host + " over ssh"
                        : kind == Kind::Program ? program
                                                : "this machine";
    return gpu ? where + ", GPU " + std::to_string(*gpu) : where;
}

Result<std::string> workerProgram(const WorkerEndpoint& endpoint) {
    switch (endpoint.kind) {
    case WorkerEndpoint::Kind::SshHost: {
        auto launcher = writeSshLauncher(endpoint.host, cacheDirectory());
        if (!launcher)
            return launcher.error();
        return launcher->string();
    }
    case WorkerEndpoint::Kind::Program:
        return endpoint.program;
    case WorkerEndpoint::Kind::ThisMachine:
        break;
    }
    return locateRunner();
}

Result<std::unique_ptr<Worker>> makeWorker(const WorkerEndpoint& endpoint,
                                           const std::string& client) {
    auto program = workerProgram(endpoint);
    if (!program)
        return program.error();
    // No kwb-runner here: the worker's connect says so ("worker-not-found"), as for a program
    // that is gone, so a request is checked (its shapes, its size) before that error.
    std::vector<std::string> environment;
    if (endpoint.gpu)
        environment.push_back("CUDA_VISIBLE_DEVICES=" + std::to_string(*endpoint.gpu));
    return std::unique_ptr<Worker>(std::make_unique<SubprocessWorker>(
        *program, client, std::move(environment), endpoint.nice));
}

} // namespace kwb
