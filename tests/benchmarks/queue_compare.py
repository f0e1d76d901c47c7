#!/usr/bin/env python3
"""Two queue benchmark projects side by side (queue_benchmark.sh's queue.kwbproj of two builds,
run one after the other on one machine): the samples both verified, matched by task and source
hash; how many verdicts are equal; the speedups of A over B, per sample (geometric mean over
shapes) and per shape name: median, range, and which differ by more than 2 % (task and difference);
and each sample's lane time (the record's queue gpu_seconds), B's less A's: median, range, and the
samples whose lane time differs by more than half a second (a side that sampled to its cap).

    tests/benchmarks/queue_compare.py A.kwbproj B.kwbproj [--names A B]
"""
import argparse, json, sqlite3, statistics, sys


def load(path):
    out = {}
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        for (text,) in db.execute("SELECT record_json FROM verifications"):
            r = json.loads(text)
            shapes = {s["name"]: s.get("speedup") for s in r.get("shapes", [])}
            lane = (r.get("queue") or {}).get("gpu_seconds")
            out[(r.get("task_id"), r.get("source_hash"))] = (r.get("verdict"), r.get("geomean_speedup"), shapes,
                                                             lane)
    return out


def spread(label, ratios):
    if not ratios:
        return f"{label}: none to compare"
    ratios.sort()
    beyond = sum(abs(x) > 0.02 for x in ratios)
    return (f"{label}: n={len(ratios)}, median {100 * statistics.median(ratios):+.2f} %, "
            f"from {100 * ratios[0]:+.2f} to {100 * ratios[-1]:+.2f} %, beyond 2 %: {beyond}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--names", nargs=2, default=["A", "B"])
    args = ap.parse_args()
    a, b = load(args.a), load(args.b)
    common = sorted(set(a) & set(b))
    if not common:
        print("no sample verified on both sides", file=sys.stderr)
        return 1
    na, nb = args.names
    equal = sum(a[k][0] == b[k][0] for k in common)
    print(f"samples on both sides: {len(common)}; verdicts equal: {equal} of {len(common)}")
    for k in common:
        if a[k][0] != b[k][0]:
            print(f"  {k[0]} ({k[1][:12]}): {na} {a[k][0]}, {nb} {b[k][0]}")
    print(spread(f"speedup {na} over {nb}, per sample (geomean)",
                 [a[k][1] / b[k][1] - 1 for k in common if a[k][1] and b[k][1]]))
    names = sorted({n for k in common for n in a[k][2]})
    for n in names:
        moved = [(k[0], a[k][2][n] / b[k][2][n] - 1) for k in common
                 if a[k][2].get(n) and b[k][2].get(n)]
        print(spread(f"  shape {n}", [r for _, r in moved]))
        beyond = sorted((t, r) for t, r in moved if abs(r) > 0.02)
        if beyond:
            print("    beyond 2 %: " + ", ".join(f"{t} {100 * r:+.2f} %" for t, r in beyond))
    lane = sorted((b[k][3] - a[k][3], k[0]) for k in common
                  if a[k][3] is not None and b[k][3] is not None)
    if lane:
        d = [x for x, _ in lane]
        print(f"lane time per sample, {nb} less {na}: n={len(d)}, median {1000 * statistics.median(d):+.0f} ms, "
              f"from {1000 * d[0]:+.0f} to {1000 * d[-1]:+.0f} ms")
        far = [(t, x) for x, t in lane if abs(x) > 0.5]
        if far:
            print(f"  over half a second apart: {len(far)}: " +
                  ", ".join(f"{t} {1000 * x:+.0f} ms" for t, x in far))
    return 0


if __name__ == "__main__":
    sys.exit(main())
