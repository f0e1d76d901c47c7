#!/usr/bin/env bash
# Verifies a task's reference solution at one shape for seeds 1..N (correctness only) and prints
# one line per seed: verdict and, on a failure, the first bad element (got / expected / allowed).
# Finds intermittent mismatches that one seed misses.
#
#   tests/gpu/seed_sweep.sh BIN TASK SHAPE N      (BIN/bin holds kwb, kwb-runner and kwb-job)
set -u
BIN=$(cd "${1:?usage: seed_sweep.sh BIN TASK SHAPE N}" && pwd)
TASK=${2:?task}; SHAPE=${3:?shape}; N=${4:?count}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export KWB_RUNNER="$BIN/bin/kwb-runner"
fails=0
for seed in $(seq 1 "$N"); do
    out=$("$BIN/bin/kwb" verify "$TASK" "$ROOT/resources/tasks/reference/$TASK.cu" --shapes "$SHAPE" \
          --no-bench --seed "$seed" --json 2>&1)
    line=$(printf '%s' "$out" | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    print("no-json"); sys.exit()
s = (d.get("shapes") or [{}])[0]
fb = [o.get("first_bad") for o in s.get("outputs", {}).values() if o.get("first_bad")]
print(d.get("verdict"), (d.get("detail") or "")[:300], fb[0] if fb else "")')
    echo "$TASK $SHAPE seed $seed: $line"
    case "$line" in pass*) ;; *) fails=$((fails + 1)) ;; esac
done
echo "$TASK $SHAPE: $fails of $N seeds failed"
[ "$fails" -eq 0 ]
