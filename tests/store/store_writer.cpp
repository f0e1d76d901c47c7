// kwb_store_writer: a second writer for the concurrency test, standing in for the GUI. It
// opens a project through ProjectStore and writes reviews and single samples, each in its own
// short transaction, for `seconds`, while another process writes the same file. Every
// `sampleEvery`-th write is a new sample, the others reviews. Prints what it wrote.
// A pause between writes (milliseconds) paces it like a person clicking quickly; without one it
// would hold the write lock nearly all the time and starve the other writer (SQLite's busy
// handler is not fair), which no person at the GUI can do.
//   kwb_store_writer <project> <seconds> <sampleEvery> <tag> [pauseMs]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "core/model/task.h"
#include "core/store/project_store.h"
#include "core/tasks/task_loader.h"
#include "tests/store/synthetic_kernels.h"

int main(int argc, char** argv) {
    if (argc != 5 && argc != 6) {
        std::fprintf(stderr, "usage: %s <project> <seconds> <sampleEvery> <tag> [pauseMs]\n",
                     argv[0]);
        return 64;
    }
    const double seconds = std::stod(argv[2]);
    const int sampleEvery = std::max(1, std::stoi(argv[3]));
    const std::string tag = argv[4];
    const int pauseMs = argc == 6 ? std::stoi(argv[5]) : 0;
    auto store = kwb::ProjectStore::open(argv[1]);
    if (!store) {
        std::fprintf(stderr, "open: %s\n", kwb::describe(store.error()).c_str());
        return 2;
    }
    auto task = kwb::loadTaskFile(std::string(KWB_SOURCE_DIR) + "/resources/tasks/sgemm-f32.toml");
    if (!task) {
        std::fprintf(stderr, "task: %s\n", task.error().message.c_str());
        return 2;
    }
    auto count = (*store)->countSamples({});
    if (!count || *count == 0)
        return 2;
    int added = 0, reviewed = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (int i = 0; std::chrono::steady_clock::now() < deadline; ++i) {
        const std::int64_t id = 1 + i % *count;
        auto r = (*store)->review(id, i % 2 ? kwb::Verdict::Rejected : kwb::Verdict::Accepted, tag,
                                  tag + " review " + std::to_string(i));
        if (!r) {
            std::fprintf(stderr, "review %d: %s\n", i, kwb::describe(r.error()).c_str());
            return 2;
        }
        ++reviewed;
        if (pauseMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(pauseMs));
        if (i % sampleEvery == 0) {
            kwb::Sample s;
            s.taskId = task->id;
            s.origin = kwb::SampleOrigin::Person;
            s.author = tag;
            s.label = tag + "-" + std::to_string(added);
            s.source = kwbtest::syntheticKernel(task->id, 1000000 + std::uint64_t(added) +
                                                              std::hash<std::string>{}(tag) % 1000);
            auto id2 = (*store)->addSample(*task, s);
            if (!id2) {
                std::fprintf(stderr, "sample %d: %s\n", added, kwb::describe(id2.error()).c_str());
                return 2;
            }
            ++added;
        }
    }
    std::printf("ok reviews=%d samples=%d\n", reviewed, added);
    return 0;
}
