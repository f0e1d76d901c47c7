#!/usr/bin/env bash
# Records raw compute-sanitizer and Nsight Compute outputs of known hazards and of a naive SGEMM
# beside cuBLAS, on a GPU machine with the full CUDA toolkit: the outputs are the fixtures the
# tool parsers are tested on. Usage: tests/gpu/tool_formats.sh OUT
set -u
out=${1:?usage: tool_formats.sh OUT}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
san=$cuda/bin/compute-sanitizer
ncu=$(command -v ncu || echo "$cuda/bin/ncu")
"$cuda/bin/nvcc" -O2 -lineinfo -arch=sm_90 -o "$out/hazards" "$here/tool_formats/hazards.cu" -lcublas \
    > "$out/nvcc.txt" 2>&1 || { cat "$out/nvcc.txt"; exit 1; }
{ "$san" --version; "$ncu" --version; } > "$out/versions.txt" 2>&1
"$san" --help > "$out/sanitizer_help.txt" 2>&1
"$ncu" --help > "$out/ncu_help.txt" 2>&1
run() { # name, seconds are logged so the time each tool takes is on record
    local name=$1; shift
    local t0=$(date +%s.%N)
    timeout 300 "$@" > "$out/$name.stdout" 2> "$out/$name.stderr"
    echo "$name rc=$? seconds=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f", b-a}')" | tee -a "$out/runs.txt"
}
for t in memcheck:oob racecheck:race initcheck:uninit synccheck:sync memcheck:sgemm; do
    tool=${t%%:*}; what=${t##*:}
    run "san_${tool}_${what}_text" "$san" --tool "$tool" --print-limit 100 "$out/hazards" "$what"
    run "san_${tool}_${what}_xml" "$san" --tool "$tool" --print-limit 100 --xml --save "$out/san_${tool}_${what}.xml" "$out/hazards" "$what"
done
run san_racecheck_race_all "$san" --tool racecheck --racecheck-report all "$out/hazards" race
run san_memcheck_clean_exitcode "$san" --tool memcheck --error-exitcode 9 "$out/hazards" sgemm
run san_memcheck_oob_exitcode "$san" --tool memcheck --error-exitcode 9 "$out/hazards" oob
for set in basic full; do
    run "ncu_${set}" "$ncu" --clock-control none --set "$set" --import-source yes -f -o "$out/sgemm_$set" "$out/hazards" sgemm
    run "ncu_${set}_raw_csv" "$ncu" --import "$out/sgemm_$set.ncu-rep" --csv --page raw --print-units base
    run "ncu_${set}_details_csv" "$ncu" --import "$out/sgemm_$set.ncu-rep" --csv --page details --print-units base
done
run ncu_source_csv "$ncu" --import "$out/sgemm_full.ncu-rep" --csv --page source --print-source cuda,sass -k regex:naive
run ncu_source_csv_cuda "$ncu" --import "$out/sgemm_full.ncu-rep" --csv --page source --print-source cuda
run ncu_metrics_direct "$ncu" --clock-control none --csv --page raw --print-units base --metrics gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,dram__bytes.sum "$out/hazards" sgemm
run ncu_list_sets "$ncu" --list-sets
run ncu_list_sections "$ncu" --list-sections
ls -la "$out" > "$out/listing.txt"
