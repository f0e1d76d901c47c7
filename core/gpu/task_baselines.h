#pragma once
// The baselines of one task, as its file names them: the library operation of the catalogue
// ([baseline] op, its dimensions and parameters mapped from the task's), and the task's own
// reference kernel ([reference] kernel), built by the worker like a candidate and loaded here
// before the candidate is. Job child only; one thread.
#include <memory>
#include <string>

#include "core/gpu/baselines/baseline.h"
#include "core/model/task.h"

namespace kwb::gpu {

struct TaskBaselines {
    std::unique_ptr<Baseline> library; // the named operation; null when the task names none
    std::unique_ptr<Baseline> kernel;  // the reference kernel; null when there is none
    std::string error;                 // why one the task names could not be made

    // What the candidate is timed against: the library operation, else the reference kernel.
    Baseline* timing() const { return library ? library.get() : kernel.get(); }
    // What its outputs are checked against where no CPU reference runs: the reference kernel,
    // else the library operation.
    Baseline* reference() const { return kernel ? kernel.get() : library.get(); }
};

// referenceLibrary: the reference kernel's built library (empty: not built, so none).
TaskBaselines makeTaskBaselines(const Task& task, const std::string& referenceLibrary);

} // namespace kwb::gpu
