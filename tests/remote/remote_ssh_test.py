#!/usr/bin/env python3
"""The GPU worker over ssh, against a real OpenSSH server on 127.0.0.1.

Each case starts its own unprivileged-config sshd (/usr/sbin/sshd -D) on a free loopback port,
with a host key, authorized_keys and pid file in a temporary folder, public-key authentication
only. The client side is the real /usr/bin/ssh: a wrapper named `ssh` early in kwb's PATH adds
`-F <the test's ssh_config>` (ssh reads ~/.ssh of the passwd home, not $HOME, so a config file
is the only way to give it the test's keys and known_hosts). On the server, authorized_keys
`environment=` options (PermitUserEnvironment yes) put the build's kwb-runner on the PATH and
give the remote worker its own cache folder. Nothing is mocked: kwb writes the launcher
(core/verify/remote_worker.cpp), the launcher runs ssh, sshd runs kwb-runner, nvcc compiles.

Exit codes: 0 passed, 1 failed, 77 skipped (the reason is printed).
"""
import argparse
import getpass
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time

SKIP = 77
SSHD = "/usr/sbin/sshd"
FAILURES = []


def skip(reason):
    print(f"SKIP: {reason}")
    sys.exit(SKIP)


def check(cond, what, detail=""):
    print(("ok    " if cond else "FAIL  ") + what)
    if not cond:
        if detail:
            print("      " + detail.replace("\n", "\n      "))
        FAILURES.append(what)
    return cond


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(cmd, env=None, timeout=60, stdin=None):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, input=stdin, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        return None, out, err, time.monotonic() - t0


def keygen(path):
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", os.path.basename(path), "-f", path],
                   check=True, timeout=30)
    with open(path + ".pub") as f:
        return f.read().strip()


class SshFixture:
    """A real sshd on 127.0.0.1 plus a client config with one Host alias per situation."""

    def __init__(self, runner):
        self.tmp = tempfile.mkdtemp(prefix="kwb-remote-")
        self.user = getpass.getuser()
        self.runner = runner
        self.proc = None

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)

    def start(self):
        host_pub = keygen(self.path("host_ed25519"))
        good = keygen(self.path("id_good"))
        norunner = keygen(self.path("id_norunner"))
        keygen(self.path("id_stranger"))  # never authorized
        # The remote side's PATH holds kwb-runner under its usual name (a link to the build's).
        os.makedirs(self.path("remote-bin"))
        os.symlink(self.runner, self.path("remote-bin", "kwb-runner"))
        os.makedirs(self.path("remote-cache"))
        remote_path = f"{self.path('remote-bin')}:/usr/local/bin:/usr/bin:/bin"
        cache = f"KWB_CACHE_DIR={self.path('remote-cache')}"
        with open(self.path("authorized_keys"), "w") as f:
            f.write(f'environment="PATH={remote_path}",environment="{cache}" {good}\n')
            f.write(f'environment="PATH=/usr/bin:/bin",environment="{cache}" {norunner}\n')
        if os.geteuid() == 0 and not os.path.isdir("/run/sshd"):
            # sshd started as root needs its privilege-separation folder (Debian: tmpfiles.d).
            os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
        for attempt in range(5):
            self.port = free_port()
            with open(self.path("sshd_config"), "w") as f:
                f.write("\n".join([
                    f"Port {self.port}",
                    "ListenAddress 127.0.0.1",
                    f"HostKey {self.path('host_ed25519')}",
                    f"PidFile {self.path('sshd.pid')}",
                    f"AuthorizedKeysFile {self.path('authorized_keys')}",
                    f"AllowUsers {self.user}",
                    "UsePAM no",
                    "StrictModes no",
                    "PubkeyAuthentication yes",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PermitRootLogin prohibit-password",
                    "PermitUserEnvironment yes",
                    "LogLevel VERBOSE",
                    ""]))
            rc, out, err, _ = run([SSHD, "-t", "-f", self.path("sshd_config")], timeout=30)
            if rc != 0:
                skip(f"sshd -t rejects the test's configuration (as uid {os.geteuid()}): {err.strip() or out.strip()}")
            log = open(self.path("sshd.log"), "w")
            self.proc = subprocess.Popen([SSHD, "-D", "-e", "-f", self.path("sshd_config")],
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=log)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and self.proc.poll() is None:
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                        break
                except OSError:
                    time.sleep(0.05)
            if self.proc.poll() is None:
                break
            print(f"sshd did not start on port {self.port} (attempt {attempt + 1}): {self.sshd_log()[-400:]}")
        else:
            raise RuntimeError("sshd would not start")
        with open(self.path("known_hosts"), "w") as f:
            f.write(f"[127.0.0.1]:{self.port} {host_pub}\n")
        open(self.path("empty_known_hosts"), "w").close()
        closed = free_port()  # nothing listens there
        common = [f"  HostName 127.0.0.1", f"  User {self.user}", "  IdentitiesOnly yes",
                  "  GlobalKnownHostsFile /dev/null", "  StrictHostKeyChecking yes", "  UpdateHostKeys no",
                  "  LogLevel ERROR"]

        def host(alias, port, key=None, known="known_hosts"):
            lines = [f"Host {alias}", f"  Port {port}", f"  UserKnownHostsFile {self.path(known)}"] + common
            if key:
                lines.append(f"  IdentityFile {self.path(key)}")
            else:  # no key file of the test: keys from the agent ($SSH_AUTH_SOCK) only
                lines = [l for l in lines if "IdentitiesOnly" not in l]
            return "\n".join(lines) + "\n"

        with open(self.path("ssh_config"), "w") as f:
            f.write(host("kwb-test", self.port, "id_good"))
            f.write(host("kwb-norunner", self.port, "id_norunner"))
            f.write(host("kwb-stranger", self.port, "id_stranger"))
            f.write(host("kwb-unknownkey", self.port, "id_good", known="empty_known_hosts"))
            f.write(host("kwb-closed", closed, "id_good"))
            f.write(host("kwb-agent", self.port))
        os.makedirs(self.path("client-bin"))
        with open(self.path("client-bin", "ssh"), "w") as f:
            f.write(f'#!/bin/sh\nexec /usr/bin/ssh -F "{self.path("ssh_config")}" "$@"\n')
        os.chmod(self.path("client-bin", "ssh"), 0o755)
        print(f"sshd (uid {os.geteuid()}, pid {self.proc.pid}) on 127.0.0.1:{self.port}, folder {self.tmp}")

    def env(self, **extra):
        """The environment kwb runs in: the ssh wrapper first in PATH, a private cache folder."""
        env = {k: v for k, v in os.environ.items() if k not in ("SSH_AUTH_SOCK", "KWB_RUNNER", "KWB_CACHE_DIR")}
        env["PATH"] = self.path("client-bin") + ":" + env.get("PATH", "/usr/bin:/bin")
        env["KWB_CACHE_DIR"] = self.path("local-cache")
        env["KWB_DATA_DIR"] = self.path("local-data")
        env.update(extra)
        return env

    def sshd_log(self):
        try:
            with open(self.path("sshd.log")) as f:
                return f.read()
        except OSError:
            return ""

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if FAILURES:
            print("---- sshd log (tail) ----\n" + self.sshd_log()[-3000:])
            print(f"(kept {self.tmp} for inspection)")
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def task_and_source(source_dir):
    return (os.path.join(source_dir, "resources", "tasks", "saxpy-f32.toml"),
            os.path.join(source_dir, "resources", "tasks", "reference", "saxpy-f32.cu"))


def parse_json(text):
    try:
        return json.loads(text)
    except ValueError:
        return None


# --- the cases ----------------------------------------------------------------------------------

def case_verify_json(fx, a):
    """A good candidate verified over ssh answers as the same worker does locally."""
    task, src = task_and_source(a.source)
    cmd = [a.kwb, "verify", task, src, "--json", "--no-bench", "--seed", "7"]
    rc_local, out_local, err_local, _ = run(cmd, env=fx.env(KWB_RUNNER=a.runner,
                                                            KWB_CACHE_DIR=fx.path("local-only-cache")), timeout=400)
    rc, out, err, secs = run(cmd + ["--worker-host", "kwb-test"], env=fx.env(), timeout=400)
    print(f"kwb verify over ssh: exit {rc}, {secs:.1f} s; locally: exit {rc_local}")
    local, rec = parse_json(out_local), parse_json(out)
    if not check(rec is not None, "the verification record comes back through ssh as JSON", err[-2000:] + out[-500:]):
        return
    check(local is not None, "the same verification without ssh gives JSON too", err_local[-1000:])
    check(rc == rc_local, f"the exit code is the one without ssh ({rc} == {rc_local})")
    if local:
        check(rec.get("verdict") == local.get("verdict"),
              f"the verdict is the one without ssh ({rec.get('verdict')} == {local.get('verdict')})")
    build = rec.get("build", {})
    check(build.get("ok") is True and build.get("cached") is False,
          "the remote worker built the candidate with its own nvcc (ok, not cached)", json.dumps(build)[:800])
    res = build.get("resources", [])
    check(bool(res) and all("registers" in r for r in res),
          "ptxas resource use comes back (registers per function)", json.dumps(res)[:500])
    check("over ssh" in rec.get("worker", "") and "kwb-test" in rec.get("worker", ""),
          f"the record names the remote worker: {rec.get('worker')!r}")
    if rec.get("verdict") == "not-run":
        check(rc == 3, "not-run exits 3")
        check("no CUDA device" in rec.get("detail", ""), f"the detail says why: {rec.get('detail')!r}")
    check(any(os.scandir(fx.path("remote-cache"))), "the build landed in the remote worker's cache folder")
    launcher = fx.path("local-cache", "ssh-runner-kwb-test.sh")
    check(os.path.isfile(launcher) and stat.S_IMODE(os.stat(launcher).st_mode) == 0o700,
          "kwb wrote the launcher into its cache folder, mode 0700")


def case_compile_error(fx, a):
    """A candidate that does not compile comes back as compile-error with parsed diagnostics."""
    task, src = task_and_source(a.source)
    with open(src) as f:
        lines = f.read().split("\n")
    bad_line = len(lines) + 2
    broken = fx.path("broken.cu")
    with open(broken, "w") as f:
        f.write("\n".join(lines) + "\n\nstatic int oops = undeclared_identifier_42;\n")
    rc, out, err, secs = run([a.kwb, "verify", task, broken, "--json", "--no-bench", "--worker-host", "kwb-test"],
                             env=fx.env(), timeout=400)
    print(f"kwb verify (broken) over ssh: exit {rc}, {secs:.1f} s")
    rec = parse_json(out)
    if not check(rec is not None, "the record of a broken candidate comes back as JSON", err[-2000:]):
        return
    check(rec.get("verdict") == "compile-error", f"verdict compile-error (got {rec.get('verdict')!r})")
    check(rc == 1, f"a compile error exits 1, as locally (got {rc})")
    diags = rec.get("build", {}).get("diagnostics", [])
    hit = [d for d in diags if d.get("severity") == "error" and "undeclared_identifier_42" in d.get("message", "")]
    check(bool(hit), "nvcc's error is parsed into a diagnostic naming the identifier", json.dumps(diags)[:800])
    if hit:
        check(hit[0].get("file") == "broken.cu" and hit[0].get("line") == bad_line,
              f"the diagnostic points at broken.cu:{bad_line} (got {hit[0].get('file')}:{hit[0].get('line')})")


def case_suite(fx, a):
    """kwb suite over ssh: the build workers (--build-jobs 2) and the verifying worker all run on
    the remote host, and the local KWB_RUNNER (a program that does not exist) is never used."""
    task, src = task_and_source(a.source)
    samples = fx.path("suite-samples")
    os.makedirs(samples)
    shutil.copy(src, os.path.join(samples, "saxpy-f32.cu"))
    rc, out, err, secs = run([a.kwb, "suite", "--samples", samples, "--tasks", "saxpy-f32", "--no-bench",
                              "--seed", "7", "--build-jobs", "2", "--json", "--worker-host", "kwb-test"],
                             env=fx.env(KWB_RUNNER=fx.path("no-local-runner")), timeout=600)
    print(f"kwb suite over ssh: exit {rc}, {secs:.1f} s")
    doc = parse_json(out)
    if not check(doc is not None, "kwb suite over ssh prints its JSON", err[-2000:] + out[-500:]):
        return
    rows = doc.get("tasks", [])
    check(len(rows) == 1 and rows[0].get("verdict") in ("pass", "not-run"),
          f"the sample is verified on the remote worker: {json.dumps(rows)[:400]}")
    check(rc in (0, 3), f"exit 0 (pass) or 3 (not run: no GPU there), got {rc}")
    check(set(doc.get("fast_p", {})) == {"0", "1", "1.5", "2"}, f"fast_p is reported: {doc.get('fast_p')}")
    check(any(os.scandir(fx.path("remote-cache"))), "the builds landed in the remote worker's cache folder")


def expect_ssh_error(fx, a, alias, must, what, env=None, code="2"):
    task, src = task_and_source(a.source)
    rc, out, err, secs = run([a.kwb, "verify", task, src, "--no-bench", "--worker-host", alias],
                             env=env or fx.env(), timeout=90)
    print(f"  {alias}: exit {rc} after {secs:.1f} s: {err.strip()[:400]}")
    check(rc is not None, f"{what}: kwb ends by itself (no hang), {secs:.1f} s")
    check(rc == int(code), f"{what}: exit {code} (got {rc})")
    check("ssh" in err and alias in err, f"{what}: the error names ssh and the host", err)
    check(must in err, f"{what}: the error says {must!r}", err)
    check("handshake" not in err and "protocol" not in err, f"{what}: not a generic protocol error", err)


def case_errors(fx, a):
    """Every way the ssh side can fail ends in a sentence naming ssh and the host."""
    expect_ssh_error(fx, a, "kwb-stranger", "Permission denied", "a key the server refuses")
    expect_ssh_error(fx, a, "kwb-unknownkey", "Host key verification failed", "an unknown host key")
    expect_ssh_error(fx, a, "kwb-closed", "Connection refused", "a port where no sshd listens")
    if shutil.which("kwb-runner", path="/usr/bin:/bin"):
        print("  (no-runner case left out: /usr/bin or /bin holds a kwb-runner on this machine)")
    else:
        expect_ssh_error(fx, a, "kwb-norunner", "kwb-runner could not be run there", "no kwb-runner on the remote PATH")
    # Host strings ssh would misread never reach it.
    task, src = task_and_source(a.source)
    for host, must in (("-oProxyCommand=x", "begins with '-'"), ("a;b", "may hold only")):
        rc, out, err, _ = run([a.kwb, "verify", task, src, f"--worker-host={host}"], env=fx.env(), timeout=30)
        check(rc == 2 and must in err, f"--worker-host={host} is refused before ssh runs: exit {rc}, {err.strip()!r}")


def case_launcher(fx, a):
    """The launcher an ssh endpoint writes works for any client: the protocol by hand, and kwb
    doctor with KWB_RUNNER at it. It passes CUDA_VISIBLE_DEVICES along."""
    task, src = task_and_source(a.source)
    # kwb writes the launcher through the same core function the window's settings use (the
    # ssh endpoint's workerProgram); a shape the task lacks stops it before any worker starts.
    rc, out, err, _ = run([a.kwb, "verify", task, src, "--worker-host", "kwb-test", "--shapes", "no-such-shape"],
                          env=fx.env(), timeout=60)
    launcher = fx.path("local-cache", "ssh-runner-kwb-test.sh")
    if not check(os.path.isfile(launcher), "the launcher exists", err):
        return
    with open(launcher) as f:
        text = f.read()
    check("BatchMode=yes" in text and "kwb-runner" in text, "the launcher runs ssh in batch mode", text)
    hello = json.dumps({"type": "hello", "protocol": 1, "client": "test"})
    requests = "\n".join([hello, json.dumps({"id": 1, "type": "device-info"}),
                          json.dumps({"id": 2, "type": "shutdown"})]) + "\n"
    env = fx.env(CUDA_VISIBLE_DEVICES="0")
    rc, out, err, secs = run([launcher], env=env, stdin=requests, timeout=60)
    replies = [parse_json(l) for l in out.splitlines() if l.strip()]
    check(rc == 0 and len(replies) == 3, f"hello, device-info and shutdown over the launcher: exit {rc}, "
                                         f"{len(replies)} replies, {secs:.1f} s", err + out)
    if len(replies) == 3 and all(replies):
        check(replies[0].get("type") == "hello" and replies[0].get("ok"), "the remote worker greets back")
        check(replies[1].get("ok") and "gpus" in replies[1].get("result", {}),
              "device-info answers with a gpus list", json.dumps(replies[1])[:400])
    rc, out, err, _ = run([a.kwb, "doctor", "--json"], env=fx.env(KWB_RUNNER=launcher), timeout=120)
    doc = parse_json(out) or {}
    worker = [c for c in doc.get("checks", []) if c.get("name") == "worker"]
    check(bool(worker) and "over ssh" in json.dumps(worker[0]) and worker[0].get("level") != "missing",
          "kwb doctor with KWB_RUNNER at the launcher finds the worker on kwb-test over ssh", out[:1500] + err)


def case_agent(fx, a):
    """A key held only by ssh-agent works: the launcher's ssh gets SSH_AUTH_SOCK."""
    if not shutil.which("ssh-agent") or not shutil.which("ssh-add"):
        skip("ssh-agent or ssh-add is missing")
    sock = fx.path("agent.sock")
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", sock], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not os.path.exists(sock) and time.monotonic() < deadline:
            time.sleep(0.05)
        rc, out, err, _ = run(["ssh-add", fx.path("id_good")], env=dict(os.environ, SSH_AUTH_SOCK=sock), timeout=30)
        if not check(rc == 0, "ssh-add loads the key into a private agent", err):
            return
        task, src = task_and_source(a.source)
        rc, out, err, secs = run([a.kwb, "verify", task, src, "--json", "--no-bench", "--worker-host", "kwb-agent"],
                                 env=fx.env(SSH_AUTH_SOCK=sock), timeout=400)
        rec = parse_json(out)
        check(rec is not None and rec.get("verdict") in ("pass", "not-run"),
              f"verify over ssh with the agent's key only: exit {rc}, {secs:.1f} s", err[-1500:])
        expect_ssh_error(fx, a, "kwb-agent", "Permission denied", "the same host without an agent")
    finally:
        agent.terminate()
        agent.wait(timeout=10)


CASES = {"verify_json": case_verify_json, "compile_error": case_compile_error, "errors": case_errors,
         "launcher": case_launcher, "agent": case_agent, "suite": case_suite}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", required=True, choices=sorted(CASES))
    ap.add_argument("--kwb", required=True)
    ap.add_argument("--runner", default="")
    ap.add_argument("--source", required=True)
    a = ap.parse_args()
    if not os.access(SSHD, os.X_OK):
        skip(f"{SSHD} is missing (install openssh-server)")
    if not shutil.which("ssh") or not os.access("/usr/bin/ssh", os.X_OK) or not shutil.which("ssh-keygen"):
        skip("the OpenSSH client (ssh, ssh-keygen) is missing (install openssh-client)")
    if not a.runner or not os.access(a.runner, os.X_OK):
        skip("kwb-runner is not built (no CUDA toolkit): there is no worker to reach over ssh")
    if a.case in ("verify_json", "compile_error", "agent", "suite"):
        nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
        if not nvcc:
            skip("nvcc is missing: the remote worker cannot build a candidate")
    fx = SshFixture(os.path.realpath(a.runner))
    try:
        fx.start()
        CASES[a.case](fx, a)
    finally:
        fx.stop()
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
