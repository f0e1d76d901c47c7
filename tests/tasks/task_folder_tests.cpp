// A task file is enough: the reference kernel it names is read with it, library baselines are
// named from the catalogue with the task's dimensions mapped onto theirs, what a task lacks to
// be verified is said when it loads, and `kwb tasks new` writes folders that load as written.
// Real files in a temporary folder.
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/model/baseline_catalogue.h"
#include "core/tasks/task_catalog.h"
#include "core/tasks/task_loader.h"
#include "core/tasks/task_scaffold.h"
#include "core/tasks/task_validator.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace fs = std::filesystem;

namespace {

std::string readText(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The good test task with its [baseline] table replaced by `baseline`.
std::string withBaseline(const std::string& baseline) {
    std::string text = readText(testSourceDir() / "good_task.toml");
    const auto at = text.find("[baseline]");
    return at == std::string::npos ? std::string() : text.substr(0, at) + baseline;
}

void scaffolds(const fs::path& dir) {
    auto made = kwb::writeTaskScaffold(dir, "my-relu", kwb::scaffoldTask("my-relu"));
    if (!CHECK_MSG(made.ok(), made ? "" : made.error().message))
        return;
    CHECK(*made == dir / "my-relu" / "task.toml" &&
          fs::is_regular_file(dir / "my-relu" / "reference.cu"));
    auto r = kwb::loadTaskFileDetailed(*made);
    if (!CHECK_MSG(r.task.has_value(), kwb::joinProblems(r.problems)))
        return;
    const kwb::Task& t = *r.task;
    CHECK(t.id == "my-relu" && t.entryName == "kwb_my_relu");
    CHECK(t.reference.kernel == "reference.cu" && has(t.reference.kernelSource, "kwb_my_relu"));
    CHECK(t.baseline.library == kwb::BaselineLibrary::ReferenceKernel && t.baseline.op.empty());
    CHECK(kwb::verificationGaps(t).empty());
    // The library baseline its comment suggests, uncommented, names cuDNN's ReLU and fits.
    kwb::TaskScaffold withCudnn = kwb::scaffoldTask("my-relu-cudnn");
    const std::string suggested = "#   [baseline]\n#   op = \"cudnn-relu\"\n";
    const auto at = withCudnn.taskToml.find(suggested);
    if (CHECK(at != std::string::npos)) {
        withCudnn.taskToml.replace(at, suggested.size(), "[baseline]\nop = \"cudnn-relu\"\n");
        auto lib = kwb::writeTaskScaffold(dir / "suggested", "my-relu-cudnn", withCudnn);
        auto lr = lib ? kwb::loadTaskFileDetailed(*lib) : kwb::TaskFileResult{};
        CHECK_MSG(lr.task && lr.task->baseline.op == "cudnn-relu" &&
                      lr.task->baseline.library == kwb::BaselineLibrary::Cudnn,
                  kwb::joinProblems(lr.problems));
    }
    // Never over an existing folder.
    auto again = kwb::writeTaskScaffold(dir, "my-relu", kwb::scaffoldTask("my-relu"));
    CHECK(!again.ok() && has(again.error().message, "already exists"));

    // --like: a built-in task under a new id, its reference kernel copied beside it.
    const auto suite = kwb::loadTaskCatalog(taskSourceDir(), {});
    const kwb::CatalogTask* sgemm = suite.find("sgemm-f32");
    if (!CHECK(sgemm != nullptr))
        return;
    auto like = kwb::scaffoldTaskLike("my-gemm", *sgemm);
    if (!CHECK_MSG(like.ok(), like ? "" : like.error().message))
        return;
    auto likeFile = kwb::writeTaskScaffold(dir, "my-gemm", *like);
    auto lr = likeFile ? kwb::loadTaskFileDetailed(*likeFile) : kwb::TaskFileResult{};
    if (!CHECK_MSG(lr.task.has_value(), kwb::joinProblems(lr.problems)))
        return;
    CHECK(lr.task->id == "my-gemm" && lr.task->entryName == "kwb_sgemm");
    CHECK(lr.task->reference.kernel == "reference.cu" && lr.task->reference.cpu == "sgemm-f32");
    CHECK(lr.task->baseline.op == "cublas-sgemm" && lr.task->shapes == sgemm->task.shapes);
    CHECK(lr.task->reference.kernelSource == sgemm->task.reference.kernelSource);

    // Both, as folders of their own in one task folder, beside a plain task file.
    std::ofstream(dir / "plain.toml") << readText(testSourceDir() / "good_task.toml");
    const auto catalog = kwb::loadTaskCatalog(std::nullopt, {dir});
    CHECK_MSG(catalog.problems.empty() && catalog.tasks.size() == 3,
              kwb::joinProblems(catalog.problems));
    const kwb::CatalogTask* relu = catalog.find("my-relu");
    CHECK(relu && relu->referencePath() == dir / "my-relu" / "reference.cu" && relu->gaps.empty());
    // The plain task names no kernel and no library operation: it loads, and says what it lacks.
    const kwb::CatalogTask* plain = catalog.find("scale-f32");
    CHECK(plain && plain->gaps.size() == 1 && has(plain->gaps.front(), "no reference kernel") &&
          has(plain->gaps.front(), "large, odd"));
}

void libraryBaselines() {
    // The task's dimension n mapped onto an operation's own, and the defaults filled in.
    auto gelu = kwb::loadTaskText(withBaseline("[baseline]\nop = \"kernel-gelu\"\n"), "gelu.toml");
    CHECK_MSG(gelu.task.has_value(), kwb::joinProblems(gelu.problems));
    if (gelu.task) {
        CHECK(gelu.task->baseline.library == kwb::BaselineLibrary::ReferenceKernel);
        CHECK(gelu.task->baseline.label == kwb::findBaselineOp("kernel-gelu")->label);
        CHECK(kwb::verificationGaps(*gelu.task).empty());
    }
    auto rows = kwb::loadTaskText(
        withBaseline("[baseline]\nop = \"cudnn-softmax-rows\"\ndims = { rows = \"1\", cols = "
                     "\"n\" }\nlabel = \"cuDNN softmax over one row\"\n"),
        "rows.toml");
    CHECK_MSG(rows.task.has_value(), kwb::joinProblems(rows.problems));
    if (rows.task)
        CHECK(rows.task->baseline.dims.at("cols") == "n" && rows.task->baseline.dims.size() == 2);
    // Every catalogue entry is complete enough to check a task against.
    for (const auto& op : kwb::baselineCatalogue())
        CHECK_MSG(!op.inputs.empty() && !op.outputs.empty() && !op.dims.empty() &&
                      !op.label.empty() && !op.computes.empty() &&
                      kwb::findBaselineOp(op.name) == &op,
                  op.name);
    CHECK(kwb::findBaselineOp("no-such-op") == nullptr);
}

void json() {
    auto r = kwb::loadTaskFileDetailed(taskSourceDir() / "maxpool2d-f32.toml");
    if (!CHECK_MSG(r.task.has_value(), kwb::joinProblems(r.problems)))
        return;
    const kwb::Task& t = *r.task;
    CHECK(t.baseline.params.at("window") == 3 && !t.reference.kernelSource.empty());
    nlohmann::json j = t;
    auto back = kwb::taskFromJson(j);
    CHECK(back.ok() && *back == t);
    // A spec stored before the task file could name its references reads as it was.
    j.erase("reference");
    j["baseline"].erase("op");
    j["baseline"].erase("params");
    auto old = kwb::taskFromJson(j);
    CHECK(old.ok() && old->reference == kwb::TaskReference{} && old->baseline.op.empty());
    // From memory, a named kernel is not read: the task says so rather than failing later.
    auto mem = kwb::loadTaskText(readText(taskSourceDir() / "sgemm-f32.toml"), "<memory>");
    CHECK(mem.task && mem.task->reference.kernelSource.empty());
    if (mem.task)
        CHECK(kwb::verificationGaps(*mem.task).size() == 1);
}

} // namespace

void taskFolderTests() {
    std::string tmpl = (fs::temp_directory_path() / "kwb-taskfolder-XXXXXX").string();
    if (!CHECK(mkdtemp(tmpl.data()) != nullptr))
        return;
    scaffolds(tmpl);
    libraryBaselines();
    json();
    std::error_code ec;
    fs::remove_all(tmpl, ec);
}
