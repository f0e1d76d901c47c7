#!/usr/bin/env python3
"""On a GPU: the job's watch before timing (TimingPolicy::watchMs) sees another process's kernels.

`kwb verify` of one reference, three ways:
  alone                    every timed shape's watch is quiet (one watch), the verdict passes;
  beside a held process    another process queued a long spin and was held with SIGSTOP (its
                           kernel runs on): every timed shape's watches all saw it (the worker
                           started no job process ahead, so it can end none), the shape is
                           flagged and the verdict is suspicious-timing;
  the same, watch_ms=0     no watch in the record (the policy turns it off);
  the same, through a queue  four samples: the worker ends the job children it started ahead
                           when five watches in a row stay busy; every sample is recorded, no
                           job process is left.

  tests/gpu/watch_check.py --bin BIN/bin --probe PATH/contention_probe [--task saxpy-f32]
"""
import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

TRIES = 40  # TimingPolicy::watchTries' default
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def verify(args, env, *extra):
    ref = os.path.join(REPO, "resources", "tasks", "reference", args.task + ".cu")
    p = subprocess.run([os.path.join(args.bin, "kwb"), "verify", args.task, ref, "--json",
                        "--seed", "7", *extra], env=env, capture_output=True, text=True, timeout=600)
    try:
        return json.loads(p.stdout)
    except ValueError:
        fail(f"kwb verify gave no JSON (exit {p.returncode}): {p.stderr[-800:]}")


def timed(rec):
    return [s for s in rec.get("shapes", []) if "timing" in s]


def held_hog(probe, seconds):
    out = tempfile.NamedTemporaryFile("w+", delete=False)
    hog = subprocess.Popen([probe, "hog", str(seconds * 1000), "1", "1"], stdout=out,
                           stderr=subprocess.STDOUT)
    for _ in range(200):
        with open(out.name) as f:
            if "queued" in f.read():
                break
        time.sleep(0.05)
    else:
        hog.kill()
        fail("the hog process did not queue its spin")
    os.kill(hog.pid, signal.SIGSTOP)
    return hog


def through_queue(args, env, scratch):
    """Four samples through the queue beside the held process: the lane's worker starts job
    children ahead, and each job's watches, busy five times in a row, make it end them; every
    sample still gets its record (flagged), and no job process outlives the run."""
    kwb = os.path.join(args.bin, "kwb")
    project = os.path.join(scratch, "watch.kwbproj")
    folder = os.path.join(scratch, "samples")
    os.makedirs(folder)
    ref = open(os.path.join(REPO, "resources", "tasks", "reference", args.task + ".cu")).read()
    for i in range(4):
        with open(os.path.join(folder, f"v{i}.cu"), "w") as f:
            f.write(f"// variant {i}\n" + ref)
    for cmd in ([kwb, "project", "new", project],
                [kwb, "import", folder, "--task", args.task, "--model", "watch", "--project", project],
                [kwb, "samples", "verify", "--all", "--project", project]):
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        if p.returncode != 0 and cmd[1] != "samples":
            fail(f"{' '.join(cmd[1:3])}: exit {p.returncode}: {p.stderr[-500:]}")
    recs = [json.loads(r) for (r,) in sqlite3.connect(project).execute(
        "SELECT record_json FROM verifications").fetchall()]
    if len(recs) != 4:
        fail(f"through the queue beside a held process, each of 4 samples gets a record: {len(recs)}")
    ended = sum(r.get("worker_timeline_ms", {}).get("ahead_ended_for_busy_device", 0) for r in recs)
    if ended < 1:
        fail("through the queue beside a held process, the worker ends its children started ahead "
             "(no record says ahead_ended_for_busy_device)")
    bad = [r["verdict"] for r in recs if r["verdict"] != "suspicious-timing"]
    if bad:
        fail(f"through the queue beside a held process, every sample is flagged: {bad}")
    left = subprocess.run(["pgrep", "-f", os.path.join(args.bin, "kwb-job")], capture_output=True,
                          text=True).stdout.split()
    if left:
        fail(f"no job process outlives the queue: {left}")
    print(f"ok: through the queue beside a held process, 4 records, all suspicious-timing; the worker "
          f"ended its children started ahead {ended} times; no job process left")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--probe", required=True)
    ap.add_argument("--task", default="saxpy-f32")
    args = ap.parse_args()
    env = dict(os.environ)
    scratch = tempfile.mkdtemp(prefix="kwb-watch-")
    env.setdefault("KWB_CACHE_DIR", os.path.join(scratch, "cache"))
    env.setdefault("KWB_DATA_DIR", os.path.join(scratch, "data"))

    rec = verify(args, env)
    shapes = timed(rec)
    if rec["verdict"] != "pass" or not shapes:
        fail(f"alone, the reference passes with timed shapes: {rec['verdict']} {rec.get('detail', '')[:300]}")
    for s in shapes:
        w = s.get("device_watch")
        if not w or not w.get("quiet") or w.get("watches", 0) < 1:
            fail(f"alone, shape {s['name']}'s watch is quiet: {json.dumps(w)}")
    print("ok: alone, " + ", ".join(f"{s['name']} quiet after {s['device_watch']['watches']} "
                                   f"watch(es), largest gap {s['device_watch']['largest_gap_us']:.1f} us"
                                   for s in shapes))

    hog = held_hog(args.probe, 120)
    try:
        rec = verify(args, env)
        shapes = timed(rec)
        if not shapes:
            fail(f"beside a held process the shapes are still timed: {rec['verdict']} {rec.get('detail', '')[:300]}")
        for s in shapes:
            w = s.get("device_watch", {})
            flags = " ".join(s.get("flags", []))
            if w.get("quiet", True) or w.get("watches") != TRIES or "another process" not in flags:
                fail(f"beside a held process, shape {s['name']} is flagged after {TRIES} watches: "
                     f"{json.dumps(w)} {flags[:300]}")
        if rec["verdict"] != "suspicious-timing":
            fail(f"beside a held process the verdict is suspicious-timing: {rec['verdict']}")
        print(f"ok: beside a held process, every timed shape flagged after {TRIES} watches (largest gaps " +
              ", ".join(f"{s['device_watch']['largest_gap_us']:.0f}" for s in shapes) +
              f" us), verdict {rec['verdict']}")
        rec = verify(args, env, "--timing", "watch_ms=0")
        if any("device_watch" in s for s in rec.get("shapes", [])):
            fail("with watch_ms=0 no shape is watched")
        print(f"ok: with watch_ms=0 no shape is watched (verdict {rec['verdict']})")
        through_queue(args, env, scratch)
    finally:
        hog.kill()
        hog.wait()

    time.sleep(1)  # the killed context's teardown
    rec = verify(args, env)
    if rec["verdict"] != "pass" or not all(s.get("device_watch", {}).get("quiet") for s in timed(rec)):
        fail(f"alone again, every watch is quiet and the reference passes: {rec['verdict']}")
    print("ok: alone again, quiet and passing")


if __name__ == "__main__":
    main()
