#!/usr/bin/env bash
# Installs everything the judge needs on a fresh machine of this kind; safe to run again.
# System packages come from Debian's archive (only when missing, and only as root);
# Python packages from PyPI into the current python3.
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages: the sandbox, the toolchains of the submission languages, and a headless browser.
# A toolchain already on PATH is used as it is (this machine image ships g++ 12, OpenJDK 17 and node 20
# with npm from NodeSource, whose nodejs conflicts with Debian's npm): a package is installed only
# when its command is missing.
#   bubblewrap                the sandbox: judge/sandbox/box.py boxes every submission with it
#   g++                       C++ submissions (GNU C++20, with bits/stdc++.h as LeetCode's compiler offers it)
#   openjdk-17-jdk-headless   Java submissions (javac + java; 17 is Debian 12's LTS JDK)
#   golang-go                 Go submissions (Debian 12 ships Go 1.19; 1.23 comes from its backports, below)
#   nodejs, npm               JavaScript submissions, and npm for the TypeScript compiler below
#   chromium                  the tests render the leaderboard's HTML page in it
#   chromium-driver           the tests drive `judge serve`'s pages in chromium through Selenium (chromedriver)
#   redis-server              the broker of `judge grade --broker` (README: Grading on several machines);
#                             the tests start one on a loopback port
#   libseccomp2               the boxes' system call filter (judge/sandbox/seccomp.py, through pyseccomp);
#                             a library, so it is looked for with ldconfig rather than as a command
APT_PACKAGES=(bubblewrap:bwrap g++:g++ openjdk-17-jdk-headless:javac golang-go:go nodejs:node npm:npm chromium:chromium
              chromium-driver:chromedriver redis-server:redis-server)
missing=()
for entry in "${APT_PACKAGES[@]}"; do
  pkg=${entry%%:*} cmd=${entry##*:}
  command -v "$cmd" >/dev/null || missing+=("$pkg")
done
ldconfig -p 2>/dev/null | grep -q 'libseccomp\.so\.2' || missing+=(libseccomp2)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${missing[*]} from Debian's packages" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: warning: missing ${missing[*]} (install them as root with apt-get)" >&2
  fi
fi
# Go 1.23 as LeetCode's (min and max, range over an int, the slices, maps and cmp packages), from Debian
# 12's backports: it installs under /usr/lib/go-1.23 beside the default 1.19 (/usr/bin/go), and the judge
# takes the newest of Debian's when the go on PATH is Debian's (judge/languages/go.py).
if ! ls /usr/lib/go-1.2[1-9]/bin/go >/dev/null 2>&1 && grep -q '^VERSION_CODENAME=bookworm' /etc/os-release 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing golang-1.23-go from Debian's bookworm-backports" >&2
    grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ ||
      echo "deb http://deb.debian.org/debian bookworm-backports main" > /etc/apt/sources.list.d/bookworm-backports.list
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -t bookworm-backports golang-1.23-go >/dev/null
  else
    echo "setup: warning: Go 1.21 or later missing (as root: apt-get install -t bookworm-backports golang-1.23-go);" \
         "Go submissions are compiled with $(go version 2>/dev/null || echo 'no go')" >&2
  fi
fi

# npm packages into ./node_modules, pinned by package-lock.json: the TypeScript compiler.
if command -v npm >/dev/null; then
  if [ ! -f node_modules/typescript/package.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
  fi
else
  echo "setup: warning: npm not found; TypeScript submissions get JE" >&2
fi

# The judge itself, with its test dependencies, from PyPI; then its modules byte-compiled, which an
# editable install does not do (every run would otherwise compile them again where
# PYTHONDONTWRITEBYTECODE is set).
python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore -e '.[test]' \
  --config-settings editable_mode=compat  # a plain path entry: no import finder loaded at every start
python3 -m compileall -q judge problems >/dev/null

# Say whether submissions will really be boxed here (bwrap can be installed yet refused by the
# kernel or a container's seccomp profile); the judge falls back to resource limits only.
python3 -c "from judge.sandbox.box import detect; b = detect(); print('setup: sandbox:', b.describe() if b.isolated else 'NONE, resource limits only: ' + b.reason)" >&2
