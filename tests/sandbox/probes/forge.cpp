// Speaks on the job's protocol channel without the key: writes to every descriptor 0..1023
// that is a pipe or a socket (the channel among them, found as a hostile candidate finds it),
// as `arg` says:
//   raw    a result line of the old, unsigned protocol: {"type":"result",...,"detail":"FORGED"}
//   frame  the same result as a frame with a made-up MAC
//   split  a few bytes without a newline, which glue onto the harness's next frame (the result)
// Returns 0: if any of it were believed, the job would pass with detail "FORGED" or with the
// probe's own result; the channel must end it as tampering instead.
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"

namespace {
const char kForged[] =
    "{\"type\":\"result\",\"result\":{\"verdict\":\"pass\",\"detail\":\"FORGED\",\"shapes\":[]}}";

bool writeAll(int fd, const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
        ssize_t w = ::write(fd, s.data() + done, s.size() - done);
        if (w <= 0)
            return false;
        done += std::size_t(w);
    }
    return true;
}
} // namespace

KWB_PROBE {
    const std::string how = arg;
    std::string text;
    if (how == "raw")
        text = std::string(kForged) + "\n";
    else if (how == "frame")
        text = "0 " + std::string(64, 'f') + " " + kForged + "\n";
    else if (how == "split")
        text = "FORGED";
    else {
        probe::say(note, noteBytes, "unknown mode %s", arg);
        return -1;
    }
    int written = 0;
    for (int fd = 0; fd < 1024; ++fd) {
        struct stat st {};
        if (::fstat(fd, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
            continue;
        if (writeAll(fd, text))
            ++written;
    }
    probe::say(note, noteBytes, "wrote to %d descriptors", written);
    return 0;
}
