#pragma once
// Task: one kernel problem, as loaded from a task file (core/tasks) and sent to the GPU worker
// as JSON. A plain value type: copyable, comparable, no behaviour beyond naming and JSON.
// Validation lives in core/tasks (validateTask); a Task here may be invalid.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/error.h"

namespace kwb {

enum class DType { F32, F16, BF16, I32 };
enum class ParamKind { Input, Output, Dim, Scalar, Stream };
// How an output is compared with its reference (see Tolerance).
enum class ToleranceMode { Elementwise, ScaledBySumAbs, RelativeToRms };
enum class BaselineLibrary { Cublas, CublasLt, Cudnn, Cub, Composition, ReferenceKernel };
enum class DistributionKind { Normal, Uniform, Integers };

// Stable spellings used in task files and JSON: "f32", "input", "scaled-by-sum-abs", ...
std::string toString(DType t);
std::string toString(ParamKind k);
std::string toString(ToleranceMode m);
std::string toString(BaselineLibrary b);
std::string toString(DistributionKind d);
std::optional<DType> parseDType(const std::string& s);
std::optional<ParamKind> parseParamKind(const std::string& s);
std::optional<ToleranceMode> parseToleranceMode(const std::string& s);
std::optional<BaselineLibrary> parseBaselineLibrary(const std::string& s);
std::optional<DistributionKind> parseDistributionKind(const std::string& s);

int dtypeSize(DType t);         // bytes per element: 4, 2, 2, 4
std::string cTypeName(DType t); // "float", "__half", "__nv_bfloat16", "int"

// How the harness draws an input buffer's values. Normal: a = mean, b = std deviation.
// Uniform: a = low, b = high. Integers: whole numbers uniform in [a, b], both included (for
// counts, masks, histogram samples, and sums that must be exact in any order).
struct Distribution {
    DistributionKind kind = DistributionKind::Normal;
    double a = 0.0;
    double b = 1.0;

    bool operator==(const Distribution&) const = default;
};

// One entry-point parameter, in signature order.
struct Parameter {
    std::string name;
    ParamKind kind = ParamKind::Input;
    DType dtype = DType::F32; // buffers only
    // Buffers only: one expression per dimension (usually a dimension name, "3", or "M*K");
    // the element count is the product of the evaluated entries.
    std::vector<std::string> shape;
    Distribution distribution;          // inputs only
    std::optional<double> defaultValue; // scalars only: used when a shape gives no value

    bool isBuffer() const { return kind == ParamKind::Input || kind == ParamKind::Output; }
    bool operator==(const Parameter&) const = default;
};

// A concrete problem size: every dimension parameter's value and every scalar's value.
struct ShapeSpec {
    std::string name;
    std::map<std::string, std::int64_t> dims;
    std::map<std::string, double> scalars;
    bool cpuReference = false; // small enough to check against a float64 CPU reference

    bool operator==(const ShapeSpec&) const = default;
};

// An output passes when every element satisfies |got - ref| <= atol + rtol * scale, where
// scale is |ref| (Elementwise), the sum of |terms| that made the element, e.g. sum |x| for a
// reduction (ScaledBySumAbs), or the larger of |ref| and the root-mean-square of the whole
// reference output (RelativeToRms: products whose elements can cancel to near zero). NaN
// never passes.
struct Tolerance {
    double rtol = 0.0;
    double atol = 0.0;
    ToleranceMode mode = ToleranceMode::Elementwise;

    bool operator==(const Tolerance&) const = default;
};

// What a candidate is timed against: a library operation from the catalogue
// (core/model/baseline_catalogue.h) by name, or, with library ReferenceKernel and no op, the
// task's reference kernel. dims and params adapt the task to the operation: dims maps each of
// the operation's dimension names to a formula over the task's dimensions (left out: the same
// name); params gives the operation's parameters (window sizes, strides, ...) as numbers.
struct Baseline {
    BaselineLibrary library = BaselineLibrary::Cublas;
    std::string label; // for people: "cuBLAS SGEMM (TF32 off)"
    std::string op;    // "cublas-sgemm"; empty: the reference kernel
    std::map<std::string, std::string> dims;
    std::map<std::string, double> params;

    bool operator==(const Baseline&) const = default;
};

// The task's trusted references. kernel: a CUDA file with the task's entry point, relative to
// the task file (the correctness reference on every shape without a CPU check, and the baseline
// when no library operation is named); kernelSource: its text, read when the task is loaded, so
// the task travels to a worker whole. cpu: a float64 CPU reference by name
// (core/reference/cpu_reference.h), run on the shapes marked cpu_reference.
struct TaskReference {
    std::string kernel;
    std::string kernelSource;
    std::string cpu;

    bool hasKernel() const { return !kernel.empty(); }
    bool operator==(const TaskReference&) const = default;
};

struct Task {
    std::string id; // "sgemm-f32": lower case, digits, '-'
    std::string title;
    int level = 1;      // 1..3: single op, fused ops, whole block
    std::string family; // "gemm", "softmax", ...
    std::string description;
    std::string entryName;             // "kwb_sgemm"
    std::string entrySignature;        // extern "C" void kwb_sgemm(const float* A, ...);
    std::vector<Parameter> parameters; // signature order
    std::vector<ShapeSpec> shapes;
    std::map<std::string, Tolerance> tolerances; // by output parameter name
    std::string flopsFormula;                    // arithmetic over dimension names, e.g. "2*M*N*K"
    std::string bytesFormula;
    Baseline baseline;
    TaskReference reference;
    std::vector<std::string> allowedLibraries; // what a candidate may call, e.g. "cub"
    std::string prompt;

    const Parameter* findParameter(const std::string& name) const;
    const ShapeSpec* findShape(const std::string& name) const;
    std::vector<const Parameter*> parametersOfKind(ParamKind k) const;

    bool operator==(const Task&) const = default;
};

void to_json(nlohmann::json& j, const Distribution& d);
void from_json(const nlohmann::json& j, Distribution& d);
void to_json(nlohmann::json& j, const Parameter& p);
void from_json(const nlohmann::json& j, Parameter& p);
void to_json(nlohmann::json& j, const ShapeSpec& s);
void from_json(const nlohmann::json& j, ShapeSpec& s);
void to_json(nlohmann::json& j, const Tolerance& t);
void from_json(const nlohmann::json& j, Tolerance& t);
void to_json(nlohmann::json& j, const Baseline& b);
void from_json(const nlohmann::json& j, Baseline& b);
void to_json(nlohmann::json& j, const TaskReference& r);
void from_json(const nlohmann::json& j, TaskReference& r);
// Strict: from_json throws nlohmann::json exceptions on missing keys or unknown enum names.
void to_json(nlohmann::json& j, const Task& t);
void from_json(const nlohmann::json& j, Task& t);

// The non-throwing way in, for JSON that crossed a process boundary.
Result<Task> taskFromJson(const nlohmann::json& j);

} // namespace kwb
