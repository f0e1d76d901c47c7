#!/usr/bin/env bash
# Validates the desktop entry and the AppStream metadata in packaging/, and checks that the
# metadata's newest release is the project's version.
# Usage: validate_desktop_files.sh SOURCE_DIR VERSION
# Exit: 0 passed, 1 failed, 77 skipped (a validator is missing; the reason is printed).
# pass and fail always succeed, so `cond && pass || fail` is a plain if-then-else here.
# shellcheck disable=SC2015
set -euo pipefail
src=${1:?source dir}
version=${2:?version}
desktop="$src/packaging/kernel-workbench.desktop"
metainfo="$src/packaging/io.github.kernel_workbench.KernelWorkbench.metainfo.xml"
failures=0 skipped=()

if command -v desktop-file-validate >/dev/null; then
  if desktop-file-validate "$desktop"; then echo "ok:   $desktop validates"
  else echo "FAIL: $desktop does not validate" >&2; failures=$((failures + 1)); fi
else
  skipped+=("desktop-file-validate (package desktop-file-utils) is not installed")
fi

if command -v appstreamcli >/dev/null; then
  if appstreamcli validate --no-net --explain "$metainfo"; then echo "ok:   $metainfo validates"
  else echo "FAIL: $metainfo does not validate" >&2; failures=$((failures + 1)); fi
else
  skipped+=("appstreamcli (package appstream) is not installed")
fi

# The first <release> is the newest (AppStream orders them newest first).
newest=$(grep -o '<release [^>]*version="[^"]*"' "$metainfo" | head -n1 | sed -E 's/.*version="([^"]*)".*/\1/')
if [[ $newest == "$version" ]]; then echo "ok:   newest AppStream release is $version"
else echo "FAIL: newest AppStream release is '$newest', the project is $version" >&2; failures=$((failures + 1)); fi

# The entry must name what the package installs.
grep -qx 'Exec=kernel-workbench' "$desktop" && grep -qx 'Icon=kernel-workbench' "$desktop" \
  && echo "ok:   Exec and Icon name kernel-workbench" \
  || { echo "FAIL: Exec/Icon do not name kernel-workbench" >&2; failures=$((failures + 1)); }
grep -q '<launchable type="desktop-id">kernel-workbench.desktop</launchable>' "$metainfo" \
  && echo "ok:   metainfo launches kernel-workbench.desktop" \
  || { echo "FAIL: metainfo's launchable is not kernel-workbench.desktop" >&2; failures=$((failures + 1)); }

[[ $failures -eq 0 ]] || exit 1
if [[ ${#skipped[@]} -gt 0 ]]; then
  printf 'SKIP: %s\n' "${skipped[@]}"
  exit 77
fi
echo "desktop files valid"
