#pragma once
// Checks a Task for everything a task file can get wrong beyond TOML syntax and types:
// identifiers, the entry signature against the parameters, shapes, formulas, tolerances,
// baseline and libraries. Pure function of the Task; problems carry a field path (no file
// position: the loader maps fields to lines).
#include <string>
#include <vector>

#include "core/model/task.h"
#include "core/tasks/task_problem.h"

namespace kwb {

// Libraries a task may allow candidates to call.
const std::vector<std::string>& knownCandidateLibraries();

std::vector<TaskProblem> validateTask(const Task& task);

// extern "C" void name(const float* x, ..., cudaStream_t stream); from the parameters.
std::string canonicalSignature(const Task& task);
// Whitespace collapsed, no spaces around punctuation, no trailing ';'.
std::string normalizeSignature(const std::string& signature);

} // namespace kwb
