#!/usr/bin/env bash
# Builds the Debian package from a configured, built tree with cpack and checks it:
#   1. control fields (name, version, section, Depends) and contents (programs, desktop files);
#   2. every shared library the packaged programs need comes from a package in Depends, except
#      CUDA's, which must be reachable through the program's RUNPATH (CUDA is not packaged);
#   3. as root with a usable dpkg only: `dpkg -i`, run the installed /usr/bin/kwb, `dpkg -r`.
# Usage: test_deb.sh --build-dir DIR --cpack CPACK --version X.Y.Z --gui ON|OFF --worker ON|OFF
# Exit: 0 passed, 1 failed, 77 skipped (the reason is printed; the checks before it did pass).
# pass and fail always succeed, so `cond && pass || fail` is a plain if-then-else here.
# shellcheck disable=SC2015
set -euo pipefail

build_dir="" cpack="cpack" version="" gui="" worker=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --cpack) cpack=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --gui) gui=$2; shift 2 ;;
    --worker) worker=$2; shift 2 ;;
    *) echo "test_deb: unknown argument '$1'" >&2; exit 1 ;;
  esac
done
[[ -n $build_dir && -n $version && -n $gui && -n $worker ]] || { sed -n '2,8p' "$0" >&2; exit 1; }
is_on() { [[ ${1^^} =~ ^(ON|1|TRUE|YES)$ ]]; }

pkg=kernel-workbench
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok:   $*"; }
skip() { echo "SKIP: $*"; exit 77; }

for tool in dpkg-deb readelf ldd; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (packages dpkg / binutils)"
done

installed_by_us=0
work=$(mktemp -d "${build_dir%/}/packaging-test.XXXXXX")
cleanup() {
  local rc=$?
  if [[ $installed_by_us == 1 ]]; then
    echo "-- removing $pkg again (dpkg -r)"
    if ! dpkg -r "$pkg" >"$work/dpkg-r.log" 2>&1; then
      cat "$work/dpkg-r.log" >&2
      echo "FAIL: dpkg -r $pkg failed: the system still has the package" >&2
      rc=1
    elif dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q ' installed$'; then
      echo "FAIL: $pkg is still installed after dpkg -r" >&2
      rc=1
    fi
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT

# --- 1. Build the package -----------------------------------------------------------------
echo "-- cpack -G DEB in $build_dir"
if ! "$cpack" -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  echo "FAIL: cpack could not build the package" >&2
  exit 1
fi
shopt -s nullglob
debs=("$work"/out/*.deb)
shopt -u nullglob
[[ ${#debs[@]} -eq 1 ]] || { cat "$work/cpack.log" >&2; echo "FAIL: expected one .deb, got ${#debs[@]}" >&2; exit 1; }
deb=${debs[0]}
echo "-- built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

field() { dpkg-deb -f "$deb" "$1"; }
[[ $(field Package) == "$pkg" ]] && pass "Package: $pkg" || fail "Package is '$(field Package)', not $pkg"
[[ $(field Version) == "$version" ]] && pass "Version: $version" || fail "Version is '$(field Version)', not $version"
[[ $(field Section) == devel ]] && pass "Section: devel" || fail "Section is '$(field Section)', not devel"
[[ -n $(field Maintainer) ]] && pass "Maintainer: $(field Maintainer)" || fail "no Maintainer"
[[ -n $(field Description) ]] && pass "Description present" || fail "no Description"
depends=$(field Depends)
echo "   Depends: $depends"
# Package names only, one per line.
dep_names=$(tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/:.*//; s/[[:space:]]//g' | grep -v '^$' | sort -u)
for p in libcurl4 libsqlite3-0 libseccomp2; do
  grep -qx "$p" <<<"$dep_names" && pass "Depends names $p" || fail "Depends lacks $p"
done
if is_on "$gui"; then
  for p in libqt6widgets6 libqt6charts6 libqt6svg6 libqscintilla2-qt6-15; do
    grep -qx "$p" <<<"$dep_names" && pass "Depends names $p" || fail "Depends lacks $p"
  done
else
  grep -q 'qt6' <<<"$dep_names" && fail "a build without the GUI must not depend on Qt" || pass "no Qt in Depends"
fi
grep -qi cuda <<<"$dep_names" && fail "CUDA must not be a Depends (it is not a Debian package)" || pass "no CUDA in Depends"

# Contents: paths as "usr/bin/kwb", with the permission string kept for executables.
dpkg-deb -c "$deb" | awk '{ p = $6; sub(/^\.\//, "", p); print $1, p }' >"$work/contents"
has() { awk -v p="$1" '$2 == p { found = 1 } END { exit !found }' "$work/contents"; }
has_exec() { awk -v p="$1" '$2 == p && $1 ~ /^-..x/ { found = 1 } END { exit !found }' "$work/contents"; }
want_exec=(usr/bin/kwb)
want_file=(usr/share/doc/kernel-workbench/README.md)
unwanted=()
gui_files=(usr/share/applications/kernel-workbench.desktop
  usr/share/icons/hicolor/scalable/apps/kernel-workbench.svg
  usr/share/metainfo/io.github.kernel_workbench.KernelWorkbench.metainfo.xml)
if is_on "$worker"; then want_exec+=(usr/libexec/kernel-workbench/kwb-runner usr/libexec/kernel-workbench/kwb-job); fi
if is_on "$gui"; then
  want_exec+=(usr/bin/kernel-workbench)
  want_file+=("${gui_files[@]}")
else
  unwanted+=(usr/bin/kernel-workbench "${gui_files[@]}")
fi
for f in "${want_exec[@]}"; do has_exec "$f" && pass "holds $f (executable)" || fail "package lacks executable $f"; done
for f in "${want_file[@]}"; do has "$f" && pass "holds $f" || fail "package lacks $f"; done
for f in "${unwanted[@]}"; do has "$f" && fail "package holds $f although the GUI is off" || pass "no $f"; done
if awk '$2 !~ /^usr(\/|$)/ && $2 != "" { bad = 1; print "   outside /usr: " $2 } END { exit !bad }' "$work/contents"; then
  fail "files outside /usr (CPACK_PACKAGING_INSTALL_PREFIX is /usr)"
fi

# --- 2. Shared libraries against Depends ----------------------------------------------------
# Which Debian package owns a library path. dpkg records one spelling of merged-/usr paths.
owner_of() {
  local path=$1 real cand out
  real=$(readlink -f "$path")
  for cand in "$path" "$real" "${path#/usr}" "/usr$path" "${real#/usr}" "/usr$real"; do
    if out=$(dpkg -S "$cand" 2>/dev/null); then
      head -n1 <<<"$out" | cut -d: -f1 | cut -d, -f1
      return 0
    fi
  done
  return 1
}
mkdir -p "$work/root"
dpkg-deb -x "$deb" "$work/root"
needs_driver=0
while IFS= read -r -d '' bin; do
  [[ $(head -c4 "$bin" | od -An -c | tr -d ' ') == 177ELF ]] || continue
  rel=${bin#"$work/root/"}
  runpath=$(readelf -d "$bin" | sed -nE 's/.*\((RUNPATH|RPATH)\).*\[(.*)\]/\2/p' | tr ':' '\n')
  mapfile -t needed < <(readelf -d "$bin" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
  ldd_out=$(ldd "$bin" 2>&1 || true)
  for lib in "${needed[@]}"; do
    resolved=$(awk -v l="$lib" '$1 == l && $2 == "=>" { print $3 }' <<<"$ldd_out")
    if [[ $lib == libcuda.so* || $lib == libnvidia-* ]]; then
      needs_driver=1; continue   # the NVIDIA driver's, never packaged by us
    fi
    if [[ -z $resolved || $resolved == not ]]; then
      fail "$rel: $lib is not found"
      continue
    fi
    case "$(readlink -f "$resolved")" in
      /usr/local/cuda*|/opt/*)
        # Outside Debian: the program must carry a RUNPATH to it.
        # (ld.so.conf may name the folder on this machine; other machines need the RUNPATH.)
        target=$(readlink -f "$resolved")
        ok=0
        while IFS= read -r rp; do
          rp=${rp//\$ORIGIN/$(dirname "$bin")}
          [[ -n $rp && -e $rp/$lib && $(readlink -f "$rp/$lib") == "$target" ]] && ok=1
        done <<<"$runpath"
        if [[ $ok == 1 ]]; then pass "$rel: $lib via RUNPATH ($(dirname "$target"))"
        else fail "$rel: $lib lives in $(dirname "$target") (not a Debian package) but the RUNPATH ('$(tr '\n' ':' <<<"$runpath")') does not reach it"; fi
        continue ;;
    esac
    if owner=$(owner_of "$resolved"); then
      if grep -qx "$owner" <<<"$dep_names"; then pass "$rel: $lib from $owner"
      else fail "$rel: $lib comes from package $owner, which Depends does not name"; fi
    else
      fail "$rel: $lib resolves to $resolved, which no Debian package owns"
    fi
  done
done < <(find "$work/root/usr/bin" "$work/root/usr/libexec" -type f -print0 2>/dev/null)

if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed before installing" >&2
  exit 1
fi

# --- 3. Install, run, remove (root only) ----------------------------------------------------
[[ $(id -u) -eq 0 ]] || skip "not running as root: the package was built and checked, but not installed"
command -v dpkg >/dev/null || skip "dpkg is not available"
[[ -w /var/lib/dpkg ]] || skip "the dpkg database (/var/lib/dpkg) is not writable"
if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q ' installed$'; then
  skip "$pkg is already installed on this system; not replacing it"
fi

echo "-- dpkg -i $(basename "$deb")"
installed_by_us=1
if ! dpkg -i "$deb" >"$work/dpkg-i.log" 2>&1; then
  cat "$work/dpkg-i.log" >&2
  fail "dpkg -i failed (a Depends that is not installed?)"
  exit 1
fi
pass "dpkg -i"

if out=$(/usr/bin/kwb --version 2>&1); then
  echo "   /usr/bin/kwb --version: $out"
  grep -qF "$version" <<<"$out" && pass "installed kwb reports $version" || fail "installed kwb --version does not name $version"
else
  echo "$out" >&2
  fail "installed /usr/bin/kwb --version exits non-zero"
fi

if is_on "$worker"; then
  runner=/usr/libexec/kernel-workbench/kwb-runner
  if [[ $needs_driver == 1 ]] && ! ldconfig -p | grep -q 'libcuda\.so\.1 '; then
    echo "   (no NVIDIA driver here: the installed worker is not started)"
  else
    # The hello handshake (core/protocol/protocol.h) needs no GPU: the installed worker must load.
    reply=$(printf '%s\n' '{"type":"hello","protocol":1,"client":"test_deb"}' | timeout 30 "$runner" 2>"$work/runner.err" | head -n1 || true)
    if grep -q '"ok":true' <<<"$reply"; then pass "installed kwb-runner answers hello"
    else cat "$work/runner.err" >&2; fail "installed kwb-runner did not answer hello (got '$reply')"; fi
  fi
fi

if is_on "$gui"; then
  # The installed GUI must load its libraries and a Qt platform plugin (offscreen: no display).
  if out=$(QT_QPA_PLATFORM=offscreen timeout 60 /usr/bin/kernel-workbench --version 2>&1); then
    echo "   /usr/bin/kernel-workbench --version: $out"
    grep -qF "$version" <<<"$out" && pass "installed kernel-workbench reports $version" \
      || fail "installed kernel-workbench --version does not name $version"
  else
    echo "$out" >&2
    fail "installed /usr/bin/kernel-workbench --version exits non-zero"
  fi
fi

if is_on "$gui" && command -v desktop-file-validate >/dev/null; then
  desktop-file-validate /usr/share/applications/kernel-workbench.desktop && pass "installed desktop entry validates" \
    || fail "installed desktop entry does not validate"
fi

[[ $failures -eq 0 ]] || { echo "$failures check(s) failed" >&2; exit 1; }
echo "all packaging checks passed"
