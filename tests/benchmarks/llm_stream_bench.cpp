// LLM streaming benchmark: N concurrent streamed responses from the loopback server, all driven
// by one client thread (LlmClient over curl multi). Measures the client thread's CPU time per
// streamed chunk (server-sent event) with CLOCK_THREAD_CPUTIME_ID; the server's threads are not
// counted. Every event is written by the server in its own write, so it arrives on its own.
//   kwb_llm_bench [--streams 64] [--events 2000] [--pause-us 1000] [--protocol anthropic|openai]
//   [--out FILE]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/utsname.h>
#include <thread>

#include <curl/curl.h>

#include "core/llm/llm_client.h"
#include "tests/llm/loopback_server.h"

namespace {

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

std::string cpuModel() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0)
            return line.substr(line.find(':') + 2);
    return "unknown CPU";
}

// A stream of `events` text deltas of ~80 characters, in the chosen protocol, with the offsets
// at which each event ends (the server writes each separately).
std::string makeStream(bool anthropic, int events, std::vector<std::size_t>& cuts) {
    std::string s;
    const std::string text = "    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += "
                             "stride) acc += x[i];\\n";
    if (anthropic) {
        s += "event: message_start\ndata: "
             "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\",\"model\":\"bench\","
             "\"usage\":{\"input_tokens\":1000,\"output_tokens\":1}}}\n\n";
        s += "event: content_block_start\ndata: "
             "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\","
             "\"text\":\"\"}}\n\n";
        cuts.push_back(s.size());
        for (int i = 0; i < events; ++i) {
            s += "event: content_block_delta\ndata: "
                 "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\","
                 "\"text\":\"" +
                 text + "\"}}\n\n";
            cuts.push_back(s.size());
        }
        s += "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n";
        s += "event: message_delta\ndata: "
             "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{"
             "\"output_tokens\":" +
             std::to_string(events * 20) + "}}\n\n";
        s += "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    } else {
        for (int i = 0; i < events; ++i) {
            s += "data: "
                 "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                 "\"model\":\"bench\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" +
                 text + "\"},\"finish_reason\":null}]}\n\n";
            cuts.push_back(s.size());
        }
        s += "data: "
             "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1,"
             "\"model\":\"bench\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":"
             "\"stop\"}]}\n\n";
        s += "data: "
             "{\"id\":\"chatcmpl-bench\",\"choices\":[],\"usage\":{\"prompt_tokens\":1000,"
             "\"completion_tokens\":" +
             std::to_string(events * 20) + "}}\n\n";
        s += "data: [DONE]\n\n";
    }
    return s;
}

} // namespace

int main(int argc, char** argv) {
    int streams = 64, events = 2000, pauseUs = 1000;
    std::string protocol = "anthropic", outPath;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i];
        if (a == "--streams")
            streams = std::atoi(argv[i + 1]);
        else if (a == "--events")
            events = std::atoi(argv[i + 1]);
        else if (a == "--pause-us")
            pauseUs = std::atoi(argv[i + 1]);
        else if (a == "--protocol")
            protocol = argv[i + 1];
        else if (a == "--out")
            outPath = argv[i + 1];
    }
    const bool anthropic = protocol == "anthropic";
    kwbtest::LoopbackServer server;
    if (!server.start()) {
        std::fprintf(stderr, "cannot start the loopback server\n");
        return 2;
    }
    kwbtest::ScriptedResponse r;
    r.headers = {{"content-type", "text/event-stream"}};
    r.body = makeStream(anthropic, events, r.splitAt);
    r.pause = std::chrono::microseconds(pauseUs) >= std::chrono::milliseconds(1)
                  ? std::chrono::milliseconds(pauseUs / 1000)
                  : std::chrono::milliseconds(0);
    server.setFallback(r);

    kwb::ProviderConfig cfg;
    cfg.name = "bench";
    cfg.kind = anthropic ? kwb::ProviderKind::Anthropic : kwb::ProviderKind::OpenAI;
    cfg.baseUrl = server.url() + (anthropic ? "" : "/v1");
    cfg.apiKey = "sk-bench-0123456789";
    cfg.maxConcurrency = streams;
    cfg.retry.maxRetries = 0;
    kwb::LlmClient client;
    if (!client.addProvider(cfg).ok())
        return 2;
    kwb::ChatRequest req;
    req.model = "bench";
    req.messages = {{"user", "go"}};
    long long chunks = 0, textCallbacks = 0, bytes = 0;
    int ok = 0, failed = 0;
    std::string firstError;
    for (int i = 0; i < streams; ++i) {
        kwb::StreamHandlers h;
        h.onText = [&](std::string_view) { ++textCallbacks; };
        h.onFinished = [&](kwb::Result<kwb::Completion> res) {
            if (res) {
                ++ok;
                chunks += res->chunks;
                bytes += res->bytes;
            } else {
                ++failed;
                if (firstError.empty())
                    firstError = kwb::describe(res.error());
            }
        };
        client.submit("bench", req, std::move(h));
    }
    std::size_t maxRunning = 0;
    const double cpu0 = threadCpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    while (!client.idle()) {
        client.poll(std::chrono::milliseconds(100));
        maxRunning = std::max(maxRunning, client.running());
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = threadCpuSeconds() - cpu0;
    server.stop();

    utsname u{};
    ::uname(&u);
    char date[32];
    std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", std::gmtime(&now));
    std::ostringstream rep;
    rep << "kwb_llm_bench (" << protocol << " protocol) " << date << "\n"
        << "machine: " << cpuModel() << ", " << std::thread::hardware_concurrency()
        << " hardware threads, " << u.sysname << " " << u.release << " " << u.machine << "; "
        << curl_version() << "\n"
        << "streams: " << streams
        << " concurrent on one client thread (max running at once: " << maxRunning << ")\n"
        << "events per stream: " << events << " (each its own server write, " << pauseUs
        << " us apart)\n"
        << "finished: " << ok << " ok, " << failed << " failed"
        << (firstError.empty() ? "" : " (" + firstError + ")") << "\n"
        << "chunks (server-sent events) received: " << chunks
        << ", text callbacks: " << textCallbacks << ", body bytes: " << bytes << "\n";
    char line[256];
    std::snprintf(line, sizeof line,
                  "wall: %.3f s; client thread CPU: %.3f s (%.1f %% of one core)\n", wall, cpu,
                  100.0 * cpu / wall);
    rep << line;
    std::snprintf(line, sizeof line,
                  "client CPU per chunk: %.2f us (budget: 1000 us); throughput %.0f chunks/s\n",
                  chunks ? 1e6 * cpu / double(chunks) : 0.0,
                  wall > 0 ? double(chunks) / wall : 0.0);
    rep << line;
    std::fputs(rep.str().c_str(), stdout);
    if (!outPath.empty())
        std::ofstream(outPath, std::ios::app) << rep.str() << "\n";
    bool pass = failed == 0 && ok == streams && chunks > 0 && cpu / double(chunks) < 1e-3 &&
                maxRunning == std::size_t(streams);
    return pass ? 0 : 1;
}
