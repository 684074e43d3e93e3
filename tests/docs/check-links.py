#!/usr/bin/env python3
"""Every relative link and image in README.md and docs/**/*.md points to an existing file.

A link to a Markdown page with a #fragment must also name one of that page's headings (the
anchor GitHub makes of it). Links with a scheme (https:, mailto:) are not followed; links
inside code spans and fenced code blocks are not links.

Usage:
  check-links.py SOURCE_DIR          check README.md and docs/ of the source tree
  check-links.py --self-test         prove that a broken link, image or anchor fails the check
"""

import os
import re
import sys
import tempfile

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with code spans blanked."""
    inside = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, re.sub(r"(`+)(.+?)\1", lambda m: "`" + " " * len(m.group(2)) + "`", line)


def slug(heading):
    """The anchor GitHub gives a heading: its text, lower-cased, punctuation dropped, spaces
    as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = text.replace("`", "").replace("*", "")
    text = "".join(c for c in text.lower() if c.isalnum() or c in "_- ")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        seen, result = {}, set()
        inside = False
        for line in text.split("\n"):
            if FENCE.match(line):
                inside = not inside
                continue
            match = None if inside else HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                result.add(base if count == 0 else "%s-%d" % (base, count))
        cache[path] = result
    return cache[path]


def pages(root):
    found = [os.path.join(root, "README.md")]
    for folder, dirs, files in os.walk(os.path.join(root, "docs")):
        dirs.sort()
        found += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return [p for p in found if os.path.isfile(p)]


def check(root):
    problems, count = [], 0
    for page in pages(root):
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_lines(text):
            for match in LINK.finditer(line):
                target = match.group(1)
                if SCHEME.match(target):
                    continue
                count += 1
                where = "%s:%d: %s" % (os.path.relpath(page, root), number, target)
                path, _, fragment = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                if not os.path.exists(resolved):
                    problems.append(where + " (no such file)")
                elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                    problems.append(where + " (no heading with this anchor in %s)"
                                    % os.path.relpath(resolved, root))
    return count, problems


def main_check(root):
    count, problems = check(root)
    if not count:
        print("FAIL: no relative links found under %s: wrong directory?" % root)
        return 1
    for problem in problems:
        print("broken link: " + problem)
    print("%s: %d relative links checked, %d broken" % ("FAIL" if problems else "PASS", count,
                                                        len(problems)))
    return 1 if problems else 0


def self_test():
    pages_ = {
        "README.md": "[ok](docs/a.md) ![img](docs/images/x.png) `[code](missing.md)`\n"
                     "[web](https://example.invalid/none)\n```\n[fenced](missing.md)\n```\n",
        "docs/a.md": "# Page A\n## The `rocectl watch --json` frames\n## Twice\n## Twice\n"
                     "[self](#page-a) [frames](#the-rocectl-watch---json-frames) [two](#twice-1)"
                     " [up](../README.md)\n",
        "docs/images/x.png": "",
    }
    broken = {
        "file": ("docs/b.md", "[gone](missing.md)\n", "missing.md (no such file)"),
        "image": ("docs/b.md", "![gone](images/none.png)\n", "images/none.png (no such file)"),
        "anchor": ("docs/b.md", "[gone](a.md#no-such-heading)\n", "(no heading with this anchor"),
    }
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in pages_.items():
            os.makedirs(os.path.dirname(os.path.join(tmp, name)) or tmp, exist_ok=True)
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(content)
        count, problems = check(tmp)
        ok = count == 6 and not problems
        print(("ok    " if ok else "FAIL  ") + "valid links, images and anchors pass (%d checked: %s)"
              % (count, problems))
        failures += not ok
        for kind, (name, content, expected) in broken.items():
            path = os.path.join(tmp, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(content)
            _, problems = check(tmp)
            ok = len(problems) == 1 and expected in problems[0]
            print(("ok    " if ok else "FAIL  ") + "a broken %s fails: %s" % (kind, problems))
            failures += not ok
            os.remove(path)
    print("self-test: %s" % ("PASS" if not failures else "FAIL (%d)" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main_check(sys.argv[1]))
