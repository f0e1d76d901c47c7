#pragma once
// One HTTP attempt of one streamed chat request: the curl easy handle, its headers, and the
// bytes-to-Completion path (SSE parser -> protocol decoder). Owned and driven by LlmClient on its
// thread; curl calls the callbacks from inside curl_multi_perform on that same thread.
// Bounded: the body is capped at the provider's maxResponseBytes, an error body at 64 KiB.
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <curl/curl.h>

#include "core/llm/provider_protocol.h"
#include "core/llm/retry_policy.h"
#include "core/llm/sse_parser.h"

namespace kwb {

class StreamAttempt {
public:
    using Clock = std::chrono::steady_clock;
    using TextFn = std::function<void(std::string_view delta)>;

    // config must outlive the attempt. spec.body is copied into the handle by curl.
    StreamAttempt(const ProviderConfig& config, const HttpRequestSpec& spec, TextFn onText);
    ~StreamAttempt();
    StreamAttempt(const StreamAttempt&) = delete;
    StreamAttempt& operator=(const StreamAttempt&) = delete;

    CURL* easy() const { return m_easy; }
    // The outcome once curl reports the transfer done with `code`. Not yet redacted.
    Result<Completion> complete(CURLcode code);

    long status() const { return m_status; }
    RetryHints hints() const;
    Clock::time_point started() const { return m_started; }
    Clock::time_point lastActivity() const { return m_lastActivity; }
    std::optional<double> firstTextSeconds() const { return m_firstText; }
    std::int64_t bytesReceived() const { return m_bytes; }

private:
    static std::size_t onWrite(char* data, std::size_t size, std::size_t n, void* self);
    static std::size_t onHeader(char* data, std::size_t size, std::size_t n, void* self);
    std::size_t write(std::string_view data);
    void header(std::string_view line);
    Status onEvent(const SseEvent& ev);

    const ProviderConfig& m_config;
    TextFn m_onText;
    CURL* m_easy = nullptr;
    curl_slist* m_headers = nullptr;
    char m_curlError[CURL_ERROR_SIZE] = {};

    long m_status = 0;
    std::string m_contentType, m_retryAfter, m_retryAfterMs, m_shouldRetry, m_requestId;
    bool m_bodyStarted = false;
    bool m_streaming = false; // text/event-stream answer
    std::string m_body;       // error body or non-streamed JSON answer, capped
    SseParser m_parser;
    std::unique_ptr<StreamDecoder> m_decoder;
    Completion m_out;
    std::optional<Error> m_abort; // why a callback stopped the transfer
    std::int64_t m_bytes = 0;
    Clock::time_point m_started;
    Clock::time_point m_lastActivity;
    std::optional<double> m_firstText;
};

} // namespace kwb
