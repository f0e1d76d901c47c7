#pragma once
// The workbench's own settings (QSettings, the user's configuration folder): how verification
// times kernels, which GPU the worker uses, where the worker runs, and the interface language.
// Provider keys are not here: they live in the LLM settings file or the system keychain (see
// SettingsDialog). A plain value; load() and save() read and write QSettings on the UI thread.
#include <QString>

#include "core/verify/verifier.h"

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
    // Applies the GPU and worker choice to this process (the environment the worker inherits);
    // returns an error sentence, or empty.
    QString applyToWorker() const;
    bool operator==(const WorkbenchSettings&) const = default;
};

} // namespace kwb::ui
