#pragma once
// What kwb generate and the window both do before a generation run: the provider with the
// user's overrides and every secret to redact, and the checker's worker with the device it
// reports for the prompt. One place, so the two front ends cannot drift apart.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/generate/prompt_builder.h"
#include "core/generate/queue_sample_checker.h"
#include "core/generate/verifier_sample_checker.h"
#include "core/llm/llm_settings.h"
#include "core/llm/provider_config.h"
#include "core/model/error.h"
#include "core/verify/verifier.h"
#include "core/verify/worker_endpoint.h"

namespace kwb {

// Overrides of a provider's settings for one run; unset values keep the settings file's.
struct ProviderOverrides {
    std::string baseUrl;         // empty: the provider's; another host resolves its key anew
    int concurrency = 0;         // 0: keep
    int maxRetries = -1;         // < 0: keep
    double idleTimeoutS = 0;     // 0: keep
    double connectTimeoutS = 0;  // 0: keep
    double requestTimeoutS = -1; // < 0: keep; 0: no total deadline
};

struct ProviderForRun {
    ProviderConfig config;
    // Every key the settings and the environment hold, the one in use, and user information in
    // either URL: whatever a response or an error might quote.
    std::vector<std::string> secrets;
};

// The provider named `provider` of `settings` with `overrides` applied. When neither the
// environment nor the settings hold a key, `keychainKey(provider)` is asked (the system
// keychain; may be empty). Error codes: those of LlmSettings::providerConfig.
Result<ProviderForRun>
providerForRun(const LlmSettings& settings, const std::string& provider,
               const ProviderOverrides& overrides,
               const std::function<std::string(const std::string&)>& keychainKey);

// A checker whose worker is connected at `endpoint`; the first GPU it reports fills the prompt's
// GPU name and compute capability where `context` leaves them empty (context may be null).
Result<std::unique_ptr<VerifierSampleChecker>> connectChecker(const WorkerEndpoint& endpoint,
                                                              const std::string& client,
                                                              const VerifyOptions& options,
                                                              PromptContext* context,
                                                              std::chrono::milliseconds timeout);

// The verification queue of a run on this machine: a lane per entry of `gpus` (none: per device
// found), `buildJobs` builds at once (0: the host's cores). The first lane's device fills the
// prompt's GPU name and compute capability where `context` leaves them empty (context may be
// null).
std::shared_ptr<VerificationQueue> localQueue(const std::vector<int>& gpus, int buildJobs,
                                              const std::string& client, PromptContext* context);

} // namespace kwb
