#include "core/generate/jsonl_sample_sink.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "core/export/output_destination.h"

namespace kwb {
namespace fs = std::filesystem;

Result<std::unique_ptr<JsonlSampleSink>> JsonlSampleSink::open(const fs::path& path) {
    // Appending (and truncating a cut last line) only to a file of ours: never to a project, a
    // database, a device, a FIFO or a link, never into a folder that does not exist.
    OutputPolicy policy;
    policy.kind = OutputKind::AppendedFile;
    if (auto s = checkOutput(path, policy); !s)
        return s.error();
    std::unique_ptr<JsonlSampleSink> sink(new JsonlSampleSink(path));
    std::error_code ec;
    if (fs::exists(path, ec)) {
        std::ifstream in(path, std::ios::binary);
        std::string line;
        std::uintmax_t goodBytes = 0;
        int lineNo = 0;
        bool cut = false;
        while (std::getline(in, line)) {
            ++lineNo;
            if (in.eof()) { // no newline after it: a write that never finished
                cut = true;
                break;
            }
            goodBytes += line.size() + 1;
            if (line.empty())
                continue;
            auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_discarded() || !j.is_object()) {
                sink->m_warnings.push_back(path.string() + ":" + std::to_string(lineNo) +
                                           ": not a JSON object; skipped");
                continue;
            }
            if (j.value("type", "") != "sample" || j.value("turn", 0) != 0)
                continue;
            const auto& author = j.value("author", nlohmann::json::object());
            ++sink->m_firstTurns[{j.value("task_id", ""), author.value("provider", ""),
                                  author.value("model", "")}];
        }
        in.close();
        if (cut) {
            fs::resize_file(path, goodBytes, ec);
            if (ec)
                return Error::make("sink-io", "cannot truncate the unfinished last line of " +
                                                  path.string() + ": " + ec.message());
            sink->m_warnings.push_back(path.string() + ":" + std::to_string(lineNo) +
                                       ": an unfinished record (interrupted write) was removed");
        }
    }
    // Not through a link, and without blocking on a FIFO put there since the check.
    const int fd = ::open(
        path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        ::fcntl(fd, F_SETFL, O_APPEND) != 0 || !(sink->m_file = ::fdopen(fd, "ab"))) {
        const int err = errno;
        if (fd >= 0)
            ::close(fd);
        return Error::make("sink-io", "cannot open " + path.string() + " for writing: " +
                                          (fd >= 0 && !S_ISREG(st.st_mode) ? "not a regular file"
                                                                           : std::strerror(err)));
    }
    return sink;
}

JsonlSampleSink::~JsonlSampleSink() {
    if (m_file)
        std::fclose(m_file);
}

Status JsonlSampleSink::store(const GeneratedSample& sample) {
    std::string line =
        sample.toJson().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    line += '\n';
    if (std::fwrite(line.data(), 1, line.size(), m_file) != line.size() ||
        std::fflush(m_file) != 0 || ::fsync(::fileno(m_file)) != 0)
        return Error::make("sink-io",
                           "cannot write to " + m_path.string() + ": " + std::strerror(errno));
    if (sample.turn == 0)
        ++m_firstTurns[{sample.taskId, sample.provider, sample.model}];
    return okStatus();
}

Result<int> JsonlSampleSink::countExisting(const std::string& taskId, const std::string& provider,
                                           const std::string& model) {
    auto it = m_firstTurns.find({taskId, provider, model});
    return it == m_firstTurns.end() ? 0 : it->second;
}

} // namespace kwb
