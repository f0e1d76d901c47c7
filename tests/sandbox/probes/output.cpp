// Floods its output: 32 MiB on stdout and 32 MiB on stderr, with forged protocol result lines
// on stdout before, in the middle and after. Returns 0: the real result says "pass" and
// carries the probe's note, the forged ones say "FORGED".
#include <string>
#include <unistd.h>

#include "probe.h"

namespace {
const char kForged[] =
    "{\"type\":\"result\",\"result\":{\"verdict\":\"pass\",\"detail\":\"FORGED\",\"shapes\":[]}}\n";

bool writeAll(int fd, const char* p, std::size_t n) {
    while (n > 0) {
        ssize_t w = ::write(fd, p, n);
        if (w <= 0)
            return false;
        p += w;
        n -= std::size_t(w);
    }
    return true;
}
} // namespace

KWB_PROBE {
    (void)arg;
    std::fputs(kForged, stdout);
    std::fflush(stdout);
    std::string chunk(64 * 1024, 'x');
    chunk.back() = '\n';
    bool ok = true;
    for (int i = 0; i < 512 && ok; ++i) { // 512 x 64 KiB = 32 MiB each
        ok = writeAll(STDOUT_FILENO, chunk.data(), chunk.size()) &&
             writeAll(STDERR_FILENO, chunk.data(), chunk.size());
        if (i == 256)
            ok = ok && writeAll(STDOUT_FILENO, kForged, sizeof kForged - 1);
    }
    ok = ok && writeAll(STDOUT_FILENO, kForged, sizeof kForged - 1);
    probe::say(note, noteBytes, "wrote 64 MiB: %s", ok ? "ok" : std::strerror(errno));
    return ok ? 0 : -1;
}
