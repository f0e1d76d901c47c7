#include "core/gpu/baselines/call_checks.h"

#include <climits>
#include <cmath>

#include "core/gpu/baselines/library_status.h"

namespace kwb::gpu {

Status checkBuffers(const BaselineCall& call, std::size_t inputs, std::size_t outputs,
                    const std::string& taskId) {
    if (call.inputs.size() != inputs || call.outputs.size() != outputs)
        return badCall(taskId + " baseline expects " + std::to_string(inputs) + " input and " +
                       std::to_string(outputs) + " output buffers, got " +
                       std::to_string(call.inputs.size()) + " and " +
                       std::to_string(call.outputs.size()));
    for (std::size_t i = 0; i < call.inputs.size(); ++i)
        if (call.inputs[i] == nullptr)
            return badCall(taskId + " baseline: input buffer " + std::to_string(i) + " is null");
    for (std::size_t i = 0; i < call.outputs.size(); ++i)
        if (call.outputs[i] == nullptr)
            return badCall(taskId + " baseline: output buffer " + std::to_string(i) + " is null");
    return okStatus();
}

Result<std::vector<int>> readDims(const BaselineCall& call,
                                  std::initializer_list<const char*> names,
                                  const std::string& taskId) {
    std::vector<int> values;
    for (const char* name : names) {
        auto it = call.dims.find(name);
        if (it == call.dims.end())
            return badCall(taskId + " baseline: dimension '" + name + "' is missing").error();
        if (it->second < 1 || it->second > INT_MAX)
            return badCall(taskId + " baseline: dimension '" + name +
                           "' = " + std::to_string(it->second) + " is outside [1, " +
                           std::to_string(INT_MAX) + "]")
                .error();
        values.push_back(static_cast<int>(it->second));
    }
    return values;
}

Result<double> readScalar(const BaselineCall& call, const char* name, double fallback,
                          const std::string& taskId) {
    auto it = call.scalars.find(name);
    if (it == call.scalars.end())
        return fallback;
    if (!std::isfinite(it->second))
        return badCall(taskId + " baseline: scalar '" + name + "' is not finite").error();
    return it->second;
}

Error notPrepared(const std::string& taskId) {
    return Error::make("baseline-not-prepared",
                       taskId + " baseline: run() called with dims that prepare() has not seen");
}

Status checkRunCall(bool prepared, const BaselineCall& call,
                    const std::map<std::string, long long>& preparedDims, std::size_t inputs,
                    std::size_t outputs, const std::string& taskId) {
    if (!prepared || call.inputs.size() != inputs || call.outputs.size() != outputs ||
        call.dims != preparedDims)
        return notPrepared(taskId);
    return okStatus();
}

} // namespace kwb::gpu
