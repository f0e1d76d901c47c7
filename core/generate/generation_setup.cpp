#include "core/generate/generation_setup.h"

#include <algorithm>
#include <thread>

#include "core/llm/redaction.h"

namespace kwb {

Result<ProviderForRun>
providerForRun(const LlmSettings& settings, const std::string& provider,
               const ProviderOverrides& overrides,
               const std::function<std::string(const std::string&)>& keychainKey) {
    auto config = settings.providerConfig(provider);
    if (!config)
        return config.error();
    ProviderForRun out{std::move(*config), settings.secrets()};
    ProviderConfig& c = out.config;
    out.secrets.push_back(c.apiKey);
    // A key given in the URL (https://user:KEY@host/v1) is a secret too, wherever it appears.
    for (const std::string& url : {overrides.baseUrl, c.baseUrl})
        for (auto& s : urlUserinfoSecrets(url))
            out.secrets.push_back(std::move(s));
    if (!overrides.baseUrl.empty()) {
        c.baseUrl = overrides.baseUrl;
        c.apiKey.clear(); // the key source may differ for another host (HF_TOKEN)
        std::string settingsKey;
        if (auto it = settings.providers().find(provider); it != settings.providers().end())
            settingsKey = it->second.apiKey;
        resolveApiKey(c, settingsKey);
        out.secrets.push_back(c.apiKey);
    }
    if (c.apiKey.empty() && keychainKey) {
        c.apiKey = keychainKey(provider);
        out.secrets.push_back(c.apiKey);
    }
    if (overrides.concurrency > 0)
        c.maxConcurrency = overrides.concurrency;
    if (overrides.maxRetries >= 0)
        c.retry.maxRetries = overrides.maxRetries;
    if (overrides.idleTimeoutS > 0)
        c.idleTimeout = std::chrono::milliseconds(long(overrides.idleTimeoutS * 1000));
    if (overrides.connectTimeoutS > 0)
        c.connectTimeout = std::chrono::milliseconds(long(overrides.connectTimeoutS * 1000));
    if (overrides.requestTimeoutS >= 0)
        c.requestTimeout =
            std::chrono::milliseconds(std::int64_t(overrides.requestTimeoutS * 1000));
    return out;
}

Result<std::unique_ptr<VerifierSampleChecker>> connectChecker(const WorkerEndpoint& endpoint,
                                                              const std::string& client,
                                                              const VerifyOptions& options,
                                                              PromptContext* context,
                                                              std::chrono::milliseconds timeout) {
    auto worker = makeWorker(endpoint, client);
    if (!worker)
        return worker.error();
    if (Status st = (*worker)->connect(timeout); !st)
        return st.error();
    if (auto info = (*worker)->deviceInfo(timeout); info && info->hasDevice() && context) {
        if (context->gpuName.empty())
            context->gpuName = info->gpus[0].name;
        if (context->computeCapability.empty())
            context->computeCapability = info->gpus[0].computeCapability();
    }
    return std::make_unique<VerifierSampleChecker>(std::move(*worker), options);
}

std::shared_ptr<VerificationQueue> localQueue(const std::vector<int>& gpus, int buildJobs,
                                              const std::string& client, PromptContext* context) {
    const LocalLanes local = localLanes(gpus, client);
    if (context && context->gpuName.empty())
        context->gpuName = local.deviceName;
    if (context && context->computeCapability.empty())
        context->computeCapability = local.computeCapability;
    QueueSettings settings;
    settings.buildJobs =
        buildJobs > 0 ? buildJobs : int(std::max(1u, std::thread::hardware_concurrency()));
    settings.lanes = local.lanes;
    settings.client = client;
    return std::make_shared<VerificationQueue>(std::move(settings));
}

} // namespace kwb
