#!/usr/bin/env python3
"""How many samples a shape's timing took and how many were outliers, build against build: each
build's `kwb verify` of the same reference solutions, runs alternating between the builds, and per
task and shape the candidate's sample count, its samples more than 2 % over their median (steps
of delay inside a sample show here), the time spent sampling and the speedup.

    tests/benchmarks/sample_spread.py --bin NAME=DIR [--bin NAME=DIR ...] --source REPO
        [--task T ...] [--shape large] [--runs 3] [--out FILE] [--beside CMD]

--beside CMD runs CMD (a shell command) over and over beside the verifications, as another
process on the same GPU would (a job child started ahead starting CUDA: library_start_probe).

Each DIR holds kwb, kwb-runner and kwb-job; the tasks are the built-in ones of REPO
(resources/tasks/reference/T.cu is the candidate)."""
import argparse, json, os, signal, statistics, subprocess, sys, tempfile


def verify(bin_dir, cache, task, source, seed):
    env = dict(os.environ, KWB_RUNNER=os.path.join(bin_dir, "kwb-runner"), KWB_CACHE_DIR=cache,
               KWB_DATA_DIR=cache + "-data")
    cand = os.path.join(source, "resources", "tasks", "reference", task + ".cu")
    p = subprocess.run([os.path.join(bin_dir, "kwb"), "verify", task, cand, "--json", "--seed",
                        str(seed)], capture_output=True, text=True, timeout=300, env=env)
    try:
        rec = json.loads(p.stdout)
    except ValueError:
        return None
    return rec.get("result", rec)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--task", action="append")
    ap.add_argument("--shape", default="large")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--beside")
    a = ap.parse_args()
    beside = None
    if a.beside:
        beside = subprocess.Popen(["sh", "-c", f"while :; do {a.beside} >/dev/null 2>&1; done"],
                                  start_new_session=True)
    try:
        return measure(a)
    finally:
        if beside:
            os.killpg(beside.pid, signal.SIGKILL)


def measure(a):
    bins = [b.split("=", 1) for b in a.bin]
    tasks = a.task or ["sgemm-f32", "conv2d-nchw-f32", "causal-attention-f16"]
    caches = {name: tempfile.mkdtemp(prefix="kwb-spread-") for name, _ in bins}
    rows = {}  # (task, build) -> list of (n, outliers, sampling_timed_ms, speedup)
    for run in range(a.runs):
        order = bins if run % 2 == 0 else list(reversed(bins))
        for task in tasks:
            for name, d in order:
                res = verify(d, caches[name], task, a.source, 1000 + run)
                shape = next((s for s in (res or {}).get("shapes", []) if s.get("name") == a.shape),
                             None)
                c = (shape or {}).get("timing", {}).get("candidate")
                if not c:
                    rows.setdefault((task, name), []).append(None)
                    continue
                med = statistics.median(c["samples_ms"])
                out = sum(1 for x in c["samples_ms"] if x > 1.02 * med)
                rows.setdefault((task, name), []).append(
                    (c["n"], out, c.get("spent_ms", {}).get("sampling_timed", 0), shape.get("speedup")))
    lines = []
    for task in tasks:
        for name, _ in bins:
            rs = rows.get((task, name), [])
            ok = [r for r in rs if r]
            if not ok:
                lines.append(f"{task:24s} {name:8s} no timing in {len(rs)} runs")
                continue
            lines.append(f"{task:24s} {name:8s} n {[r[0] for r in ok]} outliers {[r[1] for r in ok]} "
                         f"sampling {statistics.mean(r[2] for r in ok):6.0f} ms "
                         f"speedup {[round(r[3], 4) if r[3] else None for r in ok]}")
    text = "\n".join(lines)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(f"# {a.shape} shape, {a.runs} runs alternating {', '.join(n for n, _ in bins)}"
                    + (f", beside: {a.beside}" if a.beside else "") + "\n")
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
