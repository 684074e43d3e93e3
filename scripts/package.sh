#!/usr/bin/env bash
# Builds the Debian packages roce-agent and roce-console into build/packages/ (CPack, see
# cmake/Packaging.cmake). Only the three packaged programs are built, in the usual build
# directory. Install with: apt install ./build/packages/roce-agent_*.deb
# Extra arguments go to cpack (e.g. --verbose).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${ROCE_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$BUILD_DIR" -j "$(nproc)" --target roce-agent roce-console rocectl
# Old packages of another version would be installed by a ./roce-agent_*.deb glob too.
rm -f "$BUILD_DIR"/packages/*.deb
(cd "$BUILD_DIR" && cpack -G DEB --config CPackConfig.cmake "$@")
ls -l "$BUILD_DIR"/packages/*.deb
