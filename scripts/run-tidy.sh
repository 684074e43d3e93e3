#!/usr/bin/env bash
# clang-tidy over the product code (core/, widgets/, app/, agent/) with the checks of
# .clang-tidy; every finding is an error.
#   run-tidy.sh BUILD_DIR [FILE_REGEX]
# BUILD_DIR holds compile_commands.json (CMake writes it). FILE_REGEX narrows the files
# (default: every product .cpp). Exit 0: no findings; 1: findings (listed), or a file
# clang-tidy could not parse.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: run-tidy.sh BUILD_DIR [FILE_REGEX]}" && pwd)
regex=${2:-"^$root/(core|widgets|app|agent)/.*\\.cpp\$"}
[ -f "$build/compile_commands.json" ] || { echo "no $build/compile_commands.json" >&2; exit 2; }
tidy=$(command -v clang-tidy-14 || command -v clang-tidy) || { echo "clang-tidy is not installed" >&2; exit 2; }
runner=$(command -v run-clang-tidy-14 || command -v run-clang-tidy) || { echo "run-clang-tidy is not installed" >&2; exit 2; }
cd "$root"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
"$runner" -clang-tidy-binary "$tidy" -p "$build" -j "$(nproc)" -quiet "$regex" 2>&1 |
  sed 's/\x1b\[[0-9;]*m//g' >"$out" || status=$?
# (the runner colours its output whatever the terminal; the sed takes the colours off)
# The findings, without the per-file "N warnings generated" chatter of system headers.
command='^[^ ]*clang-tidy(-[0-9]+)? '
grep -E '(error|warning): |^[[:space:]]|^/' "$out" | grep -vE "$command|warnings generated" || true
files=$(grep -cE "$command" "$out" || true)
findings=$(grep -cE ': (error|warning): ' "$out" || true)
echo "clang-tidy: $files files, $findings findings"
[ "$status" -eq 0 ] && [ "$findings" -eq 0 ]
