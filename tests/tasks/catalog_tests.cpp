// TaskCatalog: the built-in suite plus user folders; broken and duplicate user tasks are
// reported and skipped, the rest load. Real files in a temporary folder.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/tasks/task_catalog.h"
#include "tests/support/check.h"
#include "tests/tasks/suites.h"

namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p);
    out << text;
}

} // namespace

void catalogTests() {
    std::string tmpl = (fs::temp_directory_path() / "kwb-catalog-XXXXXX").string();
    if (!CHECK(mkdtemp(tmpl.data()) != nullptr))
        return;
    const fs::path user = tmpl;
    // A good user task: the test folder's good_task.toml under a new id.
    std::string good = readFile(testSourceDir() / "good_task.toml");
    CHECK(!good.empty());
    writeFile(user / "a_good.toml", good);
    writeFile(user / "b_broken.toml", "id = \"broken\"\nlevel = [\n");
    // A user file reusing a built-in id is skipped, not allowed to shadow the suite.
    std::string clash = readFile(taskSourceDir() / "sgemm-f32.toml");
    writeFile(user / "c_clash.toml", clash);
    fs::create_directories(user / "reference"); // the kernel it names, so only the id clashes
    fs::copy_file(taskSourceDir() / "reference" / "sgemm-f32.cu",
                  user / "reference" / "sgemm-f32.cu");

    const auto c = kwb::loadTaskCatalog(taskSourceDir(), {user});
    std::size_t builtin = 0, mine = 0;
    for (const auto& t : c.tasks)
        (t.builtin ? builtin : mine) += 1;
    CHECK(builtin >= 24);
    CHECK_MSG(mine == 1, std::to_string(mine));
    CHECK(c.problems.size() == 2);
    bool sawBroken = false, sawClash = false;
    for (const auto& p : c.problems) {
        sawBroken = sawBroken || p.file.find("b_broken.toml") != std::string::npos;
        sawClash = sawClash || (p.file.find("c_clash.toml") != std::string::npos &&
                                p.message.find("already taken") != std::string::npos);
    }
    CHECK(sawBroken && sawClash);
    const auto* sgemm = c.find("sgemm-f32");
    CHECK(sgemm && sgemm->builtin);
    CHECK(sgemm && sgemm->referencePath() == taskSourceDir() / "reference" / "sgemm-f32.cu");

    // A missing user folder is a problem, not a crash; no built-in folder is allowed.
    const auto none = kwb::loadTaskCatalog(std::nullopt, {user / "nope"});
    CHECK(none.tasks.empty() && none.problems.size() == 1);
    std::error_code ec;
    fs::remove_all(user, ec);
}
