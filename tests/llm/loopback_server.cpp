#include "tests/llm/loopback_server.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sstream>
#include <sys/socket.h>
#include <unistd.h>

namespace kwbtest {

std::string transcriptPath(const std::string& name) {
    return std::string(KWB_LLM_TRANSCRIPT_DIR) + "/" + name;
}

ScriptedResponse loadTranscript(const std::string& name) {
    std::ifstream in(transcriptPath(name), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (!in) {
        std::fprintf(stderr, "missing transcript %s\n", transcriptPath(name).c_str());
        std::abort();
    }
    std::string text = ss.str();
    ScriptedResponse r;
    std::size_t pos = 0;
    bool first = true;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        pos = nl == std::string::npos ? text.size() : nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            break;
        if (first) { // HTTP/1.1 200 OK
            first = false;
            std::size_t a = line.find(' ');
            std::size_t b = line.find(' ', a + 1);
            r.status = std::atoi(line.substr(a + 1, b - a - 1).c_str());
            r.reason = b == std::string::npos ? "" : line.substr(b + 1);
            continue;
        }
        std::size_t c = line.find(':');
        std::string n = line.substr(0, c), v = line.substr(c + 1);
        while (!v.empty() && v.front() == ' ')
            v.erase(v.begin());
        std::string lower = n;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char ch) { return char(std::tolower(ch)); });
        if (lower != "transfer-encoding" && lower != "content-length" && lower != "connection")
            r.headers.emplace_back(n, v);
    }
    r.body = text.substr(pos);
    return r;
}

LoopbackServer::LoopbackServer() {
    m_fallback.status = 500;
    m_fallback.reason = "Internal Server Error";
    m_fallback.headers = {{"content-type", "application/json"}};
    m_fallback.body = R"({"error":{"type":"api_error","message":"no scripted response left"}})";
}

LoopbackServer::~LoopbackServer() {
    stop();
}

bool LoopbackServer::start() {
    m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_listen < 0)
        return false;
    int one = 1;
    ::setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(m_listen, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::listen(m_listen, 256) != 0)
        return false;
    socklen_t len = sizeof addr;
    ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&addr), &len);
    m_port = ntohs(addr.sin_port);
    m_acceptThread = std::thread([this] { acceptLoop(); });
    return true;
}

void LoopbackServer::stop() {
    if (m_stop.exchange(true))
        return;
    if (m_acceptThread.joinable())
        m_acceptThread.join();
    std::vector<std::thread> workers;
    {
        std::lock_guard lock(m_mutex);
        for (int fd : m_open)
            ::shutdown(fd, SHUT_RDWR);
        workers.swap(m_workers);
    }
    for (auto& t : workers)
        t.join();
    if (m_listen >= 0)
        ::close(m_listen);
    m_listen = -1;
}

void LoopbackServer::enqueue(ScriptedResponse r) {
    std::lock_guard lock(m_mutex);
    m_queue.push_back(std::move(r));
}

void LoopbackServer::setResponder(
    std::function<ScriptedResponse(const RecordedRequest&)> responder) {
    std::lock_guard lock(m_mutex);
    m_responder = std::move(responder);
}

void LoopbackServer::setFallback(ScriptedResponse r) {
    std::lock_guard lock(m_mutex);
    m_fallback = std::move(r);
}

std::vector<RecordedRequest> LoopbackServer::requests() const {
    std::lock_guard lock(m_mutex);
    return m_requests;
}

void LoopbackServer::acceptLoop() {
    while (!m_stop) {
        pollfd p{m_listen, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0)
            continue;
        int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0)
            continue;
        int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        ++m_accepted;
        std::lock_guard lock(m_mutex);
        m_open.push_back(fd);
        m_workers.emplace_back([this, fd] { serve(fd); });
    }
}

void LoopbackServer::sleepFor(std::chrono::milliseconds d) {
    auto until = std::chrono::steady_clock::now() + d;
    while (!m_stop && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
            std::chrono::milliseconds(5), until - std::chrono::steady_clock::now()));
}

bool LoopbackServer::sendAll(int fd, const char* data, std::size_t n) {
    while (n > 0) {
        ssize_t k = ::send(fd, data, n, MSG_NOSIGNAL);
        if (k <= 0)
            return false;
        data += k;
        n -= std::size_t(k);
    }
    return true;
}

bool LoopbackServer::readRequest(int fd, RecordedRequest& req) {
    std::string buf;
    char tmp[16384];
    std::size_t headEnd;
    while ((headEnd = buf.find("\r\n\r\n")) == std::string::npos) {
        ssize_t k = ::recv(fd, tmp, sizeof tmp, 0);
        if (k <= 0)
            return false;
        buf.append(tmp, std::size_t(k));
    }
    std::istringstream head(buf.substr(0, headEnd));
    std::string line;
    std::getline(head, line);
    std::istringstream first(line);
    first >> req.method >> req.path;
    while (std::getline(head, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        std::size_t c = line.find(':');
        if (c == std::string::npos)
            continue;
        std::string n = line.substr(0, c), v = line.substr(c + 1);
        std::transform(n.begin(), n.end(), n.begin(),
                       [](unsigned char ch) { return char(std::tolower(ch)); });
        while (!v.empty() && v.front() == ' ')
            v.erase(v.begin());
        req.headers[n] = v;
    }
    std::size_t length =
        req.headers.count("content-length") ? std::stoul(req.headers["content-length"]) : 0;
    req.body = buf.substr(headEnd + 4);
    while (req.body.size() < length) {
        ssize_t k = ::recv(fd, tmp, sizeof tmp, 0);
        if (k <= 0)
            return false;
        req.body.append(tmp, std::size_t(k));
    }
    return true;
}

void LoopbackServer::serve(int fd) {
    RecordedRequest req;
    bool ok = readRequest(fd, req);
    ScriptedResponse r;
    if (ok) {
        std::lock_guard lock(m_mutex);
        m_requests.push_back(req);
        if (m_responder) {
            r = m_responder(req);
        } else if (!m_queue.empty()) {
            r = std::move(m_queue.front());
            m_queue.pop_front();
        } else {
            r = m_fallback;
        }
    }
    auto finish = [&](bool reset) {
        if (reset) {
            linger l{1, 0}; // close() now sends RST instead of FIN
            ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
        } else {
            ::shutdown(fd, SHUT_WR);
            char drain[256];
            pollfd p{fd, POLLIN, 0};
            if (::poll(&p, 1, 200) > 0)
                (void)::recv(fd, drain, sizeof drain, 0);
        }
        std::lock_guard lock(m_mutex);
        m_open.erase(std::remove(m_open.begin(), m_open.end(), fd), m_open.end());
        ::close(fd);
    };
    if (!ok) {
        finish(false);
        return;
    }
    sleepFor(r.headerDelay);
    std::string head = "HTTP/1.1 " + std::to_string(r.status) + " " + r.reason + "\r\n";
    for (const auto& [n, v] : r.headers)
        head += n + ": " + v + "\r\n";
    head += r.chunked ? "Transfer-Encoding: chunked\r\n" : "";
    head += "Connection: close\r\n\r\n";
    if (!sendAll(fd, head.data(), head.size())) {
        finish(false);
        return;
    }
    // Cut points: explicit splits, fixed-size pieces, and the stall and reset offsets.
    std::vector<std::size_t> cuts = r.splitAt;
    if (r.pieceBytes)
        for (std::size_t o = r.pieceBytes; o < r.body.size(); o += r.pieceBytes)
            cuts.push_back(o);
    if (r.stallAt)
        cuts.push_back(*r.stallAt);
    if (r.resetAt)
        cuts.push_back(*r.resetAt);
    cuts.push_back(r.body.size());
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::size_t sent = 0;
    for (std::size_t cut : cuts) {
        if (m_stop)
            break;
        cut = std::min(cut, r.body.size());
        if (r.resetAt && sent >= *r.resetAt) {
            finish(true);
            return;
        }
        if (r.stallAt && sent == *r.stallAt && r.stallFor.count() > 0) {
            sleepFor(r.stallFor);
            r.stallFor = std::chrono::milliseconds(0);
        }
        if (cut <= sent)
            continue;
        std::string piece = r.body.substr(sent, cut - sent);
        if (r.chunked) {
            char size[32];
            std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
            piece = size + piece + "\r\n";
        }
        if (!sendAll(fd, piece.data(), piece.size())) {
            finish(false);
            return;
        }
        sent = cut;
        if (r.pause.count() > 0 && sent < r.body.size())
            sleepFor(r.pause);
    }
    if (r.resetAt && sent >= *r.resetAt) {
        finish(true);
        return;
    }
    if (r.chunked && !m_stop)
        sendAll(fd, "0\r\n\r\n", 5);
    finish(false);
}

} // namespace kwbtest
