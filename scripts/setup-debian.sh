#!/usr/bin/env bash
# Installs every Debian 12 package that the build, the tests and the console need.
# Idempotent: only what is missing is installed, and the list is printed first.
# Uses sudo only when not running as root. No PyPI, no downloads outside apt.
set -euo pipefail

# Build: compiler, CMake/Ninja, Qt 6.4 and the C libraries the layers link.
build_pkgs=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-svg-dev qt6-translations-l10n libqt6opengl6-dev libxkbcommon-dev
  libgl-dev libvulkan-dev
  qtkeychain-qt6-dev libssh-dev libibverbs-dev librdmacm-dev rdma-core libssl-dev
  libbenchmark-dev libyaml-dev libcrypt-dev zlib1g-dev
)
# Run: Qt platform and SQL plugins, fonts for a readable UI.
run_pkgs=(
  libqt6sql6-sqlite qt6-qpa-plugins libqt6svg6 fonts-dejavu-core
)
# Tests: formatting, offscreen/Xvfb screenshots, and the real peers the tests talk to.
test_pkgs=(
  # The fuzz targets (fuzz/, scripts/fuzz.sh): clang with its libFuzzer runtime.
  clang libclang-rt-14-dev
  # Static analysis (the clang_tidy test): clang-tidy 14 and its parallel runner.
  clang-tidy
  clang-format xvfb xauth imagemagick curl openssl iperf3 sockperf procps
  python3 python3-torch prometheus prometheus-node-exporter victoria-metrics
  # A real Secret Service for the keychain tests, a real sshd for the SSH tests.
  dbus gnome-keyring libsecret-tools openssh-server openssh-client
  # The Soft-RoCE VM tier: qemu, a static busybox for the initramfs, the verbs tools.
  qemu-system-x86 busybox-static perftest ibverbs-utils ibverbs-providers cpio kmod iproute2
  # Packaging: CPack's Depends (dpkg-shlibdeps), the .deb checks, the unit's exposure score.
  dpkg-dev fakeroot lintian adduser systemd
)

all=("${build_pkgs[@]}" "${run_pkgs[@]}" "${test_pkgs[@]}")
missing=()
for p in "${all[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#all[@]} Debian packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${#missing[@]} Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
