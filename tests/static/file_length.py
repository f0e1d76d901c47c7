#!/usr/bin/env python3
"""Fails when a source file in the given folders has more lines than the limit (default 600:
STYLE.md's "split before 600 lines").

Usage: file_length.py [--limit N] ROOT FOLDER...   (FOLDER relative to ROOT, e.g. core)
       file_length.py --self-test

Files over the limit today are listed below with their length: each may shrink but not grow, and
an entry that is no longer over the limit must be removed (so the list only ever gets shorter).
"""
import argparse
import os
import sys
import tempfile

from function_length import source_files  # the same files the function check reads

# path relative to ROOT -> the most lines it may have; each with why it is not split yet.
# Empty: every file is within the limit. A file that outgrows it is split, or listed here with why
# it waits.
OVER = {}


def lines_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for _ in f)


def check(root, folders, limit, over):
    problems = []
    seen = set()
    for path, rel in source_files(root, folders):
        n = lines_of(path)
        if rel in over:
            seen.add(rel)
            if n > over[rel]:
                problems.append(f"{rel}: {n} lines, more than the {over[rel]} it is allowed while "
                                f"it waits to be split")
            elif n <= limit:
                problems.append(f"{rel}: {n} lines, no longer over {limit}: remove it from "
                                f"file_length.py's list")
        elif n > limit:
            problems.append(f"{rel}: {n} lines (limit {limit}): split it")
    for rel in over:
        if rel not in seen and any(rel.startswith(f.rstrip("/") + "/") for f in folders):
            problems.append(f"{rel}: listed in file_length.py but not found: remove it")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "core"))

        def write(name, n):
            with open(os.path.join(root, "core", name), "w") as f:
                f.write("int x;\n" * n)

        write("small.cpp", 10)
        assert check(root, ["core"], 20, {}) == [], "a small file is fine"
        write("big.cpp", 21)
        p = check(root, ["core"], 20, {})
        assert len(p) == 1 and "big.cpp: 21 lines" in p[0], p
        assert check(root, ["core"], 20, {"core/big.cpp": 21}) == [], "a listed file at its length"
        p = check(root, ["core"], 20, {"core/big.cpp": 20})
        assert len(p) == 1 and "more than the 20" in p[0], p
        write("big.cpp", 15)
        p = check(root, ["core"], 20, {"core/big.cpp": 21})
        assert len(p) == 1 and "no longer over" in p[0], p
        p = check(root, ["core"], 20, {"core/gone.cpp": 30})
        assert len(p) == 1 and "not found" in p[0], p
        write("notes.txt", 100)
        assert check(root, ["core"], 20, {}) == [], "only source files count"
    print("self-test passed")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=600)
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("root", nargs="?")
    ap.add_argument("folders", nargs="*")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    if not a.root or not a.folders:
        ap.error("ROOT and at least one FOLDER are needed")
    problems = check(a.root, a.folders, a.limit, OVER)
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"no source file over {a.limit} lines in {', '.join(a.folders)} "
          f"({len(OVER)} listed, waiting to be split)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
