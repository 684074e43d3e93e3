#!/usr/bin/env bash
# Proves the clang_tidy test can fail: a file with a 130-line function and an integer division
# used as a double must give both findings under the project's .clang-tidy.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/core"
cp "$root/.clang-tidy" "$dir/.clang-tidy"
{
  echo 'double ratio(int a, int b) { return a / b; }'
  echo 'int longFunction(int x) {'
  for i in $(seq 1 130); do echo "  x += $i;"; done
  echo '  return x;'
  echo '}'
} > "$dir/core/bad.cpp"
out=$("$tidy" "$dir/core/bad.cpp" -- -std=c++20 2>&1 || true)
ok=1
for check in readability-function-size bugprone-integer-division; do
  if grep -q "\[$check" <<<"$out"; then echo "reported: $check"; else echo "NOT reported: $check"; ok=0; fi
done
[ "$ok" = 1 ]
