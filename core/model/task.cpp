#include "core/model/task.h"

#include <array>
#include <stdexcept>
#include <utility>

namespace kwb {

namespace {

// One table per enum keeps the spellings in one place for both directions.
template <typename E, std::size_t N>
std::string nameOf(const std::array<std::pair<E, const char*>, N>& table, E value) {
    for (const auto& [e, name] : table)
        if (e == value)
            return name;
    return "?";
}

template <typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, const char*>, N>& table,
                         const std::string& s) {
    for (const auto& [e, name] : table)
        if (s == name)
            return e;
    return std::nullopt;
}

constexpr std::array<std::pair<DType, const char*>, 4> kDTypes{
    {{DType::F32, "f32"}, {DType::F16, "f16"}, {DType::BF16, "bf16"}, {DType::I32, "i32"}}};
constexpr std::array<std::pair<ParamKind, const char*>, 5> kKinds{{{ParamKind::Input, "input"},
                                                                   {ParamKind::Output, "output"},
                                                                   {ParamKind::Dim, "dim"},
                                                                   {ParamKind::Scalar, "scalar"},
                                                                   {ParamKind::Stream, "stream"}}};
constexpr std::array<std::pair<ToleranceMode, const char*>, 3> kModes{
    {{ToleranceMode::Elementwise, "elementwise"},
     {ToleranceMode::ScaledBySumAbs, "scaled-by-sum-abs"},
     {ToleranceMode::RelativeToRms, "relative-to-rms"}}};
constexpr std::array<std::pair<BaselineLibrary, const char*>, 6> kLibraries{
    {{BaselineLibrary::Cublas, "cublas"},
     {BaselineLibrary::CublasLt, "cublaslt"},
     {BaselineLibrary::Cudnn, "cudnn"},
     {BaselineLibrary::Cub, "cub"},
     {BaselineLibrary::Composition, "composition"},
     {BaselineLibrary::ReferenceKernel, "reference-kernel"}}};
constexpr std::array<std::pair<DistributionKind, const char*>, 3> kDistributions{
    {{DistributionKind::Normal, "normal"},
     {DistributionKind::Uniform, "uniform"},
     {DistributionKind::Integers, "integers"}}};

// from_json must reject unknown spellings rather than guess: the worker acts on them.
template <typename T> T require(std::optional<T> v, const std::string& what, const std::string& s) {
    if (!v)
        throw std::invalid_argument("unknown " + what + " \"" + s + "\"");
    return *v;
}

} // namespace

std::string toString(DType t) {
    return nameOf(kDTypes, t);
}
std::string toString(ParamKind k) {
    return nameOf(kKinds, k);
}
std::string toString(ToleranceMode m) {
    return nameOf(kModes, m);
}
std::string toString(BaselineLibrary b) {
    return nameOf(kLibraries, b);
}
std::string toString(DistributionKind d) {
    return nameOf(kDistributions, d);
}
std::optional<DType> parseDType(const std::string& s) {
    return valueOf(kDTypes, s);
}
std::optional<ParamKind> parseParamKind(const std::string& s) {
    return valueOf(kKinds, s);
}
std::optional<ToleranceMode> parseToleranceMode(const std::string& s) {
    return valueOf(kModes, s);
}
std::optional<BaselineLibrary> parseBaselineLibrary(const std::string& s) {
    return valueOf(kLibraries, s);
}
std::optional<DistributionKind> parseDistributionKind(const std::string& s) {
    return valueOf(kDistributions, s);
}

int dtypeSize(DType t) {
    switch (t) {
    case DType::F32:
    case DType::I32:
        return 4;
    case DType::F16:
    case DType::BF16:
        return 2;
    }
    return 0;
}

std::string cTypeName(DType t) {
    switch (t) {
    case DType::F32:
        return "float";
    case DType::F16:
        return "__half";
    case DType::BF16:
        return "__nv_bfloat16";
    case DType::I32:
        return "int";
    }
    return "?";
}

const Parameter* Task::findParameter(const std::string& name) const {
    for (const auto& p : parameters)
        if (p.name == name)
            return &p;
    return nullptr;
}

const ShapeSpec* Task::findShape(const std::string& name) const {
    for (const auto& s : shapes)
        if (s.name == name)
            return &s;
    return nullptr;
}

std::vector<const Parameter*> Task::parametersOfKind(ParamKind k) const {
    std::vector<const Parameter*> out;
    for (const auto& p : parameters)
        if (p.kind == k)
            out.push_back(&p);
    return out;
}

void to_json(nlohmann::json& j, const Distribution& d) {
    j = {{"kind", toString(d.kind)}, {"a", d.a}, {"b", d.b}};
}

void from_json(const nlohmann::json& j, Distribution& d) {
    const auto kind = j.at("kind").get<std::string>();
    d.kind = require(parseDistributionKind(kind), "distribution", kind);
    d.a = j.at("a").get<double>();
    d.b = j.at("b").get<double>();
}

void to_json(nlohmann::json& j, const Parameter& p) {
    // Every field, even those only buffers use: the worker must see exactly what was loaded.
    j = {{"name", p.name},
         {"kind", toString(p.kind)},
         {"dtype", toString(p.dtype)},
         {"shape", p.shape},
         {"distribution", p.distribution}};
    if (p.defaultValue)
        j["default"] = *p.defaultValue;
}

void from_json(const nlohmann::json& j, Parameter& p) {
    p = Parameter{};
    p.name = j.at("name").get<std::string>();
    const auto kind = j.at("kind").get<std::string>();
    p.kind = require(parseParamKind(kind), "parameter kind", kind);
    // Buffers must say what they hold; other kinds may leave these out.
    if (p.isBuffer() || j.contains("dtype")) {
        const auto dtype = j.at("dtype").get<std::string>();
        p.dtype = require(parseDType(dtype), "dtype", dtype);
    }
    if (p.isBuffer() || j.contains("shape"))
        p.shape = j.at("shape").get<std::vector<std::string>>();
    if (p.kind == ParamKind::Input || j.contains("distribution"))
        p.distribution = j.at("distribution").get<Distribution>();
    if (j.contains("default"))
        p.defaultValue = j.at("default").get<double>();
}

void to_json(nlohmann::json& j, const ShapeSpec& s) {
    j = {{"name", s.name},
         {"dims", s.dims},
         {"scalars", s.scalars},
         {"cpu_reference", s.cpuReference}};
}

void from_json(const nlohmann::json& j, ShapeSpec& s) {
    s.name = j.at("name").get<std::string>();
    s.dims = j.at("dims").get<std::map<std::string, std::int64_t>>();
    s.scalars = j.at("scalars").get<std::map<std::string, double>>();
    s.cpuReference = j.at("cpu_reference").get<bool>();
}

void to_json(nlohmann::json& j, const Tolerance& t) {
    j = {{"rtol", t.rtol}, {"atol", t.atol}, {"mode", toString(t.mode)}};
}

void from_json(const nlohmann::json& j, Tolerance& t) {
    t.rtol = j.at("rtol").get<double>();
    t.atol = j.at("atol").get<double>();
    const auto mode = j.at("mode").get<std::string>();
    t.mode = require(parseToleranceMode(mode), "tolerance mode", mode);
}

// The newer keys are written only when set and read when present, so task specs stored before
// they existed read (and hash) as they did.
void to_json(nlohmann::json& j, const Baseline& b) {
    j = {{"library", toString(b.library)}, {"label", b.label}};
    if (!b.op.empty())
        j["op"] = b.op;
    if (!b.dims.empty())
        j["dims"] = b.dims;
    if (!b.params.empty())
        j["params"] = b.params;
}

void from_json(const nlohmann::json& j, Baseline& b) {
    const auto lib = j.at("library").get<std::string>();
    b.library = require(parseBaselineLibrary(lib), "baseline library", lib);
    b.label = j.at("label").get<std::string>();
    b.op = j.value("op", std::string());
    b.dims = j.value("dims", std::map<std::string, std::string>{});
    b.params = j.value("params", std::map<std::string, double>{});
}

void to_json(nlohmann::json& j, const TaskReference& r) {
    j = nlohmann::json::object();
    if (!r.kernel.empty())
        j["kernel"] = r.kernel;
    if (!r.kernelSource.empty())
        j["kernel_source"] = r.kernelSource;
    if (!r.cpu.empty())
        j["cpu"] = r.cpu;
}

void from_json(const nlohmann::json& j, TaskReference& r) {
    r.kernel = j.value("kernel", std::string());
    r.kernelSource = j.value("kernel_source", std::string());
    r.cpu = j.value("cpu", std::string());
}

void to_json(nlohmann::json& j, const Task& t) {
    j = {{"id", t.id},
         {"title", t.title},
         {"level", t.level},
         {"family", t.family},
         {"description", t.description},
         {"entry", {{"name", t.entryName}, {"signature", t.entrySignature}}},
         {"parameters", t.parameters},
         {"shapes", t.shapes},
         {"tolerances", t.tolerances},
         {"cost", {{"flops", t.flopsFormula}, {"bytes", t.bytesFormula}}},
         {"baseline", t.baseline},
         {"allowed_libraries", t.allowedLibraries},
         {"prompt", t.prompt}};
    if (t.reference != TaskReference{})
        j["reference"] = t.reference;
}

void from_json(const nlohmann::json& j, Task& t) {
    t.id = j.at("id").get<std::string>();
    t.title = j.at("title").get<std::string>();
    t.level = j.at("level").get<int>();
    t.family = j.at("family").get<std::string>();
    t.description = j.at("description").get<std::string>();
    t.entryName = j.at("entry").at("name").get<std::string>();
    t.entrySignature = j.at("entry").at("signature").get<std::string>();
    t.parameters = j.at("parameters").get<std::vector<Parameter>>();
    t.shapes = j.at("shapes").get<std::vector<ShapeSpec>>();
    t.tolerances = j.at("tolerances").get<std::map<std::string, Tolerance>>();
    t.flopsFormula = j.at("cost").at("flops").get<std::string>();
    t.bytesFormula = j.at("cost").at("bytes").get<std::string>();
    t.baseline = j.at("baseline").get<Baseline>();
    t.allowedLibraries = j.at("allowed_libraries").get<std::vector<std::string>>();
    t.prompt = j.at("prompt").get<std::string>();
    t.reference = j.value("reference", TaskReference{});
}

Result<Task> taskFromJson(const nlohmann::json& j) {
    // Exceptions stay here: a malformed task from another process is an error value.
    try {
        return j.get<Task>();
    } catch (const std::exception& e) {
        return Error::make("task-json-invalid", std::string("Malformed task JSON: ") + e.what());
    }
}

} // namespace kwb
