#pragma once
// What every hostile probe exports (core/gpu/probe_job.h): returns 0 when nothing it tried was
// refused, N > 0 when N attempts were refused, < 0 when it could not run. `note` says what
// happened, for the test to read.
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>

#define KWB_PROBE                                                                                  \
    extern "C" __attribute__((visibility("default"))) int kwb_probe(const char* arg, char* note,   \
                                                                    unsigned noteBytes)

namespace probe {

// Appends to the note, bounded.
inline void say(char* note, unsigned noteBytes, const char* fmt, ...) {
    std::size_t used = std::strlen(note);
    if (used + 1 >= noteBytes)
        return;
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(note + used, noteBytes - used, fmt, ap);
    va_end(ap);
}

} // namespace probe
