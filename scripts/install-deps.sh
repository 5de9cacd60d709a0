#!/usr/bin/env bash
# Installs what AccountLink needs on a fresh Debian 12 machine, only what is missing.
#   scripts/install-deps.sh build   system libraries for building and running
#   scripts/install-deps.sh test    plus PostgreSQL, Chromium + driver, wrk-free test peers (Python)
#   scripts/install-deps.sh deb     plus dpkg-dev (dpkg-shlibdeps) and binutils (strip) for make deb
#   scripts/install-deps.sh bench   plus wrk, PostgreSQL (bench beside SQLite) and perf (scripts/profile.py)
set -euo pipefail
mode="${1:-build}"
cd "$(dirname "$0")/.."

packages=(pkg-config libmicrohttpd-dev libssl-dev libsqlite3-dev libsodium-dev libpq-dev libcurl4-openssl-dev curl ca-certificates)
case "$mode" in
  test) packages+=(postgresql chromium chromium-driver fonts-ipafont-gothic sqlite3 nginx-light lintian openssl dpkg-dev binutils) ;;
  bench) packages+=(wrk openssl postgresql linux-perf) ;;
  deb) packages+=(dpkg-dev binutils) ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  # One apt-get update per machine (the stamp survives between runs).
  if [ ! -f /var/lib/apt/periodic/accountlink-updated ] || [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v lock)" ]; then
    $sudo_cmd apt-get update -qq
    $sudo_cmd mkdir -p /var/lib/apt/periodic && $sudo_cmd touch /var/lib/apt/periodic/accountlink-updated
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "error: the Swift 6 toolchain (swift) is not on PATH; install it from swift.org first" >&2
  exit 69
fi

if [ "$mode" = test ]; then
  venv=.build/python
  if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv" 2>/dev/null; then
      # Debian's own python3 keeps venv in a separate package.
      rm -rf "$venv"
      sudo_cmd=""
      [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
      DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-venv >/dev/null
      python3 -m venv "$venv"
    fi
  fi
  if ! "$venv/bin/python" -c 'import authlib, jwt, jwcrypto, selenium, pytest, requests, oic, jsonschema, aiosmtpd, axe_selenium_python, PIL, cbor2, webauthn' 2>/dev/null; then
    echo "installing Python test peers into $venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r Tests/Peers/requirements.txt
  fi
fi
