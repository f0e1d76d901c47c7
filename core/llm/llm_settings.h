#pragma once
// The user's LLM settings: providers (protocol, base URL, key, limits) and the price table, kept
// in the user's configuration folder (never in a project). Keys may also come from the
// environment (resolveApiKey), or from the system keychain through the GUI, which then fills
// ProviderConfig::apiKey itself.
//
//   { "providers": { "anthropic": { "api_key": "...", "max_concurrency": 4 },
//                    "vllm": { "protocol": "openai", "base_url": "http://gpu1:8000/v1" } },
//     "prices": { "claude-sonnet-4-5": { "input": 3, "output": 15 } } }
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/llm/price_table.h"
#include "core/llm/provider_config.h"

namespace kwb {

struct ProviderSettings {
    std::optional<ProviderKind> kind; // default: the provider's name if it is a protocol's name
    std::string baseUrl;
    std::string apiKey; // secret
    std::optional<int> maxConcurrency;
    std::optional<int> maxRetries;
    std::optional<double> connectTimeoutSeconds;
    std::optional<double> idleTimeoutSeconds;
    std::optional<double> requestTimeoutSeconds;
    std::string maxTokensField;
    std::string anthropicVersion;
};

class LlmSettings {
public:
    // $KWB_CONFIG_DIR/llm.json, else $XDG_CONFIG_HOME/kernel-workbench/llm.json, else
    // ~/.config/kernel-workbench/llm.json.
    static std::filesystem::path defaultPath();
    // A missing file is empty settings; a broken one is an error naming the file.
    static Result<LlmSettings> load(const std::filesystem::path& path);
    static Result<LlmSettings> fromJson(const nlohmann::json& j);

    // The provider's full configuration: settings over defaults, key resolved (environment first).
    // name is a settings entry or one of the protocols ("anthropic", "openai").
    Result<ProviderConfig> providerConfig(const std::string& name) const;

    // Every provider a run can name, as the window and the CLI offer them: the two protocols
    // ("anthropic", "openai", usable without a settings entry) first, then the settings' own.
    std::vector<std::string> providerNames() const;

    // Every key a run could meet, to redact wherever text is stored or printed: the key
    // variables of the environment and every provider's api_key in these settings.
    std::vector<std::string> secrets() const;

    const PriceTable& prices() const { return m_prices; }
    PriceTable& prices() { return m_prices; }
    std::map<std::string, ProviderSettings>& providers() { return m_providers; }
    const std::map<std::string, ProviderSettings>& providers() const { return m_providers; }
    // Things the user should know (a key in a file others can read).
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    std::map<std::string, ProviderSettings> m_providers;
    PriceTable m_prices;
    std::vector<std::string> m_warnings;
};

// Every key this machine knows (LlmSettings::secrets() of the default settings file, or the
// environment's alone when that file cannot be read): what a command that stores text from
// elsewhere (an import, a note) redacts.
std::vector<std::string> knownSecrets();

} // namespace kwb
