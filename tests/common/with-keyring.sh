#!/bin/sh
# Runs a command against a real Secret Service: a private D-Bus session with a fresh
# gnome-keyring, unlocked with a non-empty password (with an empty one the "login" collection
# is never created and every store fails). HOME is a throw-away directory, so the user's own
# keyring is never touched.
set -eu
if ! command -v gnome-keyring-daemon >/dev/null || ! command -v dbus-run-session >/dev/null; then
  echo "with-keyring: gnome-keyring-daemon and dbus-run-session are required (scripts/setup-debian.sh installs them)" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/run" && chmod 700 "$scratch/run"
HOME="$scratch" XDG_DATA_HOME="$scratch/share" XDG_CONFIG_HOME="$scratch/config" \
XDG_RUNTIME_DIR="$scratch/run" dbus-run-session -- sh -c '
  eval "$(printf %s roce-test-keyring | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL ROCE_REAL_KEYRING=1
  "$@"; status=$?
  kill "$GNOME_KEYRING_PID" 2>/dev/null || true
  exit $status' with-keyring "$@"
