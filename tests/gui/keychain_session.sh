#!/bin/sh
# keychain_session.sh TST_KEYCHAIN: runs the keychain test against a real Secret Service, a
# gnome-keyring-daemon on a private session bus (dbus-run-session), in a throwaway home so
# that no real keyring is touched. Exits 77 (ctest: skipped) with the reason when the tools are
# missing (Debian: dbus, gnome-keyring).
set -eu
test_binary=$1
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed (Debian: apt-get install dbus gnome-keyring)"
    exit 77
  fi
done
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export KWB_EXPECT_KEYCHAIN=1
# The daemon unlocks (and creates) the login keyring with the password on its stdin.
exec dbus-run-session -- sh -c '
  eval "$(printf "kwb-test\n" | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  "$0" keyGoesToTheKeychain' "$test_binary"
