#!/usr/bin/env python3
"""The stopping rule replayed with another sample floor over a project's stored samples.

Every timed shape of a verification record keeps both sides' kept samples in the order they were
taken (timing.candidate.samples_ms, timing.baseline.samples_ms). For each floor K this replays
the loop's rule over their prefixes (stop at the first n >= K where both sides' relative standard
errors of the mean are at most --target-rse, else take them all) and reports, per shape name and
kind (one call a sample, or batched), how many pairs the shape would have taken and how far the
speedup (baseline median over candidate median) of that prefix lies from the one of every sample.
A record taken with a floor above K can be replayed down to K; not up from a lower floor.

Usage: tests/benchmarks/sample_floor.py PROJECT.kwbproj [--floors 4,5,6,8] [--list-over PCT] [--out FILE]
--list-over names each shape whose speedup moved more than PCT % at some floor, with both sides'
samples in the order they were taken.
"""
import argparse, collections, json, math, sqlite3, statistics, sys


def rse(v):
    if len(v) < 2:
        return math.inf
    m = statistics.mean(v)
    return statistics.stdev(v) / math.sqrt(len(v)) / m if m > 0 else math.inf


def stop_at(a, b, floor, target):
    for n in range(floor, len(a) + 1):
        if rse(a[:n]) <= target and rse(b[:n]) <= target:
            return n
    return len(a)


def shapes(project):
    db = sqlite3.connect(project)
    for (record,) in db.execute("SELECT record_json FROM verifications"):
        rec = json.loads(record)
        for shape in rec.get("shapes", []):
            t = shape.get("timing")
            if t and t["candidate"].get("samples_ms") and t["baseline"].get("samples_ms"):
                yield rec.get("task_id", "?"), shape["name"], t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("project")
    ap.add_argument("--floors", default="4,5,6,8")
    ap.add_argument("--target-rse", type=float, default=0.005)
    ap.add_argument("--list-over", type=float, help="list the shapes that moved more than this %%")
    ap.add_argument("--out")
    a = ap.parse_args()
    rows = list(shapes(a.project))
    lines = [f"# {a.project}: {len(rows)} timed shapes; the stopping rule replayed over their "
             f"stored samples (target rse {a.target_rse})"]
    moved = {}  # (row index) -> the largest move at any floor
    for floor in (int(f) for f in a.floors.split(",")):
        diffs, taken, stored = (collections.defaultdict(list) for _ in range(3))
        for k, (task, name, t) in enumerate(rows):
            ca, ba = t["candidate"]["samples_ms"], t["baseline"]["samples_ms"]
            key = f"{name} {'one call' if t['candidate'].get('batch', 1) == 1 else 'batched'}"
            n = stop_at(ca, ba, floor, a.target_rse)
            full = statistics.median(ba) / statistics.median(ca)
            part = statistics.median(ba[:n]) / statistics.median(ca[:n])
            diffs[key].append(abs(part / full - 1) * 100)
            moved[k] = max(moved.get(k, 0.0), diffs[key][-1])
            taken[key].append(n)
            stored[key].append(len(ca))
        lines.append(f"floor {floor}:")
        for key in sorted(diffs):
            d = sorted(diffs[key])
            lines.append(
                f"  {key:22s} shapes {len(d):4d}, pairs {statistics.mean(stored[key]):5.1f} -> "
                f"{statistics.mean(taken[key]):5.1f}; speedup moved: median {statistics.median(d):.2f} %, "
                f"90th percentile {d[int(0.9 * (len(d) - 1))]:.2f} %, most {d[-1]:.2f} %, "
                f"over 1 %: {sum(x > 1 for x in d)}")
    if a.list_over is not None:
        lines.append(f"shapes that moved more than {a.list_over} % at some floor (samples in ms, "
                     "in the order taken):")
        for k in sorted(k for k, m in moved.items() if m > a.list_over):
            task, name, t = rows[k]
            fmt = lambda v: " ".join(f"{x:.4g}" for x in v)  # noqa: E731
            lines.append(f"  {task} {name}: moved up to {moved[k]:.2f} %")
            lines.append(f"    candidate {fmt(t['candidate']['samples_ms'])}")
            lines.append(f"    baseline  {fmt(t['baseline']['samples_ms'])}")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
