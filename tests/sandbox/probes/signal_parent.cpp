// Signals its parent (the process that launched the job). A root job could otherwise kill
// every process on the machine with kill(-1, SIGKILL); SIGUSR1 to the parent is the harmless
// stand-in the test counts.
#include <csignal>
#include <unistd.h>

#include "probe.h"

KWB_PROBE {
    (void)arg;
    int rc = ::kill(::getppid(), SIGUSR1);
    probe::say(note, noteBytes, "kill(parent, SIGUSR1): %s; ",
               rc == 0 ? "ok" : std::strerror(errno));
    return rc == 0 ? 0 : 1;
}
