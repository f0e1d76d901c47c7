#include "core/llm/llm_client.h"

#include <algorithm>
#include <cstdio>
#include <mutex>

#include <curl/curl.h>

#include "core/llm/provider_protocol.h"
#include "core/llm/redaction.h"
#include "core/llm/stream_attempt.h"

namespace kwb {

namespace {
CURLM* multi(void* p) {
    return static_cast<CURLM*>(p);
}

void initCurlOnce() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

double seconds(std::chrono::steady_clock::duration d) {
    return std::chrono::duration<double>(d).count();
}
} // namespace

struct LlmClient::Request {
    enum class State { Queued, Running, Waiting };
    RequestId id = 0;
    ProviderState* provider = nullptr;
    HttpRequestSpec spec; // carries the key: never logged
    StreamHandlers handlers;
    State state = State::Queued;
    std::unique_ptr<StreamAttempt> attempt;
    int attempts = 0;
    Clock::time_point submitted;
    Clock::time_point firstStart;
    Clock::time_point retryAt;
};

LlmClient::LlmClient() : m_rng(std::random_device{}()) {
    initCurlOnce();
    m_multi = curl_multi_init();
}

LlmClient::~LlmClient() {
    for (auto& [id, r] : m_requests)
        if (r->attempt)
            curl_multi_remove_handle(multi(m_multi), r->attempt->easy());
    m_requests.clear();
    curl_multi_cleanup(multi(m_multi));
}

Status LlmClient::addProvider(ProviderConfig config) {
    if (Status st = checkUsable(config); !st)
        return st;
    auto it = m_providers.find(config.name);
    if (it != m_providers.end()) {
        if (it->second->active > 0 || !it->second->queue.empty())
            return Error::make("llm-busy", "provider " + config.name + " has requests in flight");
        it->second->config = std::move(config);
        return okStatus();
    }
    std::string name = config.name;
    auto p = std::make_unique<ProviderState>();
    p->config = std::move(config);
    m_providers.emplace(name, std::move(p));
    return okStatus();
}

const ProviderConfig* LlmClient::provider(const std::string& name) const {
    auto it = m_providers.find(name);
    return it == m_providers.end() ? nullptr : &it->second->config;
}

Result<RequestId> LlmClient::submit(const std::string& providerName, const ChatRequest& request,
                                    StreamHandlers handlers) {
    auto it = m_providers.find(providerName);
    if (it == m_providers.end())
        return Error::make("llm-unknown-provider",
                           "no provider named \"" + providerName + "\" is configured");
    if (request.model.empty())
        return Error::make("llm-no-model", "no model given for provider " + providerName);
    auto r = std::make_unique<Request>();
    r->id = m_nextId++;
    r->provider = it->second.get();
    r->spec = buildChatRequest(r->provider->config, request);
    r->handlers = std::move(handlers);
    r->submitted = Clock::now();
    RequestId id = r->id;
    r->provider->queue.push_back(id);
    m_requests.emplace(id, std::move(r));
    return id;
}

bool LlmClient::cancel(RequestId id) {
    auto it = m_requests.find(id);
    if (it == m_requests.end())
        return false;
    if (m_inCurl) { // curl forbids removing a handle from inside its own callbacks
        m_cancelLater.push_back(id);
        return true;
    }
    Request& r = *it->second;
    if (r.state == Request::State::Queued) {
        auto& q = r.provider->queue;
        q.erase(std::remove(q.begin(), q.end(), id), q.end());
    }
    endAttempt(r);
    finish(id, Error::make("cancelled", "the request was cancelled"));
    return true;
}

void LlmClient::cancelAll() {
    std::vector<RequestId> ids;
    for (auto& [id, r] : m_requests)
        ids.push_back(id);
    for (RequestId id : ids)
        cancel(id);
}

void LlmClient::wakeup() {
    curl_multi_wakeup(multi(m_multi));
}

std::size_t LlmClient::running() const {
    return std::size_t(std::count_if(m_requests.begin(), m_requests.end(), [](const auto& kv) {
        return kv.second->state == Request::State::Running;
    }));
}

void LlmClient::startDue() {
    auto now = Clock::now();
    for (auto& [id, r] : m_requests)
        if (r->state == Request::State::Waiting && r->retryAt <= now)
            startAttempt(*r);
    for (auto& [name, p] : m_providers) {
        while (p->active < p->config.maxConcurrency && !p->queue.empty()) {
            RequestId id = p->queue.front();
            p->queue.pop_front();
            auto it = m_requests.find(id);
            if (it == m_requests.end())
                continue;
            ++p->active;
            it->second->firstStart = Clock::now();
            startAttempt(*it->second);
        }
    }
}

void LlmClient::startAttempt(Request& r) {
    StreamHandlers* handlers = &r.handlers; // stable: the Request lives in a unique_ptr
    r.attempt = std::make_unique<StreamAttempt>(r.provider->config, r.spec,
                                                [handlers](std::string_view delta) {
                                                    if (handlers->onText)
                                                        handlers->onText(delta);
                                                });
    ++r.attempts;
    r.state = Request::State::Running;
    curl_multi_add_handle(multi(m_multi), r.attempt->easy());
}

void LlmClient::endAttempt(Request& r) {
    if (r.attempt) {
        curl_multi_remove_handle(multi(m_multi), r.attempt->easy());
        r.attempt.reset();
    }
}

void LlmClient::collectDone() {
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(multi(m_multi), &left)) {
        if (msg->msg != CURLMSG_DONE)
            continue;
        CURL* easy = msg->easy_handle;
        CURLcode code = msg->data.result;
        auto it = std::find_if(m_requests.begin(), m_requests.end(), [easy](const auto& kv) {
            return kv.second->attempt && kv.second->attempt->easy() == easy;
        });
        if (it == m_requests.end()) {
            curl_multi_remove_handle(multi(m_multi), easy);
            continue;
        }
        Request& r = *it->second;
        Result<Completion> res = r.attempt->complete(code);
        long status = r.attempt->status();
        RetryHints hints = r.attempt->hints();
        std::optional<double> firstText = r.attempt->firstTextSeconds();
        endAttempt(r);
        if (res) {
            Completion c = std::move(*res);
            c.attempts = r.attempts;
            auto now = Clock::now();
            c.queuedSeconds = seconds(r.firstStart - r.submitted);
            c.firstTokenSeconds = firstText.value_or(0.0);
            c.totalSeconds = seconds(now - r.submitted);
            finish(r.id, std::move(c));
        } else {
            bool httpFailure = status >= 300 || (status > 0 && status < 200);
            bool retry =
                httpFailure ? shouldRetry(status, hints) : isRetryableStreamError(res.error());
            attemptFailed(r, hints, res.error(), retry);
        }
    }
}

void LlmClient::attemptFailed(Request& r, const RetryHints& hints, const Error& why,
                              bool retryable) {
    const RetryPolicy& policy = r.provider->config.retry;
    int retriesSoFar = r.attempts - 1;
    Error e = redact(*r.provider, why);
    if (retryable && retriesSoFar < policy.maxRetries) {
        double delay = retryDelaySeconds(policy, retriesSoFar, hints,
                                         std::uniform_real_distribution<double>(0, 1)(m_rng));
        r.state = Request::State::Waiting;
        r.retryAt = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(delay));
        if (r.handlers.onRetry)
            r.handlers.onRetry(r.attempts + 1, delay, e);
        return;
    }
    if (r.attempts > 1)
        e.message += " (after " + std::to_string(r.attempts) + " attempts)";
    finish(r.id, std::move(e));
}

void LlmClient::checkDeadlines() {
    auto now = Clock::now();
    std::vector<RequestId> late;
    for (auto& [id, r] : m_requests) {
        auto limit = r->provider->config.requestTimeout;
        if (r->state != Request::State::Queued && limit.count() > 0 && now - r->firstStart > limit)
            late.push_back(id);
    }
    for (RequestId id : late) {
        auto it = m_requests.find(id);
        if (it == m_requests.end())
            continue;
        Request& r = *it->second;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", seconds(r.provider->config.requestTimeout));
        // Not retried: the deadline is the whole request's, retries included.
        finish(
            id,
            redact(*r.provider,
                   Error::make(
                       "llm-request-timeout",
                       "the request to " + r.provider->config.name +
                           " took longer than its deadline of " + buf + " s (" +
                           std::to_string(r.attempts) + " attempts, " +
                           std::to_string(r.attempt ? r.attempt->bytesReceived() : 0) +
                           " bytes in the last); --request-timeout or request_timeout_s sets it")));
    }
}

void LlmClient::checkIdle() {
    auto now = Clock::now();
    std::vector<RequestId> stalled;
    for (auto& [id, r] : m_requests)
        if (r->state == Request::State::Running && r->attempt &&
            now - r->attempt->lastActivity() > r->provider->config.idleTimeout)
            stalled.push_back(id);
    for (RequestId id : stalled) {
        auto it = m_requests.find(id); // a callback may have ended it meanwhile
        if (it == m_requests.end() || !it->second->attempt)
            continue;
        Request& r = *it->second;
        bool midStream = r.attempt->bytesReceived() > 0;
        endAttempt(r);
        double s = seconds(r.provider->config.idleTimeout);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", s);
        attemptFailed(r, RetryHints{},
                      Error::make("llm-idle-timeout",
                                  "no data from " + r.provider->config.name + " for " + buf + " s" +
                                      (midStream ? " in the middle of the response" : "")),
                      true);
    }
}

void LlmClient::finish(RequestId id, Result<Completion> result) {
    auto it = m_requests.find(id);
    if (it == m_requests.end())
        return;
    Request& r = *it->second;
    if (r.state != Request::State::Queued)
        --r.provider->active;
    endAttempt(r);
    m_finished.emplace_back(std::move(r.handlers), std::move(result));
    m_requests.erase(it);
}

void LlmClient::fireFinished() {
    while (!m_finished.empty()) {
        auto batch = std::move(m_finished);
        m_finished.clear();
        for (auto& [handlers, result] : batch)
            if (handlers.onFinished)
                handlers.onFinished(std::move(result));
    }
}

Error LlmClient::redact(const ProviderState& p, Error e) const {
    e.message = redactSecrets(e.message, {p.config.apiKey});
    return e;
}

void LlmClient::poll(std::chrono::milliseconds maxWait) {
    auto perform = [this] {
        int stillRunning = 0;
        m_inCurl = true;
        curl_multi_perform(multi(m_multi), &stillRunning);
        m_inCurl = false;
        collectDone();
        checkDeadlines();
        checkIdle();
        auto later = std::move(m_cancelLater);
        m_cancelLater.clear();
        for (RequestId id : later)
            cancel(id);
    };
    startDue();
    perform();
    if (m_finished.empty()) {
        auto now = Clock::now();
        auto wait = std::chrono::duration_cast<Clock::duration>(maxWait);
        for (auto& [id, r] : m_requests) {
            if (r->state != Request::State::Queued &&
                r->provider->config.requestTimeout.count() > 0)
                wait = std::min(wait,
                                std::max(Clock::duration::zero(),
                                         r->firstStart + r->provider->config.requestTimeout - now));
            if (r->state == Request::State::Waiting)
                wait = std::min(wait, std::max(Clock::duration::zero(), r->retryAt - now));
            else if (r->state == Request::State::Running && r->attempt)
                wait = std::min(wait, std::max(Clock::duration::zero(),
                                               r->attempt->lastActivity() +
                                                   r->provider->config.idleTimeout - now));
        }
        int ms = int(std::chrono::ceil<std::chrono::milliseconds>(wait).count());
        curl_multi_poll(multi(m_multi), nullptr, 0, ms, nullptr);
        startDue();
        perform();
    }
    fireFinished();
}

} // namespace kwb
