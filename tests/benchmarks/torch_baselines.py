#!/usr/bin/env python3
"""Times, with PyTorch, the same library calls kwb-runner uses as baselines, so the two can be
compared side by side on one machine: SGEMM 4096^3 in float32 with TF32 off (cuBLAS), and the
bf16 GEMM + bias + GELU 8192^3 (cuBLASLt's GELU_BIAS epilogue via torch._addmm_activation).
Same method as kwb: L2 flushed before each sample, device events, median, and the stream kept
busy (torch.cuda._sleep, about 1 ms) while the host queues the start event, the call and the stop
event, so Python's and the dispatcher's launch latency stays out of the sample, as kwb's spin
keeps the host's out of its samples. The *_no_spin_ms keys time without it (the method before).
Usage: torch_baselines.py [--json FILE]"""
import json, statistics, sys
import torch

def bench(fn, reps=40, warmup=5, spin=True):
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.uint8, device="cuda")
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        flush.zero_()
        torch.cuda.synchronize()
        if spin:
            torch.cuda._sleep(2_000_000)  # clock cycles: about 1 ms at the H200's 1.98 GHz
        start.record(); fn(); stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)

def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    g = torch.Generator(device="cuda").manual_seed(7)
    res = {"device": torch.cuda.get_device_name(), "torch": torch.__version__}
    a = torch.randn(4096, 4096, device="cuda", generator=g)
    b = torch.randn(4096, 4096, device="cuda", generator=g)
    c = torch.empty(4096, 4096, device="cuda")
    res["sgemm_f32_4096_ms"] = bench(lambda: torch.mm(a, b, out=c))
    res["sgemm_f32_4096_no_spin_ms"] = bench(lambda: torch.mm(a, b, out=c), spin=False)
    A = torch.randn(8192, 8192, device="cuda", generator=g).bfloat16()
    B = torch.randn(8192, 8192, device="cuda", generator=g).bfloat16()
    bias = torch.randn(8192, device="cuda", generator=g).bfloat16()
    res["gemm_bias_gelu_bf16_8192_ms"] = bench(lambda: torch._addmm_activation(bias, A, B, use_gelu=True))
    res["gemm_bias_gelu_bf16_8192_no_spin_ms"] = bench(lambda: torch._addmm_activation(bias, A, B, use_gelu=True),
                                                       spin=False)
    res["gemm_bf16_8192_plain_ms"] = bench(lambda: torch.mm(A, B))
    print(json.dumps(res, indent=1))
    if len(sys.argv) > 2 and sys.argv[1] == "--json":
        with open(sys.argv[2], "w") as f:
            json.dump(res, f)

if __name__ == "__main__":
    main()
