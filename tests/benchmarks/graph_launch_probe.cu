// How long the host takes to queue a replay of a captured batch, and whether a spin kernel
// ahead of it on the stream still runs when the host is done (then the batch's start event
// waits for the device, not for the host). Batches of tiny kernels with and without a
// cudaMemsetAsync before each: the timing loop found memset graphs could not be covered.
//
//   nvcc -O2 -arch=sm_90 -o graph_launch_probe graph_launch_probe.cu && ./graph_launch_probe
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "spin_kernel.cuh"

__global__ void addOne(float* p) {
    if (threadIdx.x == 0 && blockIdx.x == 0)
        atomicAdd(p, 1.0f);
}
__global__ void zeroKernel(float* p) {
    if (threadIdx.x == 0 && blockIdx.x == 0)
        *p = 0;
}

int main() {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    float* d = nullptr;
    cudaMalloc(&d, 4096);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    const char* names[] = {"kernel", "memset+kernel", "zero-kernel+kernel", "memset-graph-kernel-node"};
    for (int kind = 0; kind < 3; ++kind)
        for (int n : {1, 32, 300, 1000}) {
            cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
            for (int i = 0; i < n; ++i) {
                if (kind == 1)
                    cudaMemsetAsync(d, 0, 4, s);
                if (kind == 2)
                    zeroKernel<<<1, 32, 0, s>>>(d);
                addOne<<<1, 32, 0, s>>>(d);
            }
            cudaGraph_t g;
            cudaStreamEndCapture(s, &g);
            cudaGraphExec_t ge;
            if (cudaGraphInstantiate(&ge, g, 0) != cudaSuccess) {
                std::printf("instantiate failed\n");
                return 1;
            }
            cudaGraphLaunch(ge, s); // upload
            cudaStreamSynchronize(s);
            for (double cover : {0.0, 100.0, 2000.0}) {
                std::vector<double> host, dev;
                int covered = 0;
                for (int r = 0; r < 21; ++r) {
                    cudaDeviceSynchronize();
                    if (cover > 0)
                        spinKernel<<<1, 1, 0, s>>>((unsigned long long)(cover * 1000));
                    cudaEventRecord(e0, s);
                    auto t0 = std::chrono::steady_clock::now();
                    cudaGraphLaunch(ge, s);
                    auto t1 = std::chrono::steady_clock::now();
                    cudaEventRecord(e1, s);
                    covered += cudaEventQuery(e0) == cudaErrorNotReady;
                    cudaDeviceSynchronize();
                    float ms = 0;
                    cudaEventElapsedTime(&ms, e0, e1);
                    host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
                    dev.push_back(1000.0 * ms / n);
                }
                std::sort(host.begin(), host.end());
                std::sort(dev.begin(), dev.end());
                std::printf("%-20s n=%5d cover=%6.0fus launch_host_us(med,max)=(%8.1f,%8.1f) covered=%2d/21 "
                            "per_call_us(min,med,max)=(%.3f,%.3f,%.3f)\n",
                            names[kind], n, cover, host[10], host[20], covered, dev[0], dev[10], dev[20]);
            }
            cudaGraphExecDestroy(ge);
            cudaGraphDestroy(g);
        }
    std::printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
