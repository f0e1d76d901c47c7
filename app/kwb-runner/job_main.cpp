// kwb-job: one sandboxed verification job, started by kwb-runner (core/gpu/job_launcher.h) in
// a fresh process group and private folder. Not meant to be run by hand: it reads its key and
// the job's lines on stdin and answers in signed frames on a private copy of stdout
// (core/gpu/verify_job.h, core/protocol/job_channel.h). It links CUDA
// and its libraries (cuBLAS, cuBLASLt, cuDNN) for the baselines.
#include <cstdio>
#include <cstring>

#include "core/gpu/verify_job.h"
#include "core/protocol/protocol.h"
#include "kwb/version.h"

int main(int argc, char** argv) {
    if (argc == 2 && (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "--help"))) {
        std::printf(
            "kwb-job %s: one verification job of kwb-runner, which starts it; it reads the\n"
            "job on stdin and is not meant to be run by hand.\n",
            kwb::kVersion);
        return 0;
    }
    if (argc != 1) {
        std::fprintf(stderr, "kwb-job: takes no arguments (it is started by kwb-runner)\n");
        return kwb::protocol::kExitUsage;
    }
    return kwb::gpu::jobMain();
}
