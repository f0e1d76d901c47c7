#include "core/llm/price_table.h"

namespace kwb {

const ModelPrice* PriceTable::find(const std::string& model) const {
    if (auto it = m_prices.find(model); it != m_prices.end())
        return &it->second;
    const ModelPrice* best = nullptr;
    std::size_t bestLen = 0;
    for (const auto& [id, price] : m_prices)
        if (model.starts_with(id) && id.size() > bestLen) {
            best = &price;
            bestLen = id.size();
        }
    return best;
}

std::optional<double> PriceTable::cost(const std::string& model, const TokenUsage& usage) const {
    const ModelPrice* p = find(model);
    if (!p)
        return std::nullopt;
    double uncached = double(std::max<std::int64_t>(0, usage.inputTokens - usage.cacheReadTokens -
                                                           usage.cacheWriteTokens));
    double usd = uncached * p->inputPerMTok + double(usage.outputTokens) * p->outputPerMTok +
                 double(usage.cacheReadTokens) * p->cacheReadPerMTok.value_or(p->inputPerMTok) +
                 double(usage.cacheWriteTokens) * p->cacheWritePerMTok.value_or(p->inputPerMTok);
    return usd / 1e6;
}

Result<PriceTable> PriceTable::fromJson(const nlohmann::json& j) {
    PriceTable t;
    if (j.is_null())
        return t;
    if (!j.is_object())
        return Error::make("bad-settings", "\"prices\" must be an object of model ids");
    for (const auto& [model, v] : j.items()) {
        if (!v.is_object() || !v.contains("input") || !v.contains("output") ||
            !v["input"].is_number() || !v["output"].is_number())
            return Error::make(
                "bad-settings",
                "the price of \"" + model +
                    "\" needs numbers \"input\" and \"output\" (USD per million tokens)");
        ModelPrice p;
        p.inputPerMTok = v["input"].get<double>();
        p.outputPerMTok = v["output"].get<double>();
        if (v.contains("cache_read") && v["cache_read"].is_number())
            p.cacheReadPerMTok = v["cache_read"].get<double>();
        if (v.contains("cache_write") && v["cache_write"].is_number())
            p.cacheWritePerMTok = v["cache_write"].get<double>();
        if (p.inputPerMTok < 0 || p.outputPerMTok < 0)
            return Error::make("bad-settings", "the price of \"" + model + "\" is negative");
        t.set(model, p);
    }
    return t;
}

nlohmann::json PriceTable::toJson() const {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [model, p] : m_prices) {
        j[model] = {{"input", p.inputPerMTok}, {"output", p.outputPerMTok}};
        if (p.cacheReadPerMTok)
            j[model]["cache_read"] = *p.cacheReadPerMTok;
        if (p.cacheWritePerMTok)
            j[model]["cache_write"] = *p.cacheWritePerMTok;
    }
    return j;
}

} // namespace kwb
