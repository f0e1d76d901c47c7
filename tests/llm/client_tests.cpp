// LlmClient against a real HTTP server on loopback, speaking both protocols from recorded
// transcripts: events split across TCP reads, UTF-8 split across chunks, 429 with retry-after,
// 529, 500 then success, x-should-retry, a reset mid-stream, error events, no code block, a 2 MB
// response, a stall past the idle timeout, cancel mid-stream, the concurrency limit, model lists.
#include <chrono>
#include <fstream>
#include <optional>

#include "core/llm/llm_client.h"
#include "core/llm/model_listing.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using namespace kwb;
using kwbtest::loadTranscript;
using kwbtest::LoopbackServer;
using kwbtest::ScriptedResponse;
using Clock = std::chrono::steady_clock;

const std::string kKey = "sk-test-KEY-do-not-leak-0123456789";

std::string expectedText() {
    std::ifstream in(kwbtest::transcriptPath("expected_reduce_sum.txt"), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

ProviderConfig config(const LoopbackServer& s, ProviderKind kind) {
    ProviderConfig c;
    c.name = kind == ProviderKind::Anthropic ? "anthropic" : "openai";
    c.kind = kind;
    c.baseUrl = s.url() + (kind == ProviderKind::OpenAI ? "/v1" : "");
    c.apiKey = kKey;
    c.apiKeySource = "test";
    c.retry.initialDelaySeconds = 0.01;
    c.retry.maxDelaySeconds = 0.05;
    c.idleTimeout = std::chrono::milliseconds(5000);
    return c;
}

ChatRequest request() {
    ChatRequest r;
    r.model = "test-model";
    r.system = "You write CUDA.";
    r.messages = {{"user", "Write kwb_reduce_sum."}};
    r.maxTokens = 4096;
    r.temperature = 0.5;
    return r;
}

struct Outcome {
    std::optional<Result<Completion>> result;
    std::string streamed;
    std::vector<double> retryDelays;
    double seconds = 0;
    bool ok() const { return result && result->ok(); }
    std::string code() const { return result && !result->ok() ? result->error().code : ""; }
    std::string message() const { return result && !result->ok() ? result->error().message : ""; }
};

void drive(LlmClient& client, std::chrono::seconds limit) {
    auto end = Clock::now() + limit;
    while (!client.idle() && Clock::now() < end)
        client.poll(std::chrono::milliseconds(50));
}

Outcome runOne(ProviderConfig cfg,
               std::function<void(LlmClient&, RequestId, std::string_view)> onText = {},
               std::chrono::seconds limit = std::chrono::seconds(20)) {
    LlmClient client;
    Outcome o;
    CHECK(client.addProvider(cfg).ok());
    RequestId id = 0;
    StreamHandlers h;
    h.onText = [&](std::string_view d) {
        o.streamed += d;
        if (onText)
            onText(client, id, d);
    };
    h.onRetry = [&](int, double delay, const Error&) { o.retryDelays.push_back(delay); };
    h.onFinished = [&](Result<Completion> r) { o.result = std::move(r); };
    auto t0 = Clock::now();
    auto sub = client.submit(cfg.name, request(), std::move(h));
    CHECK(sub.ok());
    id = *sub;
    drive(client, limit);
    o.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    CHECK_MSG(o.result.has_value(), "the request never finished");
    return o;
}

std::size_t nth(const std::string& hay, const std::string& needle) {
    return hay.find(needle);
}

// An Anthropic stream of exactly `bytes` bytes of text, in deltas of 1000 bytes.
std::string bigAnthropicStream(std::size_t bytes) {
    std::string s = "event: message_start\ndata: "
                    "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_big\",\"model\":\"m\","
                    "\"usage\":{\"input_tokens\":5,\"output_tokens\":1}}}\n\n";
    std::string piece(1000, 'x');
    for (std::size_t done = 0; done < bytes; done += 1000)
        s += "event: content_block_delta\ndata: "
             "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\","
             "\"text\":\"" +
             piece.substr(0, std::min<std::size_t>(1000, bytes - done)) + "\"}}\n\n";
    s += "event: message_delta\ndata: "
         "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"max_tokens\"},\"usage\":{"
         "\"output_tokens\":500000}}\n\n";
    s += "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    return s;
}

} // namespace

void clientTests() {
    const std::string expected = expectedText();
    LoopbackServer server;
    CHECK(server.start());

    // Anthropic, events cut into 7-byte writes with pauses: every byte, every header, the usage.
    {
        auto r = loadTranscript("anthropic_reduce_sum.http");
        r.pieceBytes = 7;
        r.pause = std::chrono::milliseconds(1);
        server.enqueue(r);
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK_MSG(o.ok(), o.message());
        if (o.ok()) {
            const Completion& c = **o.result;
            CHECK(c.text == expected);
            CHECK(o.streamed == expected);
            CHECK(c.stopReason == "end_turn" && c.model == "claude-sonnet-4-5-20250929" &&
                  c.responseId.starts_with("msg_"));
            CHECK(c.usage.inputTokens == 1432 && c.usage.outputTokens == 387 && c.usage.reported);
            CHECK(c.attempts == 1 && c.httpStatus == 200 && c.chunks > 40 &&
                  c.firstTokenSeconds > 0);
        }
        auto req = server.requests().back();
        CHECK(req.method == "POST" && req.path == "/v1/messages");
        CHECK(req.headers["x-api-key"] == kKey && req.headers["anthropic-version"] == "2023-06-01");
        auto body = nlohmann::json::parse(req.body, nullptr, false);
        CHECK(body.value("stream", false) && body["model"] == "test-model" &&
              body["system"] == "You write CUDA." && body["max_tokens"] == 4096 &&
              body["messages"][0]["content"] == "Write kwb_reduce_sum.");
    }
    // Multi-byte UTF-8 split inside characters (2-, 3- and 4-byte ones).
    {
        auto r = loadTranscript("anthropic_reduce_sum.http");
        for (const char* ch : {"\xC3\xA9", "\xE2\x80\x94", "\xF0\x9F\x9A\x80", "\xE2\x89\xA5"}) {
            std::size_t at = nth(r.body, ch);
            CHECK(at != std::string::npos);
            r.splitAt.push_back(at + 1);
            r.splitAt.push_back(at + 2);
        }
        r.pause = std::chrono::milliseconds(3);
        server.enqueue(r);
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->text == expected && o.streamed == expected);
    }
    // OpenAI-compatible: bearer key, include_usage, usage with cached tokens, [DONE].
    {
        auto r = loadTranscript("openai_reduce_sum.http");
        r.pieceBytes = 61;
        r.pause = std::chrono::milliseconds(1);
        server.enqueue(r);
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK_MSG(o.ok(), o.message());
        if (o.ok()) {
            const Completion& c = **o.result;
            CHECK(c.text == expected && c.stopReason == "stop");
            CHECK(c.usage.inputTokens == 1388 && c.usage.outputTokens == 402 &&
                  c.usage.cacheReadTokens == 1024);
        }
        auto req = server.requests().back();
        CHECK(req.path == "/v1/chat/completions" &&
              req.headers["authorization"] == "Bearer " + kKey);
        auto body = nlohmann::json::parse(req.body, nullptr, false);
        CHECK(body["stream_options"]["include_usage"] == true &&
              body["messages"][0]["role"] == "system" && body["messages"][1]["role"] == "user" &&
              body["max_tokens"] == 4096 && body["temperature"] == 0.5);
    }
    // llama.cpp style: CRLF events, no usage, no [DONE], but a finish_reason: complete.
    {
        server.enqueue(loadTranscript("openai_llamacpp_crlf.http"));
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.ok() && (*o.result)->text == expected && !(*o.result)->usage.reported);
    }
    // A stream that ends cleanly but early (no finish_reason, no [DONE]) is an error, not a short
    // sample.
    {
        auto r = loadTranscript("openai_no_finish.http");
        r.chunked = false; // the body ends with a plain close: nothing at the HTTP level is wrong
        server.enqueue(r);
        auto cfg = config(server, ProviderKind::OpenAI);
        cfg.retry.maxRetries = 0;
        auto o = runOne(cfg);
        CHECK_MSG(o.code() == "llm-stream-truncated", o.code());
    }
    // A non-streamed JSON answer from a server that ignored stream: true.
    {
        server.enqueue(loadTranscript("openai_whole_json.http"));
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.ok() && (*o.result)->text == expected && (*o.result)->usage.outputTokens == 20);
    }
    // 429 with retry-after: 1 (seconds), then success: the wait is the server's.
    {
        server.enqueue(loadTranscript("anthropic_rate_limited_429.http"));
        server.enqueue(loadTranscript("anthropic_reduce_sum.http"));
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->attempts == 2);
        CHECK(o.retryDelays.size() == 1 && o.retryDelays[0] == 1.0);
        CHECK(o.seconds >= 0.95);
    }
    // 429 with retry-after-ms: 150.
    {
        server.enqueue(loadTranscript("openai_rate_limited_429_ms.http"));
        server.enqueue(loadTranscript("openai_reduce_sum.http"));
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.ok() && o.retryDelays.size() == 1 && o.retryDelays[0] == 0.15 && o.seconds >= 0.14);
    }
    // 529 overloaded, then success.
    {
        server.enqueue(loadTranscript("anthropic_overloaded_529.http"));
        server.enqueue(loadTranscript("anthropic_reduce_sum.http"));
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->attempts == 2 && (*o.result)->text == expected);
        CHECK(o.retryDelays.size() == 1 && o.retryDelays[0] <= 0.01 &&
              o.retryDelays[0] >= 0.0075); // backoff with jitter
    }
    // 500 then success (OpenAI).
    {
        server.enqueue(loadTranscript("openai_server_error_500.http"));
        server.enqueue(loadTranscript("openai_reduce_sum.http"));
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.ok() && (*o.result)->attempts == 2);
    }
    // 529 on every attempt: three attempts (two retries), then the error, with the server's words.
    {
        std::size_t before = server.requests().size();
        for (int i = 0; i < 3; ++i)
            server.enqueue(loadTranscript("anthropic_overloaded_529.http"));
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.code() == "llm-overloaded" &&
              o.message().find("after 3 attempts") != std::string::npos &&
              o.message().find("Overloaded") != std::string::npos);
        CHECK(server.requests().size() - before == 3);
    }
    // x-should-retry: false wins over a 500; a 400 is never retried and says why.
    {
        std::size_t before = server.requests().size();
        server.enqueue(loadTranscript("openai_500_should_not_retry.http"));
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.code() == "llm-server-error" && server.requests().size() - before == 1);
        server.enqueue(loadTranscript("anthropic_bad_request_400.http"));
        o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.code() == "llm-bad-request" &&
              o.message().find("max_tokens: 999999") != std::string::npos);
    }
    // Connection reset mid-stream: an error without retries, a fresh complete answer with one.
    {
        auto r = loadTranscript("anthropic_reduce_sum.http");
        r.pieceBytes = 200;
        r.pause = std::chrono::milliseconds(1);
        r.resetAt = r.body.size() / 2;
        server.enqueue(r);
        auto cfg = config(server, ProviderKind::Anthropic);
        cfg.retry.maxRetries = 0;
        auto o = runOne(cfg);
        CHECK_MSG(o.code() == "llm-stream-truncated" || o.code() == "llm-connection",
                  o.code() + " " + o.message());
        CHECK(!o.streamed.empty() && o.streamed.size() < expected.size());
        server.enqueue(r);
        server.enqueue(loadTranscript("anthropic_reduce_sum.http"));
        o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->text == expected && (*o.result)->attempts == 2);
    }
    // An error event inside the stream (overloaded): retried.
    {
        server.enqueue(loadTranscript("anthropic_error_event.http"));
        server.enqueue(loadTranscript("anthropic_reduce_sum.http"));
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->attempts == 2);
        server.enqueue(loadTranscript("anthropic_error_event.http"));
        auto cfg = config(server, ProviderKind::Anthropic);
        cfg.retry.maxRetries = 0;
        o = runOne(cfg);
        CHECK(o.code() == "llm-overloaded");
    }
    // No code block: a complete answer all the same (extraction decides "no code").
    {
        server.enqueue(loadTranscript("anthropic_no_code.http"));
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->text.find("```") == std::string::npos &&
              (*o.result)->stopReason == "end_turn");
    }
    // A 2 MB response arrives whole; a response over the limit is refused, not buffered.
    {
        ScriptedResponse big;
        big.headers = {{"content-type", "text/event-stream"}};
        big.body = bigAnthropicStream(2u << 20);
        server.enqueue(big);
        auto o = runOne(config(server, ProviderKind::Anthropic));
        CHECK(o.ok() && (*o.result)->text.size() == (2u << 20) &&
              (*o.result)->stopReason == "max_tokens");
        server.enqueue(big);
        auto cfg = config(server, ProviderKind::Anthropic);
        cfg.maxResponseBytes = 1u << 20;
        cfg.retry.maxRetries = 0;
        o = runOne(cfg);
        CHECK(o.code() == "llm-response-too-large");
    }
    // A server that stalls mid-stream past the idle timeout.
    {
        auto r = loadTranscript("anthropic_reduce_sum.http");
        r.stallAt = r.body.size() / 3;
        r.stallFor = std::chrono::milliseconds(4000);
        server.enqueue(r);
        auto cfg = config(server, ProviderKind::Anthropic);
        cfg.idleTimeout = std::chrono::milliseconds(300);
        cfg.retry.maxRetries = 0;
        auto o = runOne(cfg);
        CHECK_MSG(o.code() == "llm-idle-timeout", o.code());
        CHECK(o.seconds < 2.0 && o.message().find("middle of the response") != std::string::npos);
    }
    // Cancel mid-stream, from inside the text callback.
    {
        auto r = loadTranscript("anthropic_reduce_sum.http");
        r.pieceBytes = 100;
        r.pause = std::chrono::milliseconds(20);
        server.enqueue(r);
        auto o = runOne(config(server, ProviderKind::Anthropic),
                        [](LlmClient& c, RequestId id, std::string_view) { c.cancel(id); });
        CHECK(o.code() == "cancelled" && o.seconds < 1.0 && o.streamed.size() < expected.size());
    }
    // The per-provider limit: 6 requests, 2 at a time; cancelAll ends queued and running ones.
    {
        // Its own server: cancelled requests leave scripted answers unused.
        LoopbackServer local;
        CHECK(local.start());
        auto r = loadTranscript("anthropic_reduce_sum.http");
        r.headerDelay = std::chrono::milliseconds(100);
        local.setFallback(r);
        auto cfg = config(local, ProviderKind::Anthropic);
        cfg.maxConcurrency = 2;
        LlmClient client;
        CHECK(client.addProvider(cfg).ok());
        int ok = 0;
        std::size_t maxRunning = 0;
        for (int i = 0; i < 6; ++i)
            client.submit(cfg.name, request(),
                          {{}, {}, [&](Result<Completion> res) { ok += res.ok(); }});
        auto end = Clock::now() + std::chrono::seconds(20);
        while (!client.idle() && Clock::now() < end) {
            client.poll(std::chrono::milliseconds(10));
            maxRunning = std::max(maxRunning, client.running());
        }
        CHECK(ok == 6 && maxRunning == 2);
        int cancelled = 0;
        for (int i = 0; i < 4; ++i) {
            client.submit(cfg.name, request(), {{}, {}, [&](Result<Completion> res) {
                                                    cancelled += !res.ok() &&
                                                                 res.error().code == "cancelled";
                                                }});
        }
        client.poll(std::chrono::milliseconds(20));
        client.cancelAll();
        client.poll(std::chrono::milliseconds(0));
        CHECK(cancelled == 4 && client.idle());
    }
    // Model lists from both protocols.
    {
        server.enqueue(loadTranscript("openai_models.http"));
        auto m = listModels(config(server, ProviderKind::OpenAI), std::chrono::seconds(10));
        CHECK(m && m->size() == 2 && (*m)[1] == "Qwen/Qwen2.5-Coder-32B-Instruct");
        CHECK(server.requests().back().path == "/v1/models" &&
              server.requests().back().method == "GET");
        server.enqueue(loadTranscript("anthropic_models.http"));
        m = listModels(config(server, ProviderKind::Anthropic), std::chrono::seconds(10));
        CHECK(m && m->size() == 2 && (*m)[0] == "claude-sonnet-4-5-20250929");
        CHECK(server.requests().back().headers["x-api-key"] == kKey);
    }
    // A server that echoes the key in its error: the error the caller sees has it redacted.
    {
        auto r = loadTranscript("openai_401_echo_key.http");
        r.body.replace(r.body.find("{{KEY}}"), 7, kKey);
        server.enqueue(r);
        auto o = runOne(config(server, ProviderKind::OpenAI));
        CHECK(o.code() == "llm-auth" && o.message().find(kKey) == std::string::npos &&
              o.message().find("[redacted]") != std::string::npos);
        server.enqueue(r);
        auto m = listModels(config(server, ProviderKind::OpenAI), std::chrono::seconds(10));
        CHECK(!m && m.error().message.find(kKey) == std::string::npos);
    }
    // Nobody listening: a connection error (retried, then reported).
    {
        LoopbackServer closed;
        CHECK(closed.start());
        auto cfg = config(closed, ProviderKind::Anthropic);
        closed.stop();
        cfg.retry.maxRetries = 1;
        auto o = runOne(cfg);
        CHECK_MSG(o.code() == "llm-connection", o.code() + " " + o.message());
    }
    server.stop();
}

} // namespace kwbtest
