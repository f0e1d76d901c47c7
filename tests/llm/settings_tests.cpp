// Settings, keys and prices: keys from the environment before the settings file, never in
// publicJson(); redaction; the price table's prefix lookup and cost; settings file errors.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/llm/llm_settings.h"
#include "core/llm/redaction.h"
#include "core/verify/subprocess_worker.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {

void settingsTests() {
    using namespace kwb;
    const std::string envKey = "sk-ant-env-0123456789abcdef", fileKey = "sk-file-0123456789abcdef";
    auto s =
        LlmSettings::fromJson(nlohmann::json::parse(R"({
        "providers": {"anthropic": {"api_key": ")" + fileKey +
                                                    R"(", "max_concurrency": 3, "max_retries": 5},
                      "vllm": {"protocol": "openai", "base_url": "http://gpu1:8000/v1/", "idle_timeout_s": 2.5},
                      "hf": {"protocol": "openai", "base_url": "https://router.huggingface.co/v1", "api_key": ")" +
                                                    fileKey + R"("}},
        "prices": {"claude-sonnet-4-5": {"input": 3, "output": 15, "cache_read": 0.3},
                   "claude-sonnet": {"input": 100, "output": 100}}})"));
    CHECK(s.ok());
    if (!s)
        return;
    ::unsetenv("ANTHROPIC_API_KEY");
    ::unsetenv("OPENAI_API_KEY");
    ::unsetenv("HF_TOKEN");
    auto a = s->providerConfig("anthropic");
    CHECK(a && a->apiKey == fileKey && a->apiKeySource == "settings" && a->maxConcurrency == 3 &&
          a->retry.maxRetries == 5);
    ::setenv("ANTHROPIC_API_KEY", envKey.c_str(), 1);
    a = s->providerConfig("anthropic");
    CHECK(a && a->apiKey == envKey && a->apiKeySource == "ANTHROPIC_API_KEY");
    CHECK(a && a->publicJson().dump().find(envKey) == std::string::npos);
    CHECK(a && a->publicJson()["key_source"] == "ANTHROPIC_API_KEY");

    auto v = s->providerConfig("vllm");
    CHECK(v && v->kind == ProviderKind::OpenAI && v->effectiveBaseUrl() == "http://gpu1:8000/v1" &&
          v->apiKey.empty());
    CHECK(v && v->idleTimeout.count() == 2500);
    CHECK(v && checkUsable(*v).ok()); // a local server needs no key
    ::setenv("HF_TOKEN", "hf_env_token_0123456789", 1);
    auto hf = s->providerConfig("hf");
    CHECK(hf && hf->apiKey == "hf_env_token_0123456789" && hf->apiKeySource == "HF_TOKEN");
    ::unsetenv("HF_TOKEN");
    auto o = s->providerConfig("openai");
    CHECK(o && o->apiKey.empty() && !checkUsable(*o).ok() &&
          checkUsable(*o).error().code == "llm-no-key");
    CHECK(!s->providerConfig("nonsense").ok());
    ::unsetenv("ANTHROPIC_API_KEY");

    // The worker's environment never carries a key.
    ::setenv("ANTHROPIC_API_KEY", envKey.c_str(), 1);
    ::setenv("OPENAI_API_KEY", fileKey.c_str(), 1);
    bool leaked = false;
    for (const auto& e : scrubbedEnvironment())
        leaked =
            leaked || e.find(envKey) != std::string::npos || e.find(fileKey) != std::string::npos;
    CHECK(!leaked);
    ::unsetenv("ANTHROPIC_API_KEY");
    ::unsetenv("OPENAI_API_KEY");

    CHECK(redactSecrets("key sk-abcdef123 and sk-abcdef123!", {"sk-abcdef123"}) ==
          "key [redacted] and [redacted]!");
    CHECK(redactSecrets("short", {"", "abc"}) == "short");
    nlohmann::json j = {{"a", "x sk-abcdef123"}, {"sk-abcdef123", {1, "sk-abcdef123"}}};
    redactSecrets(j, {"sk-abcdef123"});
    CHECK(j.dump().find("sk-abcdef123") == std::string::npos);

    const PriceTable& prices = s->prices();
    TokenUsage u;
    u.inputTokens = 1000000;
    u.outputTokens = 100000;
    u.cacheReadTokens = 500000;
    auto cost = prices.cost("claude-sonnet-4-5-20250929", u); // longest prefix: claude-sonnet-4-5
    CHECK(cost && std::abs(*cost - (0.5 * 3 + 0.1 * 15 + 0.5 * 0.3)) < 1e-9);
    CHECK(!prices.cost("gpt-4.1", u).has_value());
    CHECK(!PriceTable::fromJson(nlohmann::json::parse(R"({"m": {"input": "3"}})")).ok());

    // Files: a missing one is empty settings; broken JSON names the file; a world-readable file
    // with a key is warned about.
    auto dir =
        std::filesystem::temp_directory_path() / ("kwb-llm-settings-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    CHECK(LlmSettings::load(dir / "none.json").ok());
    std::ofstream(dir / "bad.json") << "{ nope";
    auto bad = LlmSettings::load(dir / "bad.json");
    CHECK(!bad.ok() && bad.error().message.find("bad.json") != std::string::npos);
    std::ofstream(dir / "open.json")
        << R"({"providers": {"openai": {"api_key": "sk-0123456789"}}})";
    std::filesystem::permissions(dir / "open.json", std::filesystem::perms(0644));
    auto open = LlmSettings::load(dir / "open.json");
    CHECK(open && open->warnings().size() == 1);
    std::filesystem::remove_all(dir);
}

} // namespace kwbtest
