#include "core/llm/model_listing.h"

#include <curl/curl.h>

#include "core/llm/provider_protocol.h"
#include "core/llm/redaction.h"

namespace kwb {

namespace {
struct Body {
    std::string data;
    bool overflow = false;
};
std::size_t append(char* p, std::size_t size, std::size_t n, void* user) {
    auto* b = static_cast<Body*>(user);
    if (b->data.size() + size * n > (4u << 20)) {
        b->overflow = true;
        return 0;
    }
    b->data.append(p, size * n);
    return size * n;
}
} // namespace

Result<std::vector<std::string>> listModels(const ProviderConfig& config,
                                            std::chrono::milliseconds timeout) {
    if (Status st = checkUsable(config); !st)
        return st.error();
    curl_global_init(CURL_GLOBAL_DEFAULT);
    HttpRequestSpec spec = buildModelListRequest(config);
    CURL* easy = curl_easy_init();
    curl_slist* headers = nullptr;
    for (const auto& h : spec.headers)
        headers = curl_slist_append(headers, h.c_str());
    Body body;
    char err[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(easy, CURLOPT_URL, spec.url.c_str());
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &append);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, err);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(timeout.count()));
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, long(config.connectTimeout.count()));
    curl_easy_setopt(easy, CURLOPT_USERAGENT, config.userAgent.c_str());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    CURLcode code = curl_easy_perform(easy);
    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(easy);
    curl_slist_free_all(headers);
    auto redacted = [&](Error e) {
        e.message = redactSecrets(e.message, {config.apiKey});
        return e;
    };
    if (body.overflow)
        return Error::make("llm-response-too-large",
                           "the model list of " + config.name + " is larger than 4 MiB");
    if (code != CURLE_OK)
        return redacted(Error::make("llm-connection",
                                    "cannot list the models of " + config.name + ": " +
                                        (err[0] ? std::string(err) : curl_easy_strerror(code))));
    if (status < 200 || status >= 300)
        return redacted(httpError(config, status, body.data));
    return parseModelList(body.data);
}

} // namespace kwb
