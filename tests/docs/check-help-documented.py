#!/usr/bin/env python3
"""Every command and long option the programs' --help prints appears in docs/.

Runs `rocectl --help`, `rocectl <command> --help` for every command it lists,
`roce-agent --help` and `roce-console --help` (offscreen), and collects each long option
(`--name`, as the option lines of --help define it) and each rocectl command. An option counts
as documented when `--name` appears as a whole word in docs/*.md or docs/dev/*.md; a command
when `rocectl <command>` does. Exits 1 listing everything that appears nowhere.

Usage:
  check-help-documented.py --docs DIR --rocectl PATH --roce-agent PATH --roce-console PATH
  check-help-documented.py --self-test --docs DIR --rocectl PATH ...  (proves the check fails:
      on canned help text, and on a copy of the docs with one option removed)
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# An option line of QCommandLineParser's help: two spaces, an optional short form, the long one.
# Wrapped descriptions are indented further, so "--x" inside them is not taken for a definition.
OPTION_LINE = re.compile(r"^  (?:-[A-Za-z0-9], )?(--[a-z0-9][a-z0-9-]*)")
# A command line under "Commands:" of rocectl --help.
COMMAND_LINE = re.compile(r"^  ([a-z][a-z0-9-]*)\s{2,}\S")
USAGE_OPTION = re.compile(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*)")


def options_of(help_text):
    """Long options defined by a --help text (option lines and the Usage line)."""
    found = []
    for line in help_text.splitlines():
        match = OPTION_LINE.match(line)
        if match:
            found.append(match.group(1))
        elif line.startswith("Usage:"):
            found.extend(USAGE_OPTION.findall(line))
    return list(dict.fromkeys(found))


def commands_of(help_text):
    """Command names listed under "Commands:" (up to the next blank line)."""
    commands, inside = [], False
    for line in help_text.splitlines():
        if line.strip() == "Commands:":
            inside = True
            continue
        if inside:
            if not line.strip():
                break
            match = COMMAND_LINE.match(line)
            if match:
                commands.append(match.group(1))
    return commands


def run_help(argv):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    proc = subprocess.run(argv + ["--help"], capture_output=True, text=True, env=env, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError("%s --help exited with %d: %s"
                           % (" ".join(argv), proc.returncode, proc.stderr.strip()))
    return proc.stdout


def collect(rocectl, agent, console):
    """[(where, kind, name)]: what --help promises, kind "option" or "command"."""
    items = []
    top = run_help([rocectl])
    items += [("rocectl", "option", o) for o in options_of(top)]
    for command in commands_of(top):
        items.append(("rocectl", "command", command))
        sub = run_help([rocectl, command])
        items += [("rocectl " + command, "option", o) for o in options_of(sub)]
    items += [("roce-agent", "option", o) for o in options_of(run_help([agent]))]
    items += [("roce-console", "option", o) for o in options_of(run_help([console]))]
    return items


def docs_text(docs_dir):
    texts = []
    for sub in ("", "dev"):
        folder = os.path.join(docs_dir, sub)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".md"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    texts.append(f.read())
    if not texts:
        raise RuntimeError("no Markdown pages in %s" % docs_dir)
    return "\n".join(texts)


def pattern_for(kind, name):
    if kind == "command":
        return re.compile(r"\brocectl\s+" + re.escape(name) + r"(?![\w-])")
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")


def missing(items, text):
    return [(where, kind, name) for where, kind, name in items
            if not pattern_for(kind, name).search(text)]


def report(items, absent, docs_dir):
    names = {name for _, _, name in items}
    print("checked %d commands and options (%d distinct) against %s/*.md and %s/dev/*.md"
          % (len(items), len(names), docs_dir, docs_dir))
    if not absent:
        print("PASS: every command and long option of --help is documented")
        return 0
    print("FAIL: %d items of --help appear in no page of docs/:" % len(absent))
    for where, kind, name in absent:
        shown = "rocectl " + name if kind == "command" else name
        print("  %-20s %-8s %s" % (where, kind, shown))
    print("Document each where its program is described (docs/rocectl.md, docs/roce-agent.md, "
          "docs/roce-console.md or the page of its subject).")
    return 1


CANNED_TOP = """Usage: rocectl [--help] [--version] <command> [options]

Commands:
  audit     Check a switch's QoS
  watch     the live model of a fabric

Run 'rocectl <command> --help' for the options of a command.
"""
CANNED_SUB = """Usage: rocectl watch [options]

Options:
  --inventory <file>   The fabric of this inventory file, see --not-an-option in
                       the wrapped text (not a definition).
  -h, --help           Show this help.
"""


def self_test(args):
    failures = []

    def expect(condition, what):
        print(("ok    " if condition else "FAIL  ") + what)
        if not condition:
            failures.append(what)

    expect(options_of(CANNED_TOP) == ["--help", "--version"], "options of the Usage line")
    expect(commands_of(CANNED_TOP) == ["audit", "watch"], "commands under Commands:")
    expect(options_of(CANNED_SUB) == ["--inventory", "--help"],
           "option lines only, wrapped descriptions ignored")
    text = "Use `rocectl watch --inventory F` (see --help-all)."
    items = [("x", "command", "watch"), ("x", "command", "audit"), ("x", "option", "--help"),
             ("x", "option", "--inventory"), ("x", "option", "--in")]
    expect([n for _, _, n in missing(items, text)] == ["audit", "--help", "--in"],
           "whole words only: --help-all is not --help, --inventory is not --in")

    # The real programs against a copy of the real docs, once complete and once without one
    # option: the check must pass, then fail naming exactly that option.
    items = collect(args.rocectl, args.roce_agent, args.roce_console)
    real = docs_text(args.docs)
    expect(not missing(items, real), "the real docs document every item (else see the check)")
    options = [i for i in items if i[1] == "option" and i[2] not in ("--help", "--version")]
    victim = options[len(options) // 2][2]
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "docs")
        shutil.copytree(args.docs, copy, ignore=shutil.ignore_patterns("images", "*.png"))
        pattern = pattern_for("option", victim)
        for root, _, files in os.walk(copy):
            for name in files:
                if name.endswith(".md"):
                    path = os.path.join(root, name)
                    with open(path, encoding="utf-8") as f:
                        content = f.read()
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(pattern.sub("--removed-by-self-test", content))
        absent = missing(items, docs_text(copy))
        expect(bool(absent) and {n for _, _, n in absent} == {victim},
               "docs without %s: the check fails and names only %s" % (victim, victim))
    print("self-test: %s" % ("PASS" if not failures else "FAIL (%d)" % len(failures)))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", required=True, help="the docs/ directory")
    parser.add_argument("--rocectl", required=True)
    parser.add_argument("--roce-agent", required=True)
    parser.add_argument("--roce-console", required=True)
    parser.add_argument("--self-test", action="store_true",
                        help="prove that the check passes on the docs and fails without an item")
    args = parser.parse_args()
    try:
        if args.self_test:
            return self_test(args)
        items = collect(args.rocectl, args.roce_agent, args.roce_console)
        return report(items, missing(items, docs_text(args.docs)), args.docs)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        print("FAIL: %s" % e)
        return 1


if __name__ == "__main__":
    sys.exit(main())
