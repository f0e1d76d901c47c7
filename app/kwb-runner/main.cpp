// kwb-runner: the GPU worker. Speaks the line protocol (core/protocol/protocol.h) on stdin/stdout.
// Builds candidates and runs each verification in a fresh kwb-job child beside it (job_main.cpp),
// so a crashed kernel kills only that. It links the CUDA runtime alone, not the libraries, so
// it starts (and starts nvcc) in milliseconds.
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

#include "core/gpu/build_sandbox.h"
#include "core/gpu/worker_session.h"
#include "core/model/source_limit.h"
#include "core/protocol/protocol.h"
#include "core/protocol/request_line_reader.h"
#include "core/sys/supervise.h"
#include "kwb/version.h"

namespace {

void usage() {
    std::printf(
        "Usage: kwb-runner [--version] [--help]\n"
        "The Kernel Workbench GPU worker. It reads one JSON request per line on stdin and\n"
        "answers one JSON object per line on stdout; start with a hello, e.g.\n"
        "  {\"type\":\"hello\",\"protocol\":%d}\n"
        "  {\"id\":1,\"type\":\"device-info\"}\n"
        "Exit codes: 0 done, 2 usage error, 3 protocol version mismatch, 4 protocol error.\n",
        kwb::protocol::kVersion);
}

bool writeAll(int fd, const std::string& s) {
    std::size_t done = 0;
    while (done < s.size()) {
        ssize_t n = ::write(fd, s.data() + done, s.size() - done);
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    // This program confines each nvcc build it starts: started again with this flag, it applies
    // the build's limits and Landlock rules to itself and runs nvcc (build_sandbox.h).
    if (argc > 1 && !std::strcmp(argv[1], "--confined-build"))
        return kwb::gpu::confinedBuildMain(argc - 2, argv + 2);
    // And each job under compute-sanitizer or ncu: it runs the tool and takes the job's whole
    // group along when this worker dies (supervise.h).
    if (argc > 3 && !std::strcmp(argv[1], "--supervise") && !std::strcmp(argv[2], "--"))
        return kwb::runSupervised(argv + 3, ::getppid());
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--version")) {
            std::printf("kwb-runner %s (protocol %d)\n", kwb::kVersion, kwb::protocol::kVersion);
            return 0;
        }
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
            usage();
            return 0;
        }
        std::fprintf(stderr, "kwb-runner: unknown option '%s' (try --help)\n", argv[i]);
        return kwb::protocol::kExitUsage;
    }

    // The protocol gets a private copy of stdout; fd 1 then points at stderr, so nothing a
    // library or kernel prints can ever land in the protocol stream.
    std::fflush(stdout);
    int protocolFd = ::dup(STDOUT_FILENO);
    if (protocolFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::perror("kwb-runner: cannot set up the protocol channel");
        return kwb::protocol::kExitProtocolError;
    }

    // kwb-job lies beside this program, wherever it was installed or built.
    char self[4096];
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = '\0';
    std::string job = self;
    job = job.substr(0, job.find_last_of('/') + 1) + "kwb-job";
    kwb::gpu::WorkerSession session(job, self);
    bool lost = false;
    auto send = [&](const nlohmann::json& reply) {
        if (!lost && !writeAll(protocolFd, kwb::protocol::frame(reply)))
            lost = true; // the client went away
    };
    // Lines are read with a bound: an oversized request is answered (with its id where its start
    // names one) without ever holding more than the limit in memory.
    kwb::protocol::RequestLineReader reader(STDIN_FILENO, kwb::protocol::kMaxLineBytes);
    while (!session.finished()) {
        auto line = reader.next();
        if (!line)
            break;
        if (line->tooLong) {
            send(kwb::protocol::errorReplyToHead(
                kwb::protocol::requestHeadOf(line->text), "request-too-large",
                "the request line is " + std::to_string(line->bytes) +
                    " bytes; the protocol allows " + std::to_string(kwb::protocol::kMaxLineBytes) +
                    " (candidate sources up to " + std::to_string(kwb::kMaxSourceBytes) +
                    " bytes)"));
        } else {
            session.handleLine(line->text, send);
        }
        if (lost)
            return kwb::protocol::kExitProtocolError;
    }
    return session.exitCode();
}
