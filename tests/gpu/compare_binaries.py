#!/usr/bin/env python3
"""Two builds of kwb side by side on one GPU: the same candidates verified by each, alternating
A, B, B, A run by run so that drift of the machine falls on both, and the verdicts and per-shape
speedups compared. A change that must not move results (a refactor, a new check) is shown to keep
every verdict and every speedup within --tolerance (default 2 %) of the build before it.

Usage: compare_binaries.py --a OLD/bin --b NEW/bin --source REPO [--runs 2] [--out FILE]
       [--candidates GLOB ...]   (default: every reference solution and every candidate fixture)
       [--detail]                (each side's median time, batch, buffer sets and L2 state too)
       [--b-timing K=V,... ...]  (--timing overrides for B's runs: a policy tried against A; several
                                 of them: one B side each, every one against the same A runs)
       [--a-tasks DIR]           (A's built-in tasks from DIR, not the source's: an older build
                                 reads the task files of its own commit, `git archive OLD`)
Each bin folder holds kwb, kwb-runner and kwb-job. Exits 77 without a GPU, 1 when a verdict
differs or a speedup moves beyond the tolerance in the median over runs, 0 otherwise.
"""
import argparse, glob, json, os, shutil, statistics, subprocess, sys, tempfile, time


def timing_of(shape):
    t = shape.get("timing") or {}
    c, b = t.get("candidate") or {}, t.get("baseline") or {}
    return {"cand_ms": c.get("median_ms"), "base_ms": b.get("median_ms"), "batch": (c.get("batch"), b.get("batch")),
            "sets": c.get("buffer_sets"), "l2": c.get("l2", "flushed")}


def verify(bin_dir, cache, task, source, seed, timing=None):
    env = dict(os.environ, KWB_RUNNER=os.path.join(bin_dir, "kwb-runner"), KWB_CACHE_DIR=cache,
               KWB_DATA_DIR=cache + "-data")
    t0 = time.monotonic()
    cmd = [os.path.join(bin_dir, "kwb"), "verify", task, source, "--json", "--seed", str(seed)]
    if timing:
        cmd += ["--timing", timing]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    wall = time.monotonic() - t0
    try:
        rec = json.loads(p.stdout)
    except ValueError:
        return {"verdict": "no-record (exit %d): %s" % (p.returncode, p.stderr.strip()[-200:]), "shapes": {}}, wall
    res = rec.get("result", rec)
    shapes = {s.get("name"): s.get("speedup") for s in res.get("shapes", [])}
    detail = {s.get("name"): timing_of(s) for s in res.get("shapes", [])}
    return {"verdict": res.get("verdict"), "shapes": shapes, "detail": detail, "record": res}, wall


def task_of(path, source):
    rel = os.path.relpath(path, source)
    parts = rel.split(os.sep)
    if parts[:3] == ["resources", "tasks", "reference"]:
        return os.path.basename(path)[:-3]
    return parts[-2]  # tests/fixtures/candidates/<task>/<name>.cu


def detail_lines(results, shape, b="B"):
    """Which side moved: each side's median time (median over runs), batch, sets, L2 state."""
    out = []
    for key in ("cand_ms", "base_ms"):
        va = [r["detail"][shape][key] for r in results["A"] if shape in r["detail"] and r["detail"][shape][key]]
        vb = [r["detail"][shape][key] for r in results[b] if shape in r["detail"] and r["detail"][shape][key]]
        if va and vb:
            ma, mb = statistics.median(va), statistics.median(vb)
            out.append("        %-8s A %10.5f ms  B %10.5f ms  B/A %.4f" % (key[:-3], ma, mb, mb / ma))
    da = results["A"][0]["detail"].get(shape, {})
    db = results[b][0]["detail"].get(shape, {})
    out.append("        batch (cand, base) A %s B %s; sets A %s B %s; L2 A %s B %s" %
               (da.get("batch"), db.get("batch"), da.get("sets"), db.get("sets"), da.get("l2"), db.get("l2")))
    return out


def install_tasks(bin_dir, source, tasks_dir=None):
    """kwb finds the built-in tasks beside its bin folder (as tests/gpu/bin_env.sh sets them up):
    the source's, or tasks_dir (an older build's own)."""
    tasks = os.path.join(os.path.dirname(os.path.abspath(bin_dir)), "share", "kernel-workbench", "tasks")
    src = os.path.abspath(tasks_dir or os.path.join(source, "resources", "tasks"))
    if os.path.abspath(tasks) != src:
        shutil.rmtree(tasks, ignore_errors=True)
        shutil.copytree(src, tasks)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--tolerance", type=float, default=0.02)
    ap.add_argument("--out", default=None)
    ap.add_argument("--candidates", nargs="*", default=None)
    ap.add_argument("--detail", action="store_true")
    ap.add_argument("--b-timing", nargs="*", default=None)
    ap.add_argument("--a-tasks", default=None)
    a = ap.parse_args()
    if subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode != 0:
        print("SKIP: no GPU (nvidia-smi -L failed)")
        return 77
    install_tasks(a.a, a.source, a.a_tasks)
    install_tasks(a.b, a.source)
    cands = a.candidates or (sorted(glob.glob(os.path.join(a.source, "resources/tasks/reference/*.cu"))) +
                             sorted(glob.glob(os.path.join(a.source, "tests/fixtures/candidates/*/*.cu"))))
    cache_a, cache_b = tempfile.mkdtemp(prefix="kwb-a-"), tempfile.mkdtemp(prefix="kwb-b-")
    # B sides: the build B under each --b-timing (or its defaults), all on B's one build cache.
    timings = {"B": None} if not a.b_timing else (
        {"B": a.b_timing[0]} if len(a.b_timing) == 1 else
        {"B%d" % k: t for k, t in enumerate(a.b_timing, 1)})
    bs = list(timings)
    if len(bs) > 1:
        print("B sides: " + "; ".join("%s: --timing %s" % (k, t) for k, t in timings.items()))
    lines, problems = [], []
    wall = {side: [] for side in ["A"] + bs}
    for path in cands:
        shown = len(lines)
        task = task_of(path, a.source)
        results = {side: [] for side in ["A"] + bs}
        for run in range(a.runs):
            order = ["A"] + bs if run % 2 == 0 else bs[::-1] + ["A"]
            for side in order:
                r, w = verify(a.a if side == "A" else a.b, cache_a if side == "A" else cache_b, task, path, 11 + run,
                              timings.get(side))
                results[side].append(r)
                if run > 0:  # the first run builds; later ones are warm
                    wall[side].append(w)
        name = os.path.relpath(path, a.source)
        va = [r["verdict"] for r in results["A"]]
        lines.append("%-62s A %-18s " % (name, va[0]) +
                     " ".join("%s %-18s" % (b, results[b][0]["verdict"]) for b in bs))
        for b in bs:
            vb = [r["verdict"] for r in results[b]]
            if va != vb:
                problems.append("%s: verdicts differ: A %s, %s %s" % (name, va, b, vb))
        for shape in results["A"][0]["shapes"]:
            for b in bs:
                sa = [r["shapes"].get(shape) for r in results["A"] if r["shapes"].get(shape)]
                sb = [r["shapes"].get(shape) for r in results[b] if r["shapes"].get(shape)]
                if not sa or not sb:
                    continue
                ma, mb = statistics.median(sa), statistics.median(sb)
                ratio = mb / ma if ma else float("nan")
                mark = ""
                if abs(ratio - 1) > a.tolerance:
                    mark = "  <-- beyond %.0f %%" % (100 * a.tolerance)
                    problems.append("%s %s: speedup A %.3f, %s %.3f (%s/A %.4f)" % (name, shape, ma, b, mb, b, ratio))
                lines.append("    %-10s speedup A %8.3f  %s %8.3f  %s/A %.4f%s" % (shape, ma, b, mb, b, ratio, mark))
                if a.detail:
                    lines.extend(detail_lines(results, shape, b))
        if a.out:  # as it goes, so a run cut short still shows the candidates it got through
            print("\n".join(lines[shown:]), flush=True)
    summary = ["", "warm wall per verification: " + ", ".join(
                   "%s median %.2f s" % (side, statistics.median(w or [0])) for side, w in wall.items()),
               "%d candidates, %d runs each side; %d problem(s)" % (len(cands), a.runs, len(problems))]
    for b in bs:
        beyond = sum(1 for p in problems if "(%s/A " % b in p)
        summary.append("%s: %d shape(s) beyond %.0f %%" % (b, beyond, 100 * a.tolerance))
    text = "\n".join(lines + summary + problems) + "\n"
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    print("\n".join(summary + problems) if a.out else text)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
