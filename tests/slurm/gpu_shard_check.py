#!/usr/bin/env python3
"""A batch's array tasks on a real GPU, for a GPU machine without a Slurm cluster.

`ctest -L slurm` runs the whole path on a cluster it starts, but where the GPU machine has no
Slurm packages this checks what only a GPU can: the job script Slurm would run
(`job.sbatch`, with SLURM_ARRAY_TASK_ID and CUDA_VISIBLE_DEVICES set as Slurm sets them) verifies
its shard on that GPU with timing, and collect brings the records home.

`kwb batch submit` needs sbatch; here a stand-in in a scratch folder takes its place: it records
its arguments and prints a job id, and runs nothing. The array tasks are then run one after the
other by this script, each as Slurm would start it.

Checks: the valid samples pass on the GPU with a speedup and the device named in the record and
its queue report; the broken ones are compile errors; collect adds every record once.
Usage: gpu_shard_check.py --kwb build/gpu/bin/kwb --runner build/gpu/bin/kwb-runner [--gpu 0]
Exit 0 passed, 1 failed, 77 skipped (no GPU, nvcc or kwb-runner).
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slurm_test import TASK, kernel  # noqa: E402

SBATCH = """#!/bin/sh
echo "$@" >> "{log}"
echo 4242
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kwb", required=True)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--gpu", default="0", help="the device index Slurm would give the tasks")
    args = ap.parse_args()
    kwb, runner = os.path.abspath(args.kwb), os.path.abspath(args.runner)
    nvcc = os.environ.get("KWB_NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(nvcc) or not os.path.exists(runner):
        print("SKIP: nvcc or kwb-runner is missing")
        return 77
    if not shutil.which("nvidia-smi") or subprocess.run(["nvidia-smi", "-L"],
                                                        capture_output=True).returncode != 0:
        print("SKIP: no GPU here (nvidia-smi -L fails); ctest -L slurm checks the rest")
        return 77
    root = tempfile.mkdtemp(prefix="kwb-gpu-shard-")
    try:
        return check(root, kwb, runner, nvcc, args.gpu)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run(env, *argv, ok=(0,)):
    r = subprocess.run(list(argv), env=env, capture_output=True, text=True, timeout=900)
    if r.returncode not in ok:
        raise SystemExit(f"FAIL: {' '.join(argv)}: exit {r.returncode}\n{r.stdout[-3000:]}\n"
                         f"{r.stderr[-3000:]}")
    return r


def check(root, kwb, runner, nvcc, gpu):
    bin_dir = os.path.join(root, "bin")
    os.makedirs(bin_dir)
    with open(os.path.join(bin_dir, "sbatch"), "w") as f:
        f.write(SBATCH.format(log=os.path.join(root, "sbatch-args")))
    os.chmod(os.path.join(bin_dir, "sbatch"), 0o755)
    env = dict(os.environ, HOME=root, KWB_CACHE_DIR=os.path.join(root, "cache"),
               KWB_DATA_DIR=os.path.join(root, "data"), KWB_CONFIG_DIR=os.path.join(root, "config"),
               KWB_NVCC=nvcc, KWB_RUNNER=runner, KWB_BATCH_DIR=os.path.join(root, "batches"),
               PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("KWB_PROJECT", None)
    env.pop("CUDA_VISIBLE_DEVICES", None)
    project = os.path.join(root, "gpu.kwbproj")
    run(env, kwb, "project", "new", project)
    folder = os.path.join(root, "in")
    os.makedirs(folder)
    broken = {2, 6}
    for i in range(8):
        with open(os.path.join(folder, "s%d.cu" % i), "w") as f:
            f.write(kernel(i, broken=i in broken))
    run(env, kwb, "import", folder, "--task", TASK, "--model", "gpu-check", "--project", project)
    run(env, kwb, "batch", "submit", "--samples", "all", "--slurm", "--array", "2",
        "--gpus-per-task", "1", "--project", project)
    batch_dir = os.path.join(root, "batches", os.listdir(os.path.join(root, "batches"))[0])
    for k in (0, 1):  # as Slurm starts each array task on the GPU it gave it
        task_env = dict(env, SLURM_ARRAY_TASK_ID=str(k), CUDA_VISIBLE_DEVICES=gpu)
        r = run(task_env, "sh", os.path.join(batch_dir, "job.sbatch"))
        print(r.stdout.strip())
    c = json.loads(run(env, kwb, "batch", "collect", "--no-slurm", "--json").stdout)
    if c["added"] != 8 or c["problems"]:
        raise SystemExit(f"FAIL: collect adds the 8 records: {c}")
    db = sqlite3.connect(project)
    rows = db.execute("SELECT sample_id, verdict, record_json FROM verifications").fetchall()
    bad = []
    for sid, verdict, rec in rows:
        r = json.loads(rec)
        want = "compile-error" if sid - 1 in broken else "pass"
        if verdict != want:
            bad.append(f"sample {sid}: {verdict} ({r.get('detail')}), expected {want}")
        elif want == "pass" and not (r.get("geomean_speedup") and r.get("device", {}).get("name")
                                     and r.get("queue", {}).get("lane_device")):
            bad.append(f"sample {sid}: passed without a speedup or the device named: "
                       f"{ {k: r.get(k) for k in ('geomean_speedup', 'device', 'queue')} }")
    if len(rows) != 8 or bad:
        raise SystemExit("FAIL: " + "; ".join(bad or [f"{len(rows)} records, expected 8"]))
    device = next(json.loads(rec)["queue"]["lane_device"] for _, v, rec in rows if v == "pass")
    print(f"ok: 8 samples in 2 array tasks on GPU {gpu} ({device}): 6 passed with speedups, "
          "2 compile errors, collected once each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
