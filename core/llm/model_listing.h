#pragma once
// The models an endpoint offers (GET /v1/models on Anthropic, {base}/models on OpenAI-compatible
// servers). Blocking, bounded by timeout; call it from a worker thread in the GUI.
#include <chrono>
#include <string>
#include <vector>

#include "core/llm/provider_config.h"
#include "core/model/error.h"

namespace kwb {

Result<std::vector<std::string>> listModels(const ProviderConfig& config,
                                            std::chrono::milliseconds timeout);

} // namespace kwb
