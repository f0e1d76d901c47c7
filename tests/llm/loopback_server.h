#pragma once
// A real HTTP/1.1 server on 127.0.0.1 for the LLM client tests and benchmark: it serves scripted
// responses (usually recorded transcripts from tests/llm/transcripts) in the order requests
// arrive, one thread per connection, and can split the body into separate writes at chosen
// offsets, stall, or reset the connection (SO_LINGER 0 + close) part-way. Every request is
// recorded for assertions. Test code only.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace kwbtest {

struct ScriptedResponse {
    int status = 200;
    std::string reason = "OK";
    std::vector<std::pair<std::string, std::string>> headers; // besides framing
    std::string body;
    bool chunked = true; // Transfer-Encoding: chunked; else Connection: close ends the body
    std::vector<std::size_t> splitAt;   // body offsets where one write ends and the next begins
    std::size_t pieceBytes = 0;         // or: pieces of this many bytes (0: not used)
    std::chrono::milliseconds pause{0}; // between pieces, so each arrives in its own read
    std::optional<std::size_t> stallAt; // after this many body bytes, send nothing for stallFor
    std::chrono::milliseconds stallFor{0};
    std::optional<std::size_t> resetAt; // after this many body bytes, reset the connection
    std::chrono::milliseconds headerDelay{0};
};

struct RecordedRequest {
    std::string method;
    std::string path;
    std::map<std::string, std::string> headers; // names in lower case
    std::string body;
};

// A transcript file: a raw HTTP response (status line, headers, blank line, body) with LF or
// CRLF line ends in the head; the body is kept byte for byte. Framing headers are dropped (the
// server frames the body itself). Aborts the test program when the file is missing.
ScriptedResponse loadTranscript(const std::string& name);
std::string transcriptPath(const std::string& name);

class LoopbackServer {
public:
    LoopbackServer();
    ~LoopbackServer();
    LoopbackServer(const LoopbackServer&) = delete;
    LoopbackServer& operator=(const LoopbackServer&) = delete;

    bool start(); // binds 127.0.0.1 on a free port
    void stop();  // closes everything, joins every thread
    int port() const { return m_port; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(m_port); }

    void enqueue(ScriptedResponse r);
    void setFallback(ScriptedResponse r); // served once the queue is empty (default: 500)
    // Answers every request from what it asks (a scripted student): used before the queue.
    // Called on the connection's thread, under the server's lock.
    void setResponder(std::function<ScriptedResponse(const RecordedRequest&)> responder);
    std::vector<RecordedRequest> requests() const;
    int connectionsAccepted() const { return m_accepted.load(); }

private:
    void acceptLoop();
    void serve(int fd);
    bool readRequest(int fd, RecordedRequest& req);
    bool sendAll(int fd, const char* data, std::size_t n);
    void sleepFor(std::chrono::milliseconds d);

    int m_listen = -1;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_accepted{0};
    std::thread m_acceptThread;
    mutable std::mutex m_mutex;
    std::vector<std::thread> m_workers;
    std::vector<int> m_open; // connection fds, shut down by stop()
    std::deque<ScriptedResponse> m_queue;
    ScriptedResponse m_fallback;
    std::function<ScriptedResponse(const RecordedRequest&)> m_responder;
    std::vector<RecordedRequest> m_requests;
};

} // namespace kwbtest
