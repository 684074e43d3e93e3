#!/usr/bin/env bash
# Builds the image (kernel cached) and boots the Soft-RoCE VM under a timeout.
#   run-vm-tier.sh ROCE_AGENT ROCECTL WORK_DIR [BENCH_AGENT]
# The serial console ends up in WORK_DIR/console.log. Exit 77 = skipped (reason on stderr).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
agent=$1 rocectl=$2 work=$3 bench=${4:-}
cache=${ROCE_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roce-console/vm}
mkdir -p "$work"
"$here/make-image.sh" "$cache" "$work" "$agent" "$rocectl" "$here/guest-init.sh" "$bench"
# TCG: KVM cannot run a stock kernel on these machines (REFERENCE-SOFTROCE.md).
timeout --kill-after=10 "${ROCE_VM_TIMEOUT:-420}" "${ROCE_VM_QEMU:-qemu-system-x86_64}" \
  -accel tcg,thread=multi -cpu max -smp 2 -m 2048 -nographic -no-reboot -nic none \
  -kernel "$work/vmlinuz" -initrd "$work/initramfs.cpio.gz" \
  -append "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init" \
  </dev/null >"$work/console.log" 2>&1
