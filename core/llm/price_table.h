#pragma once
// Prices per model, in US dollars per million tokens, from the settings file. Looked up by exact
// model id, else by the longest configured id that is a prefix of it ("claude-sonnet-4-5"
// prices "claude-sonnet-4-5-20250929"). No built-in prices: they change; an unknown model's
// cost is unknown, never guessed.
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/llm/chat_types.h"
#include "core/model/error.h"

namespace kwb {

struct ModelPrice {
    double inputPerMTok = 0;
    double outputPerMTok = 0;
    std::optional<double> cacheReadPerMTok;  // default: the input price
    std::optional<double> cacheWritePerMTok; // default: the input price
};

class PriceTable {
public:
    void set(const std::string& model, const ModelPrice& price) { m_prices[model] = price; }
    const ModelPrice* find(const std::string& model) const;
    // US dollars for the usage, or nothing when the model has no price.
    std::optional<double> cost(const std::string& model, const TokenUsage& usage) const;
    bool empty() const { return m_prices.empty(); }

    // {"model": {"input": 3.0, "output": 15.0, "cache_read": 0.3, "cache_write": 3.75}, ...}
    static Result<PriceTable> fromJson(const nlohmann::json& j);
    nlohmann::json toJson() const;

private:
    std::map<std::string, ModelPrice> m_prices;
};

} // namespace kwb
