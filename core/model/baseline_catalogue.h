#pragma once
// The catalogue of library baselines a task file may name ([baseline] op = "..."): what each
// operation computes and the interface it needs from the task (inputs and outputs in order with
// their dtypes, the dimensions and scalars it reads, its parameters with their defaults). Task
// loading checks a task against its entry here (core/tasks); the GPU job makes the operation by
// the same name (core/gpu/baselines/baseline.h). A plain table: any thread.
#include <string>
#include <utility>
#include <vector>

#include "core/model/task.h"

namespace kwb {

struct BaselineOp {
    std::string name;          // "cublas-sgemm"
    BaselineLibrary library;   // what it calls
    std::string label;         // the label a task gets when it gives none
    std::vector<DType> inputs; // in the task's parameter order
    std::vector<DType> outputs;
    std::vector<std::string> dims;    // read by name (a task maps its own with [baseline] dims)
    std::vector<std::string> scalars; // read from the task's scalar parameters of these names
    std::vector<std::pair<std::string, double>> params; // [baseline] params, with defaults
    std::string computes; // one line: what the operation computes, in the operation's names
};

const std::vector<BaselineOp>& baselineCatalogue();
const BaselineOp* findBaselineOp(const std::string& name);

} // namespace kwb
