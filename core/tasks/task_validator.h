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

// What a valid task lacks to be verified on every shape and timed, one sentence each (empty:
// nothing). Such a task loads, is listed and prompted, and compiles; kwb tasks list and check
// say what is missing.
std::vector<std::string> verificationGaps(const Task& task);

// extern "C" void name(const float* x, ..., cudaStream_t stream); from the parameters.
std::string canonicalSignature(const Task& task);
// Whitespace collapsed, no spaces around punctuation, no trailing ';'.
std::string normalizeSignature(const std::string& signature);

} // namespace kwb
