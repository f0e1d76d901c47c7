#pragma once
// A process that stays as the parent of the program it starts, so that the program and
// everything it starts go when the process that started this one dies. A death signal
// (PR_SET_PDEATHSIG) reaches only the process that asked for it: nvcc's own tools (cudafe++
// under a shell, cicc, ptxas) or the job under compute-sanitizer or ncu would outlive a worker
// that is killed, as a cancelled queue kills its workers.
#include <sys/types.h>

namespace kwb {

// Runs argv (argv[0]: the program's path; null-terminated) as this process's child, in this
// process's group, and ends as it did: returns its exit code (127 when it cannot be started),
// or raises the signal that ended it. When `parent` (this process's parent when it started)
// dies, the whole process group is killed. Call it in a process of its own group (ChildProcess
// starts each child so), after anything the child should inherit (limits, filters).
int runSupervised(char** argv, pid_t parent);

} // namespace kwb
