// Ends the process instead of returning: "segv" dereferences null, "exit" calls _exit(3).
#include <csignal>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    (void)note;
    (void)noteBytes;
    if (std::string(arg) == "exit")
        ::_exit(3);
    std::raise(SIGSEGV);
    return -1;
}
