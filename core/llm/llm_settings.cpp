#include "core/llm/llm_settings.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace kwb {
namespace fs = std::filesystem;

fs::path LlmSettings::defaultPath() {
    if (const char* d = std::getenv("KWB_CONFIG_DIR"); d && *d)
        return fs::path(d) / "llm.json";
    if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
        return fs::path(x) / "kernel-workbench" / "llm.json";
    const char* home = std::getenv("HOME");
    return fs::path(home ? home : ".") / ".config" / "kernel-workbench" / "llm.json";
}

Result<LlmSettings> LlmSettings::load(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec))
        return LlmSettings{};
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (!in)
        return Error::make("bad-settings", "cannot read " + path.string());
    auto j = nlohmann::json::parse(ss.str(), nullptr, false);
    if (j.is_discarded())
        return Error::make("bad-settings", path.string() + " is not valid JSON");
    auto s = fromJson(j);
    if (!s)
        return Error::make(s.error().code, path.string() + ": " + s.error().message);
    struct stat st {};
    bool hasKey = false;
    for (const auto& [n, p] : s->m_providers)
        hasKey = hasKey || !p.apiKey.empty();
    if (hasKey && ::stat(path.c_str(), &st) == 0 && (st.st_mode & (S_IRGRP | S_IROTH)))
        s->m_warnings.push_back(path.string() +
                                " holds an API key and can be read by other users: chmod 600 it");
    return s;
}

Result<LlmSettings> LlmSettings::fromJson(const nlohmann::json& j) {
    LlmSettings s;
    if (!j.is_object())
        return Error::make("bad-settings", "the settings must be a JSON object");
    if (auto it = j.find("providers"); it != j.end()) {
        if (!it->is_object())
            return Error::make("bad-settings", "\"providers\" must be an object");
        for (const auto& [name, v] : it->items()) {
            if (!v.is_object())
                return Error::make("bad-settings", "provider \"" + name + "\" must be an object");
            ProviderSettings p;
            auto str = [&](const char* k) {
                return v.contains(k) && v[k].is_string() ? v[k].get<std::string>() : std::string();
            };
            if (std::string proto = str("protocol"); !proto.empty()) {
                p.kind = parseProviderKind(proto);
                if (!p.kind)
                    return Error::make("bad-settings",
                                       "provider \"" + name +
                                           "\": protocol must be \"anthropic\" or \"openai\"");
            }
            p.baseUrl = str("base_url");
            p.apiKey = str("api_key");
            p.maxTokensField = str("max_tokens_field");
            p.anthropicVersion = str("anthropic_version");
            if (v.contains("max_concurrency") && v["max_concurrency"].is_number_integer())
                p.maxConcurrency = v["max_concurrency"].get<int>();
            if (v.contains("max_retries") && v["max_retries"].is_number_integer())
                p.maxRetries = v["max_retries"].get<int>();
            if (v.contains("connect_timeout_s") && v["connect_timeout_s"].is_number())
                p.connectTimeoutSeconds = v["connect_timeout_s"].get<double>();
            if (v.contains("idle_timeout_s") && v["idle_timeout_s"].is_number())
                p.idleTimeoutSeconds = v["idle_timeout_s"].get<double>();
            if (v.contains("request_timeout_s") && v["request_timeout_s"].is_number())
                p.requestTimeoutSeconds = v["request_timeout_s"].get<double>();
            s.m_providers[name] = std::move(p);
        }
    }
    if (auto it = j.find("prices"); it != j.end()) {
        auto t = PriceTable::fromJson(*it);
        if (!t)
            return t.error();
        s.m_prices = std::move(*t);
    }
    return s;
}

std::vector<std::string> LlmSettings::secrets() const {
    std::vector<std::string> keys = environmentApiKeys();
    for (const auto& [name, p] : m_providers)
        if (!p.apiKey.empty())
            keys.push_back(p.apiKey);
    return keys;
}

Result<ProviderConfig> LlmSettings::providerConfig(const std::string& name) const {
    ProviderConfig c;
    c.name = name;
    const ProviderSettings* p = nullptr;
    if (auto it = m_providers.find(name); it != m_providers.end())
        p = &it->second;
    std::optional<ProviderKind> kind = p && p->kind ? p->kind : parseProviderKind(name);
    if (!kind)
        return Error::make("llm-unknown-provider",
                           "unknown provider \"" + name +
                               "\": use anthropic, openai, or a provider from the settings file "
                               "with a \"protocol\"");
    c.kind = *kind;
    std::string settingsKey;
    if (p) {
        c.baseUrl = p->baseUrl;
        settingsKey = p->apiKey;
        if (p->maxConcurrency)
            c.maxConcurrency = *p->maxConcurrency;
        if (p->maxRetries)
            c.retry.maxRetries = *p->maxRetries;
        if (p->connectTimeoutSeconds)
            c.connectTimeout = std::chrono::milliseconds(long(*p->connectTimeoutSeconds * 1000));
        if (p->idleTimeoutSeconds)
            c.idleTimeout = std::chrono::milliseconds(long(*p->idleTimeoutSeconds * 1000));
        if (p->requestTimeoutSeconds && *p->requestTimeoutSeconds >= 0 &&
            *p->requestTimeoutSeconds <= 86400)
            c.requestTimeout = std::chrono::milliseconds(long(*p->requestTimeoutSeconds * 1000));
        if (!p->maxTokensField.empty())
            c.maxTokensField = p->maxTokensField;
        if (!p->anthropicVersion.empty())
            c.anthropicVersion = p->anthropicVersion;
    }
    resolveApiKey(c, settingsKey);
    return c;
}

std::vector<std::string> LlmSettings::providerNames() const {
    std::vector<std::string> names = {"anthropic", "openai"};
    for (const auto& [name, settings] : m_providers) {
        if (std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    }
    return names;
}

std::vector<std::string> knownSecrets() {
    if (auto settings = LlmSettings::load(LlmSettings::defaultPath()))
        return settings->secrets(); // the environment's included
    return environmentApiKeys();
}

} // namespace kwb
