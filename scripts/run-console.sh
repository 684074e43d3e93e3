#!/usr/bin/env bash
# README command 1: install what is missing, build, and start the console. Without an
# inventory the console runs on the embedded simulated fabric. Extra arguments go to
# roce-console (e.g. --lang de, --reset-layout).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup-debian.sh
./scripts/build.sh
BUILD_DIR=${ROCE_BUILD_DIR:-build}
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run-console: no DISPLAY or WAYLAND_DISPLAY; starting the console on a virtual X display" \
       "(xvfb-run). Set DISPLAY to see the window on your screen." >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$BUILD_DIR/app/roce-console" "$@"
fi
exec "$BUILD_DIR/app/roce-console" "$@"
