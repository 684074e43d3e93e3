#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite with CTest.
# Extra arguments go to ctest (e.g. -R tst_rocectl, -L static).
#   --sanitize address,undefined | thread   build into build-<sanitizers>/ with those
#   sanitizers and run the suite there (the VM tier, packaging, fuzzing and static checks are
#   left out: they run uninstrumented programs or instrument themselves).
set -euo pipefail
cd "$(dirname "$0")/.."
sanitize=""
ctest_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) sanitize=${2:?--sanitize needs address,undefined or thread}; shift 2 ;;
    --sanitize=*) sanitize=${1#*=}; shift ;;
    *) ctest_args+=("$1"); shift ;;
  esac
done
if [ -n "$sanitize" ]; then
  case "$sanitize" in
    address,undefined | undefined,address | address | undefined | thread) ;;
    *) echo "run-tests.sh: --sanitize takes address,undefined or thread, not '$sanitize'" >&2; exit 2 ;;
  esac
  export ROCE_SANITIZE=$sanitize
  export ROCE_BUILD_DIR=${ROCE_BUILD_DIR:-build-${sanitize//,/-}}
  supp=$PWD/tests/sanitizers
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=0:strict_string_checks=1}
  export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$supp/lsan.supp:print_suppressions=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp}
  # die_after_fork=0: QProcess forks a multi-threaded program and execs at once; the child
  # starts no thread of its own. ignore_noninstrumented_modules=1: the frees, copies and
  # pthread calls Qt's own (uninstrumented) code makes under its own locks are not checked,
  # since those locks are invisible; what our code does still is.
  export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1:die_after_fork=0:ignore_noninstrumented_modules=1:suppressions=$supp/tsan.supp}
  ctest_args=(-LE '^(integration|packaging|fuzz|static)$' "${ctest_args[@]}")
fi
./scripts/setup-debian.sh
./scripts/build.sh
BUILD_DIR=${ROCE_BUILD_DIR:-build}
cd "$BUILD_DIR"
# Most tests wait on real processes (stores, sshd, keyring, agents), so two at a time halve
# the wall time on two cores; -j1 in the arguments runs them one by one.
ctest --output-on-failure --timeout 600 -j "$(nproc)" "${ctest_args[@]}"
