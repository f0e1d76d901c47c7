#pragma once
// Many streamed chat requests in flight on one thread, over one curl multi handle: a queue and
// a concurrency limit per provider, retries with backoff (RetryPolicy), connect and idle
// timeouts, cancel one or all. Thread: everything runs on the thread that calls poll(); only
// wakeup() may be called from another thread. Callbacks run on that thread, inside poll(), and
// may call submit() and cancel().
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/llm/chat_types.h"
#include "core/llm/provider_config.h"
#include "core/model/error.h"

namespace kwb {

class StreamAttempt;

using RequestId = std::uint64_t;

struct StreamHandlers {
    // Each piece of text as it arrives (optional). A retried request starts over: see onRetry.
    std::function<void(std::string_view delta)> onText;
    // An attempt failed and another follows after delaySeconds (optional).
    std::function<void(int nextAttempt, double delaySeconds, const Error& why)> onRetry;
    // Exactly once per accepted request: the Completion, or why there is none ("cancelled" when
    // cancelled). Errors are already redacted.
    std::function<void(Result<Completion> result)> onFinished;
};

class LlmClient {
public:
    LlmClient();
    ~LlmClient(); // drops everything in flight without calling back
    LlmClient(const LlmClient&) = delete;
    LlmClient& operator=(const LlmClient&) = delete;

    // Adds or replaces a provider (by config.name); replacing one with requests in flight is
    // refused.
    Status addProvider(ProviderConfig config);
    const ProviderConfig* provider(const std::string& name) const;

    // Queues a request; it starts when its provider has a free slot.
    Result<RequestId> submit(const std::string& providerName, const ChatRequest& request,
                             StreamHandlers handlers);
    // Ends a queued, waiting or running request with "cancelled". False if it is unknown or done.
    bool cancel(RequestId id);
    void cancelAll();

    // Moves every transfer forward, waiting at most maxWait for network activity; returns early
    // after any callback ran or after wakeup().
    void poll(std::chrono::milliseconds maxWait);
    void wakeup(); // thread-safe

    std::size_t running() const;                                  // attempts on the wire
    std::size_t outstanding() const { return m_requests.size(); } // queued + waiting + running
    bool idle() const { return m_requests.empty(); }

private:
    using Clock = std::chrono::steady_clock;
    struct Request;
    struct ProviderState {
        ProviderConfig config;
        std::deque<RequestId> queue;
        int active = 0; // running or waiting to retry: both hold a slot
    };

    void startDue();
    void startAttempt(Request& r);
    void collectDone();
    void checkDeadlines(); // requests past ProviderConfig::requestTimeout fail, not retried
    void checkIdle();
    void endAttempt(Request& r);
    void attemptFailed(Request& r, const RetryHints& hints, const Error& why, bool retryable);
    void finish(RequestId id, Result<Completion> result);
    void fireFinished();
    Error redact(const ProviderState& p, Error e) const;

    void* m_multi = nullptr; // CURLM*
    std::map<std::string, std::unique_ptr<ProviderState>> m_providers;
    std::map<RequestId, std::unique_ptr<Request>> m_requests;
    std::vector<std::pair<StreamHandlers, Result<Completion>>> m_finished; // to call back
    std::vector<RequestId> m_cancelLater; // cancels requested from inside curl callbacks
    RequestId m_nextId = 1;
    bool m_inCurl = false;
    std::mt19937_64 m_rng;
};

} // namespace kwb
