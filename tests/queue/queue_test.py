#!/usr/bin/env python3
"""The verification queue through `kwb samples verify` (issue 20), with real nvcc builds and
compile-only verdicts (no GPU needed):

  many      100 samples, --jobs 2: among them compile errors, a build that hangs (stopped by
            --build-timeout) and a sample whose worker dies while verifying it; every sample
            gets exactly one record, the rest pass through; a verification that names the next
            one names the one that comes next on its lane; a second run skips them all.
  lanes     two lanes over two fake devices (--gpus 0,1: CUDA_VISIBLE_DEVICES differs) give the
            verdicts one lane gives, and both lanes work.
  cancel    SIGINT while builds run: kwb ends (130) and no process it started is left.
  ahead     a lane slower than the builds: --built-ahead 2 keeps at most two samples built and
            waiting for it; without a limit the builds run further ahead.
  prewarm   (GPU only; skips without one) two tasks' references (each with a comment of its own)
            verified with timing through one lane: all pass, later jobs of a task have their
            baseline warmed ahead, and every one is timed against the baseline figures the lane
            measured once a task with the task's own reference (the same figures, each use
            counted); with --own-baselines none is.
  hostile   (GPU only) the known-bad fixtures of tests/fixtures/candidates (all but the ones that
            hang) with each task's reference, through one lane that reuses the reference's
            baseline: every fixture gets the verdict its kwb-expect line names, and those timed
            were timed against the lane's figures.

The hanging build and the dying worker come from two stand-ins in a scratch folder: KWB_NVCC is
a script that runs the real nvcc except for a source holding the hang marker, and KWB_RUNNER a
proxy in front of the real kwb-runner that kills itself when asked to verify a source holding
the crash marker. Exit 77 (skip) with the reason when nvcc is not installed.
"""
import argparse
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

HANG = "KWB_QUEUE_TEST_HANG"
CRASH = "KWB_QUEUE_TEST_CRASH"
TASK = "saxpy-f32"

PROXY = r'''#!/usr/bin/env python3
import hashlib, json, os, signal, subprocess, sys, threading, time
child = subprocess.Popen([REAL] + sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def pump():
    for line in child.stdout:
        sys.stdout.buffer.write(line); sys.stdout.buffer.flush()
    os._exit(0)
threading.Thread(target=pump, daemon=True).start()
def built():  # the candidates built so far (the shared build cache's finished entries)
    d = os.path.join(os.environ.get("KWB_CACHE_DIR", ""), "builds")
    return sum(1 for e in (os.listdir(d) if os.path.isdir(d) else ())
               if os.path.exists(os.path.join(d, e, "candidate.so")))
for line in sys.stdin.buffer:
    if b'"type":"verify"' in line:
        params = json.loads(line).get("params", {})
        if os.path.exists(DELAY):  # a slow lane, for the bound on samples built ahead
            time.sleep(float(open(DELAY).read()))
        with open(LOG, "a") as log:  # what the worker is told of the verification after this one
            log.write(json.dumps({"built": built(), "task": params.get("task"), "shapes": params.get("shapes"),
                                  "source_sha256": hashlib.sha256(
                                      params.get("source", "").encode()).hexdigest(),
                                  "prepare_next": params.get("prepare_next", False),
                                  "next": params.get("next"),
                                  "after_next": params.get("after_next")}) + "\n")
    if b'"type":"verify"' in line and CRASH.encode() in line:
        child.kill()
        os.kill(os.getpid(), signal.SIGSEGV)
    child.stdin.write(line); child.stdin.flush()
child.stdin.close(); child.wait()
'''

NVCC = '''#!/bin/sh
for a in "$@"; do
  case "$a" in *.cu) if grep -q HANG "$a" 2>/dev/null; then exec sleep 3600; fi;; esac
done
exec REAL "$@"
'''


def kernel(i, broken=False, marker=""):
    body = "out[i] = alpha * x[i] + y[i] + %d.0f * 0.0f;" % i
    if broken:
        body = "out[i] = alpha * x[i] + undefined_name_%d;" % i
    return f"""// {marker} sample {i}
#include <cuda_runtime.h>
__global__ void k(const float* x, const float* y, float* out, int n, float alpha) {{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {body}
}}
extern "C" void kwb_saxpy(const float* x, const float* y, float* out, int n, float alpha,
                          cudaStream_t stream) {{
    if (n > 0) k<<<(n + 255) / 256, 256, 0, stream>>>(x, y, out, n, alpha);
}}
"""


class Scratch:
    def __init__(self, args):
        self.root = tempfile.mkdtemp(prefix="kwb-queue-")
        self.kwb = args.kwb
        bin_dir = os.path.join(self.root, "toolkit", "bin")
        os.makedirs(bin_dir)
        nvcc = os.path.join(bin_dir, "nvcc")
        with open(nvcc, "w") as f:
            f.write(NVCC.replace("HANG", HANG).replace("REAL", args.nvcc))
        proxy = os.path.join(self.root, "kwb-runner-proxy")
        self.verify_log = os.path.join(self.root, "verify-requests.jsonl")
        with open(proxy, "w") as f:
            self.delay_file = os.path.join(self.root, "verify-delay")
            f.write(PROXY.replace("REAL", repr(args.runner)).replace("CRASH", repr(CRASH))
                    .replace("LOG", repr(self.verify_log)).replace("DELAY", repr(self.delay_file)))
        for p in (nvcc, proxy):
            os.chmod(p, 0o755)
        self.env = dict(os.environ)
        self.env.update({"HOME": self.root, "KWB_CACHE_DIR": os.path.join(self.root, "cache"),
                         "KWB_DATA_DIR": os.path.join(self.root, "data"),
                         "KWB_CONFIG_DIR": os.path.join(self.root, "config"),
                         "KWB_NVCC": nvcc, "KWB_RUNNER": proxy})
        self.env.pop("KWB_PROJECT", None)

    def run(self, *argv, timeout=1200, check=True):
        r = subprocess.run([self.kwb, *argv], env=self.env, capture_output=True, text=True,
                           timeout=timeout)
        if check and r.returncode not in (0, 1, 3):
            fail(f"kwb {' '.join(argv)}: exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
        return r

    def project(self, name, sources):
        path = os.path.join(self.root, name + ".kwbproj")
        self.run("project", "new", path)
        folder = os.path.join(self.root, name + "-in")
        os.makedirs(folder)
        for i, text in enumerate(sources):
            with open(os.path.join(folder, "s%03d.cu" % i), "w") as f:
                f.write(text)
        self.run("import", folder, "--task", TASK, "--model", "queue-test", "--project", path)
        return path


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def records(project):
    db = sqlite3.connect(project)
    rows = db.execute("SELECT sample_id, record_json FROM verifications").fetchall()
    out = {}
    for sample, rec in rows:
        out.setdefault(sample, []).append(json.loads(rec))
    count = db.execute("SELECT count(*) FROM samples").fetchone()[0]
    return out, count


def sources(n):
    # 30 distinct kernels (real builds), the rest repeats of them (the shared build cache);
    # five compile errors, one hanging build, one sample whose worker dies.
    out = []
    for i in range(n):
        if i == 7:
            out.append(kernel(1000, marker=HANG))
        elif i == 13:
            out.append(kernel(2000, marker=CRASH))
        elif i % 20 == 3:
            out.append(kernel(i, broken=True))
        else:
            out.append(kernel(i % 30))
    return out


def verdicts(project):
    recs, _ = records(project)
    return {s: [r["verdict"] for r in rs] for s, rs in recs.items()}


def case_many(s):
    project = s.project("many", sources(100))
    t0 = time.time()
    r = s.run("samples", "verify", "--all", "--jobs", "2", "--build-timeout", "20",
              "--project", project)
    wall = time.time() - t0
    recs, count = records(project)
    if count != 100:
        fail(f"100 samples imported, the project has {count}")
    once = [sid for sid, rs in recs.items() if len(rs) == 1]
    if len(once) != 100:
        fail(f"every sample gets exactly one record: {len(once)} of 100 do; "
             f"{ {k: len(v) for k, v in recs.items() if len(v) != 1} }\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
    v = {sid: rs[0]["verdict"] for sid, rs in recs.items()}
    hang, crash = v[8], v[14]  # sample ids start at 1
    if hang != "compile-error" or "time" not in json.dumps(recs[8][0].get("build", {})):
        fail(f"the hanging build ends as a stopped compile error: {hang} {recs[8][0].get('detail')}")
    if crash != "harness-error" or "worker" not in recs[14][0]["detail"]:
        fail(f"the sample whose worker died says so: {crash} {recs[14][0]['detail']}")
    broken = [i + 1 for i in range(100) if i % 20 == 3]
    if any(v[b] != "compile-error" for b in broken):
        fail("compile errors: " + str({b: v[b] for b in broken}))
    rest = [sid for sid in v if sid not in broken and sid not in (8, 14)]
    if any(v[sid] != "not-run" for sid in rest):
        fail("the others build and are not run (no GPU here): " + str({s_: v[s_] for s_ in rest if v[s_] != "not-run"}))
    for sid, rs in recs.items():
        q = rs[0].get("queue")
        if not q or not {"build_seconds", "queue_wait_seconds", "gpu_seconds", "options"} <= q.keys():
            fail(f"sample {sid}'s record has the queue's figures: {q}")
    # A verification whose successor was already built when the lane took it names that one
    # ("next": its task and shapes, for the worker to warm its baseline ahead, and its candidate's
    # hash), and the one verified next is that one. Here the builds are the bottleneck, so only
    # some find theirs built.
    with open(s.verify_log) as f:
        asked = [json.loads(line) for line in f]
    told = [i for i, a in enumerate(asked) if a["next"]]
    if not told:
        fail(f"none of {len(asked)} verify requests names the next verification")
    # One that names two ("after_next" too, for the second child started ahead) names the two
    # that came, in their order.
    def came(hint, j):  # the same task, shapes and candidate (its source's hash)
        return j < len(asked) and hint == {k: asked[j][k] for k in ("task", "shapes", "source_sha256")}
    for i in told:
        a = asked[i]
        if not a["prepare_next"] or not came(a["next"], i + 1):
            fail(f"verify request {i} names a next verification that is not the one that came: "
                 f"{json.dumps(a['next'])[:300]} / {json.dumps(asked[i + 1:i + 2])[:300]}")
        if a["after_next"] and not came(a["after_next"], i + 2):
            fail(f"verify request {i} names a verification after the next that is not the one "
                 f"that came: {json.dumps(a['after_next'])[:300]} / "
                 f"{json.dumps(asked[i + 2:i + 3])[:300]}")
    told_two = sum(1 for a in asked if a["after_next"])
    r2 = s.run("samples", "verify", "--all", "--jobs", "2", "--project", project)
    again, _ = records(project)
    if sum(len(x) for x in again.values()) != 100 or "100 already verified alike" not in r2.stdout:
        fail("a second run skips every sample verified alike: " + r2.stdout[-500:])
    print(f"ok: 100 samples, one record each, in {wall:.0f} s; {len(told)} of {len(asked)} verify "
          f"requests named the next one ({told_two} the one after it too), rightly; the second "
          "run skipped all")
    return project


def case_lanes(s, project=None):
    srcs = [kernel(i % 12, broken=(i % 9 == 4)) for i in range(30)]
    one = s.project("one-lane", srcs)
    two = s.project("two-lanes", srcs)
    s.run("samples", "verify", "--all", "--jobs", "2", "--gpus", "0", "--project", one)
    s.run("samples", "verify", "--all", "--jobs", "2", "--gpus", "0,1", "--project", two)
    a, b = verdicts(one), verdicts(two)
    if a != b or len(a) != 30:
        fail(f"two lanes give one lane's verdicts:\n{a}\n{b}")
    recs, _ = records(two)
    lanes = {rs[0]["queue"]["lane"] for rs in recs.values() if rs[0]["verdict"] != "compile-error"}
    if lanes != {"this machine, GPU 0", "this machine, GPU 1"}:
        fail(f"both lanes verified samples: {lanes}")
    print("ok: two lanes over fake devices, the verdicts of one lane")


def case_ahead(s):
    """A lane slower than the builds (each verify request held 4 s): with --built-ahead 2, no
    verification finds more than two candidates built and not yet verified besides the task's
    reference (builds running count too); with 0 (no limit), the builds run ahead of the lane."""
    with open(s.delay_file, "w") as f:
        f.write("4")
    most = {}
    for ahead in ("2", "0"):
        project = s.project("ahead" + ahead, [kernel(100 + i) for i in range(10)])
        shutil.rmtree(os.path.join(s.root, "cache", "builds"), ignore_errors=True)
        open(s.verify_log, "w").close()
        s.run("samples", "verify", "--all", "--jobs", "2", "--built-ahead", ahead, "--project", project)
        recs, _ = records(project)
        if len(recs) != 10 or any(r[0]["verdict"] != "not-run" for r in recs.values()):
            fail(f"--built-ahead {ahead}: 10 samples built and recorded: {verdicts(project)}")
        with open(s.verify_log) as f:
            asked = [json.loads(line) for line in f]
        # At the i-th verify request, i samples were verified before it and it is the (i+1)-th:
        # the rest of those built (less the reference, built first) were waiting for the lane.
        most[ahead] = max(a["built"] - 1 - (i + 1) for i, a in enumerate(asked))
    if most["2"] > 2:
        fail(f"with --built-ahead 2, at most 2 samples wait built for the lane: up to {most['2']} did")
    if most["0"] <= most["2"]:
        fail(f"without a limit the builds run further ahead of a slow lane: {most['0']} waiting at "
             f"most, against {most['2']} with --built-ahead 2")
    os.remove(s.delay_file)
    print(f"ok: a lane slower than the builds: at most {most['2']} samples waited built with "
          f"--built-ahead 2, {most['0']} without a limit")


def descendants_left(root):
    left = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read()
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if root.encode() in env or cwd.startswith(root):
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                left.append(pid + " " + f.read().replace(b"\0", b" ").decode(errors="replace"))
    return left


def case_cancel(s):
    srcs = [kernel(3000 + i) for i in range(12)] + [kernel(4000, marker=HANG)]
    project = s.project("cancel", srcs)
    p = subprocess.Popen([s.kwb, "samples", "verify", "--all", "--jobs", "2", "--project", project],
                         env=s.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(6)
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        fail("kwb did not end within 30 s of SIGINT")
    if p.returncode != 130:
        fail(f"an interrupted run exits 130, not {p.returncode}: {err[-1000:]}")
    time.sleep(1)
    left = descendants_left(s.root)
    if left:
        fail("processes left behind: " + "; ".join(left))
    print("ok: SIGINT ends the queue, nothing left behind")


def need_gpu(why):
    try:
        gpus = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60)
        has_gpu = gpus.returncode == 0 and "GPU" in gpus.stdout
    except (OSError, subprocess.TimeoutExpired):
        has_gpu = False
    if not has_gpu:
        print(f"SKIP: no CUDA device (nvidia-smi lists none): {why}")
        sys.exit(77)


REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def case_hostile(s):
    """On a GPU: the known-bad fixtures with their tasks' references through one lane, which
    times each task's baseline once (with the reference) and the fixtures alone against it."""
    need_gpu("the fixtures' verdicts come from timed jobs")
    base = os.path.join(REPO, "tests", "fixtures", "candidates")
    project = os.path.join(s.root, "hostile.kwbproj")
    s.run("project", "new", project)
    expected = {}
    for task in sorted(os.listdir(base)):
        if not os.path.isdir(os.path.join(base, task)):
            continue
        folder = os.path.join(s.root, "hostile-" + task)
        os.makedirs(folder)
        shutil.copy(os.path.join(REPO, "resources", "tasks", "reference", task + ".cu"),
                    os.path.join(folder, "reference.cu"))
        expected[(task, "reference.cu")] = {"pass"}
        for name in sorted(os.listdir(os.path.join(base, task))):
            with open(os.path.join(base, task, name)) as f:
                head = f.read(2000)
            m = re.search(r"kwb-expect:\s*([a-z|-]+)", head)
            if not name.endswith(".cu") or not m or "timeout" in m.group(1):
                continue  # a kernel that never ends costs the job's whole limit
            expected[(task, name)] = set(m.group(1).split("|"))
            shutil.copy(os.path.join(base, task, name), os.path.join(folder, name))
        s.run("import", folder, "--task", task, "--model", "queue-test", "--project", project)
    s.run("samples", "verify", "--all", "--jobs", "8", "--project", project, check=False)
    db = sqlite3.connect(project)
    rows = db.execute("SELECT s.task_id, s.label, v.record_json FROM samples s "
                      "JOIN verifications v ON v.sample_id = s.id").fetchall()
    got = {(t, label): json.loads(r) for t, label, r in rows}
    if set(got) != set(expected):
        fail(f"records for {sorted(set(got))} where {sorted(expected)} were verified")
    wrong = [(k, got[k]["verdict"], got[k].get("detail", "")[:160]) for k in sorted(expected)
             if got[k]["verdict"] not in expected[k]]
    if wrong:
        fail("verdicts other than the fixtures expect: " + json.dumps(wrong, indent=1))
    timed = [k for k in expected if any(sh.get("timing") for sh in got[k].get("shapes", []))
             and k[1] != "reference.cu"]
    alone = [k for k in timed if reused_shapes(got[k])]
    if not timed or len(alone) != len(timed):
        fail(f"of the {len(timed)} fixtures timed, {len(alone)} were timed against the lane's "
             f"baseline: {sorted(set(timed) - set(alone))}")
    fixtures = sum(1 for _, name in expected if name != "reference.cu")
    print(f"ok: {len(expected)} samples ({fixtures} fixtures) got their expected verdicts through "
          f"a lane reusing its references' baselines; the {len(timed)} fixtures timed were timed "
          f"alone against those figures")


def case_prewarm(s):
    """On a GPU: two tasks' references, each several times, verified with timing through one lane.
    The worker warms a job's baseline ahead (while the job before checks its candidate) only for a
    task it warmed before; every sample passes either way."""
    need_gpu("warming ahead needs timed jobs")
    refs = os.path.join(REPO, "resources", "tasks", "reference")
    project = os.path.join(s.root, "prewarm.kwbproj")
    s.run("project", "new", project)
    for part, (task, count) in enumerate([("saxpy-f32", 4), ("gelu-f32", 4), ("saxpy-f32", 2)]):
        folder = os.path.join(s.root, f"prewarm-{part}")
        os.makedirs(folder)
        with open(os.path.join(refs, task + ".cu")) as f:
            ref = f.read()
        for i in range(count):
            with open(os.path.join(folder, f"v{i}.cu"), "w") as f:
                f.write(f"// variant {part}.{i}\n" + ref)
        s.run("import", folder, "--task", task, "--model", "queue-test", "--project", project)
    r = s.run("samples", "verify", "--all", "--jobs", "4", "--project", project)
    db = sqlite3.connect(project)
    rows = [json.loads(x) for (x,) in db.execute("SELECT record_json FROM verifications ORDER BY rowid")]
    if len(rows) != 10 or any(x["verdict"] != "pass" for x in rows):
        fail("every reference passes: " + str([(x.get("task_id"), x["verdict"], x.get("detail", "")[:200])
                                               for x in rows]) + r.stdout[-1500:])
    seen, ahead = set(), 0
    for x in rows:
        w = x.get("worker_timeline_ms", {})
        # The reference's own job, before the first candidate, warms the task on this worker.
        if "prewarmed" in w and x["task_id"] not in seen and not reused_shapes(x):
            fail(f"a warm was sent ahead for {x['task_id']} before this worker had warmed it once")
        if w.get("prewarmed") == 1:
            ahead += 1
            if not x.get("prepared", {}).get("warmed_shapes"):
                fail("a job warmed ahead has no warmed shapes: " + json.dumps(x.get("prepared")))
            # how long the warm had: sent while the job before checked its candidate
            if not w.get("prewarm_age_ms", 0) > 0:
                fail("a job warmed ahead does not say how long ago its warm was sent: " +
                     json.dumps(w))
            shape_ms = x.get("prepared", {}).get("warm_shape_ms", {})
            if sorted(shape_ms) != sorted(x["prepared"]["warmed_shapes"]):
                fail("the warm's per-shape times do not name its warmed shapes: " +
                     json.dumps(x.get("prepared")))
            # The child's life before its job, from its start: stamps in order, none after the
            # job asked for the warm's answer by more than the warm could take, held no longer
            # than it lived; the child's own clock readings leave the record.
            order = ["child_main", "child_prepare_read", "child_cuda_ready", "child_warm_read",
                     "child_warm_done"]
            stamps = [w.get(k) for k in order]
            if (None in stamps or stamps != sorted(stamps) or stamps[0] < 0
                    or not 0 <= w.get("child_held", -1) <= w.get("child_asked", -1)
                    or stamps[-1] > (w["child_asked"] + w.get("before_build", 0)
                                     + w["warm_done"] + 1)):
                fail("a child started ahead has no ordered life before its job: " + json.dumps(w))
            if "monotonic_ms" in x.get("prepared", {}):
                fail("the child's clock readings stayed in the record: " + json.dumps(x["prepared"]))
        seen.add(x["task_id"])
    if ahead == 0:
        fail("no job of the 10 had its baseline warmed ahead: " +
             str([x.get("worker_timeline_ms") for x in rows]))
    print(f"ok: 10 references pass through one lane; {ahead} of them had their baseline warmed "
          "ahead, each for a task warmed before")
    check_reused(rows)
    # Each sample once more, every job timing its own baseline.
    s.run("samples", "verify", "--all", "--again", "--own-baselines", "--jobs", "4",
          "--project", project)
    rows = [json.loads(x) for (x,) in
            db.execute("SELECT record_json FROM verifications ORDER BY rowid")][10:]
    if len(rows) != 10 or any(x["verdict"] != "pass" for x in rows) or \
            any(reused_shapes(x) for x in rows):
        fail("with --own-baselines every sample passes, none with a reused baseline: " +
             str([(x["verdict"], reused_shapes(x)) for x in rows]))
    print("ok: with --own-baselines the 10 pass, each job timing its own baseline")


def reused_shapes(record):
    return [sh["name"] for sh in record.get("shapes", [])
            if sh.get("timing", {}).get("baseline", {}).get("reused")]


def check_reused(rows):
    """Every shape of every sample timed against its task's figures from the lane: one set of
    figures a task, measured on the task's reference (its source's hash), uses counted 1, 2, ..."""
    by_task = {}
    for x in rows:
        shapes = x.get("shapes", [])
        if not shapes or len(reused_shapes(x)) != len(shapes):
            fail(f"a sample of {x['task_id']} has shapes timed without the lane's baseline: "
                 f"{reused_shapes(x)} of {[sh['name'] for sh in shapes]}")
        for sh in shapes:
            base, cand = sh["timing"]["baseline"], sh["timing"]["candidate"]
            reuse = base["reused"]
            if reuse.get("source") != "reference" or len(reuse.get("source_sha256", "")) != 64:
                fail("a reused baseline does not name the reference it came from: " +
                     json.dumps(reuse))
            if abs(sh["speedup"] - base["median_ms"] / cand["median_ms"]) > 1e-9 * sh["speedup"]:
                fail("a speedup is not the lane's baseline figure over the candidate's: " +
                     json.dumps(sh)[:400])
            key = (x["task_id"], sh["name"])
            by_task.setdefault(key, []).append((reuse["use"], base["median_ms"]))
    for key, uses in by_task.items():
        if len({m for _, m in uses}) != 1:
            fail(f"{key}: the samples were given different baseline figures: {uses}")
        if sorted(u for u, _ in uses) != list(range(1, len(uses) + 1)):
            fail(f"{key}: the uses are not counted 1, 2, ...: {uses}")
    print(f"ok: every shape of the 10 samples was timed against its task's baseline figures, "
          f"measured once a task on the lane ({len(by_task)} task shapes)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case", required=True,
                    choices=["many", "lanes", "cancel", "ahead", "prewarm", "hostile"])
    ap.add_argument("--kwb", required=True)
    ap.add_argument("--runner", required=True)
    args = ap.parse_args()
    args.nvcc = os.environ.get("KWB_NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(args.nvcc):
        print("SKIP: nvcc is not installed (the queue's builds need it)")
        sys.exit(77)
    if not args.runner or not os.path.exists(args.runner):
        print("SKIP: kwb-runner is not built")
        sys.exit(77)
    s = Scratch(args)
    try:
        {"many": case_many, "lanes": case_lanes, "cancel": case_cancel, "ahead": case_ahead,
         "prewarm": case_prewarm, "hostile": case_hostile}[args.case](s)
    finally:
        shutil.rmtree(s.root, ignore_errors=True)


if __name__ == "__main__":
    main()
