#!/usr/bin/env bash
# Formats every C++ source of the project in place with the repository's .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
find core widgets app agent translations tests benchmarks fuzz -name '*.cpp' -o -name '*.h' 2>/dev/null \
  | xargs clang-format -i --style=file
