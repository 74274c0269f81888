#!/usr/bin/env bash
# Installs everything the judge needs on a fresh machine of this kind; safe to run again.
# System packages come from Debian's archive (only when missing, and only as root);
# Python packages from PyPI into the current python3.
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: the sandbox (bubblewrap: judge/sandbox.py boxes every submission with it) and the
# toolchains of the submission languages.
APT_PACKAGES=(bubblewrap)
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

# Say whether submissions will really be boxed here (bwrap can be installed yet refused by the
# kernel or a container's seccomp profile); the judge falls back to resource limits only.
python3 -c "from judge.sandbox import detect; b = detect(); print('setup: sandbox:', b.describe() if b.isolated else 'NONE, resource limits only: ' + b.reason)" >&2
