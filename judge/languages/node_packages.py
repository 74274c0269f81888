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

import functools
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from judge import defaults
from judge.errors import SetupError

SHIPPED = Path(__file__).resolve().parent / "node"
CHECKOUT = Path(__file__).resolve().parents[2]
SECTION = "npm"  # the cache's folder for them: judge/cache.py never prunes it
FILES = ("package.json", "package-lock.json")
HINT = ("run `judge setup` (npm ci of the pinned typescript and LeetCode's JavaScript libraries into the "
        "judge's cache; needs node and npm)")


def lock_hash() -> str:
    """The first 16 hex digits of the sha256 of the shipped package-lock.json."""
    import hashlib  # here, not on every command's way to its first box (judge/digest.py)

    return hashlib.sha256((SHIPPED / "package-lock.json").read_bytes()).hexdigest()[:16]


def cache_folder() -> Path:
    """Where `judge setup` installs the pinned packages: $JUDGE_CACHE/npm/<lock hash>."""
    return defaults.CACHE_ROOT / SECTION / lock_hash()


def package(name: str) -> Path | None:
    """An installed package's folder: the checkout's ./node_modules first, then the cache's; None if neither.
    Its real path: a box shows a folder there (BwrapBox.command), so a path through a symbolic link
    (a linked node_modules, a cache under a link) would name nothing inside it."""
    for root in (CHECKOUT, cache_folder()):
        folder = root / "node_modules" / name
        if (folder / "package.json").is_file():
            return folder.resolve()
    return None


#: What LeetCode's JavaScript and TypeScript offer as globals, without a require: the global's name ->
#: (its package, the package's export it is, or None for the package's whole module).
GLOBALS = {
    "_": ("lodash", None),
    "MinPriorityQueue": ("@datastructures-js/priority-queue", "MinPriorityQueue"),
    "MaxPriorityQueue": ("@datastructures-js/priority-queue", "MaxPriorityQueue"),
    "PriorityQueue": ("@datastructures-js/priority-queue", "PriorityQueue"),
    "Queue": ("@datastructures-js/queue", "Queue"),
    "Deque": ("@datastructures-js/deque", "Deque"),
    "structuredClone": ("@ungap/structured-clone", "default"),   # node's own is the host realm's
}
#: Packages the globals' packages require.
REQUIRED = ("@datastructures-js/heap",)
#: A package loaded from another file than its package.json's main: lodash's minified build (the same
#: code, in a seventh of the text every case's context holds).
MAINS = {"lodash": "lodash.min.js"}


@functools.cache
def libraries() -> dict[str, Any]:
    """What the JavaScript harness loads the globals from, for the packages installed: `files` (module id
    -> path), `mains` (package -> its main module's id), `globals` (name -> [package, export])."""
    files: dict[str, str] = {}
    mains: dict[str, str] = {}
    for name in dict.fromkeys([*(pkg for pkg, _ in GLOBALS.values()), *REQUIRED]):
        folder = package(name)
        if folder is None:
            continue
        main = MAINS.get(name) or _main(folder)
        mains[name] = f"{name}/{main}"
        found = [folder / main] if name in MAINS else [
            p for p in folder.rglob("*.js") if not {"node_modules", "esm"} & set(p.relative_to(folder).parts)]
        files.update({f"{name}/{p.relative_to(folder).as_posix()}": str(p) for p in sorted(found)})
    globals_ = {g: [pkg, key] for g, (pkg, key) in GLOBALS.items() if pkg in mains}
    return {"files": files, "mains": mains, "globals": globals_}


def library_folders() -> tuple[Path, ...]:
    """The installed packages the globals need, for the box to show (read-only)."""
    return tuple(folder for name in libraries()["mains"] if (folder := package(name)) is not None)


def _main(folder: Path) -> str:
    try:
        main = json.loads((folder / "package.json").read_text()).get("main") or "index.js"
    except (OSError, ValueError, AttributeError):
        main = "index.js"
    main = str(main).removeprefix("./")
    return main if main.endswith(".js") else f"{main}.js"


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
