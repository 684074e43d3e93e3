#!/usr/bin/env python3
"""The manual pages made from docs/ pass the checks lintian runs on them.

For each page: `man --warnings -E UTF-8 -l -Tutf8 -Z PAGE` prints nothing on stderr (at the
width lintian uses, 120 columns, and at 80), `lexgrog` reads its NAME section as
"name - description", and the page is plain ASCII roff whose .TH names its own section.

Usage: check-man-pages.py PAGE...
"""

import os
import re
import shutil
import subprocess
import sys


def problems_of(page):
    found = []
    base = os.path.basename(page)
    section = base.rsplit(".", 1)[-1]
    with open(page, "rb") as f:
        data = f.read()
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        found.append("not ASCII (md2man writes other characters as \\[uXXXX])")
        text = data.decode("utf-8", errors="replace")
    th = re.search(r'^\.TH\s+"?([^"\s]+)"?\s+(\S+)', text, re.M)
    if not th or th.group(2).strip('"') != section:
        found.append(".TH does not name section %s" % section)
    # As lintian runs man: an emptied environment but PATH, C.UTF-8, no MANROFFSEQ.
    for width in ("120", "80"):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8",
               "MANROFFSEQ": "", "MANWIDTH": width}
        proc = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page],
                              capture_output=True, text=True, env=env, timeout=60)
        messages = [l for l in proc.stderr.splitlines() if l.strip()]
        if proc.returncode != 0 or messages:
            found.append("man --warnings at %s columns (exit %d):\n    %s"
                         % (width, proc.returncode, "\n    ".join(messages)))
    if shutil.which("lexgrog"):
        proc = subprocess.run(["lexgrog", page], capture_output=True, text=True,
                              env={"PATH": os.environ.get("PATH", ""), "LC_ALL": "C.UTF-8"})
        if proc.returncode != 0 or " - " not in proc.stdout:
            found.append("lexgrog finds no whatis entry (NAME section): %s"
                         % (proc.stdout + proc.stderr).strip())
    return found


def main():
    pages = sys.argv[1:]
    if not pages:
        sys.exit(__doc__)
    if not shutil.which("man"):
        print("FAIL: man is missing (man-db; scripts/setup-debian.sh installs it with lintian)")
        return 1
    failed = 0
    for page in pages:
        if not os.path.isfile(page):
            print("FAIL %s: missing (built with the programs, see docs/CMakeLists.txt)" % page)
            failed += 1
            continue
        problems = problems_of(page)
        print("%s %s%s" % ("FAIL" if problems else "ok  ", page,
                           "".join("\n  " + p for p in problems)))
        failed += bool(problems)
    print("%s: %d manual pages, %d with problems" % ("FAIL" if failed else "PASS", len(pages),
                                                     failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
