#pragma once
// When and how long to wait before trying an LLM request again, as the official Anthropic and
// OpenAI SDKs do it: 408, 409, 429 and every 5xx (529 "overloaded" included) and connection
// failures are retried; the server's x-should-retry overrides that; retry-after-ms or
// retry-after (seconds or an HTTP date) is honoured when it lies in (0, 60] seconds; otherwise
// exponential backoff 0.5 s * 2^n capped at 8 s, minus up to 25 % jitter.
#include <ctime>
#include <optional>
#include <string>

namespace kwb {

struct RetryPolicy {
    int maxRetries = 2; // retries after the first attempt (the SDKs' default)
    double initialDelaySeconds = 0.5;
    double maxDelaySeconds = 8.0;
    double jitter = 0.25;                // the delay is multiplied by 1 - jitter * U[0, 1)
    double maxServerDelaySeconds = 60.0; // a longer retry-after is ignored (backoff instead)
};

// What the server said about retrying, from its response headers.
struct RetryHints {
    std::optional<double> retryAfterSeconds; // from retry-after-ms or retry-after
    std::optional<bool> shouldRetry;         // x-should-retry: true / false
};

// retry-after-ms wins over retry-after; retry-after is seconds or an HTTP date (RFC 9110).
std::optional<double> parseRetryAfter(const std::string& retryAfterMs,
                                      const std::string& retryAfter, std::time_t now);
// HTTP status 0 means no response at all (connection failed, reset, timed out).
bool isRetryableStatus(long status);
bool shouldRetry(long status, const RetryHints& hints);
// retriesSoFar: 0 before the first retry. random01 in [0, 1) (the caller's generator).
double retryDelaySeconds(const RetryPolicy& policy, int retriesSoFar, const RetryHints& hints,
                         double random01);

} // namespace kwb
