#!/usr/bin/env python3
"""Fails when a C++ or CUDA source of the project differs from what clang-format makes of it.

The formatted set is the project's own code: core/, app/, ui/ and tests/, except the candidate
and transcript kernels under tests/ (they are inputs written as a model would write them, and
some tests name their line numbers). The version is pinned because clang-format's output changes
between major versions; a machine without it skips with the reason (exit 77), CI installs it.
"""
import argparse
import pathlib
import shutil
import subprocess
import sys

PINNED = "clang-format-14"
FOLDERS = ("core", "app", "ui", "tests")
SUFFIXES = {".cpp", ".h", ".cu", ".cuh"}
EXCLUDED = ("tests/fixtures/", "tests/llm/transcripts/")


def formatted_set(root: pathlib.Path):
    listed = subprocess.run(["git", "-C", str(root), "ls-files", "--", *FOLDERS],
                            capture_output=True, text=True)
    if listed.returncode != 0:
        # A source tree without git (an unpacked archive): walk the folders instead.
        names = [str(p.relative_to(root)) for f in FOLDERS for p in (root / f).rglob("*")]
    else:
        names = listed.stdout.splitlines()
    for name in sorted(names):
        path = pathlib.PurePosixPath(name)
        if path.suffix not in SUFFIXES or name.startswith(EXCLUDED):
            continue
        if path.suffix in (".cu", ".cuh") and not name.startswith("core/"):
            continue  # CUDA under tests/ is candidate code, kept as written
        yield name


def self_test(tool: str, config: pathlib.Path) -> int:
    """The check must refuse a planted unformatted file and accept it once formatted."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        shutil.copy(config, root / ".clang-format")
        (root / "core").mkdir()
        planted = root / "core" / "planted.cpp"
        planted.write_text("int  f( int x ){return x+1;}\n")
        if check(tool, root, ["core/planted.cpp"], quiet=True) == 0:
            print("self-test: an unformatted file was accepted")
            return 1
        subprocess.run([tool, "-i", "core/planted.cpp"], cwd=root, check=True)
        if check(tool, root, ["core/planted.cpp"], quiet=True) != 0:
            print("self-test: a formatted file was refused")
            return 1
    print("self-test: the planted unformatted file was refused, its formatted form accepted")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", help="the source tree")
    parser.add_argument("--fix", action="store_true", help="rewrite the files instead of checking")
    parser.add_argument("--self-test", action="store_true", help="check the check on a planted file")
    args = parser.parse_args()
    root = pathlib.Path(args.root).resolve()
    tool = shutil.which(PINNED)
    if tool is None:
        print(f"SKIP: {PINNED} is not installed (Debian package clang-format-14; "
              "packaging/install-deps.sh installs it)")
        return 77
    if args.self_test:
        return self_test(tool, root / ".clang-format")
    names = list(formatted_set(root))
    if args.fix:
        subprocess.run([tool, "-i", *names], cwd=root, check=True)
        return 0
    return check(tool, root, names)


def check(tool: str, root: pathlib.Path, names, quiet: bool = False) -> int:
    differing = []
    for name in names:
        text = (root / name).read_bytes()
        out = subprocess.run([tool, f"--assume-filename={name}"], input=text, cwd=root,
                             capture_output=True, check=True).stdout
        if out != text:
            differing.append(name)
    if not quiet:
        for name in differing:
            print(f"{name}: not formatted (run: {PINNED} -i {name})")
        print(f"{len(names) - len(differing)} of {len(names)} files formatted")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
