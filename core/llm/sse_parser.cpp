#include "core/llm/sse_parser.h"

#include <cstring>

namespace kwb {

SseParser::SseParser(EventFn onEvent, std::size_t maxEventBytes)
    : m_onEvent(std::move(onEvent)), m_max(maxEventBytes) {}

Status SseParser::feed(std::string_view bytes) {
    if (!m_started) {
        // Skip a leading byte-order mark, which may itself arrive split; the bytes held back
        // while it is still possible sit in m_line and are line content if it turns out not to be.
        static constexpr std::string_view bom = "\xEF\xBB\xBF";
        while (!bytes.empty() && m_line.size() < 3 && bytes.front() == bom[m_line.size()]) {
            m_line.push_back(bytes.front());
            bytes.remove_prefix(1);
        }
        if (m_line.size() == 3) {
            m_line.clear();
            m_started = true;
        } else if (bytes.empty()) {
            return okStatus();
        } else {
            m_started = true;
        }
    }
    while (!bytes.empty()) {
        if (m_lastWasCR) {
            m_lastWasCR = false;
            if (bytes.front() == '\n') {
                bytes.remove_prefix(1);
                continue;
            }
        }
        // Find the next line end without looking at every byte twice.
        const char* p = bytes.data();
        const char* nl = static_cast<const char*>(std::memchr(p, '\n', bytes.size()));
        const char* cr =
            static_cast<const char*>(std::memchr(p, '\r', nl ? std::size_t(nl - p) : bytes.size()));
        const char* eol = cr ? cr : nl;
        if (!eol) {
            if (m_line.size() + bytes.size() > m_max)
                return Error::make("llm-stream-too-large", "a server-sent event line exceeds " +
                                                               std::to_string(m_max) + " bytes");
            m_line.append(bytes);
            return okStatus();
        }
        std::string_view piece(p, std::size_t(eol - p));
        Status st = okStatus();
        if (m_line.empty()) {
            st = processLine(piece);
        } else {
            if (m_line.size() + piece.size() > m_max)
                return Error::make("llm-stream-too-large", "a server-sent event line exceeds " +
                                                               std::to_string(m_max) + " bytes");
            m_line.append(piece);
            std::string line = std::move(m_line);
            m_line.clear();
            st = processLine(line);
        }
        if (!st)
            return st;
        if (*eol == '\r')
            m_lastWasCR = true;
        bytes.remove_prefix(std::size_t(eol - p) + 1);
    }
    return okStatus();
}

Status SseParser::processLine(std::string_view line) {
    if (line.empty())
        return dispatch();
    if (line.front() == ':')
        return okStatus(); // comment (keep-alive)
    std::string_view field = line, value;
    if (auto colon = line.find(':'); colon != std::string_view::npos) {
        field = line.substr(0, colon);
        value = line.substr(colon + 1);
        if (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
    }
    if (field == "data") {
        if (m_event.data.size() + value.size() + 1 > m_max)
            return Error::make("llm-stream-too-large",
                               "a server-sent event exceeds " + std::to_string(m_max) + " bytes");
        if (m_haveData)
            m_event.data.push_back('\n');
        m_event.data.append(value);
        m_haveData = true;
    } else if (field == "event") {
        m_event.type.assign(value);
    } else if (field == "id") {
        if (value.find('\0') == std::string_view::npos)
            m_event.id.assign(value);
    } // "retry" and unknown fields are ignored, as the standard says
    return okStatus();
}

Status SseParser::dispatch() {
    if (!m_haveData) {
        m_event.type = "message";
        return okStatus();
    }
    ++m_dispatched;
    Status st = m_onEvent(m_event);
    m_event.type = "message";
    m_event.data.clear();
    m_haveData = false;
    return st;
}

} // namespace kwb
