#!/bin/sh
# Renders each main view of the workbench to PNG, offscreen, into a folder: in English at the
# default size into <folder>, and in English, Spanish and Polish at 1280x720 and 1920x1080 into
# <folder>/<lang>-<size>/. A cut-off table header in any of them fails the run.
#   tests/gui/render_views.sh <folder> [path/to/kwb-render-views] [--project FILE[.xz]]
#                             [--update-screenshot]
# --project: the main window on a copy of that project instead of the demo project, its
# sgemm-f32 sample in view with its stored record (the README's screenshot uses the project of
# tests/benchmarks/queue_benchmark.sh's latest H200 run: results/h200/queue.kwbproj.xz).
# The program is found in build*/bin or build/*/bin when not given (build it with
# `cmake --build <build> --target kwb-render-views`). --update-screenshot copies the main
# window into resources/screenshots/main-window.png.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:?usage: render_views.sh <folder> [kwb-render-views] [--update-screenshot]}
shift
program=""
update=no
project=""
while [ $# -gt 0 ]; do
  case "$1" in
    --update-screenshot) update=yes ;;
    --project) project=${2:?--project needs a file}; shift ;;
    *) program=$1 ;;
  esac
  shift
done
if [ -z "$program" ]; then
  for candidate in "$repo"/build*/bin/kwb-render-views "$repo"/build/*/bin/kwb-render-views; do
    [ -x "$candidate" ] && program=$candidate && break
  done
fi
[ -n "$program" ] && [ -x "$program" ] || { echo "render_views.sh: kwb-render-views not found; build it first" >&2; exit 2; }
mkdir -p "$out"
set --
if [ -n "$project" ]; then
  [ -f "$project" ] || { echo "render_views.sh: no project $project" >&2; exit 2; }
  case "$project" in
    *.xz) unpacked=$(mktemp -d)/project.kwbproj
          xz -dc "$project" >"$unpacked"
          project=$unpacked ;;
  esac
  set -- --project "$project"
fi
views="main-window compare compare-samples compare-speedups task provenance main-window-generation dataset-view dataset-accept-rate
       evaluation-view export-dialog settings-dialog verification-panel-synthetic review-bar
       accept-question verification-panel-suspected-hack-synthetic
       verification-panel-screening-synthetic chart-speedup-per-shape-synthetic
       chart-timing-distribution-synthetic chart-roofline-synthetic
       chart-speedup-histogram-synthetic chart-accept-rate-synthetic"
render() { # folder, then kwb-render-views' options
  folder=$1
  shift
  QT_QPA_PLATFORM=offscreen "$program" "$folder" "$@"
  for view in $views; do
    # A verified project's samples are accepted without the question.
    [ -n "$project" ] && [ "$view" = accept-question ] && continue
    [ -s "$folder/$view.png" ] || { echo "render_views.sh: $folder/$view.png is missing or empty" >&2; exit 1; }
  done
}
render "$out" "$@"
for lang in en es pl; do
  for size in 1280x720 1920x1080; do
    render "$out/$lang-$size" --lang "$lang" --size "$size" "$@"
  done
done
if [ "$update" = yes ]; then
  cp "$out/main-window.png" "$repo/resources/screenshots/main-window.png"
  echo "updated resources/screenshots/main-window.png"
fi
