#!/usr/bin/env bash
# Builds what the Soft-RoCE VM tier boots: Debian's own kernel (downloaded with apt, unpacked,
# never installed) and an initramfs with busybox, the rxe modules, perftest, the rdma tools,
# roce-agent and rocectl with every library they load. REFERENCE-SOFTROCE.md is the recipe.
#
#   make-image.sh CACHE_DIR OUT_DIR ROCE_AGENT ROCECTL GUEST_INIT [BENCH_AGENT]
#
# BENCH_AGENT, when given, goes in too: the guest measures sysfs against RDMA netlink with it.
# Writes OUT_DIR/vmlinuz and OUT_DIR/initramfs.cpio.gz. Exit status 77 (skip) when a part
# cannot be had (no qemu, no kernel package reachable), with the reason on stderr.
set -euo pipefail

cache=$1 out=$2 agent=$3 rocectl=$4 guest_init=$5 bench=${6:-}
skip() { echo "vm-tier: SKIP: $*" >&2; exit 77; }

qemu=${ROCE_VM_QEMU:-qemu-system-x86_64}
for tool in "$qemu" busybox cpio gzip dpkg-deb depmod modprobe ib_write_bw \
            ibv_devinfo rdma; do
  command -v "$tool" >/dev/null || skip "'$tool' is missing (scripts/setup-debian.sh installs it)"
done
[ -e /etc/libibverbs.d/rxe.driver ] || skip "the rxe verbs provider is missing (ibverbs-providers)"

mkdir -p "$cache" "$out"
# 1. The kernel: the versioned package behind linux-image-amd64, cached between runs.
pkg=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
[ -n "$pkg" ] || skip "apt does not know linux-image-amd64 (run apt-get update)"
kver=${pkg#linux-image-}
kdir="$cache/$pkg"
if [ ! -e "$kdir/.unpacked" ]; then
  echo "vm-tier: downloading $pkg (about 70 MB, once)" >&2
  rm -rf "$kdir" && mkdir -p "$kdir"
  (cd "$cache" && apt-get download "$pkg" >&2) || skip "cannot download $pkg"
  dpkg-deb -x "$cache/${pkg}"_*.deb "$kdir"
  depmod -b "$kdir" "$kver"   # the package ships no modules.dep
  touch "$kdir/.unpacked"
fi
cp "$kdir/boot/vmlinuz-$kver" "$out/vmlinuz"

# 2. The initramfs tree.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,etc,lib64}
cp "$(command -v busybox)" "$root/bin/busybox"
copy_with_libs() {
  local f
  for f in "$@"; do
    cp -L --parents "$f" "$root"
    ldd "$f" 2>/dev/null | grep -o '/[^ ]*' | while read -r lib; do
      [ -e "$root$lib" ] || cp -L --parents "$lib" "$root"
    done
  done
}
copy_with_libs "$(command -v ib_write_bw)" "$(command -v ib_write_lat)" \
  "$(command -v ibv_devinfo)" "$(command -v rdma)" /usr/sbin/ip /usr/sbin/tc
# libibverbs loads its provider at run time; ldd does not show it.
provider=$(ls /usr/lib/x86_64-linux-gnu/libibverbs/librxe-rdmav*.so)
copy_with_libs "$provider"
cp --parents /etc/libibverbs.d/rxe.driver "$root"
mkdir -p "$root/opt/roce"
cp "$agent" "$root/opt/roce/roce-agent"
cp "$rocectl" "$root/opt/roce/rocectl"
copy_with_libs "$root/opt/roce/roce-agent" "$root/opt/roce/rocectl"
if [ -n "$bench" ] && [ -x "$bench" ]; then
  cp "$bench" "$root/opt/roce/bench_agent"
  copy_with_libs "$root/opt/roce/bench_agent"
fi
# Qt loads its TLS backend as a plugin (the agent client uses QSslSocket even in plaintext).
# It dlopen()s libssl and libcrypto, which ldd does not show either.
for plugin in /usr/lib/x86_64-linux-gnu/qt6/plugins/tls/libqopensslbackend.so \
              /usr/lib/x86_64-linux-gnu/libssl.so.3 /usr/lib/x86_64-linux-gnu/libcrypto.so.3; do
  if [ -e "$plugin" ]; then copy_with_libs "$plugin"; fi
done
# The modules rxe needs, with their dependencies, then modules.dep inside the image.
for m in crc32_generic crc32-pclmul rdma_rxe ib_uverbs rdma_ucm ib_umad veth bridge sch_netem; do
  modprobe -d "$kdir" -S "$kver" --show-depends "$m" 2>/dev/null | awk '/^insmod/ {print $2}' |
    while read -r ko; do
      rel=${ko#"$kdir"}
      mkdir -p "$root$(dirname "$rel")"
      cp "$ko" "$root$rel"
    done
done
cp "$kdir/lib/modules/$kver"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$kver/" 2>/dev/null || true
depmod -b "$root" "$kver"
cp "$guest_init" "$root/init"
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initramfs.cpio.gz"
echo "vm-tier: kernel $kver, initramfs $(du -h "$out/initramfs.cpio.gz" | cut -f1)" >&2
