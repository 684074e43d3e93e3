#!/usr/bin/env bash
# clang-tidy over the product code (core/, widgets/, app/, agent/) with the checks of
# .clang-tidy; every finding is an error.
#   run-tidy.sh BUILD_DIR [FILE_REGEX]
# BUILD_DIR holds compile_commands.json (CMake writes it). FILE_REGEX narrows the files
# (default: every product .cpp). Exit 0: no findings; 1: findings (listed), or a file
# clang-tidy could not parse.
#
# The sources are checked in unity files of up to 12 (scripts/tidy-unity.py), so that Qt's
# headers are parsed and matched once per batch rather than once per file: that was two
# thirds of the run. Findings still name their own file and line. A batch that does not
# compile as one (two sources defining the same internal name) is checked file by file.
# ROCE_TIDY_BATCH=1 checks every file on its own, as before.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: run-tidy.sh BUILD_DIR [FILE_REGEX]}" && pwd)
regex=${2:-"^$root/(core|widgets|app|agent)/.*\\.cpp\$"}
[ -f "$build/compile_commands.json" ] || { echo "no $build/compile_commands.json" >&2; exit 2; }
tidy=$(command -v clang-tidy-14 || command -v clang-tidy) || { echo "clang-tidy is not installed" >&2; exit 2; }
runner=$(command -v run-clang-tidy-14 || command -v run-clang-tidy) || { echo "run-clang-tidy is not installed" >&2; exit 2; }
cd "$root"
# The unity files live under the source tree, where .clang-tidy applies to them.
work=$(mktemp -d "$root/.tidy-unity.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/tidy-unity.py" "$build" "$regex" "$work" "${ROCE_TIDY_BATCH:-12}" >&2
# Sources in a unity file are not the main file: the header filter must take them in too.
filter='(core|widgets|app|agent)/.*\.(h|cpp)$'
# One clang-tidy run over the files matching $2 in the database of directory $1, into $3.
tidy_run() {
  "$runner" -clang-tidy-binary "$tidy" -p "$1" -j "$(nproc)" -quiet -header-filter "$filter" \
    "$2" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >"$3" || return $?
  # (the runner colours its output whatever the terminal; the sed takes the colours off)
}
status=0
tidy_run "$work" "^$work/unity-[0-9]+\\.cpp\$" "$work/unity.out" || status=$?
# Unity files that did not compile as one: their sources, one by one, with the same flags.
# What the unity run said of those sources is set aside (kept.out holds the rest).
out=$work/unity.out
if grep -qE ": error: .*\[clang-diagnostic-error\]" "$work/unity.out"; then
  singles=$(python3 - "$work" <<'PY'
import json, re, sys
work = sys.argv[1]
members = json.load(open(work + "/members.json"))
text = open(work + "/unity.out").read()
owner = {src: u for u, srcs in members.items() for src in srcs}
bad = set()
for m in re.finditer(r"^(/[^:\s]+):\d+:\d+: error: .*\[clang-diagnostic-error\]", text, re.M):
    path = m.group(1)
    if path in members:
        bad.add(path)
    elif path in owner:
        bad.add(owner[path])
    else:  # an error in a header: which batch met it is not said, so all are redone
        bad.update(members)
redone = {src for u in bad for src in members[u]} | bad
kept, dropping = [], False
for line in text.splitlines():
    if line.startswith("/"):
        dropping = line.split(":", 1)[0] in redone or "[clang-diagnostic-error]" in line
    if not dropping:
        kept.append(line)
open(work + "/kept.out", "w").write("\n".join(kept) + "\n")
print("\n".join(sorted(src for u in bad for src in members[u])))
PY
)
  if [ -n "$singles" ]; then
    echo "checking $(wc -l <<<"$singles") sources one by one (their unity file did not compile):" >&2
    # What clashed, so that it can be renamed.
    grep -E "\[clang-diagnostic-error\]" "$work/unity.out" | sort -u | head -5 >&2
    alt=$(printf '%s\n' "$singles" | sed 's/[.[\*^$()+?{|]/\\&/g' | paste -sd'|')
    status=0
    tidy_run "$work/singles" "^($alt)\$" "$work/single.out" || status=$?
    cat "$work/kept.out" "$work/single.out" >"$work/all.out"
    out=$work/all.out
    grep -qE '(^|: )(error|warning): ' "$work/kept.out" && status=1
  fi
fi
# The findings, without the per-file "N warnings generated" chatter of system headers.
command='^[^ ]*clang-tidy(-[0-9]+)? '
grep -E '(error|warning): |^[[:space:]]|^/' "$out" | grep -vE "$command|warnings generated" || true
files=$(python3 -c "import json,sys; print(sum(len(v) for v in json.load(open(sys.argv[1])).values()))" \
  "$work/members.json")
findings=$(grep -cE '(^|: )(error|warning): ' "$out" || true)
echo "clang-tidy: $files files, $findings findings"
[ "$status" -eq 0 ] && [ "$findings" -eq 0 ]
