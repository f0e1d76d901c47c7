#!/usr/bin/env python3
"""Builds each planted target of tests/layers and checks its outcome.

A plant named NAME:fail:HEADER must fail to compile because HEADER is not on its include path
(the include crosses the layer graph); NAME:build:HEADER must compile. Exit 0 when every plant
behaves, 1 otherwise, printing each outcome.
"""
import argparse
import subprocess
import sys


def build(build_dir, target):
    proc = subprocess.run(["cmake", "--build", build_dir, "--target", target],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc.returncode, proc.stdout


def check(build_dir, plant):
    name, expect, header = plant.split(":", 2)
    code, out = build(build_dir, name)
    missing = f"{header}: No such file or directory" in out
    if expect == "fail":
        ok = code != 0 and missing
        why = ("refused: " + header + " is not on its include path") if ok else (
            "built, but it must not reach " + header if code == 0 else
            "failed for another reason:\n" + out[-2000:])
    else:
        ok = code == 0
        why = "built" if ok else "did not build:\n" + out[-2000:]
    print(f"{'ok  ' if ok else 'FAIL'} {name} ({expect} on {header}): {why}")
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", required=True, help="the configured build folder")
    ap.add_argument("plants", nargs="+", help="NAME:fail|build:HEADER")
    args = ap.parse_args()
    results = [check(args.build, p) for p in args.plants]
    if not any(p.split(":")[1] == "fail" for p in args.plants) or not any(
            p.split(":")[1] == "build" for p in args.plants):
        print("FAIL: the check needs at least one planted crossing and one control")
        return 1
    print(f"{sum(results)} of {len(results)} plants behave")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
