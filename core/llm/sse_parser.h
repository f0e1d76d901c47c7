#pragma once
// Incremental parser for server-sent events (text/event-stream, WHATWG HTML "Server-sent
// events"): bytes in, in whatever pieces the network gives them; whole events out. Lines end in
// LF, CRLF or CR (a CR at the end of one piece and its LF at the start of the next count once).
// Bounded: a line or an event larger than the limit is an error, not a growing buffer.
// Not thread-safe; one parser per response.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "core/model/error.h"

namespace kwb {

struct SseEvent {
    std::string type = "message"; // the "event:" field, or "message"
    std::string data;             // "data:" lines joined with '\n'
    std::string id;
};

class SseParser {
public:
    // Called for every complete event; an Error stops the parse and is returned by feed().
    using EventFn = std::function<Status(const SseEvent&)>;

    explicit SseParser(EventFn onEvent, std::size_t maxEventBytes = 4 * 1024 * 1024);

    Status feed(std::string_view bytes);
    // True when nothing is buffered: no partial line, no event waiting for its blank line.
    bool atBoundary() const { return m_line.empty() && !m_haveData && m_event.type == "message"; }
    std::size_t eventsDispatched() const { return m_dispatched; }

private:
    Status processLine(std::string_view line);
    Status dispatch();

    EventFn m_onEvent;
    std::size_t m_max;
    std::string m_line;      // the partial line carried over to the next piece
    SseEvent m_event;        // fields seen so far in the current event
    bool m_haveData = false; // a data: line was seen (data may still be empty)
    bool m_lastWasCR = false;
    bool m_started = false; // a leading byte-order mark is skipped once
    std::size_t m_dispatched = 0;
};

} // namespace kwb
