#pragma once
// Asks the CUDA runtime (and, on request, the libraries) what this machine has. Never fails: a
// machine without a driver or GPU gets a DeviceInfo with no GPUs and the reason.
#include "core/model/device_info.h"

namespace kwb::gpu {

// withLibraries: also the versions of NVRTC, cuBLAS and cuDNN, read from libraries loaded for
// the purpose (dlopen): the worker links none of them, since loading cuBLASLt alone takes a
// third of a second. Without it those versions stay empty.
DeviceInfo queryDevices(bool withLibraries = true);

} // namespace kwb::gpu
