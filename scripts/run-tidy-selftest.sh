#!/usr/bin/env bash
# Proves the clang_tidy test can fail: a file with a 130-line function and an integer division
# used as a double must give both findings under the project's .clang-tidy, checked the way
# scripts/run-tidy.sh checks the product: in one unity file, and file by file when two sources
# of a batch define the same internal name and the batch cannot compile as one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/core" "$dir/build"
cp "$root/.clang-tidy" "$dir/.clang-tidy"
echo 'double ratio(int a, int b) { return a / b; }' > "$dir/core/ratio.cpp"
{
  echo 'int longFunction(int x) {'
  for i in $(seq 1 130); do echo "  x += $i;"; done
  echo '  return x;'
  echo '}'
} > "$dir/core/long.cpp"
# Two sources with the same internal helper: fine apart, a redefinition in one unity file.
for name in clashA clashB; do
  printf 'namespace {\nint helper() { return 1; }\n}\nint %s() { return helper(); }\n' "$name" \
    > "$dir/core/$name.cpp"
done
python3 - "$dir" <<'PY'
import json, os, sys
d = sys.argv[1]
json.dump([{"directory": d + "/build", "file": d + "/core/" + f,
            "arguments": ["c++", "-std=c++20", "-c", d + "/core/" + f]}
           for f in sorted(os.listdir(d + "/core"))], open(d + "/build/compile_commands.json", "w"))
PY
# The checks themselves, on a file of their own ...
out=$("$tidy" "$dir/core/ratio.cpp" "$dir/core/long.cpp" -- -std=c++20 2>&1 || true)
ok=1
expect() {  # expect NAME OUTPUT PATTERN...: each pattern must occur in OUTPUT
  local name=$1 text=$2
  shift 2
  for pattern in "$@"; do
    if grep -qE -- "$pattern" <<<"$text"; then echo "$name: reported: $pattern"; else echo "$name: NOT reported: $pattern"; ok=0; fi
  done
}
expect direct "$out" 'readability-function-size' 'bugprone-integer-division'
# ... through one unity file (the findings name their own file) ...
status=0
out=$("$root/scripts/run-tidy.sh" "$dir/build" "^$dir/core/(ratio|long)\\.cpp\$" 2>&1) || status=$?
expect unity "$out" 'long\.cpp:[0-9]+:[0-9]+: (error|warning): .*readability-function-size' \
  'ratio\.cpp:[0-9]+:[0-9]+: (error|warning): .*bugprone-integer-division' '2 files, 2 findings'
[ "$status" -ne 0 ] || { echo "unity: run-tidy.sh passed a file with findings"; ok=0; }
# ... and file by file when the batch does not compile as one.
status=0
out=$("$root/scripts/run-tidy.sh" "$dir/build" "^$dir/core/.*\\.cpp\$" 2>&1) || status=$?
expect fallback "$out" 'checking 4 sources one by one' 'redefinition of' \
  'long\.cpp:[0-9]+:[0-9]+: (error|warning): .*readability-function-size' \
  'ratio\.cpp:[0-9]+:[0-9]+: (error|warning): .*bugprone-integer-division' '4 files, 2 findings'
[ "$status" -ne 0 ] || { echo "fallback: run-tidy.sh passed files with findings"; ok=0; }
[ "$ok" = 1 ]
