#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang (a build of its own, build-fuzz/ by default)
# and runs each one on a copy of its seed corpus (fuzz/corpus/<target>/) plus the saved
# crashers (fuzz/regressions/<target>/). Prints per target: executions, exec/s, coverage
# (cov = edges, ft = features), new corpus units, crashes. A crash, leak, hang or broken
# invariant is saved under fuzz/regressions/<target>/ and makes the script exit 1.
#
#   scripts/fuzz.sh [--seconds N] [--target NAME] [--jobs J] [--replay] [--build-dir DIR]
#                   [--runs N] [--max-len BYTES] [--keep-corpus]
#
#   --seconds N    fuzz each target for N seconds (default 60)
#   --runs N       stop each target after N executions instead (campaigns)
#   --max-len B    longest input to generate (default: libFuzzer's, from the corpus)
#   --target NAME  only this target (fuzz_ prefix optional); repeatable
#   --jobs J       run J targets at once, each one libFuzzer process on one core (default 1)
#   --replay       first run every target once over its corpus and regressions (no
#                  mutation), then fuzz for --seconds (0: replay only); what CI runs
#   --build-dir    where to build (default build-fuzz/)
#   --keep-corpus  merge the new units into fuzz/corpus/<target>/ afterwards (minimized)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
seconds=60
jobs=1
replay=0
keep=0
runs=0
maxlen=0
build="$root/build-fuzz"
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --target) targets+=("fuzz_${2#fuzz_}"); shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --replay) replay=1; shift ;;
    --build-dir) build="$2"; shift 2 ;;
    --keep-corpus) keep=1; shift ;;
    --runs) runs="$2"; shift 2 ;;
    --max-len) maxlen="$2"; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if ! [[ "$seconds" =~ ^[0-9]+$ && "$jobs" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[0-9]+$
        && "$maxlen" =~ ^[0-9]+$ ]]; then
  echo "fuzz.sh: --seconds, --runs and --max-len need numbers >= 0, --jobs one >= 1" >&2
  exit 2
fi

# clang and its libFuzzer runtime: the main build does not need them, this one does.
cxx="${ROCE_FUZZ_CXX:-$(command -v clang++ || command -v clang++-14 || true)}"
if [ -z "$cxx" ]; then
  echo "fuzz.sh: clang++ not found; the fuzz targets need clang with libFuzzer." >&2
  echo "fuzz.sh: install it with scripts/setup-debian.sh (packages clang, libclang-rt-14-dev)." >&2
  exit 3
fi
if ! "$cxx" -print-file-name=libclang_rt.fuzzer-x86_64.a | grep -q /; then
  echo "fuzz.sh: $cxx has no libFuzzer runtime; install libclang-rt-14-dev" \
       "(scripts/setup-debian.sh)." >&2
  exit 3
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root/fuzz" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
    >"$build.configure.log" 2>&1 || { cat "$build.configure.log" >&2; exit 3; }
  rm -f "$build.configure.log"
fi
if [ ${#targets[@]} -eq 0 ]; then
  cmake --build "$build" -- -j"$(nproc)" >/dev/null || cmake --build "$build"
  mapfile -t targets <"$build/targets.txt"
else
  cmake --build "$build" --target "${targets[@]}" -- -j"$(nproc)" >/dev/null \
    || cmake --build "$build" --target "${targets[@]}"
fi

# Aborts instead of continuing after a report; leaks count as findings.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export QT_LOGGING_RULES="*.debug=false"

dicts="$root/fuzz/dict"
dict_for() {  # the dictionaries a target's inputs use, concatenated
  case "$1" in
    fuzz_frame_decoder|fuzz_agent_message|fuzz_agent_sample) echo "json agent" ;;
    fuzz_show_*_text) echo "nxostext" ;;
    fuzz_running_config) echo "nxostext" ;;
    fuzz_json_reader|fuzz_nxapi_response|fuzz_show_*) echo "json nxos" ;;
    fuzz_lldpctl) echo "json" ;;
    fuzz_iperf3|fuzz_rdma_json|fuzz_training) echo "json tools" ;;
    fuzz_inventory) echo "json inventory" ;;
    *) echo "tools" ;;
  esac
}

work="$build/run"
mkdir -p "$work"
for t in "${targets[@]}"; do rm -f "$work/${t#fuzz_}.summary"; done
# run_target NAME: fuzzes one target; writes its summary line to $work/NAME.summary.
run_target() {
  set +e  # a failing grep for a figure must not end the run (pipefail, errexit)
  local t="$1" name="${1#fuzz_}"
  local dir="$work/$name" seeds="$root/fuzz/corpus/$name" saved="$root/fuzz/regressions/$name"
  rm -rf "$dir"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  [ -d "$seeds" ] && cp -r "$seeds/." "$dir/corpus/"
  local inputs=("$dir/corpus")
  [ -d "$saved" ] && inputs+=("$saved")
  local dict="$dir/$name.dict"
  : >"$dict"
  for d in $(dict_for "$t"); do cat "$dicts/$d.dict" >>"$dict"; done
  local before
  before=$(find "$dir/corpus" -type f | wc -l)
  local opts=(-print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -dict="$dict"
              -artifact_prefix="$dir/artifacts/")
  [ "$maxlen" -gt 0 ] && opts+=(-max_len="$maxlen")
  local limit=(-max_total_time="$seconds")
  [ "$runs" -gt 0 ] && limit=(-runs="$runs")
  local status=0 replay_status=0
  if [ "$replay" = 1 ]; then
    "$build/$t" "${opts[@]}" -runs=0 "${inputs[@]}" >"$dir/replay.log" 2>&1 || replay_status=$?
  fi
  if [ "$replay_status" = 0 ] && [ "$seconds" -gt 0 -o "$runs" -gt 0 ]; then
    "$build/$t" "${opts[@]}" "${limit[@]}" "${inputs[@]}" >"$dir/fuzz.log" 2>&1 || status=$?
  fi
  [ "$replay_status" != 0 ] && status=$replay_status
  local log="$dir/fuzz.log"
  [ -f "$log" ] || log="$dir/replay.log"
  local execs rate cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  local after crashes=0
  after=$(find "$dir/corpus" -type f | wc -l)
  if [ "$status" != 0 ]; then
    mkdir -p "$saved"
    local found=0
    for a in "$dir/artifacts"/*; do
      [ -f "$a" ] || continue
      found=$((found + 1))
      # A saved crasher that still crashes is not saved twice.
      local sum
      sum=$(sha1sum <"$a" | cut -d' ' -f1)
      if ! (cd "$saved" && sha1sum -- * 2>/dev/null | grep -q "^$sum "); then
        cp "$a" "$saved/"
      fi
    done
    crashes=$((found > 0 ? found : 1))
    # Where it went wrong, for the log of whoever runs this.
    grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|invariant broken|Test unit written' \
      "$dir/replay.log" "$dir/fuzz.log" 2>/dev/null | sed "s|^|  $name: |" >"$dir/why" || true
  fi
  printf '%-32s %12s %9s %7s %7s %6s %8s\n' "$name" "${execs:-0}" "${rate:-0}" "${cov:--}" \
    "${ft:--}" "$((after - before))" "$crashes" >"$dir.summary"
  if [ "$keep" = 1 ] && [ "$status" = 0 ]; then
    mkdir -p "$seeds.new"
    "$build/$t" -merge=1 "$seeds.new" "$seeds" "$dir/corpus" >"$dir/merge.log" 2>&1 \
      && rm -rf "$seeds" && mv "$seeds.new" "$seeds"
  fi
  return 0
}

running=0
for t in "${targets[@]}"; do
  if [ ! -x "$build/$t" ]; then
    echo "fuzz.sh: no target $t (see $build/targets.txt)" >&2
    exit 2
  fi
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

printf '%-32s %12s %9s %7s %7s %6s %8s\n' target executions exec/s cov ft new crashes
total=0
for t in "${targets[@]}"; do
  name="${t#fuzz_}"
  if [ ! -s "$work/$name.summary" ]; then
    printf '%-32s %12s %9s %7s %7s %6s %8s\n' "$name" - - - - - 1 >"$work/$name.summary"
    echo "  $name: no result (see $work/$name/)" >"$work/$name/why"
  fi
  cat "$work/$name.summary"
  c=$(awk '{print $NF}' "$work/$name.summary")
  total=$((total + c))
  [ -s "$work/$name/why" ] && cat "$work/$name/why"
done
if [ "$total" -gt 0 ]; then
  echo "fuzz.sh: $total crash(es); inputs saved under fuzz/regressions/<target>/, logs in $work/" >&2
  exit 1
fi
echo "fuzz.sh: no crashes (logs in $work/)"
