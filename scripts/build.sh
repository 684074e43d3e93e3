#!/usr/bin/env bash
# Configures and builds the project into ./build (Ninja, RelWithDebInfo). Shared by the two
# README commands so both use the same build directory and flags.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${ROCE_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  # ROCE_SANITIZE (run-tests.sh --sanitize): an instrumented build, in its own directory.
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    ${ROCE_SANITIZE:+-DROCE_SANITIZE=$ROCE_SANITIZE}
fi
# Two cores here: let Ninja use them all, but not more (the link steps are memory-hungry).
cmake --build "$BUILD_DIR" -j "$(nproc)"
