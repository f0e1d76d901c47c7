#include "core/protocol/request_line_reader.h"

#include <cerrno>
#include <unistd.h>

namespace kwb::protocol {

namespace {
constexpr std::size_t kChunk = 64u << 10;
constexpr std::size_t kKeptHead = 64u << 10; // what requestHeadOf reads
} // namespace

RequestLineReader::RequestLineReader(int fd, std::size_t maxBytes) : m_fd(fd), m_max(maxBytes) {}

bool RequestLineReader::fill() {
    if (m_eof)
        return false;
    char chunk[kChunk];
    for (;;) {
        ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_eof = true;
            return false;
        }
        m_buf.append(chunk, std::size_t(n));
        return true;
    }
}

std::optional<RequestLineReader::Line> RequestLineReader::next() {
    std::size_t scanned = 0;
    for (;;) {
        if (auto nl = m_buf.find('\n', scanned); nl != std::string::npos) {
            Line line;
            line.bytes = nl;
            line.tooLong = nl > m_max;
            line.text = m_buf.substr(0, line.tooLong ? kKeptHead : nl);
            m_buf.erase(0, nl + 1);
            return line;
        }
        scanned = m_buf.size();
        if (m_buf.size() > m_max) {
            // Over the limit: keep the head, drop the rest up to the end of the line unread.
            Line line;
            line.tooLong = true;
            line.text = m_buf.substr(0, kKeptHead);
            line.bytes = m_buf.size();
            m_buf.clear();
            for (;;) {
                if (!fill())
                    return line;
                auto nl = m_buf.find('\n');
                line.bytes += nl == std::string::npos ? m_buf.size() : nl;
                if (nl != std::string::npos) {
                    m_buf.erase(0, nl + 1);
                    return line;
                }
                m_buf.clear();
            }
        }
        if (!fill()) {
            if (m_buf.empty())
                return std::nullopt;
            Line line;
            line.bytes = m_buf.size();
            line.text = std::move(m_buf);
            m_buf.clear();
            return line;
        }
    }
}

} // namespace kwb::protocol
