#!/usr/bin/env bash
# Installs the system tools the tests need that npm does not bring: Debian's Chromium and its
# headless shell (for the Playwright end-to-end tests) and PostgreSQL (the server suite runs on it too).
# anvil comes from the npm package @foundry-rs/anvil. Safe to run again: it only installs
# what is missing. Needs root (or sudo) and Debian's apt.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The e2e specs run in the old headless shell (lighter); the full browser stays for people.
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if ! command -v pg_config >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
# runuser (util-linux) starts PostgreSQL as the postgres user when the tests run as root.
command -v runuser >/dev/null 2>&1 || missing+=(util-linux)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing system packages the tests need: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Run as root, or install these Debian packages yourself: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Debian's postgresql package creates the postgres user the test cluster runs as.
id postgres >/dev/null 2>&1 || $SUDO useradd --system --home /var/lib/postgresql postgres
echo "System packages ready."
