// The probes' one-thread spin: keeps a stream busy for `ns` nanoseconds of %globaltimer, so
// what is queued behind it waits for the device, not for the host. (The harness has its own,
// core/gpu/device_kernels.h: spin(); the probes build with nvcc alone.)
#pragma once

__global__ void spinKernel(unsigned long long ns) {
    unsigned long long t0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    for (;;) {
        unsigned long long t;
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
        if (t - t0 >= ns)
            break;
    }
}
