#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite with CTest.
# Extra arguments go to ctest (e.g. -R tst_rocectl, -L static).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
BUILD_DIR=${ROCE_BUILD_DIR:-build}
cd "$BUILD_DIR"
# Most tests wait on real processes (stores, sshd, keyring, agents), so two at a time halve
# the wall time on two cores; -j1 in the arguments runs them one by one.
ctest --output-on-failure --timeout 600 -j "$(nproc)" "$@"
