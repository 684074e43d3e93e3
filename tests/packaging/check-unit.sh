#!/usr/bin/env bash
# A daemon's systemd unit (roce-agent's; rocectl exporter's): `systemd-analyze verify` accepts
# it and `systemd-analyze security` rates its exposure at most THRESHOLD/10 (20: 2.0; the
# agent's was 1.6, "OK", when written; 9.6 "UNSAFE" before the sandbox).
# The gate itself must bite: the same unit without its sandbox section has to fail it.
# Usage: check-unit.sh SYSTEMD_ANALYZE UNIT PROGRAM [THRESHOLD]
#   PROGRAM: this build's binary of the unit's ExecStart=/usr/bin/<its name>
set -euo pipefail
analyze=$1 unit=$2 program=$3 threshold=${4:-20}
limit="$((threshold / 10)).$((threshold % 10))"
command -v "$analyze" >/dev/null || { echo "FAIL: no systemd-analyze (scripts/setup-debian.sh)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
name=$(basename "$unit")
installed=/usr/bin/$(basename "$program")

# verify checks that ExecStart's program exists: point it at this build's.
sed "s#^ExecStart=$installed #ExecStart=$program #" "$unit" >"$work/$name"
grep -q "^ExecStart=$program " "$work/$name" || { echo "FAIL: no ExecStart=$installed"; exit 1; }
"$analyze" verify --man=no "$work/$name"

if ! report=$("$analyze" security --offline=true --threshold="$threshold" "$work/$name"); then
  echo "$report"
  echo "FAIL: the unit's exposure is above $limit"
  exit 1
fi
echo "$report" | grep -v '✓'

# Everything from "# Sandbox." to [Install] removed: far above the threshold.
sed '/^# Sandbox\./,/^\[Install\]/{/^\[Install\]/!d}' "$work/$name" >"$work/loose.service"
if "$analyze" security --offline=true --threshold="$threshold" "$work/loose.service" >/dev/null; then
  echo "FAIL: the unit without its sandbox passed the threshold too"
  exit 1
fi
echo "PASS: exposure at most $limit; without the sandbox section it is more"
