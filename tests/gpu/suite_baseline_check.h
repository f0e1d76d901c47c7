#pragma once
// Every built-in task's baseline against its float64 CPU reference, at the task's own
// cpu_reference shapes, with inputs drawn from the task's distributions and the task's own
// tolerance: one table row per (task, shape). Test code only; needs a CUDA device.

namespace kwb::selftest {

// Prints the rows; true when every baseline ran and matched.
bool checkSuiteBaselines();

} // namespace kwb::selftest
