#!/usr/bin/env bash
# Nsight Compute against each part of the job's confinement (ncu_confinement_probe.cu): for each
# combination, the probe under `ncu --target-processes all --clock-control none` and the kernels
# its report holds (2 when ncu could profile, 0 when the confinement kept it out).
#   tests/gpu/ncu_probe/run.sh PROBE OUT
set -u
PROBE=${1:?usage: run.sh PROBE OUT}
OUT=$(mkdir -p "${2:?usage: run.sh PROBE OUT}" && cd "$2" && pwd)
NCU=${KWB_NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
"$NCU" --version | tail -1 | tee "$OUT/ncu_version.txt"
for combo in "none" "shm" "limits" "seccomp" "landlock" "shm limits seccomp landlock"; do
    name=${combo// /+}
    args=${combo/none/}
    t0=$(date +%s.%N)
    (cd "$OUT" && timeout 120 "$NCU" --clock-control none --target-processes all -f -o "probe_$name" \
        "$PROBE" $args > "$OUT/probe_$name.log" 2>&1)
    rc=$?
    kernels=0
    if [ -f "$OUT/probe_$name.ncu-rep" ]; then
        kernels=$("$NCU" --import "$OUT/probe_$name.ncu-rep" --csv --page raw \
            --metrics gpu__time_duration.sum 2>/dev/null | grep -c kwbProbeScale)
    fi
    printf '%-32s rc=%s kernels=%s seconds=%.2f\n' "$name" "$rc" "$kernels" \
        "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')" | tee -a "$OUT/summary.txt"
done
