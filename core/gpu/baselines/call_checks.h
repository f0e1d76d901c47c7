#pragma once
// Validation of a BaselineCall against what a task's baseline expects: buffer counts, dims
// present, positive and within int, a non-null stream is not required (0 is the legacy stream).
#include <initializer_list>
#include <string>
#include <vector>

#include "core/gpu/baselines/baseline.h"

namespace kwb::gpu {

// Checks the call has exactly the given numbers of non-null input and output buffers.
Status checkBuffers(const BaselineCall& call, std::size_t inputs, std::size_t outputs,
                    const std::string& taskId);

// Reads the named dims; each must exist and lie in [1, INT_MAX]. Values in the same order.
Result<std::vector<int>> readDims(const BaselineCall& call,
                                  std::initializer_list<const char*> names,
                                  const std::string& taskId);

// Reads a finite scalar; fallback when absent.
Result<double> readScalar(const BaselineCall& call, const char* name, double fallback,
                          const std::string& taskId);

// The error run() returns when its dims differ from those prepare() saw.
Error notPrepared(const std::string& taskId);

// For run(): ok when prepare() succeeded (prepared), the call has the given buffer counts and
// exactly the dims prepare() saw; notPrepared(taskId) otherwise.
Status checkRunCall(bool prepared, const BaselineCall& call,
                    const std::map<std::string, long long>& preparedDims, std::size_t inputs,
                    std::size_t outputs, const std::string& taskId);

} // namespace kwb::gpu
