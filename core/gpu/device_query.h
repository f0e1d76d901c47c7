#pragma once
// Asks the CUDA runtime and libraries what this machine has. Never fails: a machine without a
// driver or GPU gets a DeviceInfo with no GPUs and the reason.
#include "core/model/device_info.h"

namespace kwb::gpu {

DeviceInfo queryDevices();

} // namespace kwb::gpu
