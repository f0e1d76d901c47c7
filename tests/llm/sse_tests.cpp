// SseParser: whole streams and the same streams cut at every byte, line-end styles, comments,
// multi-line data, a split byte-order mark, the size bound, and an unterminated last event.
#include <string>
#include <vector>

#include "core/llm/sse_parser.h"
#include "tests/llm/loopback_server.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {
namespace {

using kwb::SseEvent;
using kwb::SseParser;

std::vector<SseEvent> parseInPieces(const std::string& text, std::size_t piece,
                                    kwb::Status* status = nullptr) {
    std::vector<SseEvent> events;
    SseParser p([&](const SseEvent& e) {
        events.push_back(e);
        return kwb::okStatus();
    });
    kwb::Status st = kwb::okStatus();
    for (std::size_t i = 0; i < text.size() && st; i += piece)
        st = p.feed(std::string_view(text).substr(i, piece));
    if (status)
        *status = st;
    return events;
}

bool same(const std::vector<SseEvent>& a, const std::vector<SseEvent>& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].type != b[i].type || a[i].data != b[i].data || a[i].id != b[i].id)
            return false;
    return true;
}

} // namespace

void sseTests() {
    std::string basic = "event: ping\ndata: {\"a\":1}\n\n: keep-alive comment\n\ndata: line "
                        "one\ndata: line two\nid: 7\n\n";
    auto whole = parseInPieces(basic, basic.size());
    CHECK(whole.size() == 2);
    CHECK(whole[0].type == "ping" && whole[0].data == "{\"a\":1}");
    CHECK(whole[1].type == "message" && whole[1].data == "line one\nline two" &&
          whole[1].id == "7");
    for (std::size_t piece = 1; piece < 9; ++piece)
        CHECK_MSG(same(parseInPieces(basic, piece), whole), "piece size " + std::to_string(piece));

    std::string crlf = basic, cr = basic;
    for (std::size_t i = 0; (i = crlf.find('\n', i)) != std::string::npos; i += 2)
        crlf.replace(i, 1, "\r\n");
    for (auto& c : cr)
        if (c == '\n')
            c = '\r';
    for (std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(1000)}) {
        CHECK_MSG(same(parseInPieces(crlf, piece), whole), "CRLF, piece " + std::to_string(piece));
        CHECK_MSG(same(parseInPieces(cr, piece), whole), "CR, piece " + std::to_string(piece));
    }

    // "data:x" without a space, an empty data line, an event with only an event: field (not
    // dispatched).
    auto odd = parseInPieces("data:x\n\ndata\n\nevent: lonely\n\ndata: y\n\n", 1);
    CHECK(odd.size() == 3);
    CHECK(odd.size() == 3 && odd[0].data == "x" && odd[1].data.empty() && odd[2].data == "y" &&
          odd[2].type == "message");

    // A byte-order mark, itself split, is skipped; a partial one is content.
    auto bom = parseInPieces("\xEF\xBB\xBF"
                             "data: z\n\n",
                             1);
    CHECK(bom.size() == 1 && bom[0].data == "z");

    // The last event without its blank line is not dispatched (the stream was cut).
    auto cut = parseInPieces("data: a\n\ndata: b\n", 4);
    CHECK(cut.size() == 1 && cut[0].data == "a");

    // Bounded: a line longer than the limit is an error, whatever the pieces.
    {
        std::vector<SseEvent> ev;
        SseParser p(
            [&](const SseEvent& e) {
                ev.push_back(e);
                return kwb::okStatus();
            },
            64);
        auto st = p.feed(std::string(40, 'a'));
        CHECK(st.ok());
        st = p.feed(std::string(40, 'b'));
        CHECK(!st.ok() && st.error().code == "llm-stream-too-large");
    }
    // An error from the handler stops the parse.
    {
        int calls = 0;
        SseParser p([&](const SseEvent&) {
            ++calls;
            return kwb::Status(kwb::Error::make("stop", "stop"));
        });
        auto st = p.feed("data: 1\n\ndata: 2\n\n");
        CHECK(!st.ok() && calls == 1);
    }
    // A recorded stream, byte by byte, gives the same events as in one piece.
    auto t = kwbtest::loadTranscript("anthropic_reduce_sum.http");
    auto a = parseInPieces(t.body, 1), b = parseInPieces(t.body, t.body.size());
    CHECK(a.size() > 20 && same(a, b));
}

} // namespace kwbtest
