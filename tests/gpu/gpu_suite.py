#!/usr/bin/env python3
"""GPU suite: kwb verify on every reference solution and every known-bad candidate fixture,
checking each verdict; warm and cold timings; repeatability. Real processes, real GPU.

Usage: gpu_suite.py --bin BUILD/bin --source REPO [--out DIR] [--quick] [--torch-json FILE]
Exits 77 (skipped) with the reason when no CUDA device is visible, 0 when every check passes.
"""
import argparse, tempfile, glob, json, os, re, statistics, subprocess, sys, time

def run(cmd, timeout=900, env=None):
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    return p, time.monotonic() - t0

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true", help="references and fixtures only, no repeatability")
    ap.add_argument("--steps", default="refs,fixtures,repeat,tables,torch",
                    help="which steps to run, comma-separated (default: all): refs, fixtures, repeat, tables, torch")
    ap.add_argument("--part", default="1/1",
                    help="K/N: only every N-th reference and fixture, from the K-th (a run too long for "
                         "one call, in N calls)")
    ap.add_argument("--torch-json", default=None,
                    help="output of tests/benchmarks/torch_baselines.py on this machine: compare baselines")
    a = ap.parse_args()
    try:
        part, parts = (int(x) for x in a.part.split("/"))
        if not 1 <= part <= parts:
            raise ValueError
    except ValueError:
        ap.error(f"--part wants K/N with 1 <= K <= N, not {a.part!r}")

    def share(files):  # this part's share of a sorted list
        return files[part - 1::parts]
    kwb = os.path.join(a.bin, "kwb")
    env = dict(os.environ)
    env["KWB_RUNNER"] = os.path.join(a.bin, "kwb-runner")
    # An empty cache folder unless one is given: "cold" then means a first build (and the first
    # calibration and algorithm searches on this device).
    env.setdefault("KWB_CACHE_DIR", tempfile.mkdtemp(prefix="kwb-gpu-suite-"))
    p, _ = run([kwb, "doctor", "--json"], env=env)
    doc = json.loads(p.stdout or "{}")
    if not doc.get("device", {}).get("gpus"):
        print("SKIP: no CUDA device visible to kwb-runner (kwb doctor exit %d); the GPU suite needs one" % p.returncode)
        return 77
    out = a.out
    if out:
        os.makedirs(out, exist_ok=True)
    failures, lines, records = [], [], {}
    steps = set(a.steps.split(","))
    if a.quick:
        steps.discard("repeat")
    proof = ["softmax-rows-f32", "sgemm-f32", "layernorm-gelu-f32", "conv2d-nchw-f32", "reduce-sum-f32",
             "gemm-bias-gelu-bf16"]

    def checkpoint():  # what is done so far survives a timeout of the whole run
        if out:
            with open(os.path.join(out, "gpu_suite.partial.txt"), "w") as fh:
                fh.write("\n".join(lines) + "\n\nFAILURES SO FAR:\n" + "\n".join(failures) + "\n")

    # 1. Reference solutions: cold (first build), then warm (cached build), all shapes, timed.
    refs = share(sorted(glob.glob(os.path.join(a.source, "resources/tasks/reference/*.cu"))))

    def algorithm_keys():  # the cuDNN algorithm choices kept in the cache folder so far
        kept = {}
        for fn in glob.glob(os.path.join(env.get("KWB_CACHE_DIR", ""), "algorithms", "*.json")):
            with open(fn) as fh:
                kept.update(json.load(fh))
        return set(kept)

    # A choice is keyed by the task's id, or, for the N-d convolution baseline, by its operation
    # and full geometry: the keys a task's runs added are its own then, and a shape whose geometry
    # an earlier task searched (conv2d-maxpool-f32 shares conv2d-bn-relu-f32's) reuses that key.
    added_keys = {}
    for ref in (refs if "refs" in steps else []):
        task = os.path.basename(ref)[:-3]
        keys_before = algorithm_keys() if task.startswith("conv2d") else set()
        for phase in ("cold", "warm"):
            p, wall = run([kwb, "verify", task, ref, "--json", "--seed", "7"], env=env)
            try:
                rec = json.loads(p.stdout)
            except ValueError:
                failures.append(f"{task} reference {phase}: no JSON (exit {p.returncode}): {p.stderr[-400:]}")
                break
            records[f"{task}-{phase}"] = rec
            nvcc = rec.get("build", {}).get("seconds", 0.0) if not rec.get("build", {}).get("cached") else 0.0
            lines.append(f"{task:22s} {phase:4s} verdict={rec['verdict']:18s} wall={wall:6.2f}s nvcc={nvcc:5.2f}s "
                         f"overhead={wall - nvcc:5.2f}s geomean={rec.get('geomean_speedup', 0):.3f}")
            if rec["verdict"] != "pass":
                failures.append(f"{task} reference {phase}: {rec['verdict']}: {rec.get('detail')}")
        if task.startswith("conv2d"):
            added_keys[task] = algorithm_keys() - keys_before
        if f"{task}-warm" in records:
            for s in records[f"{task}-warm"].get("shapes", []):
                t = s.get("timing", {})
                sol = s.get("speed_of_light", {})
                lines.append(f"    {s['name']:8s} {json.dumps(s['dims']):44s} base={t.get('baseline', {}).get('median_ms', 0):9.4f}ms "
                             f"cand={t.get('candidate', {}).get('median_ms', 0):9.4f}ms n={t.get('candidate', {}).get('n', 0):3d} "
                             f"speedup={s.get('speedup', 0):6.3f} SOL={100 * sol.get('fraction', 0):5.1f}% ({sol.get('bound', '?')})"
                             f" flags={s.get('flags', [])}")

        checkpoint()  # a run cut short keeps the references done

    # 1b. A cuDNN convolution searches its algorithm once per shape and device: the cold run
    # leaves the choice in the cache folder, and the warm run (a new process) uses the same one.
    cache = env.get("KWB_CACHE_DIR")
    for task in sorted(t for t in (os.path.basename(r)[:-3] for r in refs) if t.startswith("conv2d")):
        if not cache or f"{task}-cold" not in records or f"{task}-warm" not in records:
            continue
        files = glob.glob(os.path.join(cache, "algorithms", "*.json"))
        kept = {}
        for fn in files:
            with open(fn) as fh:
                kept.update(json.load(fh))
        labels = {}
        for phase in ("cold", "warm"):
            for s in records[f"{task}-{phase}"].get("shapes", []):
                labels.setdefault(s["name"], set()).add(s.get("timing", {}).get("baseline", {}).get("label"))
        named = [k for k in kept if f" {task} " in k]
        same = all(len(v) == 1 for v in labels.values())
        if named:  # keyed by the task: one choice per shape
            mine, reused = named, 0
            ok = len(mine) == len(labels) and same
        else:  # keyed by geometry: the shapes that added none reuse an earlier task's choice
            mine = sorted(added_keys.get(task, set()))
            reused = len(labels) - len(mine)
            geometry_keys = [k for k in kept if " cudnn-conv" in k]
            ok = same and 0 <= reused and len(geometry_keys) >= len(labels)
        lines.append(f"{'ok  ' if ok else 'FAIL'} {task} algorithm kept: {len(mine)} choices in {len(files)} file(s) "
                     f"for {len(labels)} shapes ({reused} reused); cold and warm use the same: {same}")
        if not ok:
            failures.append(f"{task}: algorithm choices kept {mine}, baseline labels cold/warm {labels}")

    # 2. Known-bad (and good) fixtures: each must get the verdict its second line names.
    checkpoint()
    fixtures = share(sorted(glob.glob(os.path.join(a.source, "tests/fixtures/candidates/*/*.cu"))))
    for f in (fixtures if "fixtures" in steps else []):
        task = os.path.basename(os.path.dirname(f))
        with open(f) as fh:
            head = fh.read(600)
        m = re.search(r"kwb-expect:\s*([a-z|-]+)", head)
        if not m:
            continue
        want = m.group(1).split("|")
        # "kwb-bench: on": timed too (one shape), for what only the timed calls show.
        timed = ["--shapes", "odd"] if re.search(r"kwb-bench:\s*on", head) else ["--no-bench"]
        # "kwb-timing: KEY=VALUE,...": the timing policy the trick needs to show (e.g. batches).
        policy = re.search(r"kwb-timing:\s*(\S+)", head)
        if policy and "--no-bench" not in timed:
            timed += ["--timing", policy.group(1)]
        p, wall = run([kwb, "verify", task, f, "--json", *timed, "--idle-timeout", "8", "--timeout", "120"], env=env)
        try:
            rec = json.loads(p.stdout)
            got = rec["verdict"]
        except (ValueError, KeyError):
            got, rec = f"no-json(exit {p.returncode})", {}
        ok = got in want
        # "kwb-expect-screening: flagged": the host-code screen must list findings (the pass
        # needs a human); "kwb-must-not-exist: PATH": what the candidate tried to leave behind.
        extra = []
        if re.search(r"kwb-expect-screening:\s*flagged", head):
            findings = (rec.get("screening") or {}).get("findings") or []
            extra.append(f"screening findings: {len(findings)}")
            ok = ok and len(findings) > 0
        # "kwb-expect-detail: REGEX": the verdict's detail must match (e.g. the shape it names).
        for pattern in re.findall(r"kwb-expect-detail:\s*(.+)", head):
            matched = re.search(pattern.strip(), rec.get("detail", "")) is not None
            extra.append(f"detail {'matches' if matched else 'does not match'} /{pattern.strip()}/")
            ok = ok and matched
        for left in re.findall(r"kwb-must-not-exist:\s*(\S+)", head):
            exists = os.path.exists(left)
            extra.append(f"{left} {'LEFT BEHIND' if exists else 'absent'}")
            ok = ok and not exists
        if extra:
            got = got + " (" + "; ".join(extra) + ")"
        lines.append(f"{'ok  ' if ok else 'FAIL'} {task}/{os.path.basename(f):22s} want={'|'.join(want):30s} got={got:18s} {wall:5.1f}s  {rec.get('detail', '')[:150]}")
        if not ok:
            failures.append(f"{task}/{os.path.basename(f)}: wanted {want}, got {got}: {rec.get('detail', p.stderr[-300:])}")
        records[f"fixture-{task}-{os.path.basename(f)}"] = rec
        # "kwb-no-faster-than: good.cu": a trick that must gain nothing is timed as no faster than
        # the honest kernel it falls back to (5 % for run-to-run spread).
        slower = re.search(r"kwb-no-faster-than:\s*(\S+)", head)
        if ok and slower:
            honest = os.path.join(os.path.dirname(f), slower.group(1))
            p2, _ = run([kwb, "verify", task, honest, "--json", *timed, "--idle-timeout", "8", "--timeout", "120"], env=env)
            try:
                base = json.loads(p2.stdout).get("geomean_speedup", 0)
            except ValueError:
                base = 0
            mine = rec.get("geomean_speedup", 0)
            gained = base > 0 and mine > 1.05 * base
            lines.append(f"{'FAIL' if gained or not base else 'ok  '} {task}/{os.path.basename(f)} speedup {mine:.3f} "
                         f"against {slower.group(1)}'s {base:.3f}: the trick gains nothing")
            if gained or not base:
                failures.append(f"{task}/{os.path.basename(f)}: speedup {mine:.3f}, {slower.group(1)} {base:.3f}")

    print("\n".join(lines), flush=True)
    lines_printed = len(lines)
    # 3. Repeatability: the same kernel verified 5 times; per-shape medians within 1 %.
    checkpoint()
    if "repeat" in steps:
        for task in [os.path.basename(r)[:-3] for r in refs]:
            ref = os.path.join(a.source, "resources/tasks/reference", task + ".cu")
            med, clk = {}, {}
            for i in range(5):
                p, _ = run([kwb, "verify", task, ref, "--json", "--seed", str(100 + i)], env=env)
                try:
                    rec = json.loads(p.stdout)
                except ValueError:
                    failures.append(f"repeatability {task} run {i}: no JSON (exit {p.returncode})")
                    continue
                for s in rec.get("shapes", []):
                    if "timing" not in s:
                        failures.append(f"repeatability {task}/{s['name']} run {i}: {s.get('verdict')}: {s.get('detail')}")
                        continue
                    c = s["timing"]["candidate"]
                    med.setdefault(s["name"], []).append(c["median_ms"])
                    clk.setdefault(s["name"], []).append((c.get("sm_clock_mhz", {}).get("median", 0),
                                                         c.get("discarded_throttled", 0)))
            for shape, v in med.items():
                spread = (max(v) - min(v)) / statistics.median(v)
                lines.append(f"repeat {task:18s} {shape:8s} medians(ms)={[round(x, 5) for x in v]} spread={100 * spread:.2f}%"
                             f" clock/discarded={clk.get(shape)}")
                if spread > 0.01:
                    failures.append(f"repeatability {task}/{shape}: spread {100 * spread:.2f}% > 1%")
            checkpoint()

    # 4. The table `kwb verify` prints for each proof task (warm build).
    for task in (proof if "tables" in steps else []):
        ref = os.path.join(a.source, "resources/tasks/reference", task + ".cu")
        p, wall = run([kwb, "verify", task, ref, "--seed", "11"], env=env)
        lines.append(f"$ kwb verify {task} {os.path.relpath(ref, a.source)}   (exit {p.returncode}, {wall:.2f}s)")
        lines.extend(p.stdout.rstrip().splitlines())
    # 5. Baseline agreement with PyTorch's calls of the same libraries, same machine, same run.
    checkpoint()
    if "torch" in steps and a.torch_json and os.path.exists(a.torch_json):
        with open(a.torch_json) as fh:
            torch_res = json.load(fh)
        for task, key in (("sgemm-f32", "sgemm_f32_4096_ms"), ("gemm-bias-gelu-bf16", "gemm_bias_gelu_bf16_8192_ms")):
            rec = records.get(f"{task}-warm")
            if rec is None:  # the refs step did not run: time the large shape now
                p, _ = run([kwb, "verify", task, os.path.join(a.source, "resources/tasks/reference", task + ".cu"),
                            "--json", "--seed", "7", "--shapes", "large"], env=env)
                try:
                    rec = json.loads(p.stdout)
                except ValueError:
                    rec = {}
            large = next((s for s in rec.get("shapes", []) if s["name"] == "large"), None)
            if not large or key not in torch_res:
                failures.append(f"baseline agreement {task}: no timing to compare")
                continue
            ours = large["timing"]["baseline"]["median_ms"]
            theirs = torch_res[key]
            diff = ours / theirs - 1
            lines.append(f"baseline-vs-torch {task:20s} kwb={ours:.4f}ms torch={theirs:.4f}ms diff={100 * diff:+.2f}%")
            plain = torch_res.get(key.replace("_ms", "_no_spin_ms"))
            if plain:  # PyTorch timed with its launch latency inside the sample, for reference
                lines.append(f"  (torch without the spin: {plain:.4f}ms, diff={100 * (ours / plain - 1):+.2f}%)")
            if abs(diff) > 0.05:
                failures.append(f"baseline agreement {task}: {100 * diff:+.2f}% from PyTorch")

    report = "\n".join(lines)
    print("\n".join(lines[lines_printed:]))
    if out:
        with open(os.path.join(out, "gpu_suite.txt"), "w") as fh:
            fh.write(report + "\n\nFAILURES:\n" + "\n".join(failures) + "\n")
        with open(os.path.join(out, "gpu_suite_records.json"), "w") as fh:
            json.dump(records, fh)
    print(f"\n{len(lines) - len(failures)} passed, {len(failures)} failed")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
