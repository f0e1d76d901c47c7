#pragma once
// Worker implementation: kwb-runner as a local child process speaking the line protocol.
#include <string>
#include <vector>

#include "core/sys/child_process.h"
#include "core/sys/environment.h"
#include "core/sys/programs.h"
#include "core/verify/worker.h"

namespace kwb {

class SubprocessWorker final : public Worker {
public:
    // `environment`: "K=V" entries that replace the caller's in the worker's scrubbed environment
    // (e.g. CUDA_VISIBLE_DEVICES of a WorkerEndpoint).
    explicit SubprocessWorker(std::string runnerPath, std::string clientName = "kwb",
                              std::vector<std::string> environment = {}, int niceIncrement = 0);
    ~SubprocessWorker() override;

    Status connect(std::chrono::milliseconds timeout) override;
    Result<DeviceInfo> deviceInfo(std::chrono::milliseconds timeout) override;
    Result<verification::BuildReport> build(const Task& task, const BuildRequest& request,
                                            std::chrono::milliseconds timeout,
                                            const std::atomic<bool>* cancel = nullptr) override;
    Result<verification::VerificationRecordData>
    verify(const Task& task, const VerifyRequest& request, std::chrono::milliseconds timeout,
           const ProgressFn& onProgress, const std::atomic<bool>* cancel) override;
    void shutdown() override;
    std::string description() const override;

    const std::string& workerVersion() const { return m_workerVersion; }

private:
    // One request on the wire; the answer's "result" on success, its error otherwise.
    Result<nlohmann::json> call(const std::string& type, const nlohmann::json& params,
                                std::chrono::milliseconds timeout,
                                const ProgressFn& onProgress = {},
                                const std::atomic<bool>* cancel = nullptr);
    Error lostConnection(const Error& why);

    std::string m_path;
    std::string m_client;
    std::vector<std::string> m_environment;
    int m_nice = 0;
    std::string m_workerVersion;
    std::string m_sshHost; // set when m_path is an ssh launcher (core/verify/remote_worker.h)
    ChildProcess m_child;
    long long m_nextId = 1;
    bool m_connected = false;
};

} // namespace kwb
