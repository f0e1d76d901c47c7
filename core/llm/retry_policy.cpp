#include "core/llm/retry_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <curl/curl.h>

namespace kwb {

namespace {
std::optional<double> parseNumber(const std::string& s) {
    if (s.empty())
        return std::nullopt;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    while (end && (*end == ' ' || *end == '\t'))
        ++end;
    if (!end || *end != '\0' || !std::isfinite(v))
        return std::nullopt;
    return v;
}
} // namespace

std::optional<double> parseRetryAfter(const std::string& retryAfterMs,
                                      const std::string& retryAfter, std::time_t now) {
    if (auto ms = parseNumber(retryAfterMs))
        return *ms / 1000.0;
    if (auto s = parseNumber(retryAfter))
        return *s;
    if (!retryAfter.empty()) {
        std::time_t t = curl_getdate(retryAfter.c_str(), nullptr);
        if (t != -1)
            return double(t - now);
    }
    return std::nullopt;
}

bool isRetryableStatus(long status) {
    return status == 0 || status == 408 || status == 409 || status == 429 || status >= 500;
}

bool shouldRetry(long status, const RetryHints& hints) {
    if (hints.shouldRetry)
        return *hints.shouldRetry;
    return isRetryableStatus(status);
}

double retryDelaySeconds(const RetryPolicy& policy, int retriesSoFar, const RetryHints& hints,
                         double random01) {
    if (hints.retryAfterSeconds && *hints.retryAfterSeconds > 0 &&
        *hints.retryAfterSeconds <= policy.maxServerDelaySeconds)
        return *hints.retryAfterSeconds;
    int n = std::clamp(retriesSoFar, 0, 1000);
    double sleep = std::min(policy.initialDelaySeconds * std::pow(2.0, n), policy.maxDelaySeconds);
    double jitter = 1.0 - policy.jitter * std::clamp(random01, 0.0, 1.0);
    return std::max(0.0, sleep * jitter);
}

} // namespace kwb
