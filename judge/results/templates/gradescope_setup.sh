#!/usr/bin/env bash
# Gradescope runs this once, as root, on its Ubuntu image, when it builds the autograder
# (https://gradescope-autograders.readthedocs.io/en/latest/specs/): the judge's toolchains and
# Python libraries. Written by `judge gradescope`; the judge itself and the problem package are in
# this folder (/autograder/source), so nothing is fetched but Ubuntu's and PyPI's packages.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
#   python3, python3-pip    the judge
#   bubblewrap              the sandbox (a container may refuse it: the judge then runs with resource limits only)
#   g++, default-jdk-headless, golang-go, nodejs, npm   C++, Java, Go, JavaScript and TypeScript submissions
apt-get update -qq
apt-get install -y -qq python3 python3-pip bubblewrap g++ default-jdk-headless golang-go nodejs npm >/dev/null
# Ubuntu 24.04's pip refuses to install into the system Python without being told (PEP 668).
python3 -m pip install -q -r requirements.txt 2>/dev/null \
  || python3 -m pip install -q --break-system-packages -r requirements.txt
# The TypeScript compiler, pinned by package-lock.json, into ./node_modules beside the judge.
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
python3 -m compileall -q judge problems >/dev/null
python3 -m judge languages || true  # the build log says which toolchains work
# ... and whether submissions will really be boxed here (a container may refuse bubblewrap)
python3 -c "from judge.sandbox.box import detect; b = detect(); print('setup: sandbox:', b.describe() if b.isolated else 'NONE, resource limits only: ' + b.reason)"
