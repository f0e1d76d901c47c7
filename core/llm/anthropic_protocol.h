#pragma once
// Anthropic Messages API: POST {base}/v1/messages with x-api-key and anthropic-version, and the
// streamed events message_start, content_block_start/delta/stop, message_delta (stop reason and
// usage), message_stop, ping and error.
#include "core/llm/provider_protocol.h"

namespace kwb {

HttpRequestSpec buildAnthropicRequest(const ProviderConfig& config, const ChatRequest& request);

class AnthropicStreamDecoder final : public StreamDecoder {
public:
    Status onEvent(const SseEvent& event, Completion& out) override;
    Status finish(Completion& out) override;
    Status decodeWhole(const std::string& body, Completion& out) override;

private:
    bool m_started = false;
    bool m_stopped = false;
    std::int64_t m_rawInput = 0; // input_tokens without the cached ones
};

} // namespace kwb
