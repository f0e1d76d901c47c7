// Spins for ever without a word: the launcher's idle deadline must kill it.
#include "probe.h"

KWB_PROBE {
    (void)arg;
    (void)note;
    (void)noteBytes;
    volatile unsigned long spins = 0;
    for (;;)
        spins = spins + 1;
}
