#!/usr/bin/env python3
"""Repeatability of kwb's timing for microsecond kernels, under several timing policies, on a GPU.

For each policy and each (task, shape), verifies the task's reference solution REPS times and
prints the medians, their spread ((max - min) / median), the SM clock the kept samples were read
at and how many sample pairs were discarded as throttled. Seeds 100.., like tests/gpu/gpu_suite.py;
with --same-seed all runs use seed 100 (the same inputs), so that a kernel whose time depends on
its inputs does not count as unrepeatable timing.
The policies are `kwb verify --timing` overrides; "default" is the built-in policy.

Also, with --cold: verifies the six proof tasks with an empty build cache (a fresh KWB_CACHE_DIR,
so the per-device calibration runs too) and prints wall time, nvcc's own time and the job's
timeline, the "cold" figure of the verification issue.

Usage: timing_repeat.py --bin BUILD/bin --source REPO [--reps 5] [--cold] [--out FILE]
Exits 77 with the reason when no CUDA device is visible.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

SHAPES = [("gelu-f32", "small"), ("rmsnorm-f32", "small"), ("histogram-i32", "small,odd"),
          ("reduce-sum-f32", "odd,tiny"), ("softmax-rows-f32", "wide-odd"), ("saxpy-f32", "odd"),
          ("layernorm-gelu-f32", "odd"), ("maxpool2d-f32", "small")]
POLICIES = [("default", None),
            ("short-batch", "min_sample_ms=0.25,max_batch=256"),
            ("longer-batch", "min_sample_ms=2,max_batch=4096"),
            ("warm-100ms", "warmup_ms=100")]
PROOF = ["softmax-rows-f32", "sgemm-f32", "layernorm-gelu-f32", "conv2d-nchw-f32", "reduce-sum-f32",
         "gemm-bias-gelu-bf16"]


def verify(kwb, env, task, ref, seed, shapes=None, timing=None, bench=True):
    cmd = [kwb, "verify", task, ref, "--json", "--seed", str(seed)]
    if shapes:
        cmd += ["--shapes", shapes]
    if timing:
        cmd += ["--timing", timing]
    if not bench:
        cmd.append("--no-bench")
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    wall = time.monotonic() - t0
    try:
        return json.loads(p.stdout), wall
    except ValueError:
        return {"verdict": "no-json", "detail": "exit %d: %s" % (p.returncode, p.stderr[-300:])}, wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--cold", action="store_true")
    ap.add_argument("--all", action="store_true", help="every task with a reference solution, all shapes")
    ap.add_argument("--cold-timing", default=None, metavar="KEY=VALUE,...",
                    help="with --cold: this policy (kwb verify --timing) instead of the built-in one")
    ap.add_argument("--same-seed", action="store_true",
                    help="every run of a shape with seed 100 (the same inputs), instead of seeds 100..")
    ap.add_argument("--only", default=None, metavar="TASK[:SHAPE,...];...",
                    help="these tasks (and shapes) instead of the built-in microsecond set")
    ap.add_argument("--out", default=None)
    ap.add_argument("--policy", action="append", default=None, metavar="NAME=KEY=VALUE,...",
                    help="a policy to compare (repeatable; 'NAME=' is the built-in one); default: a built-in set")
    a = ap.parse_args()
    kwb = os.path.join(a.bin, "kwb")
    env = dict(os.environ, KWB_RUNNER=os.path.join(a.bin, "kwb-runner"))
    doc = subprocess.run([kwb, "doctor", "--json"], capture_output=True, text=True, env=env)
    if not json.loads(doc.stdout or "{}").get("device", {}).get("gpus"):
        print("SKIP: no CUDA device visible to kwb-runner; this benchmark needs one")
        return 77
    lines = []

    def say(s):
        print(s, flush=True)
        lines.append(s)

    refdir = os.path.join(a.source, "resources/tasks/reference")
    if a.cold:
        cold_env = dict(env, KWB_CACHE_DIR=tempfile.mkdtemp(prefix="kwb-cold-"))
        for kind in ("cold", "warm"):
            for task in PROOF:
                rec, wall = verify(kwb, cold_env, task, os.path.join(refdir, task + ".cu"), 7, timing=a.cold_timing)
                nvcc = rec.get("build", {}).get("seconds", 0.0) if kind == "cold" else 0.0
                say("%s %-20s verdict=%-6s wall=%.2fs nvcc=%.2fs wall-nvcc=%.2fs" % (
                    kind, task, rec.get("verdict"), wall, nvcc or 0.0, wall - (nvcc or 0.0)))
                say("     job timeline_ms=%s worker_timeline_ms=%s prepared=%s" % (
                    json.dumps({k: round(v) for k, v in rec.get("timeline_ms", {}).items()}),
                    json.dumps({k: round(v) for k, v in rec.get("worker_timeline_ms", {}).items()}),
                    json.dumps(rec.get("prepared", {}))))
                for s in rec.get("shapes", []):
                    t = s.get("timing", {}).get("candidate", {})
                    say("     %-9s spent_ms=%s timing_ms=%s n=%s late=%s batch=%s" % (
                        s.get("name"), json.dumps({k: round(v) for k, v in s.get("spent_ms", {}).items()}),
                        json.dumps({k: round(v) for k, v in t.get("spent_ms", {}).items()}),
                        t.get("n"), t.get("discarded_uncovered"), t.get("batch")))
    worst = {}
    policies = POLICIES
    if a.policy:
        policies = [(p.split("=", 1)[0], p.split("=", 1)[1] or None) for p in a.policy]
    shapes_list = SHAPES
    if a.all:
        shapes_list = [(f[:-3], None) for f in sorted(os.listdir(refdir)) if f.endswith(".cu")]
    if a.only:
        shapes_list = [(t.split(":")[0], (t.split(":") + [None])[1]) for t in a.only.split(";") if t]
    over = {}  # policy -> shapes over 1 %
    for task, shapes in shapes_list:
        # The policies of one task alternate run by run, so they see the same machine.
        med, clocks, disc, bmed, blabel = {}, {}, {}, {}, {}
        for i in range(a.reps):
            for name, timing in policies:
                seed = 100 if a.same_seed else 100 + i
                rec, _ = verify(kwb, env, task, os.path.join(refdir, task + ".cu"), seed, shapes, timing)
                for s in rec.get("shapes", []):
                    t = s.get("timing")
                    if not t:
                        say("  %s %s/%s run %d: %s %s" % (name, task, s.get("name"), i, s.get("verdict"), s.get("detail")))
                        continue
                    key = (name, s["name"])
                    c = t["candidate"]
                    med.setdefault(key, []).append(c["median_ms"])
                    bmed.setdefault(key, []).append(t["baseline"]["median_ms"])
                    blabel.setdefault(key, set()).add(t["baseline"].get("label", "?"))
                    clocks.setdefault(key, []).append(c.get("sm_clock_mhz", {}).get("median", 0))
                    disc.setdefault(key, []).append((c.get("discarded_throttled", 0), c.get("discarded_uncovered", 0), c.get("n", 0),
                                                     round(c.get("cover_us", -1)), c.get("memset_nodes_as_kernels", 0), c.get("buffer_sets", 1)))
                if not rec.get("shapes"):
                    say("  %s %s run %d: %s %s" % (name, task, i, rec.get("verdict"), rec.get("detail")))
        for (name, shape), v in sorted(med.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            spread = (max(v) - min(v)) / statistics.median(v)
            b = bmed[(name, shape)]
            bspread = (max(b) - min(b)) / statistics.median(b)
            worst[name] = max(worst.get(name, 0), spread)
            worst[name + " (baseline)"] = max(worst.get(name + " (baseline)", 0), bspread)
            over.setdefault(name, [0, 0])
            over[name][1] += 1
            if spread > 0.01:
                over[name][0] += 1
            say("%-16s %-20s %-9s medians(us)=%s spread=%.2f%% baseline spread=%.2f%% clock=%s discarded(throttled,late,n,cover_us,memset_nodes,sets)=%s%s" % (
                name, task, shape, [round(1000 * x, 3) for x in v], 100 * spread, 100 * bspread,
                sorted(set(clocks[(name, shape)])), disc[(name, shape)],
                " baselines=%s" % sorted(blabel[(name, shape)]) if len(blabel[(name, shape)]) > 1 else ""))
    for name, (n_over, n) in sorted(over.items()):
        say("over 1%% %-16s %d of %d shapes" % (name, n_over, n))
    for name in sorted(worst):
        say("worst spread %-27s %.2f%%" % (name, 100 * worst[name]))
    if a.out:
        with open(a.out, "w") as fh:
            fh.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
