#!/usr/bin/env python3
"""Where a GPU lane's time per sample went, from the verification records of a project (the
queue benchmark keeps its project: queue_benchmark.sh OUT/queue.kwbproj).

    tests/benchmarks/lane_breakdown.py PROJECT.kwbproj [--json OUT.json]

Per sample: the queue's GPU seconds (the lane's time), the time before the job (the job child's
start, CUDA's start and the baseline's warm-up; split by whether the child was started ahead by
the previous verification, and whether its baseline was warmed ahead too), the job's time from
its spec to the candidate's load (and that time's steps, where the records mark them), correctness, the
timing set-up and the interleaved timing; per timed shape: the sampling loop's parts (fresh inputs, the timed samples, the output checks,
the audits, the clock readings) where the records have them. Means and medians in ms."""
import argparse, json, sqlite3, statistics, sys


def stats(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"n": len(values), "mean": statistics.mean(values), "median": statistics.median(values)}


def line(label, s, indent=0):
    if s and label.endswith("_pairs"):  # a count, not a duration
        print(f"{'  ' * indent}{label}: mean {s['mean']:.1f}, median {s['median']:.0f} (n={s['n']})")
    elif s:
        print(f"{'  ' * indent}{label}: mean {s['mean']:.0f} ms, median {s['median']:.0f} ms (n={s['n']})")


def child_life(recs):
    """Where the children started ahead spent their lives before their jobs: the records' stamps
    (worker_timeline_ms child_*, ms from the child's start; records from builds that have them)."""
    w = [r.get("worker_timeline_ms", {}) for r in recs]
    w = [x for x in w if "child_asked" in x and "child_cuda_ready" in x]
    if not w:
        return None
    rows = {
        "to its main (exec, the libraries' loading)": [x.get("child_main") for x in w],
        "its CUDA start (cudaFree(0), held time too)":
            [x["child_cuda_ready"] - x["child_prepare_read"] for x in w if "child_prepare_read" in x],
        "asked for, from its start": [x["child_asked"] for x in w],
        "held by then": [x["child_held"] for x in w],
        "not held by then": [x["child_asked"] - x["child_held"] for x in w],
        "CUDA ready after the ask (0: before)": [max(0, x["child_cuda_ready"] - x["child_asked"]) for x in w],
        "warm line read after the ask (0: before)":
            [max(0, x["child_warm_read"] - x["child_asked"]) for x in w if "child_warm_read" in x],
        "warm done after the ask (0: before)":
            [max(0, x["child_warm_done"] - x["child_asked"]) for x in w if "child_warm_done" in x],
        # What a child needs of its own to be ready, against what it had: where its warm ended
        # after the ask it was not held after the ask (it is the job's now), so its time not held
        # until then is exact; where it ended before, the held time up to then is unknown.
        "warm done after the ask: not held until it was done":
            [x["child_warm_done"] - x["child_held"] for x in w
             if x.get("child_warm_done", -1) >= x["child_asked"]],
        "warm done after the ask: not held by the ask":
            [x["child_asked"] - x["child_held"] for x in w
             if x.get("child_warm_done", -1) >= x["child_asked"]],
        "warm done before the ask: not held by the ask":
            [x["child_asked"] - x["child_held"] for x in w
             if 0 <= x.get("child_warm_done", -1) < x["child_asked"]],
    }
    out = {k: stats(v) for k, v in rows.items()}
    out["cuda_after_ask"] = sum(1 for x in w if x["child_cuda_ready"] > x["child_asked"])
    print(f"    the children started ahead, from their start (n={len(w)}; CUDA still starting when "
          f"asked: {out['cuda_after_ask']}):")
    for k, v in rows.items():
        line(k, out[k], 3)
    return out


def device_trace(recs, top=30):
    """Where each job's own device work left the device idle: the records of a build with the
    device trace (DEVBIN_TRACE=ON; the job's "device_trace", device_trace.h). Per stretch name,
    summed over the jobs and divided by their number: wall ms, the ms with some kernel, copy or
    memset of the job's running, and kernels alone; the stretches with the most idle time first.
    Then the longest idle gaps of each job, by the stretch they fell in."""
    t = [r["device_trace"] for r in recs if isinstance(r.get("device_trace"), dict)]
    errors = [x["error"] for x in t if "error" in x]
    t = [x for x in t if "job" in x]
    if errors:
        print(f"device trace: refused in {len(errors)} jobs: {errors[0]}")
    if not t:
        return None
    n = len(t)
    job = {k: sum(x["job"][k] for x in t) / n for k in ("wall_ms", "busy_ms", "kernel_ms")}
    acts = {k: sum(x["activities"].get(k, 0) for x in t) / n
            for k in ("kernels", "kernel_ms", "copies", "copy_ms", "sets", "set_ms", "dropped")}
    print(f"device trace ({n} jobs; per job, from the spec's arrival to the result): wall "
          f"{job['wall_ms']:.0f} ms, the job's device work running {job['busy_ms']:.0f} ms "
          f"({job['busy_ms'] / job['wall_ms']:.1%}), kernels alone {job['kernel_ms']:.0f} ms "
          f"({job['kernel_ms'] / job['wall_ms']:.1%})")
    print(f"  activities per job: {acts['kernels']:.0f} kernels ({acts['kernel_ms']:.0f} ms), "
          f"{acts['copies']:.0f} copies ({acts['copy_ms']:.1f} ms), {acts['sets']:.0f} memsets "
          f"({acts['set_ms']:.1f} ms); dropped records {acts['dropped']:.0f}")
    names = {}
    for x in t:
        for name, v in x.get("stretches", {}).items():
            agg = names.setdefault(name, {"n": 0, "wall_ms": 0.0, "busy_ms": 0.0, "kernel_ms": 0.0})
            for k in agg:
                agg[k] += v[k]
    for agg in names.values():
        for k in agg:
            agg[k] /= n
    print(f"  stretches, most idle first (per job: how many, wall, device work running, kernels; "
          f"idle = wall less device work; the {top} most idle of {len(names)}):")
    for name, agg in sorted(names.items(), key=lambda kv: kv[1]["busy_ms"] - kv[1]["wall_ms"])[:top]:
        idle = agg["wall_ms"] - agg["busy_ms"]
        print(f"    {name}: {agg['n']:.1f}, wall {agg['wall_ms']:.1f} ms, busy {agg['busy_ms']:.1f} ms, "
              f"kernels {agg['kernel_ms']:.1f} ms, idle {idle:.1f} ms")
    gaps = {}
    for x in t:
        for g in x.get("largest_idle_ms", []):
            e = gaps.setdefault(g["in"], [])
            e.append(g["ms"])
    print("  each job's 8 longest idle gaps, by the stretch that held them (per job: ms summed):")
    for name, v in sorted(gaps.items(), key=lambda kv: -sum(kv[1]))[:15]:
        print(f"    {name}: {len(v)} gaps, {sum(v) / n:.1f} ms a job, longest {max(v):.1f} ms")
    return {"jobs": n, "job": job, "activities": acts, "stretches": names}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("project")
    ap.add_argument("--json")
    ap.add_argument("--min-samples", type=int,
                    help="the policy's sample floor (min_samples) the run was taken with; default: "
                         "the fewest samples any shape of the project kept")
    a = ap.parse_args()
    rows = sqlite3.connect(a.project).execute("SELECT record_json FROM verifications").fetchall()
    # In the order the lane ran them (created_at: when the record was made, at the job's end).
    recs = sorted((json.loads(r) for (r,) in rows), key=lambda r: r.get("created_at", ""))
    if not recs:
        print("no verification records in", a.project)
        return 1
    lane, before, before_ahead, before_fresh, job, corr, setup, timed = ([] for _ in range(8))
    warm_ahead = []  # the child's own warm-up time (prepared.warm_ms) where it was started ahead
    # The time before the job where the baseline was warmed ahead (timeline "prewarmed": 1, while
    # the job before checked its candidate), and where a warm sent ahead was for another task (0).
    before_prewarmed, before_prewarm_missed = [], []
    prewarm_age = []  # how long the warm sent ahead had when the job asked for it (held time too)
    prewarmed_by_quarter = [[], [], [], []]
    # The wait for a warm sent ahead by its age when the job asked (ms): under 400, 400-700,
    # 700-1000, 1000 and over; is a longer wait only a younger warm?
    age_edges = (400, 700, 1000)
    prewarmed_by_age = [[], [], [], []]
    # The job from its spec's arrival to the candidate's load, and its steps (timeline_ms marks;
    # device_ready, nvml_ready and confined only in records that have them; nvml_ready only from
    # builds that started NVML in the job).
    load = {k: [] for k in ("loaded", "device", "nvml", "confine", "dlopen")}
    parts = {k: [] for k in ("sampling", "sampling_refresh", "sampling_timed", "sampling_checks",
                             "sampling_audits", "sampling_clock", "warmup", "capture", "capture_graphs",
                             "host_check")}
    ahead = 0
    # The watch before each timed shape: how often it saw another context's work first, how often
    # the worker ended its children started ahead for it, shapes flagged because it never went.
    watch = {"shapes": 0, "spent": [], "busy_first": 0, "flagged": 0, "busy_watches": [],
             "busy_gap_us": [], "ahead_ended": 0}
    # Timed shapes, and those timed against a baseline the lane measured in another job (the
    # task's reference: lane_baselines.h) rather than in their own.
    timed_shapes = reused = 0
    by_shape = {}  # shape name -> step -> values (correctness steps and the timing loop's parts)
    spreads = {}  # shape name -> the candidate's sample counts and outliers
    for r in recs:
        w = r.get("worker_timeline_ms", {})
        lane.append(1000 * r.get("queue", {}).get("gpu_seconds", 0) or None)
        if "warm_done" in w:
            before.append(w["warm_done"])
            (before_ahead if w.get("child_started_ahead") else before_fresh).append(w["warm_done"])
            # (a warm done ahead, while the job before ran, is not this lane's time)
            if (w.get("child_started_ahead") and not w.get("prewarmed")
                    and "warm_ms" in r.get("prepared", {})):
                warm_ahead.append(r["prepared"]["warm_ms"])
            if "prewarmed" in w:
                (before_prewarmed if w["prewarmed"] else before_prewarm_missed).append(w["warm_done"])
                if w["prewarmed"]:  # by quarter of the run: is the wait the builds' doing?
                    prewarmed_by_quarter[min(3, 4 * len(lane[:-1]) // len(recs))].append(w["warm_done"])
            if w.get("prewarmed") and "prewarm_age_ms" in w:
                prewarm_age.append(w["prewarm_age_ms"])
                prewarmed_by_age[sum(w["prewarm_age_ms"] >= e for e in age_edges)].append(w["warm_done"])
        ahead += 1 if w.get("child_started_ahead") else 0
        if "job_done" in w and "build_done" in w:
            job.append(w["job_done"] - w["build_done"])
        tl = r.get("timeline_ms", {})
        if "candidate_loaded" in tl:
            load["loaded"].append(tl["candidate_loaded"])
            if all(k in tl for k in ("cuda_ready", "device_ready", "confined")):
                load["device"].append(tl["device_ready"] - tl["cuda_ready"])
                # Builds that started NVML in the job marked it (nvml_ready); later ones have none.
                after_device = tl.get("nvml_ready", tl["device_ready"])
                if "nvml_ready" in tl:
                    load["nvml"].append(after_device - tl["device_ready"])
                load["confine"].append(tl["confined"] - after_device)
                load["dlopen"].append(tl["candidate_loaded"] - tl["confined"])
        c = s = t = 0.0
        for shape in r.get("shapes", []):
            spent = shape.get("spent_ms", {})
            # spent_ms: milestones since the shape began
            c += spent.get("correctness", 0)
            s += spent.get("timing_setup", 0) - spent.get("correctness", 0)
            t += spent.get("timed", 0) - spent.get("timing_setup", 0)
            if shape.get("timing"):
                timed_shapes += 1
                reused += 1 if shape["timing"].get("baseline", {}).get("reused") else 0
            loop = shape.get("timing", {}).get("candidate", {}).get("spent_ms", {})
            for k in parts:
                if k in loop:
                    parts[k].append(loop[k])
            steps = by_shape.setdefault(shape.get("name", "?"), {})
            # The candidate's samples: how many the stopping rule took, and how many were more than
            # 2 % over their median (stalls from elsewhere on the device show as such steps).
            cand = shape.get("timing", {}).get("candidate", {})
            if cand.get("samples_ms"):
                xs = cand["samples_ms"]
                med = statistics.median(xs)
                spread = spreads.setdefault(shape.get("name", "?"), {"shapes": 0, "samples": 0,
                                                                    "over_min": 0, "outliers": 0})
                spread["shapes"] += 1
                spread["samples"] += len(xs)
                spread.setdefault("counts", []).append(len(xs))
                spread["outliers"] += sum(1 for x in xs if x > 1.02 * med)
            steps.setdefault("correctness", []).append(spent.get("correctness"))
            for k, v in spent.items():
                if k.startswith("correctness_"):  # durations, summed over the trials
                    steps.setdefault(k, []).append(v)
            if "timed" in spent:
                steps.setdefault("timing", []).append(spent["timed"] - spent.get("timing_setup", 0))
                if "warmup_pairs" in cand:
                    steps.setdefault("warmup_pairs", []).append(cand["warmup_pairs"])
                for k in parts:
                    if k in loop:
                        steps.setdefault(k, []).append(loop[k])
            dw = shape.get("device_watch")
            if dw:  # the watch before timing (TimingPolicy::watchMs)
                watch["shapes"] += 1
                watch["spent"].append(dw.get("spent_ms", 0))
                watch["busy_first"] += 1 if dw.get("watches", 1) > 1 or not dw.get("quiet", True) else 0
                watch["flagged"] += 0 if dw.get("quiet", True) else 1
                if dw.get("watches", 1) > 1:
                    watch["busy_watches"].append(dw["watches"])
                    watch["busy_gap_us"].append(dw.get("first_gap_us", 0))
        watch["ahead_ended"] += w.get("ahead_ended_for_busy_device", 0)
        corr.append(c)
        setup.append(s)
        timed.append(t)
    out = {"records": len(recs), "child_started_ahead": ahead, "lane": stats(lane),
           "before_job": stats(before), "before_job_ahead": stats(before_ahead),
           "before_job_fresh": stats(before_fresh), "warm_ahead": stats(warm_ahead),
           "before_job_prewarmed": stats(before_prewarmed), "prewarm_age": stats(prewarm_age),
           "before_job_prewarm_missed": stats(before_prewarm_missed), "job": stats(job), "correctness": stats(corr),
           "timing_setup": stats(setup), "timing": stats(timed),
           "load": {k: stats(v) for k, v in load.items()},
           "per_shape_timing": {k: stats(v) for k, v in parts.items()},
           "by_shape": {name: {k: stats(v) for k, v in steps.items()}
                        for name, steps in by_shape.items()},
           "samples_by_shape": spreads, "timed_shapes": timed_shapes, "reused_baselines": reused,
           "watch": {"shapes": watch["shapes"], "spent": stats(watch["spent"]),
                     "busy_first": watch["busy_first"], "flagged": watch["flagged"],
                     "ahead_ended": watch["ahead_ended"], "busy_watches": stats(watch["busy_watches"]),
                     "busy_first_gap_us": stats(watch["busy_gap_us"])}}
    print(f"{len(recs)} records; job child started ahead for {ahead}; "
          f"{reused} of {timed_shapes} timed shapes against a baseline measured in another job")
    line("lane time per sample (gpu_seconds)", out["lane"])
    line("before the job: the child's start, CUDA's, the baseline's warm-up", out["before_job"], 1)
    line("child started ahead", out["before_job_ahead"], 2)
    line("of which the baseline's warm-up in it (the rest: waiting for it, the ceilings)",
         out["warm_ahead"], 3)
    line("baseline warmed ahead (while the job before checked its candidate)",
         out["before_job_prewarmed"], 3)
    line("the warm's age when the job asked (sent at the job before's first check; held time too)",
         out["prewarm_age"], 4)
    if any(prewarmed_by_quarter):
        print("        by quarter of the run (the builds run in the first): " + ", ".join(
            f"{statistics.mean(q):.0f} ms (n={len(q)})" if q else "-" for q in prewarmed_by_quarter))
    if any(prewarmed_by_age):
        bins = ("under 400 ms", "400-700 ms", "700-1000 ms", "1000 ms and over")
        print("        the wait by the warm's age, median: " + ", ".join(
            f"{b} {statistics.median(q):.0f} ms (n={len(q)})" for b, q in zip(bins, prewarmed_by_age) if q))
    line("warmed ahead for another task, warmed again", out["before_job_prewarm_missed"], 3)
    out["child_life"] = child_life(recs)
    line("child started for it", out["before_job_fresh"], 2)
    line("the job", out["job"], 1)
    line("the spec's arrival to the candidate's load", out["load"]["loaded"], 2)
    for k, label in (("device", "the device's properties, stream and baseline"), ("nvml", "NVML's start"),
                     ("confine", "the seccomp filter and Landlock"), ("dlopen", "the candidate's dlopen")):
        if load[k]:
            line(label, out["load"][k], 3)
    line("correctness (all shapes)", out["correctness"], 2)
    line("timing set-up (fresh input sets)", out["timing_setup"], 2)
    line("interleaved timing, baseline and candidate", out["timing"], 2)
    if watch["shapes"]:
        wj = out["watch"]
        print(f"watch before timing: {wj['shapes']} shapes watched, {wj['busy_first']} saw another "
              f"context's work first, {wj['flagged']} flagged (it never went), children started "
              f"ahead ended {wj['ahead_ended']} times")
        line("the watch, per timed shape", wj["spent"], 1)
        if watch["busy_watches"]:
            n = wj["busy_watches"]
            print(f"  watches until quiet, where the first was busy: mean {n['mean']:.1f}, median "
                  f"{n['median']:.0f} (n={n['n']})")
            g = wj["busy_first_gap_us"]
            print(f"  the first busy watch's largest gap: mean {g['mean']:.0f} us, median "
                  f"{g['median']:.0f} us (n={g['n']})")
    print("per timed shape:")
    for k, v in out["per_shape_timing"].items():
        line(k, v, 1)
    print("by shape name (correctness steps are durations summed over the trials):")
    for name, steps in sorted(out["by_shape"].items()):
        print(f"  {name}:")
        for k, v in steps.items():
            line(k, v, 2)
    out["device_trace"] = device_trace(recs)
    floor = a.min_samples or min((n for sp in spreads.values() for n in sp["counts"]), default=0)
    for sp in spreads.values():
        sp["over_min"] = sum(1 for n in sp.pop("counts") if n > floor)
    print(f"the candidate's samples by shape name (more than the minimum of {floor}: the "
          "stopping rule wanted more; outliers: over 2 % above their shape's median):")
    for name, sp in sorted(spreads.items()):
        print(f"  {name}: {sp['samples'] / sp['shapes']:.1f} samples a shape, {sp['over_min']} of "
              f"{sp['shapes']} shapes past {floor}, outliers {sp['outliers']} of {sp['samples']} samples")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
