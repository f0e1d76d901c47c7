// The Task model: enum spellings, signature generation, and the exact JSON round trip the
// GPU worker relies on.
#include <cmath>
#include <string>

#include "core/model/task.h"
#include "core/tasks/task_loader.h"
#include "core/tasks/task_validator.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace {

kwb::Task syntheticTask() {
    using namespace kwb;
    Task t;
    t.id = "synthetic-f16";
    t.title = "Synthetic \"quoted\" title — with UTF-8 ✓";
    t.level = 3;
    t.family = "test";
    t.description = "line 1\nline 2\ttab";
    t.entryName = "kwb_synth";
    Parameter x{
        "x", ParamKind::Input, DType::F16, {"M", "K*2"}, {DistributionKind::Uniform, -0.1, 0.3},
        {}};
    Parameter y{"y", ParamKind::Output, DType::I32, {"M"}, {}, {}};
    Parameter m{"M", ParamKind::Dim, DType::F32, {}, {}, {}};
    Parameter k{"K", ParamKind::Dim, DType::I32, {}, {}, {}}; // a stray dtype survives too
    Parameter a{"alpha", ParamKind::Scalar, DType::F32, {}, {}, 0.1 + 0.2};
    Parameter s{"stream", ParamKind::Stream, DType::F32, {}, {}, {}};
    t.parameters = {x, y, m, k, a, s};
    t.entrySignature = canonicalSignature(t);
    t.shapes = {{"big", {{"M", 4096}, {"K", 3'000'000'000LL}}, {{"alpha", 1e-300}}, false},
                {"small", {{"M", 3}, {"K", 5}}, {}, true}};
    t.tolerances["y"] = {1.0 / 3.0, 5e-324, ToleranceMode::ScaledBySumAbs};
    t.flopsFormula = "2*M*K";
    t.bytesFormula = "2*M*K*2 + 4*M";
    t.baseline = {BaselineLibrary::Cudnn,
                  "cuDNN pooling",
                  "cudnn-maxpool2d",
                  {{"OH", "(M + 1)/2"}},
                  {{"window", 3.0}}};
    t.reference = {"reference.cu", "extern \"C\" void kwb_x(...) {}\n", "sgemm-f32"};
    t.allowedLibraries = {"cub", "thrust"};
    t.prompt = "Write {braces} and \\backslashes\\ and \"quotes\".";
    return t;
}

bool roundTrips(const kwb::Task& t) {
    const std::string text = nlohmann::json(t).dump();
    auto back = kwb::taskFromJson(nlohmann::json::parse(text));
    return back.ok() && *back == t && nlohmann::json(*back).dump() == text;
}

} // namespace

void modelTests() {
    using namespace kwb;
    // Enum spellings go both ways.
    for (DType d : {DType::F32, DType::F16, DType::BF16, DType::I32})
        CHECK(parseDType(toString(d)) == d);
    for (ParamKind k : {ParamKind::Input, ParamKind::Output, ParamKind::Dim, ParamKind::Scalar,
                        ParamKind::Stream})
        CHECK(parseParamKind(toString(k)) == k);
    for (ToleranceMode m :
         {ToleranceMode::Elementwise, ToleranceMode::ScaledBySumAbs, ToleranceMode::RelativeToRms})
        CHECK(parseToleranceMode(toString(m)) == m);
    for (BaselineLibrary b :
         {BaselineLibrary::Cublas, BaselineLibrary::CublasLt, BaselineLibrary::Cudnn,
          BaselineLibrary::Cub, BaselineLibrary::Composition, BaselineLibrary::ReferenceKernel})
        CHECK(parseBaselineLibrary(toString(b)) == b);
    CHECK(!parseDType("f64").has_value());
    CHECK(!parseDType("F32").has_value());
    CHECK(dtypeSize(DType::BF16) == 2 && dtypeSize(DType::I32) == 4);
    CHECK(cTypeName(DType::BF16) == "__nv_bfloat16" && cTypeName(DType::F16) == "__half");

    const Task t = syntheticTask();
    CHECK(canonicalSignature(t) ==
          "extern \"C\" void kwb_synth(const __half* x, int* y, int M, int K, float alpha, "
          "cudaStream_t stream);");
    CHECK(normalizeSignature("extern  \"C\"\nvoid kwb_synth( const __half *x,int* y ,int M, int "
                             "K, float alpha, cudaStream_t stream )") ==
          normalizeSignature(canonicalSignature(t)));
    CHECK(normalizeSignature("void f(int a)") != normalizeSignature("void f(inta)"));

    CHECK(roundTrips(t));
    CHECK(t.findParameter("alpha") && t.findParameter("alpha")->defaultValue == 0.1 + 0.2);
    CHECK(t.findShape("small") && t.findShape("small")->cpuReference);
    CHECK(t.parametersOfKind(ParamKind::Dim).size() == 2);

    // A changed field shows in the comparison (the round-trip test could otherwise be vacuous).
    Task changed = t;
    changed.shapes[0].scalars["alpha"] = 1e-299;
    CHECK(!(changed == t));

    // Malformed JSON is an error value, never an exception.
    nlohmann::json j = t;
    j["parameters"][0]["dtype"] = "f64";
    auto badDtype = taskFromJson(j);
    CHECK(!badDtype.ok() && badDtype.error().message.find("f64") != std::string::npos);
    j = t;
    j["parameters"][0].erase("shape"); // an input buffer without a shape
    CHECK(!taskFromJson(j).ok());
    j = t;
    j.erase("shapes");
    CHECK(!taskFromJson(j).ok());
    j = t;
    j["level"] = "three";
    CHECK(!taskFromJson(j).ok());
    CHECK(!taskFromJson(nlohmann::json::array()).ok());
    CHECK(!taskFromJson(nullptr).ok());

    // Every shipped task survives the trip to the worker unchanged.
    auto folder = loadTaskFolder(taskSourceDir());
    CHECK(folder.tasks.size() >= 24);
    for (const auto& task : folder.tasks)
        CHECK_MSG(roundTrips(task), task.id);
}
