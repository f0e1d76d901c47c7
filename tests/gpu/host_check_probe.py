#!/usr/bin/env python3
"""The host-time cross-check side by side for two builds: each candidate verified once by each
build (alternating), and per shape the candidate's and the baseline's event median, host median,
where the host median came from (host_from: samples or calls), the loop's host_check time and
the shape's flags. Shows what measuring host time from the timed samples changes.

Usage: host_check_probe.py --a OLD/bin --b NEW/bin --source REPO [--out FILE] CANDIDATE.cu ...
Each bin folder holds kwb, kwb-runner and kwb-job; the source's tasks are copied beside both.
Exits 77 without a GPU."""
import argparse, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_binaries import install_tasks, task_of, verify  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out")
    ap.add_argument("candidates", nargs="+")
    a = ap.parse_args()
    if subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode != 0:
        print("SKIP: no GPU (nvidia-smi -L failed)")
        return 77
    install_tasks(a.a, a.source)
    install_tasks(a.b, a.source)
    caches = {"A": tempfile.mkdtemp(prefix="kwb-a-"), "B": tempfile.mkdtemp(prefix="kwb-b-")}
    lines = []
    for path in a.candidates:
        task = task_of(os.path.abspath(path), os.path.abspath(a.source))
        for side in ("A", "B"):
            res = verify(a.a if side == "A" else a.b, caches[side], task, path, 5)[0].get("record")
            if res is None:
                lines.append("%s %s: no record" % (side, path))
                continue
            lines.append("%s %s: %s" % (side, os.path.basename(path), res.get("verdict")))
            for s in res.get("shapes", []):
                t = s.get("timing") or {}
                c, b = t.get("candidate") or {}, t.get("baseline") or {}
                lines.append("    %-9s cand %.4f ms host %.4f ms | base %.4f ms host %.4f ms | from %s | "
                             "host_check %.1f ms | flags %d" % (
                                 s.get("name"), c.get("median_ms", 0), c.get("host_median_ms", 0),
                                 b.get("median_ms", 0), b.get("host_median_ms", 0), c.get("host_from", "-"),
                                 (c.get("spent_ms") or {}).get("host_check", 0), len(s.get("flags") or [])))
            print("\n".join(lines[-1 - len(res.get("shapes", [])):]), flush=True)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
