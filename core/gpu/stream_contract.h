#pragma once
// Whether a candidate does its work on the stream it is given (the candidate contract in
// DESIGN.md). Work on a stream of its own, or on the legacy or per-thread default stream, is
// invisible to events recorded on the given stream: timed there it looks a million times faster.
// Job-child only; one thread.
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "core/gpu/shape_setup.h"

namespace kwb::gpu {

using ShimCall = void (*)(void* const*, const long long*, const double*, cudaStream_t);

// One call of the candidate on b (inputs as they are, outputs poisoned here) while the given
// stream is held back by a gate on a stream of the harness: nothing the candidate queued on
// `stream` can run until the gate opens, so an output element written while it is closed was
// written by work elsewhere. The outputs are watched for up to windowMs (long enough for the
// candidate's own work: a few times its slowest checked call) before the gate opens.
// contract-violation naming the output and the stream rule, a CUDA failure, or empty.
Failure checkStreamContract(ShimCall candidate, const Buffers& b,
                            const std::vector<long long>& dims, const std::vector<double>& scalars,
                            cudaStream_t stream, double windowMs, const std::string& shape);

} // namespace kwb::gpu
