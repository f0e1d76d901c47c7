#pragma once
// RequestLineReader: the worker's side of the line protocol's framing. It reads request lines
// from a descriptor holding at most one line's limit in memory: a longer line is consumed and
// dropped, and only its start is kept, so that the answer can name the request's id. Reads
// block (the worker waits for its client; end of input ends it). One thread.
#include <cstddef>
#include <optional>
#include <string>

namespace kwb::protocol {

class RequestLineReader {
public:
    struct Line {
        std::string text; // the line without '\n'; for a line over the limit, its first 64 KiB
        bool tooLong = false;
        std::size_t bytes = 0; // the line's full length
    };
    RequestLineReader(int fd, std::size_t maxBytes);
    // The next line; nullopt at end of input (a last line without '\n' is still a line).
    std::optional<Line> next();

private:
    bool fill(); // false at end of input or on a read error
    int m_fd;
    std::size_t m_max;
    std::string m_buf;
    bool m_eof = false;
};

} // namespace kwb::protocol
