#pragma once
// OpenAI-compatible chat completions: POST {base}/chat/completions with a bearer key (when there
// is one), streamed as "data:" chunks up to "data: [DONE]", usage in a last chunk through
// stream_options.include_usage. Spoken by OpenAI, vLLM, llama.cpp's server, Ollama, TGI and the
// Hugging Face router.
#include "core/llm/provider_protocol.h"

namespace kwb {

HttpRequestSpec buildOpenAiRequest(const ProviderConfig& config, const ChatRequest& request);

class OpenAiStreamDecoder final : public StreamDecoder {
public:
    Status onEvent(const SseEvent& event, Completion& out) override;
    Status finish(Completion& out) override;
    Status decodeWhole(const std::string& body, Completion& out) override;

private:
    bool m_done = false;     // "[DONE]" seen
    bool m_finished = false; // a finish_reason seen
};

} // namespace kwb
