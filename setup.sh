#!/usr/bin/env bash
# Installs everything the judge needs on a fresh machine of this kind; safe to run again.
# System packages come from Debian's archive (only when missing, and only as root);
# Python packages from PyPI into the current python3.
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: the sandbox (bubblewrap), the toolchains of the submission languages, and
# chromium, the headless browser the tests render the leaderboard's HTML page in.
APT_PACKAGES=(bubblewrap chromium)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]} from Debian's packages" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: warning: missing ${missing[*]} (install them as root with apt-get)" >&2
  fi
fi

# The judge itself, with its test dependencies, from PyPI.
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore -e '.[test]'
