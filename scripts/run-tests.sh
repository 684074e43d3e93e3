#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite with CTest.
# Extra arguments go to ctest (e.g. -R tst_rocectl, -L static).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
BUILD_DIR=${ROCE_BUILD_DIR:-build}
cd "$BUILD_DIR"
ctest --output-on-failure --timeout 600 "$@"
