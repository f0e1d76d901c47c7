// Can a job see that another process's kernels share the device with it? The question behind
// letting two jobs of one lane overlap (one checks its candidate while the other waits): a job
// held with SIGSTOP stops launching, but what it queued before runs on, and would run beside the
// other job's timing. One thread reading %globaltimer in a loop sees every stretch in which the
// device ran another context instead of its own (a time slice) as a gap between two reads.
//
//   watch MS        one block of one thread reads %globaltimer for MS ms; prints the largest gap
//                   between two reads and how many gaps (and how much time) exceed 20 us
//   hog MS BLOCKS K starts CUDA, queues K spin kernels of MS ms each on BLOCKS blocks of one
//                   thread (K = 0: none, a context that sends no work), prints "queued" and
//                   sleeps until it is killed (contention_probe.sh holds it with SIGSTOP)
//
//   nvcc -O2 -arch=sm_90 -o contention_probe contention_probe.cu && tests/benchmarks/contention_probe.sh
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <cuda_runtime.h>

#include "spin_kernel.cuh"

struct Gaps {
    unsigned long long largest, over, overNs, reads, spanNs;
};

__global__ void watchKernel(unsigned long long ns, unsigned long long thresholdNs, Gaps* out) {
    unsigned long long t0, last;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    last = t0;
    Gaps g{0, 0, 0, 0, 0};
    for (;;) {
        unsigned long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        const unsigned long long d = t - last;
        if (d > g.largest)
            g.largest = d;
        if (d > thresholdNs) {
            ++g.over;
            g.overNs += d;
        }
        ++g.reads;
        last = t;
        if (t - t0 >= ns)
            break;
    }
    g.spanNs = last - t0;
    *out = g;
}

static int check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
    return 0;
}

static int watch(double ms) {
    Gaps* g = nullptr;
    check(cudaMallocManaged(&g, sizeof(Gaps)), "cudaMallocManaged");
    watchKernel<<<1, 1>>>((unsigned long long)(ms * 1e6), 20000ULL, g);
    check(cudaDeviceSynchronize(), "watch");
    std::printf("watch %.0f ms: largest gap %.1f us; %llu gaps over 20 us, %.2f ms in all; "
                "%llu reads over %.2f ms\n",
                ms, g->largest / 1e3, g->over, g->overNs / 1e6, g->reads, g->spanNs / 1e6);
    return 0;
}

static int hog(double ms, int blocks, int kernels) {
    check(cudaFree(nullptr), "cudaFree");
    for (int i = 0; i < kernels; ++i)
        spinKernel<<<blocks, 1>>>((unsigned long long)(ms * 1e6));
    check(cudaGetLastError(), "launch");
    std::printf("queued %d kernels of %.0f ms on %d blocks\n", kernels, ms, blocks);
    std::fflush(stdout);
    for (;;)
        std::this_thread::sleep_for(std::chrono::seconds(1));
}

int main(int argc, char** argv) {
    if (argc >= 3 && !std::strcmp(argv[1], "watch"))
        return watch(std::atof(argv[2]));
    if (argc >= 5 && !std::strcmp(argv[1], "hog"))
        return hog(std::atof(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]));
    std::fprintf(stderr, "usage: contention_probe watch MS | hog MS BLOCKS KERNELS\n");
    return 2;
}
