#!/usr/bin/env bash
# The Debian packages: CPack builds roce-agent and roce-console from this build tree, lintian
# finds no error in them (its warnings are printed), and each holds its files: the programs,
# the units (the very files of the source tree: the agent's, and the switch exporter's in
# roce-console), the configuration as a conffile, the desktop entry, the icon, the manual pages
# (made from docs/ with the programs), copyright and changelog, and Depends found by
# dpkg-shlibdeps.
# Usage: check-packages.sh CPACK BUILD_DIR OUT_DIR SOURCE_DIR
set -euo pipefail
cpack=$1 build=$2 out=$3 src=$4
for tool in "$cpack" lintian dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool missing (scripts/setup-debian.sh)"; exit 1; }
done
fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$out"
mkdir -p "$out"
(cd "$build" && "$cpack" -G DEB --config CPackConfig.cmake -B "$out") >"$out/cpack.log" 2>&1 \
  || { cat "$out/cpack.log"; fail "cpack"; }
agent=$(ls "$out"/roce-agent_*.deb 2>/dev/null) || fail "no roce-agent_*.deb in $out"
console=$(ls "$out"/roce-console_*.deb 2>/dev/null) || fail "no roce-console_*.deb in $out"
echo "built: $(basename "$agent") $(basename "$console")"

# lintian: errors fail, warnings are shown (docs/packaging.md lists the ones that remain and
# why). Every program has its manual page, and lintian finds nothing wrong in them.
lintian --fail-on error --tag-display-limit 0 "$agent" "$console" | tee "$out/lintian.log" \
  || fail "lintian reports errors"
! grep -E 'no-manual-page|groff-message|manual-page|whatis-entry' "$out/lintian.log" \
  || fail "lintian reports a missing or broken manual page"

has() {  # has DEB PATH: PATH is a file of DEB
  dpkg-deb -c "$1" | awk '{print $6}' | grep -qx "$2" || fail "$(basename "$1") lacks $2"
}
has "$agent" ./usr/bin/roce-agent
has "$agent" ./lib/systemd/system/roce-agent.service
has "$agent" ./etc/roce-agent/roce-agent.conf
has "$agent" ./usr/share/doc/roce-agent/copyright
has "$agent" ./usr/share/doc/roce-agent/changelog.Debian.gz
has "$agent" ./usr/share/man/man8/roce-agent.8.gz
has "$console" ./usr/bin/roce-console
has "$console" ./usr/bin/rocectl
has "$console" ./lib/systemd/system/roce-switch-exporter.service
has "$console" ./usr/share/applications/roce-console.desktop
has "$console" ./usr/share/icons/hicolor/scalable/apps/roce-console.svg
has "$console" ./usr/share/doc/roce-console/copyright
has "$console" ./usr/share/man/man1/roce-console.1.gz
has "$console" ./usr/share/man/man1/rocectl.1.gz
! dpkg-deb -c "$console" | grep -q roce-agent || fail "roce-console holds agent files"
! dpkg-deb -c "$agent" | grep -q 'roce-console\|rocectl' || fail "roce-agent holds console files"

dpkg-deb --fsys-tarfile "$agent" | tar -xO ./lib/systemd/system/roce-agent.service \
  | cmp - "$src/resources/agent/roce-agent.service" || fail "the packaged unit differs from the source's"
dpkg-deb --fsys-tarfile "$console" | tar -xO ./lib/systemd/system/roce-switch-exporter.service \
  | cmp - "$src/resources/exporter/roce-switch-exporter.service" \
  || fail "the packaged exporter unit differs from the source's"
dpkg-deb --ctrl-tarfile "$agent" | tar -xO ./conffiles | grep -qx /etc/roce-agent/roce-agent.conf \
  || fail "roce-agent.conf is no conffile"
dpkg-deb --ctrl-tarfile "$agent" | tar -xO ./postinst | grep -q 'adduser --system --group' \
  || fail "postinst does not create the system user"
depends=$(dpkg-deb -f "$agent" Depends)
echo "roce-agent Depends: $depends"
for lib in libqt6core6 libqt6network6 libibverbs1 libc6 adduser openssl; do
  grep -q "\b$lib\b" <<<"$depends" || fail "roce-agent does not depend on $lib"
done
grep -qi 'gui\|widgets' <<<"$depends" && fail "roce-agent depends on a Qt GUI module"
depends=$(dpkg-deb -f "$console" Depends)
echo "roce-console Depends: $depends"
for lib in libqt6widgets6 libqt6charts6 libssh-4 qt6-qpa-plugins libqt6sql6-sqlite; do
  grep -q "\b$lib\b" <<<"$depends" || fail "roce-console does not depend on $lib"
done
echo "PASS"
