#!/usr/bin/env python3
"""Fails when a function in the given folders is longer than the limit (default 100 lines).

Usage: function_length.py [--limit N] ROOT FOLDER...   (FOLDER relative to ROOT, e.g. core)

A function is a brace block at namespace or class scope whose head (the tokens since the last
';', '{' or '}') ends in a parameter list: `T name(...) [const] [noexcept] [-> R] {`. Its length is
counted from the line of its name to the line of its closing brace. Comments, strings and
preprocessor lines are skipped first, so braces in them do not count. Lambdas and local classes
count towards the function they are in.
"""
import argparse
import os
import re
import sys

CONTROL = {"if", "for", "while", "switch", "catch", "do", "else", "try"}
SCOPES = {"namespace", "class", "struct", "union", "enum", "extern"}


def strip(text):
    """Text with comments, string/char literals and preprocessor lines blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append("\n")
                    i += 2
                    continue
                i += 1
            continue
        if c == "/" and text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
            continue
        m = re.compile(r'(?:u8|u|U|L)?R"([^(\s]{0,16})\(').match(text, i)
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = ")" + m.group(1) + '"'
            end = text.find(close, m.end())
            end = n if end < 0 else end + len(close)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
            continue
        if c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        out.append(c)
        i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_]\w*|::|->|\S")


def functions(text):
    """(name, first line, last line) of every function body at namespace or class scope."""
    code = strip(text)
    tokens = []
    line = 1
    for m in re.finditer(r"\n|[A-Za-z_]\w*|::|->|\S", code):
        if m.group() == "\n":
            line += 1
        else:
            tokens.append((m.group(), line))
    found = []
    stack = []  # for each open brace: "scope" or "function" or "block"
    head = []
    i = 0
    while i < len(tokens):
        tok, ln = tokens[i]
        if tok in (";", "}"):
            if tok == "}" and stack:
                stack.pop()
            head = []
        elif tok == "{":
            kind = classify(head)
            if kind == "function" and all(s == "scope" for s in stack):
                depth, j = 1, i + 1
                while j < len(tokens) and depth:
                    depth += {"{": 1, "}": -1}.get(tokens[j][0], 0)
                    j += 1
                name, first = function_name(head)
                found.append((name, first, tokens[j - 1][1]))
                i = j
                head = []
                continue
            stack.append(kind)
            head = []
        else:
            head.append((tok, ln))
        i += 1
    return found


def classify(head):
    words = [t for t, _ in head]
    if not words or "=" in words and ")" not in words:
        return "block"
    if any(w in SCOPES for w in words) and ")" not in words:
        return "scope"
    if words[0] in CONTROL or words[-1] in ("else", "do", "try"):
        return "block"
    if ")" in words:
        return "function"
    if any(w in SCOPES for w in words):
        return "scope"
    return "block"


def function_name(head):
    depth = 0
    for k in range(len(head) - 1, -1, -1):
        t = head[k][0]
        if t == ")":
            depth += 1
        elif t == "(":
            depth -= 1
            if depth == 0 and k > 0:
                name_tok = head[k - 1]
                qual = name_tok[0]
                m = k - 2
                while m >= 1 and head[m][0] == "::":
                    qual = head[m - 1][0] + "::" + qual
                    m -= 2
                if qual == "operator" or head[k - 2][0] == "operator":
                    qual = "operator" + name_tok[0]
                # the line of the function's name; a constructor's initialiser list does not move it
                return qual, head[k - 1][1]
    return "?", head[0][1] if head else 0


def source_files(root, folders):
    """Every C++ and CUDA source file under ROOT/FOLDER..., as (path, path relative to ROOT)."""
    for folder in folders:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for f in sorted(files):
                if f.endswith((".cpp", ".h", ".cu", ".cuh")):
                    path = os.path.join(dirpath, f)
                    yield path, os.path.relpath(path, root)


def long_functions(root, folders, limit):
    """(length, path, first line, name) of every function over limit lines."""
    long_ones = []
    for path, rel in source_files(root, folders):
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for name, first, last in functions(text):
            if last - first + 1 > limit:
                long_ones.append((last - first + 1, rel, first, name))
    return long_ones


def self_test():
    """The check fails on a planted 120-line function and passes on a 90-line one."""
    import tempfile
    body = lambda n: "".join("    x += %d;\n" % i for i in range(n - 2))
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "core"))
        with open(os.path.join(d, "core", "planted.cpp"), "w") as f:
            f.write("namespace kwb {\nint fine(int x) {\n" + body(90) + "}\n"
                    "int Planted::tooLong(int x) const {\n" + body(120) + "}\n}\n")
        found = {name: last - first + 1 for name, first, last in functions(open(os.path.join(d, "core", "planted.cpp")).read())}
        over = long_functions(d, ["core"], 100)
        ok = found.get("fine") == 90 and found.get("Planted::tooLong") == 120 and [o[3] for o in over] == ["Planted::tooLong"]
        print("self-test: planted functions measured", found, "; over the limit:", [o[3] for o in over])
        return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("root")
    ap.add_argument("folders", nargs="+")
    args = ap.parse_args()
    long_ones = long_functions(args.root, args.folders, args.limit)
    for length, path, first, name in sorted(long_ones, reverse=True):
        print(f"{path}:{first}: {name} is {length} lines (limit {args.limit})")
    if long_ones:
        print(f"{len(long_ones)} function(s) over {args.limit} lines")
        return 1
    print(f"no function over {args.limit} lines in {', '.join(args.folders)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
