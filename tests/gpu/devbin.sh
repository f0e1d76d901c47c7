#!/usr/bin/env bash
# The GPU side of one revision, built here for the GPU machine: kwb, kwb-runner, kwb-job and
# kwb-baseline-selftest (and kwb-lock-probe, kwb_timing_unit_tests), without the window
# (RelWithDebInfo, warnings as errors), stripped into .devbin/NAME/bin, the folder device_steps.sh
# and queue_benchmark.sh take (carry .devbin/NAME).
#   tests/gpu/devbin.sh REV NAME [JOBS]
# REV "." is this checkout as it is, uncommitted changes included; any other revision is built
# in a worktree of its own under .devbin/src-NAME. Run from the repository root. With ccache's
# base_dir at a folder above both checkouts (ccache --set-config=base_dir=/work, hash_dir=false),
# a second revision builds mostly from the cache.
#   QUEUE_B=.devbin/before tests/gpu/device_steps.sh .devbin/after OUT queueab   (on the GPU machine)
# DEVBIN_TRACE=ON builds kwb-job with its device trace (core/gpu/device_trace.h: CUPTI, for the
# lane breakdown's "device trace" rows); any other build of the same folder turns it off again.
set -euo pipefail
rev=${1:?usage: devbin.sh REV NAME [JOBS]}
name=${2:?usage: devbin.sh REV NAME [JOBS]}
jobs=${3:-$(nproc)}
root=$(git rev-parse --show-toplevel)
out="$root/.devbin/$name"
src=$root
if [[ $rev != . ]]; then
  src="$root/.devbin/src-$name"
  if [[ -d $src ]]; then
    git -C "$src" checkout -q --detach "$rev"
  else
    git -C "$root" worktree add -q --detach "$src" "$rev"
  fi
fi
build="$src/build/devbin"
mkdir -p "$build"
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKWB_WERROR=ON \
  -DKWB_GUI=OFF -DKWB_DEVICE_TRACE="${DEVBIN_TRACE:-OFF}" > "$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }
cmake --build "$build" -j "$jobs" --target kwb kwb-runner kwb-job kwb-baseline-selftest
# The lock probe and the timing unit tests where the revision has them (device_steps.sh lock, units).
extra=$(cmake --build "$build" --target help | grep -oE '^(kwb-lock-probe|kwb_timing_unit_tests)\b' | sort -u || true)
[[ -n $extra ]] && cmake --build "$build" -j "$jobs" --target $extra
mkdir -p "$out/bin"
for b in kwb kwb-runner kwb-job kwb-baseline-selftest $extra; do
  strip -o "$out/bin/$b" "$build/bin/$b"
done
if [[ ${DEVBIN_TRACE:-OFF} == ON ]]; then # CUPTI beside the binaries (kwb-job's runpath ends in ../lib)
  mkdir -p "$out/lib"
  cp -L "$(ldd "$build/bin/kwb-job" | awk '/libcupti/ {print $3}')" "$out/lib/"
fi
echo "devbin: $(git -C "$src" rev-parse --short HEAD)$([[ $rev == . && -n $(git -C "$src" status --porcelain) ]] && echo ' (with uncommitted changes)') in $out/bin ($(du -sh "$out/bin" | cut -f1))"
