#pragma once
// What kwb-baseline-selftest checks each baseline against: per task, the buffers, the input
// ranges, a float64 CPU reference (simple loops) and the tolerance. Test code only.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kwb::selftest {

using Dims = std::map<std::string, long long>;
using Scalars = std::map<std::string, double>;
using HostData = std::vector<double>; // values exactly representable in the storage type

std::uint16_t toBf16(float f); // round to nearest even
float fromBf16(std::uint16_t h);
double roundTo(double v, bool bf16); // to float or bf16 and back

struct TaskSpec {
    std::string id;
    bool bf16 = false; // element type of every buffer
    // Element counts of the inputs and the output.
    std::function<std::vector<std::size_t>(const Dims&)> inputSizes;
    std::function<std::size_t(const Dims&)> outputSize;
    std::vector<std::pair<double, double>> inputRanges; // uniform range per input
    // ref and scale per output element; pass if |got - ref| <= atol + rtol * scale.
    std::function<void(const Dims&, const Scalars&, const std::vector<HostData>&, HostData& ref,
                       HostData& scale)>
        reference;
    double atol = 0.0;
    double rtol = 0.0;
    const char* tolerance = ""; // how the bound is built, for failure messages
};

// The six proof tasks.
std::vector<TaskSpec> taskSpecs();

} // namespace kwb::selftest
