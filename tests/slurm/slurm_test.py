#!/usr/bin/env python3
"""kwb batch on a real single-node Slurm cluster (issue 20).

Starts munged (its own key and socket), slurmctld and slurmd (Debian's slurm-wlm) on loopback
with a generated slurm.conf, everything in a scratch folder; the node's GPUs are a gres/gpu
resource (the real /dev/nvidiaN, or two stand-in files where there are none). It makes a project
of 20 samples (two that do not compile), submits them with `kwb batch submit --slurm --array 4
--gpus-per-task 1`, waits for the array, checks that each array task ran on the one GPU Slurm
gave it (CUDA_VISIBLE_DEVICES), collects, and checks the project: every sample has exactly one
new record, with the verdict its source earns (compile-error, else not-run: real nvcc builds and
no usable GPU in CI; pass on a GPU machine); a second collect adds nothing; results changed in
the shared folder are refused. Then the results of one shard are deleted: status and collect
report the shard, and `kwb batch submit --resubmit DIR --shard K` runs that shard alone. Every
daemon started is stopped, also when a check fails.

Exit 77 (skip) with the reason where the cluster cannot be started: not root, munge or Slurm
not installed, nvcc or kwb-runner missing.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import stat
import sqlite3
import subprocess
import sys
import tempfile
import time

TASK = "saxpy-f32"
BROKEN = (3, 15)  # sample indices (from 0) whose source does not compile
SHARDS = 4
WAIT_S = 900


def fail(msg):
    raise AssertionError(msg)


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def kernel(i, broken=False):
    body = "out[i] = alpha * x[i] + y[i] + %d.0f * 0.0f;" % i
    if broken:
        body = "out[i] = alpha * x[i] + undefined_name_%d;" % i
    return f"""// slurm test sample {i}
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


def free_ports(n):
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


def gpu_files(root):
    """The node's GPUs for Slurm's gres/gpu: the real /dev/nvidiaN where there are any, else two
    empty files standing in for them (CI has no GPU). Either way Slurm hands each array task one
    and sets its CUDA_VISIBLE_DEVICES; on stand-ins the worker finds no device and builds only."""
    real = sorted(os.path.join("/dev", d) for d in os.listdir("/dev")
                  if d.startswith("nvidia") and d[6:].isdigit())
    if real:
        return real
    os.makedirs(os.path.join(root, "dev"), exist_ok=True)
    fake = [os.path.join(root, "dev", "gpu%d" % i) for i in range(2)]
    for g in fake:  # slurmd wants character devices: two of /dev/null's kind, harmless to open
        os.mknod(g, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return fake


def prerequisites(args):
    if os.geteuid() != 0:
        skip("the cluster's daemons run as root (SlurmUser=root); run the test as root")
    need = {"munged": "munge", "mungekey": "munge", "slurmctld": "slurmctld", "slurmd": "slurmd",
            "sbatch": "slurm-client", "squeue": "slurm-client", "sinfo": "slurm-client",
            "scancel": "slurm-client"}
    missing = sorted({pkg for prog, pkg in need.items() if not shutil.which(prog)})
    if missing:
        skip("Slurm cannot start here: not installed: " + ", ".join(missing) +
             " (apt-get install slurmctld slurmd slurm-client munge)")
    if not os.path.exists(args.nvcc):
        skip("nvcc is not installed (the batch's builds need it)")
    if not args.runner or not os.path.exists(args.runner):
        skip("kwb-runner is not built")


class Cluster:
    """munged, slurmctld and slurmd in the foreground, children of this process."""

    def __init__(self, root):
        self.root = root
        self.procs = []
        self.conf = os.path.join(root, "slurm.conf")
        self.env = dict(os.environ, SLURM_CONF=self.conf)

    def write_config(self):
        r = self.root
        for d in ("munge", "state", "spool", "log"):
            os.makedirs(os.path.join(r, d), exist_ok=True)
        os.chmod(os.path.join(r, "munge"), 0o755)  # clients reach the socket through it
        key = os.path.join(r, "munge", "munge.key")
        subprocess.run(["mungekey", "--create", "--keyfile=" + key, "--bits=1024"], check=True,
                       capture_output=True)
        os.chmod(key, 0o600)
        self.gpus = gpu_files(r)
        with open(os.path.join(r, "gres.conf"), "w") as f:  # beside slurm.conf, where slurmd looks
            f.writelines(f"Name=gpu File={g}\n" for g in self.gpus)
        ctld, slurmd = free_ports(2)
        self.socket = os.path.join(r, "munge", "munge.socket")
        conf = f"""ClusterName=kwbtest
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={ctld}
SlurmdPort={slurmd}
AuthType=auth/munge
AuthInfo=socket={self.socket}
CredType=cred/munge
StateSaveLocation={r}/state
SlurmdSpoolDir={r}/spool
SlurmctldPidFile={r}/slurmctld.pid
SlurmdPidFile={r}/slurmd.pid
SlurmctldLogFile={r}/log/slurmctld.log
SlurmdLogFile={r}/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
GresTypes=gpu
NodeName=localhost NodeAddr=127.0.0.1 CPUs={os.cpu_count()} Gres=gpu:{len(self.gpus)} State=UNKNOWN
PartitionName=batch Nodes=localhost Default=YES MaxTime=INFINITE State=UP
"""
        with open(self.conf, "w") as f:
            f.write(conf)

    def spawn(self, argv):
        log = open(os.path.join(self.root, "log", os.path.basename(argv[0]) + ".out"), "w")
        p = subprocess.Popen(argv, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True)
        self.procs.append((argv[0], p))
        return p

    def start(self):
        self.write_config()
        m = os.path.join(self.root, "munge")
        self.spawn(["munged", "--foreground", "--force", "--socket=" + self.socket,
                    "--key-file=" + os.path.join(m, "munge.key"),
                    "--pid-file=" + os.path.join(m, "munged.pid"),
                    "--log-file=" + os.path.join(m, "munged.log"),
                    "--seed-file=" + os.path.join(m, "munged.seed")])
        self.wait_for(lambda: os.path.exists(self.socket), 20, "munged's socket")
        self.spawn(["slurmctld", "-D", "-i", "-f", self.conf])
        self.wait_for(lambda: self.run("sinfo", "-h").returncode == 0, 60, "slurmctld to answer")
        self.spawn(["slurmd", "-D", "-N", "localhost", "-f", self.conf])
        self.wait_for(lambda: self.run("sinfo", "-h", "-N", "-o", "%T").stdout.strip() == "idle",
                      60, "the node to be idle")

    def run(self, *argv):
        return subprocess.run(list(argv), env=self.env, capture_output=True, text=True,
                              timeout=60)

    def wait_for(self, ok, seconds, what):
        end = time.time() + seconds
        while time.time() < end:
            for name, p in self.procs:
                if p.poll() is not None:
                    fail(f"{name} ended ({p.returncode}) while waiting for {what}\n" + self.logs())
            try:
                if ok():
                    return
            except (OSError, subprocess.SubprocessError):
                pass
            time.sleep(0.5)
        fail(f"no {what} within {seconds} s\n" + self.logs())

    def logs(self):
        out = []
        for d in ("log", "munge"):
            folder = os.path.join(self.root, d)
            for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
                if name.endswith((".log", ".out")):
                    with open(os.path.join(folder, name), errors="replace") as f:
                        out.append(f"== {name}\n" + "".join(f.readlines()[-15:]))
        return "\n".join(out)

    def stop(self):
        if any(p.poll() is None for _, p in self.procs):
            try:
                self.run("scancel", "--user=root")
            except (OSError, subprocess.SubprocessError):
                pass
        # slurmd, then slurmctld, then munged: the reverse of their start.
        for name, p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait(timeout=10)
        for pid, cmd in leftovers(self.root):
            print(f"stopping a process the cluster left: {pid} {cmd}")
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass


def leftovers(root):
    """Processes whose environment or working folder is the scratch folder (slurmstepd, jobs)."""
    left = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read()
            cwd = os.readlink(f"/proc/{pid}/cwd")
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if root.encode() in env or cwd.startswith(root):
            left.append((pid, cmd))
    return left


class Workbench:
    def __init__(self, args, root, cluster):
        self.kwb = args.kwb
        self.root = root
        self.batches = os.path.join(root, "batches")
        self.env = dict(cluster.env)
        self.env.update({"HOME": root, "KWB_CACHE_DIR": os.path.join(root, "cache"),
                         "KWB_DATA_DIR": os.path.join(root, "data"),
                         "KWB_CONFIG_DIR": os.path.join(root, "config"),
                         "KWB_NVCC": args.nvcc, "KWB_RUNNER": args.runner,
                         "KWB_BATCH_DIR": self.batches})
        self.env.pop("KWB_PROJECT", None)
        self.env.pop("CUDA_VISIBLE_DEVICES", None)

    def run(self, *argv, ok=(0,)):
        r = subprocess.run([self.kwb, *argv], env=self.env, capture_output=True, text=True,
                           timeout=600, cwd=self.root)
        if ok is not None and r.returncode not in ok:
            fail(f"kwb {' '.join(argv)}: exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
        return r

    def project(self, sources):
        path = os.path.join(self.root, "batch.kwbproj")
        self.run("project", "new", path)
        folder = os.path.join(self.root, "in")
        os.makedirs(folder)
        for i, text in enumerate(sources):
            with open(os.path.join(folder, "s%03d.cu" % i), "w") as f:
                f.write(text)
        self.run("import", folder, "--task", TASK, "--model", "slurm-test", "--project", path)
        return path

    def status(self, batch):
        return json.loads(self.run("batch", "status", batch, "--json").stdout)

    def wait(self, batch, shards, cluster):
        """Until the given shards are done or failed; their states."""
        end = time.time() + WAIT_S
        seen = set()
        while time.time() < end:
            st = {s["shard"]: s for s in self.status(batch)["shards"]}
            seen |= {st[k]["state"] for k in shards}
            if all(st[k]["state"] in ("done", "failed") for k in shards):
                return st, seen
            time.sleep(2)
        fail(f"the batch did not finish within {WAIT_S} s: {st}\n" + cluster.logs())


def records(project):
    db = sqlite3.connect(project)
    rows = db.execute("SELECT sample_id, id, verdict, record_json FROM verifications").fetchall()
    db.close()
    out = {}
    for sample, rid, verdict, rec in rows:
        out.setdefault(sample, []).append((rid, verdict, json.loads(rec)))
    return out


def manifest(batch_dir):
    with open(os.path.join(batch_dir, "manifest.json")) as f:
        return json.load(f)


def submit_and_collect(wb, cluster, project):
    r = wb.run("batch", "submit", "--samples", "all", "--slurm", "--array", str(SHARDS),
               "--gpus-per-task", "1", "--no-bench", "--build-timeout", "120",
               "--project", project)
    batches = os.listdir(wb.batches)
    if len(batches) != 1:
        fail(f"one batch folder under {wb.batches}: {batches}")
    batch_dir = os.path.join(wb.batches, batches[0])
    m = manifest(batch_dir)
    if len(m["shards"]) != SHARDS or sorted(i for s in m["shards"] for i in s) != list(range(20)):
        fail(f"20 items in {SHARDS} shards: {m['shards']}")
    if len(m["jobs"]) != 1 or m["jobs"][0]["job"] not in r.stdout:
        fail(f"the job id sbatch printed is in the manifest: {m['jobs']}\n{r.stdout}")
    st, seen = wb.wait(batch_dir, range(SHARDS), cluster)
    if any(s["state"] != "done" or s["done"] != len(m["shards"][k]) for k, s in st.items()):
        fail(f"every shard done with all its items: {st}\n" + cluster.logs())
    given = []
    for k in range(SHARDS):
        with open(os.path.join(batch_dir, "logs", "shard-%d.out" % k)) as f:
            log = f.read()
        for line in log.splitlines():
            if line.startswith(f"shard {k} of ") and "1 GPU lane(s), CUDA_VISIBLE_DEVICES=" in line:
                given.append(line.split("CUDA_VISIBLE_DEVICES=")[1].split(",")[0])
        if len(given) != k + 1 or not given[k].isdigit():
            fail(f"array task {k} ran on the one GPU Slurm gave it (CUDA_VISIBLE_DEVICES):\n{log}")
    print(f"ok: 20 samples in {SHARDS} shards, Slurm job {m['jobs'][0]['job']}; "
          f"states seen: {sorted(seen)}; CUDA_VISIBLE_DEVICES of the tasks: {', '.join(given)}")
    before = records(project)
    if before:
        fail(f"nothing is in the project before collect: {len(before)} samples have records")
    c = wb.run("batch", "collect", "--json")
    report = json.loads(c.stdout)
    if report["added"] != 20 or report["already"] != 0 or report["problems"]:
        fail(f"the first collect adds 20 records: {report}")
    return batch_dir


def check_records(project):
    recs = records(project)
    if sorted(recs) != list(range(1, 21)) or any(len(v) != 1 for v in recs.values()):
        fail("each of the 20 samples has exactly one record: " +
             str({k: len(v) for k, v in recs.items()}))
    verdicts = {sid: v[0][1] for sid, v in recs.items()}
    broken = {i + 1 for i in BROKEN}
    if any(verdicts[s] != "compile-error" for s in broken):
        fail("the samples that do not compile say so: " + str({s: verdicts[s] for s in broken}))
    built = {verdicts[s] for s in verdicts if s not in broken}
    # No GPU in CI: built and not run. On a machine with a GPU the node's worker runs them.
    if len(built) != 1 or not built <= {"not-run", "pass"}:
        fail("the samples that build share one verdict, not-run (or pass on a GPU): " + str(verdicts))
    for sid, v in recs.items():
        q = v[0][2].get("queue")
        if not q or not {"build_seconds", "queue_wait_seconds", "gpu_seconds"} <= q.keys():
            fail(f"sample {sid}'s record carries the queue's figures: {q}")
    print(f"ok: one record per sample; compile-error for {sorted(broken)}, {built.pop()} for the rest")
    return recs


def check_second_collect(wb, project, recs):
    c = wb.run("batch", "collect", "--json")
    report = json.loads(c.stdout)
    if report["added"] != 0 or report["already"] != 20:
        fail(f"a second collect adds nothing: {report}")
    if records(project) != recs:
        fail("a second collect changed the project's records")
    files = {s_["shard"]: s_ for s_ in json.loads(
        wb.run("batch", "status", "--no-slurm", "--json").stdout)["shards"]}
    if any(v["state"] != "done" or v["job"] == "" for v in files.values()):
        fail(f"status from the result files alone: every shard done: {files}")
    print("ok: a second collect adds nothing; status from the files alone agrees")


def check_forged(wb, project, batch_dir, recs):
    """Results changed in the shared folder are refused by collect, and the project is unchanged."""
    results = os.path.join(batch_dir, "results")
    originals = {}
    for item in (0, 1):
        with open(os.path.join(results, "%05d.json" % item)) as f:
            originals[item] = f.read()
    forged = json.loads(originals[0])
    forged["record"]["detail"] = "passed everything"  # the record's id no longer fits its content
    moved = json.loads(originals[1])
    moved["sample"] = 2 if moved["sample"] != 2 else 3  # another sample's result
    try:
        for item, doc in ((0, forged), (1, moved)):
            with open(os.path.join(results, "%05d.json" % item), "w") as f:
                json.dump(doc, f)
        r = wb.run("batch", "collect", batch_dir, ok=(2,))
        if "changed after it was made" not in r.stdout or "its result is for sample" not in r.stdout:
            fail("collect refuses a changed record and a result for another sample:\n" + r.stdout)
        if records(project) != recs:
            fail("refused results changed the project")
    finally:
        for item, text in originals.items():
            with open(os.path.join(results, "%05d.json" % item), "w") as f:
                f.write(text)
    print("ok: a record changed in the shared folder and a result for another sample are refused")


def check_resubmit(wb, cluster, project, batch_dir):
    k = 2
    m = manifest(batch_dir)
    items = m["shards"][k]
    others = [i for i in range(20) if i not in items]
    stamp = {i: os.stat(os.path.join(batch_dir, "results", "%05d.json" % i)).st_mtime_ns
             for i in others}
    for i in items:
        os.remove(os.path.join(batch_dir, "results", "%05d.json" % i))
    st = {s["shard"]: s for s in wb.status(batch_dir)["shards"]}
    if st[k]["state"] != "failed" or st[k]["done"] != 0 or any(
            st[j]["state"] != "done" for j in st if j != k):
        fail(f"status reports shard {k} failed, the others done: {st}")
    c = wb.run("batch", "collect", batch_dir, ok=(1,))
    hint = f"kwb batch submit --resubmit {batch_dir} --shard {k}"
    if hint not in c.stdout or "0 records added" not in c.stdout:
        fail(f"collect reports the shard and how to resubmit it alone:\n{c.stdout}")
    wb.run("batch", "submit", "--resubmit", batch_dir, "--shard", str(k))
    m = manifest(batch_dir)
    if len(m["jobs"]) != 2 or m["jobs"][1]["shards"] != [k]:
        fail(f"the resubmission is a job of shard {k} alone: {m['jobs']}")
    st, _ = wb.wait(batch_dir, [k], cluster)
    if st[k]["state"] != "done" or st[k]["job"] != m["jobs"][1]["job"]:
        fail(f"the resubmitted shard is done by the new job: {st[k]}")
    for i in others:
        if os.stat(os.path.join(batch_dir, "results", "%05d.json" % i)).st_mtime_ns != stamp[i]:
            fail(f"item {i} of another shard was verified again")
    report = json.loads(wb.run("batch", "collect", batch_dir, "--json").stdout)
    if report["added"] != len(items) or report["already"] != 20 - len(items):
        fail(f"collect adds the resubmitted shard's {len(items)} records: {report}")
    counts = {sid: len(v) for sid, v in records(project).items()}
    again = {m["items"][i]["sample"] for i in items}
    if any(counts[s] != (2 if s in again else 1) for s in counts):
        fail(f"only shard {k}'s samples got a second record: {counts}")
    print(f"ok: shard {k} with its results deleted is reported, resubmitted alone "
          f"(job {m['jobs'][1]['job']}) and collected")


def check_usage(wb, project):
    r = wb.run("batch", "submit", "--samples", "all", "--project", project, ok=(64,))
    if "--slurm" not in r.stderr:
        fail("submit without --slurm says what is missing: " + r.stderr)
    r = wb.run("batch", "status", "no-such-batch", ok=(2,))
    if "no batch" not in r.stderr:
        fail("status of an unknown batch says so: " + r.stderr)
    r = wb.run("batch", "submit", "--samples", "1,x", "--slurm", "--project", project, ok=(64,))
    if "\"x\"" not in r.stderr:
        fail("a bad sample id is named: " + r.stderr)
    r = wb.run("batch", "submit", "--plan", "no-such-run", "--slurm", "--project", project, ok=(2,))
    if "no evaluation run" not in r.stderr:
        fail("a plan the project has not run is named: " + r.stderr)
    if os.path.exists(wb.batches):
        fail("refused submissions leave no batch behind: " + str(os.listdir(wb.batches)))
    print("ok: usage errors are explained")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kwb", required=True)
    ap.add_argument("--runner", required=True)
    args = ap.parse_args()
    args.kwb = os.path.abspath(args.kwb)
    args.runner = os.path.abspath(args.runner) if args.runner else ""
    args.nvcc = os.environ.get("KWB_NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    prerequisites(args)
    root = tempfile.mkdtemp(prefix="kwb-slurm-")
    os.chmod(root, 0o755)
    cluster = Cluster(root)
    # ctest ends a test that runs too long with SIGTERM: the daemons are stopped then too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    code = 0
    try:
        cluster.start()
        print(f"ok: single-node cluster up on 127.0.0.1 ({os.cpu_count()} CPUs)")
        wb = Workbench(args, root, cluster)
        project = wb.project([kernel(i, broken=i in BROKEN) for i in range(20)])
        check_usage(wb, project)
        batch_dir = submit_and_collect(wb, cluster, project)
        recs = check_records(project)
        check_second_collect(wb, project, recs)
        check_forged(wb, project, batch_dir, recs)
        check_resubmit(wb, cluster, project, batch_dir)
    except AssertionError as e:
        print("FAIL: " + str(e))
        code = 1
    finally:
        cluster.stop()
        left = leftovers(root)
        if left:
            print("FAIL: processes left behind: " + "; ".join(f"{p} {c}" for p, c in left))
            code = 1
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
