#!/usr/bin/env python3
"""Groups the product's translation units into unity files for clang-tidy.

clang-tidy parses and matches Qt's headers again for every file: about 4 s of the 6 to 10 s
each file costs. A unity file includes up to BATCH sources built with the same flags, so those
headers are read once per batch. Findings still name the source file and line they are in.

  tidy-unity.py BUILD_DIR FILE_REGEX OUT_DIR [BATCH]

Reads BUILD_DIR/compile_commands.json, writes OUT_DIR/unity-N.cpp, OUT_DIR/compile_commands.json
(one entry per unity file), OUT_DIR/members.json ({unity file: [its sources]}) and
OUT_DIR/singles/compile_commands.json (the sources one by one, with the same flags), so that a
unity file that does not compile (two sources defining the same internal name) can be checked
one source at a time instead. OUT_DIR must lie inside the source tree, where .clang-tidy applies.
"""
import json
import os
import re
import shlex
import sys


def flags_of(entry):
    """The entry's compiler arguments without its source, its output and GCC's precompiled
    header (clang cannot read it; without it, a source that forgets an include fails here)."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [], False
    for i, a in enumerate(args[1:], 1):
        if skip:
            skip = False
        elif a in ("-o", "-c"):
            skip = True
        elif a == "-include" and args[i + 1].endswith("cmake_pch.hxx"):
            skip = True
        elif a == "-Winvalid-pch":
            continue
        elif os.path.abspath(os.path.join(entry["directory"], a)) == entry["file"]:
            continue
        else:
            out.append(a)
    return args[0], tuple(out)


def main():
    build, regex, out_dir = sys.argv[1], re.compile(sys.argv[2]), sys.argv[3]
    batch = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    groups = {}
    for e in entries:
        path = os.path.abspath(os.path.join(e["directory"], e["file"]))
        if not regex.search(path):
            continue
        e = dict(e, file=path)
        compiler, flags = flags_of(e)
        groups.setdefault((e["directory"], compiler, flags), []).append(path)
    os.makedirs(out_dir, exist_ok=True)
    db, singles, members, n = [], [], {}, 0
    for (directory, compiler, flags), files in sorted(groups.items()):
        files.sort()
        for i in range(0, len(files), batch):
            chunk = files[i:i + batch]
            unity = os.path.join(out_dir, "unity-%d.cpp" % n)
            n += 1
            with open(unity, "w") as f:
                for src in chunk:
                    f.write('#include "%s" // NOLINT(bugprone-suspicious-include)\n' % src)
            db.append({"directory": directory, "file": unity,
                       "arguments": [compiler, *flags, "-c", unity]})
            members[unity] = chunk
            singles += [{"directory": directory, "file": src,
                         "arguments": [compiler, *flags, "-c", src]} for src in chunk]
    with open(os.path.join(out_dir, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    os.makedirs(os.path.join(out_dir, "singles"), exist_ok=True)
    with open(os.path.join(out_dir, "singles", "compile_commands.json"), "w") as f:
        json.dump(singles, f, indent=1)
    with open(os.path.join(out_dir, "members.json"), "w") as f:
        json.dump(members, f, indent=1)
    print("%d sources in %d unity files" % (sum(len(m) for m in members.values()), n))


if __name__ == "__main__":
    main()
