#pragma once
// The workbench's own settings (QSettings, the user's configuration folder): how verification
// times kernels, which GPU the worker uses, where the worker runs, and the interface language.
// Provider keys are not here: they live in the LLM settings file or the system keychain (see
// SettingsDialog). A plain value; load() and save() read and write QSettings on the UI thread.
#include <optional>

#include <QString>

#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb::ui {

struct WorkbenchSettings {
    // Timing policy (what the worker's TimingPolicy calls these).
    int trials = 2;           // correctness trials per shape
    bool benchmark = true;    // time candidate and baseline
    double targetRse = 0.005; // stop when the medians' relative standard errors are below
    int maxSamples = 400;
    double timeCapMs = 600;   // per shape
    int timeoutSeconds = 300; // a whole verification
    // -1: the worker's default device; else the CUDA device index (CUDA_VISIBLE_DEVICES).
    int gpuIndex = -1;
    // Empty: this machine; else `ssh <host>` runs kwb-runner there.
    QString workerHost;
    QString language; // "", "en", "es", "pl" ("": the system's)

    static WorkbenchSettings load();
    void save() const;
    VerifyOptions verifyOptions() const;

    // Where the window's jobs run their worker, from the host and GPU settings. A host writes
    // its ssh launcher now, so that a problem shows when the settings are saved. No endpoint
    // and a sentence of the window's (translated) when the host cannot be used.
    struct WorkerChoice {
        std::optional<WorkerEndpoint> endpoint;
        QString problem;
    };
    WorkerChoice workerChoice() const;
    bool operator==(const WorkbenchSettings&) const = default;
};

} // namespace kwb::ui
