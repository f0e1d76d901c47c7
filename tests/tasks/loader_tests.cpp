// Loading task files: broken files give "file:line:column: what", a folder skips a broken
// file and loads the rest, and nothing throws or crashes.
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "core/tasks/task_loader.h"
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

void writeText(const fs::path& p, const std::string& text) {
    std::ofstream(p) << text;
}

// The line carrying "# kwb-expect: <text>" and that text.
std::pair<int, std::string> expectation(const fs::path& p) {
    std::istringstream in(readText(p));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        const auto at = line.find("kwb-expect: ");
        if (at != std::string::npos)
            return {n, line.substr(at + 12)};
    }
    return {0, {}};
}

struct TempDir {
    fs::path path;
    TempDir() {
        std::string tmpl = (fs::temp_directory_path() / "kwb-tasks-XXXXXX").string();
        path = mkdtemp(tmpl.data()) ? fs::path(tmpl) : fs::path();
    }
    ~TempDir() {
        std::error_code ec;
        if (!path.empty())
            fs::remove_all(path, ec);
    }
};

void badFixtures() {
    int seen = 0;
    for (const auto& entry : fs::directory_iterator(testSourceDir() / "bad")) {
        if (entry.path().extension() != ".toml")
            continue;
        ++seen;
        const auto [line, text] = expectation(entry.path());
        const std::string name = entry.path().filename().string();
        CHECK_MSG(line > 0, name + " has no kwb-expect marker");
        auto r = kwb::loadTaskFileDetailed(entry.path());
        CHECK_MSG(!r.task && !r.problems.empty(), name + " must not load");
        bool found = false;
        for (const auto& p : r.problems)
            found = found || (p.file == entry.path().string() && p.line == line && p.column > 0 &&
                              p.message.find(text) != std::string::npos);
        CHECK_MSG(found, name + ": expected line " + std::to_string(line) + " with \"" + text +
                             "\", got:\n" + kwb::joinProblems(r.problems));
        // The Result form carries the same "file:line:column: message" text.
        auto res = kwb::loadTaskFile(entry.path());
        CHECK_MSG(!res.ok() && res.error().code == "task-invalid" &&
                      res.error().message.find(entry.path().string() + ":" + std::to_string(line) +
                                               ":") != std::string::npos,
                  name);
    }
    CHECK(seen >= 5);
}

void goodFixture() {
    auto r = kwb::loadTaskFileDetailed(testSourceDir() / "good_task.toml");
    CHECK_MSG(r.task.has_value(), kwb::joinProblems(r.problems));
    if (!r.task)
        return;
    const kwb::Task& t = *r.task;
    CHECK(t.id == "scale-f32" && t.entryName == "kwb_scale" && t.parameters.size() == 4);
    CHECK(t.shapes.size() == 3 && t.shapes[2].cpuReference && !t.shapes[0].cpuReference);
    CHECK(t.shapes[1].dims.at("n") == 1000003);
    CHECK(t.tolerances.at("y").rtol == 1e-5);
    CHECK(t.baseline.library == kwb::BaselineLibrary::ReferenceKernel);
    CHECK(kwb::validateTask(t).empty());
}

// Mutations of the good file, each checked for the problem it must raise.
void mutations() {
    const std::string good = readText(testSourceDir() / "good_task.toml");
    struct Case {
        const char* from;
        const char* to;
        const char* expect;
    };
    const Case cases[] = {
        {"level = 1", "level = 7", "level must be 1, 2 or 3"},
        {"id = \"scale-f32\"", "id = \"Scale F32\"", "must be lower-case"},
        {"rtol = 1e-5", "rtol = 0.0", "rtol must be positive"},
        {"atol = 1e-6", "atol = -1.0", "atol must be positive"},
        {"library = \"reference-kernel\"", "library = \"mkl\"", "unknown baseline library"},
        {"allowed_libraries = []", "allowed_libraries = [\"cub\", \"leftpad\"]", "unknown library"},
        {"mode = \"elementwise\"", "mode = \"closeish\"", "unknown tolerance mode"},
        {"kind = \"dim\"", "kind = \"dimension\"", "unknown parameter kind"},
        {"dims = { n = 1000003 }\n\n[[shapes]]\nname = \"small\"\ndims = { n = 5 }",
         "dims = { n = 1048576 }\n\n[[shapes]]\nname = \"small\"\ndims = { n = 32 }",
         "not a multiple of 16"},
        {"cpu_reference = true", "cpu_reference = false", "no shape has cpu_reference"},
        {"cpu_reference = true", "cpu_reference = \"yes\"", "must be true or false"},
        {"dims = { n = 5 }", "dims = { n = 0 }", "between 1 and 2147483647"},
        {"dims = { n = 5 }", "dims = { n = 5.5 }", "must be an integer"},
        {"[tolerances.y]", "[tolerances.x]", "not an output parameter"},
        {"family = \"elementwise\"", "family = \"elementwise\"\ncolour = \"red\"", "unknown key"},
        {"title = \"Scale a vector\"\n", "", "missing key \"title\""},
        {"shape = [\"n\"]", "shape = [\"n\", \"q\"]", "not a dimension parameter"},
        {"bytes = \"8*n\"", "bytes = \"8*n - 9*n\"", "not positive"},
        {"dims = { n = 1048576 }", "dims = { n = 3000000000 }", "between 1 and 2147483647"},
        {"name = \"y\"", "name = \"x\"", "declared twice"},
    };
    for (const auto& c : cases) {
        std::string text = good;
        const auto at = text.find(c.from);
        if (!CHECK_MSG(at != std::string::npos, c.from))
            continue;
        text.replace(at, std::string(c.from).size(), c.to);
        auto r = kwb::loadTaskText(text, "mutated.toml");
        bool found = false;
        for (const auto& p : r.problems)
            found = found || (p.message.find(c.expect) != std::string::npos && p.line > 0);
        CHECK_MSG(!r.task && found, std::string(c.to) + ": expected \"" + c.expect + "\", got:\n" +
                                        kwb::joinProblems(r.problems));
    }
}

void hostileInput() {
    // None of these may crash or throw; each gives at least one problem.
    const std::string inputs[] = {"",
                                  "\x01\x02\x03",
                                  "[[[[",
                                  "id = 1\nid = 2",
                                  std::string(100000, '['),
                                  "parameters = 5\nshapes = \"x\"",
                                  "[[parameters]]\n[[parameters]]\nname = 3",
                                  "[entry]\nname = [1, 2]\n[baseline]\nlibrary = {}",
                                  "level = 99999999999999\n"};
    for (const auto& text : inputs) {
        auto r = kwb::loadTaskText(text, "hostile.toml");
        CHECK(!r.task && !r.problems.empty());
    }
    auto missing = kwb::loadTaskFile("/nonexistent/kwb/task.toml");
    CHECK(!missing.ok() && missing.error().message.find("/nonexistent/kwb/task.toml") == 0);
}

void folders() {
    TempDir dir;
    if (!CHECK(!dir.path.empty()))
        return;
    const std::string good = readText(testSourceDir() / "good_task.toml");
    writeText(dir.path / "a-good.toml", good);
    writeText(dir.path / "b-broken.toml", readText(testSourceDir() / "bad" / "unknown_dtype.toml"));
    std::string second = good;
    second.replace(second.find("scale-f32"), 9, "scale-two");
    writeText(dir.path / "c-second.toml", second);
    writeText(dir.path / "d-duplicate.toml", good); // same id as a-good.toml
    writeText(dir.path / "notes.txt", "not a task");
    fs::create_directory(dir.path / "sub.toml"); // a folder named like a task file

    auto folder = kwb::loadTaskFolder(dir.path);
    CHECK(folder.tasks.size() == 2 && folder.files.size() == 2);
    if (folder.tasks.size() == 2)
        CHECK(folder.tasks[0].id == "scale-f32" && folder.tasks[1].id == "scale-two" &&
              folder.files[1].filename() == "c-second.toml");
    bool broken = false, duplicate = false;
    for (const auto& p : folder.problems) {
        broken = broken || (fs::path(p.file).filename() == "b-broken.toml" && p.line == 17);
        duplicate = duplicate || (fs::path(p.file).filename() == "d-duplicate.toml" &&
                                  p.message.find("already used") != std::string::npos);
    }
    CHECK_MSG(broken, kwb::joinProblems(folder.problems));
    CHECK_MSG(duplicate, kwb::joinProblems(folder.problems));

    auto none = kwb::loadTaskFolder(dir.path / "missing");
    CHECK(none.tasks.empty() && none.problems.size() == 1);
}

} // namespace

void loaderTests() {
    badFixtures();
    goodFixture();
    mutations();
    hostileInput();
    folders();
}
