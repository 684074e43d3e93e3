#!/usr/bin/env bash
# The agent's systemd unit: `systemd-analyze verify` accepts it and
# `systemd-analyze security` rates its exposure at most THRESHOLD/10 (20: 2.0; it was 1.6, "OK",
# when written; 9.6 "UNSAFE" before the sandbox).
# The gate itself must bite: the same unit without its sandbox section has to fail it.
# Usage: check-unit.sh SYSTEMD_ANALYZE UNIT ROCE_AGENT [THRESHOLD]
set -euo pipefail
analyze=$1 unit=$2 agent=$3 threshold=${4:-20}
limit="$((threshold / 10)).$((threshold % 10))"
command -v "$analyze" >/dev/null || { echo "FAIL: no systemd-analyze (scripts/setup-debian.sh)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# verify checks that ExecStart's program exists: point it at this build's agent.
sed "s#^ExecStart=/usr/bin/roce-agent #ExecStart=$agent #" "$unit" >"$work/roce-agent.service"
grep -q "^ExecStart=$agent " "$work/roce-agent.service" || { echo "FAIL: no ExecStart=/usr/bin/roce-agent"; exit 1; }
"$analyze" verify --man=no "$work/roce-agent.service"

if ! report=$("$analyze" security --offline=true --threshold="$threshold" "$work/roce-agent.service"); then
  echo "$report"
  echo "FAIL: the unit's exposure is above $limit"
  exit 1
fi
echo "$report" | grep -v '✓'

# Everything from "# Sandbox." to [Install] removed: far above the threshold.
sed '/^# Sandbox\./,/^\[Install\]/{/^\[Install\]/!d}' "$work/roce-agent.service" >"$work/loose.service"
if "$analyze" security --offline=true --threshold="$threshold" "$work/loose.service" >/dev/null; then
  echo "FAIL: the unit without its sandbox passed the threshold too"
  exit 1
fi
echo "PASS: exposure at most $limit; without the sandbox section it is more"
