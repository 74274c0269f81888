"""The npm packages languages need (TypeScript's compiler): where they are, and `judge setup` installing them.

A checkout has them in ./node_modules (setup.sh's `npm ci`). A judge installed from a wheel has no
checkout: its package.json and package-lock.json ship inside the package (judge/languages/node/; the
checkout's are links to them), and `judge setup` runs `npm ci` with them in the cache folder,
$JUDGE_CACHE/npm/<hash of the lock>/node_modules. The lock's hash names the folder, so a judge with
another lock never uses packages it did not pin, and an install finished elsewhere is never half
seen (npm runs in a temporary folder renamed into place). The judge never installs by itself while
grading: that would reach the network in the middle of a run of untrusted code, once per thread.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from judge import defaults
from judge.errors import SetupError

SHIPPED = Path(__file__).resolve().parent / "node"
CHECKOUT = Path(__file__).resolve().parents[2]
SECTION = "npm"  # the cache's folder for them: judge/cache.py never prunes it
FILES = ("package.json", "package-lock.json")
HINT = "run `judge setup` (npm ci of the pinned typescript into the judge's cache; needs node and npm)"


def lock_hash() -> str:
    """The first 16 hex digits of the sha256 of the shipped package-lock.json."""
    return hashlib.sha256((SHIPPED / "package-lock.json").read_bytes()).hexdigest()[:16]


def cache_folder() -> Path:
    """Where `judge setup` installs the pinned packages: $JUDGE_CACHE/npm/<lock hash>."""
    return defaults.CACHE_ROOT / SECTION / lock_hash()


def package(name: str) -> Path | None:
    """An installed package's folder: the checkout's ./node_modules first, then the cache's; None if neither."""
    for root in (CHECKOUT, cache_folder()):
        folder = root / "node_modules" / name
        if (folder / "package.json").is_file():
            return folder
    return None


def version(folder: Path) -> str | None:
    """The version in a package's package.json, or None when unreadable."""
    try:
        found = json.loads((folder / "package.json").read_text())["version"]
        return str(found)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def install(npm: str | None = None) -> tuple[Path, bool]:
    """Install the pinned packages into the cache unless there; (their node_modules, whether installed now).

    SetupError when npm is missing or fails: the message says what to do."""
    target = cache_folder()
    if (target / "node_modules" / "typescript" / "package.json").is_file():
        return target / "node_modules", False
    npm = npm or shutil.which("npm")
    if npm is None:
        raise SetupError("npm not found: install Node.js with npm (Debian: apt-get install nodejs npm), "
                         "then run `judge setup` again")
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
    try:
        for name in FILES:
            shutil.copyfile(SHIPPED / name, work / name)
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work,
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            last = (done.stderr.strip() or done.stdout.strip() or f"exit {done.returncode}").splitlines()[-1]
            raise SetupError(f"npm ci failed in {work}: {last}")
        try:
            os.rename(work, target)
        except OSError:  # another judge finished first: its install is the same
            if not (target / "node_modules" / "typescript").is_dir():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target / "node_modules", True
