#include "core/llm/stream_attempt.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace kwb {

namespace {

constexpr std::size_t kMaxErrorBody = 64 * 1024;

std::string lower(std::string_view s) {
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return r;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

} // namespace

StreamAttempt::StreamAttempt(const ProviderConfig& config, const HttpRequestSpec& spec,
                             TextFn onText)
    : m_config(config), m_onText(std::move(onText)),
      m_parser([this](const SseEvent& ev) { return onEvent(ev); },
               std::min<std::size_t>(config.maxResponseBytes, 8u << 20)),
      m_decoder(makeStreamDecoder(config.kind)) {
    m_started = m_lastActivity = Clock::now();
    m_easy = curl_easy_init();
    for (const auto& h : spec.headers)
        m_headers = curl_slist_append(m_headers, h.c_str());
    m_headers = curl_slist_append(m_headers, "Expect:"); // no 100-continue round trip
    curl_easy_setopt(m_easy, CURLOPT_URL, spec.url.c_str());
    curl_easy_setopt(m_easy, CURLOPT_HTTPHEADER, m_headers);
    if (spec.method == "POST") {
        curl_easy_setopt(m_easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(spec.body.size()));
        curl_easy_setopt(m_easy, CURLOPT_COPYPOSTFIELDS, spec.body.c_str());
    } else {
        curl_easy_setopt(m_easy, CURLOPT_HTTPGET, 1L);
    }
    curl_easy_setopt(m_easy, CURLOPT_WRITEFUNCTION, &StreamAttempt::onWrite);
    curl_easy_setopt(m_easy, CURLOPT_WRITEDATA, this);
    curl_easy_setopt(m_easy, CURLOPT_HEADERFUNCTION, &StreamAttempt::onHeader);
    curl_easy_setopt(m_easy, CURLOPT_HEADERDATA, this);
    curl_easy_setopt(m_easy, CURLOPT_PRIVATE, this);
    curl_easy_setopt(m_easy, CURLOPT_ERRORBUFFER, m_curlError);
    curl_easy_setopt(m_easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(m_easy, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(m_easy, CURLOPT_TCP_NODELAY, 1L);
    curl_easy_setopt(m_easy, CURLOPT_USERAGENT, config.userAgent.c_str());
    curl_easy_setopt(m_easy, CURLOPT_CONNECTTIMEOUT_MS, long(config.connectTimeout.count()));
    if (config.attemptTimeout.count() > 0)
        curl_easy_setopt(m_easy, CURLOPT_TIMEOUT_MS, long(config.attemptTimeout.count()));
    curl_easy_setopt(m_easy, CURLOPT_PROTOCOLS_STR, "http,https");
    // Never CURLOPT_VERBOSE: it would print the key header.
}

StreamAttempt::~StreamAttempt() {
    if (m_easy)
        curl_easy_cleanup(m_easy);
    curl_slist_free_all(m_headers);
}

RetryHints StreamAttempt::hints() const {
    RetryHints h;
    h.retryAfterSeconds = parseRetryAfter(m_retryAfterMs, m_retryAfter, std::time(nullptr));
    std::string s = lower(m_shouldRetry);
    if (s == "true")
        h.shouldRetry = true;
    else if (s == "false")
        h.shouldRetry = false;
    return h;
}

std::size_t StreamAttempt::onWrite(char* data, std::size_t size, std::size_t n, void* self) {
    return static_cast<StreamAttempt*>(self)->write(std::string_view(data, size * n));
}

std::size_t StreamAttempt::onHeader(char* data, std::size_t size, std::size_t n, void* self) {
    static_cast<StreamAttempt*>(self)->header(std::string_view(data, size * n));
    return size * n;
}

void StreamAttempt::header(std::string_view line) {
    m_lastActivity = Clock::now();
    if (line.starts_with("HTTP/")) { // a new response (after 100 Continue or a redirect)
        auto sp = line.find(' ');
        m_status = sp == std::string_view::npos
                       ? 0
                       : std::strtol(std::string(line.substr(sp + 1, 3)).c_str(), nullptr, 10);
        m_contentType.clear();
        m_retryAfter.clear();
        m_retryAfterMs.clear();
        m_shouldRetry.clear();
        return;
    }
    auto colon = line.find(':');
    if (colon == std::string_view::npos)
        return;
    std::string name = lower(trim(line.substr(0, colon)));
    std::string_view value = trim(line.substr(colon + 1));
    if (name == "content-type")
        m_contentType = lower(value);
    else if (name == "retry-after")
        m_retryAfter = value;
    else if (name == "retry-after-ms")
        m_retryAfterMs = value;
    else if (name == "x-should-retry")
        m_shouldRetry = value;
    else if (name == "request-id" || name == "x-request-id")
        m_requestId = value;
}

std::size_t StreamAttempt::write(std::string_view data) {
    m_lastActivity = Clock::now();
    m_bytes += std::int64_t(data.size());
    if (!m_bodyStarted) {
        m_bodyStarted = true;
        m_streaming = m_status >= 200 && m_status < 300 &&
                      m_contentType.find("text/event-stream") != std::string::npos;
    }
    if (std::size_t(m_bytes) > m_config.maxResponseBytes) {
        m_abort =
            Error::make("llm-response-too-large", "the response is larger than " +
                                                      std::to_string(m_config.maxResponseBytes) +
                                                      " bytes; stopped reading it");
        return 0;
    }
    if (!m_streaming) {
        bool ok2xx = m_status >= 200 && m_status < 300;
        std::size_t cap = ok2xx ? m_config.maxResponseBytes : kMaxErrorBody;
        m_body.append(data.substr(0, cap > m_body.size() ? cap - m_body.size() : 0));
        return data.size();
    }
    Status st = m_parser.feed(data);
    if (!st) {
        m_abort = st.error();
        return 0;
    }
    return data.size();
}

Status StreamAttempt::onEvent(const SseEvent& ev) {
    std::size_t before = m_out.text.size();
    ++m_out.chunks;
    Status st = m_decoder->onEvent(ev, m_out);
    if (!st)
        return st;
    if (m_out.text.size() > before) {
        if (!m_firstText)
            m_firstText = std::chrono::duration<double>(Clock::now() - m_started).count();
        if (m_onText)
            m_onText(std::string_view(m_out.text).substr(before));
    }
    return okStatus();
}

Result<Completion> StreamAttempt::complete(CURLcode code) {
    m_out.httpStatus = m_status;
    m_out.bytes = m_bytes;
    if (m_abort)
        return *m_abort;
    if (code != CURLE_OK) {
        std::string why =
            m_curlError[0] ? std::string(m_curlError) : std::string(curl_easy_strerror(code));
        if (code == CURLE_OPERATION_TIMEDOUT && !m_bodyStarted && m_status == 0)
            return Error::make("llm-timeout",
                               "no answer from " + m_config.name + " in time: " + why);
        if (m_streaming)
            return Error::make("llm-stream-truncated",
                               "the stream from " + m_config.name + " was cut short after " +
                                   std::to_string(m_out.chunks) + " events: " + why);
        return Error::make("llm-connection",
                           "the connection to " + m_config.name + " failed: " + why);
    }
    if (m_status < 200 || m_status >= 300) {
        Error e = httpError(m_config, m_status, m_body);
        if (!m_requestId.empty())
            e.message += " (request id " + m_requestId + ")";
        return e;
    }
    if (m_streaming) {
        Status st = m_decoder->finish(m_out);
        if (!st)
            return st.error();
    } else {
        Status st = m_decoder->decodeWhole(m_body, m_out);
        if (!st)
            return st.error();
    }
    return m_out;
}

} // namespace kwb
