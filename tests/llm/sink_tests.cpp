// JsonlSampleSink on real files: records, counting for resume, an interrupted last line.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/generate/jsonl_sample_sink.h"
#include "tests/llm/suites.h"
#include "tests/support/check.h"

namespace kwbtest {

void sinkTests() {
    using namespace kwb;
    auto dir =
        std::filesystem::temp_directory_path() / ("kwb-llm-sink-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    auto path = dir / "sub" / "samples.jsonl";
    GeneratedSample s;
    s.id = newSampleId();
    s.taskId = "t1";
    s.provider = "anthropic";
    s.model = "m";
    s.messages = {{"user", "hi"}};
    s.rawResponse = "no code here";
    CHECK(s.id.size() == 32 && s.id != newSampleId());
    // A folder that does not exist is reported, not made (a typo would otherwise go unseen).
    CHECK(!JsonlSampleSink::open(path) && !std::filesystem::exists(path.parent_path()));
    std::filesystem::create_directories(path.parent_path());
    {
        auto sink = JsonlSampleSink::open(path);
        CHECK(sink.ok());
        if (!sink)
            return;
        CHECK((*sink)->store(s).ok());
        s.id = newSampleId();
        s.code = "extern \"C\" void f() {}";
        CHECK((*sink)->store(s).ok());
        GeneratedSample repair = s;
        repair.id = newSampleId();
        repair.parentId = s.id;
        repair.turn = 1;
        CHECK((*sink)->store(repair).ok());
        CHECK((*sink)->countExisting("t1", "anthropic", "m").value() == 2);
        CHECK((*sink)->countExisting("t1", "anthropic", "other").value() == 0);
    }
    std::ifstream in(path);
    std::string line;
    int n = 0;
    nlohmann::json last;
    while (std::getline(in, line)) {
        last = nlohmann::json::parse(line);
        ++n;
    }
    CHECK(n == 3);
    CHECK(last["parent_id"] == s.id && last["turn"] == 1 && last["status"] == "code");
    CHECK(last["messages"][0]["content"] == "hi" && last["author"]["model"] == "m");
    // An interrupted write leaves half a line: reopening removes it and counts the rest.
    { std::ofstream(path, std::ios::app) << R"({"type":"sample","task_id":"t1","turn":0,"autho)"; }
    {
        auto sink = JsonlSampleSink::open(path);
        CHECK(sink && (*sink)->warnings().size() == 1);
        CHECK(sink && (*sink)->countExisting("t1", "anthropic", "m").value() == 2);
        CHECK(sink && (*sink)->store(s).ok());
    }
    std::ifstream again(path);
    std::stringstream all;
    all << again.rdbuf();
    int lines = 0;
    std::istringstream ls(all.str());
    while (std::getline(ls, line))
        lines += nlohmann::json::parse(line, nullptr, false).is_discarded() ? 100 : 1;
    CHECK(lines == 4);
    std::filesystem::remove_all(dir);
}

} // namespace kwbtest
