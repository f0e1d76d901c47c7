// RetryPolicy against the SDKs' rules: which statuses, x-should-retry, retry-after(-ms), the
// backoff curve, its cap and jitter range.
#include <cmath>
#include <ctime>

#include "core/llm/retry_policy.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {

void retryTests() {
    using namespace kwb;
    for (long s : {0L, 408L, 409L, 429L, 500L, 502L, 503L, 504L, 529L})
        CHECK_MSG(shouldRetry(s, {}), std::to_string(s));
    for (long s : {400L, 401L, 403L, 404L, 413L, 422L})
        CHECK_MSG(!shouldRetry(s, {}), std::to_string(s));
    RetryHints no;
    no.shouldRetry = false;
    RetryHints yes;
    yes.shouldRetry = true;
    CHECK(!shouldRetry(529, no));
    CHECK(shouldRetry(400, yes));

    std::time_t now = 1700000000;
    CHECK(parseRetryAfter("150", "7", now) == 0.15); // -ms wins
    CHECK(parseRetryAfter("", "7", now) == 7.0);
    CHECK(parseRetryAfter("", "1.5", now) == 1.5);
    CHECK(!parseRetryAfter("", "soon", now).has_value());
    CHECK(!parseRetryAfter("", "", now).has_value());
    // An HTTP date 30 s from "now": Tue, 14 Nov 2023 22:13:50 GMT is 1700000030.
    auto date = parseRetryAfter("", "Tue, 14 Nov 2023 22:13:50 GMT", now);
    CHECK(date && std::fabs(*date - 30.0) < 0.5);

    RetryPolicy p;
    RetryHints none;
    CHECK(retryDelaySeconds(p, 0, none, 0.0) == 0.5);
    CHECK(retryDelaySeconds(p, 1, none, 0.0) == 1.0);
    CHECK(retryDelaySeconds(p, 3, none, 0.0) == 4.0);
    CHECK(retryDelaySeconds(p, 4, none, 0.0) == 8.0); // capped
    CHECK(retryDelaySeconds(p, 50, none, 0.0) == 8.0);
    CHECK(retryDelaySeconds(p, 0, none, 0.999) > 0.375 - 1e-9 &&
          retryDelaySeconds(p, 0, none, 0.999) < 0.5);
    RetryHints server;
    server.retryAfterSeconds = 2.0;
    CHECK(retryDelaySeconds(p, 0, server, 0.5) == 2.0);
    server.retryAfterSeconds = 120.0; // beyond 60 s: ignored, backoff instead
    CHECK(retryDelaySeconds(p, 0, server, 0.0) == 0.5);
    server.retryAfterSeconds = 0.0;
    CHECK(retryDelaySeconds(p, 1, server, 0.0) == 1.0);
}

} // namespace kwbtest
