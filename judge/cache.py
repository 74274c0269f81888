"""The cache folder's size: a cap, least recently used entries out first, checked only after writes.

The cache ($JUDGE_CACHE, see defaults.py) holds sections, each a folder of entries (a file or a
folder): compiled submissions (`cpp/`, `go/`, ...: one folder per hash of what the build reads),
drawn random cases (`random/`), validated-file markers (`validated/`), parsed YAML (`parsed/`), the code of
dataclasses' generated methods (`code/`, judge/codecache.py). An entry's age is its
mtime: writers `touch` an entry when they reuse it and call `wrote` after adding one. Pruning scans
the whole cache only when the bytes written since the last prune pass an eighth of the cap, or a
day after the last prune (then at the next write); a lock file makes one judge prune at a time,
and a judge that finds it taken skips (the one holding it is counting or pruning).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

from judge.defaults import CACHE_ROOT

#: The whole cache's cap in MiB ($JUDGE_CACHE_MAX_MB to change it): compiled programs are a few MiB
#: (a Go binary about 2.5) and at most ARTIFACT_CAP (judge.languages.base), so it keeps hundreds.
DEFAULT_CAP_MB = 1024
#: After a prune the cache holds at most this share of the cap, so the next one is not due at once.
LOW_WATER = 0.75
PRUNE_EVERY = 24 * 3600.0
#: Every file counts at least one block: a marker is empty, yet a million of them are not free.
BLOCK = 4096
#: Not ours to prune: the shared Go build cache and GOPATH of judges from before compiles were boxed
#: (another judge may be running `go build` in them; `go clean -cache` empties them), and the npm
#: packages `judge setup` installed (a compile may be reading them; nothing would put them back).
FOREIGN = ("go-build", "gopath", "npm")
#: An unfinished build (`.tmp-*`) younger than this is in use; an older one was left by a crash.
STALE_BUILD = 3600.0
STATE, LOCK = ".state.json", ".lock"


def cap_bytes() -> int:
    """The cap in bytes, from $JUDGE_CACHE_MAX_MB (a number, may be fractional) or the default."""
    try:
        megabytes = float(os.environ.get("JUDGE_CACHE_MAX_MB") or DEFAULT_CAP_MB)
    except ValueError:
        megabytes = DEFAULT_CAP_MB
    return max(0, int(megabytes * (1 << 20)))


def touch(path: Path) -> None:
    """Mark an entry as just used (its mtime); a cache that cannot be written is only slower."""
    try:
        os.utime(path)
    except OSError:
        pass


def wrote(nbytes: int, root: Path = CACHE_ROOT) -> None:
    """Count `nbytes` just added to the cache; prune it when enough was written or a day went by."""
    cap = cap_bytes()
    try:
        root.mkdir(parents=True, exist_ok=True)
        with open(root / LOCK, "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return
            state = _read_state(root)
            state["written"] = state.get("written", 0) + max(nbytes, BLOCK)
            if state["written"] > cap / 8 or time.time() - state.get("pruned", 0) > PRUNE_EVERY:
                prune(root, cap)
                state = {"written": 0, "pruned": time.time()}
            _write_state(root, state)
    except OSError:
        pass


def keep(path: Path, text: str) -> None:
    """Write a cache file whole or not at all, and count it; a cache that cannot be written is only slower."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".tmp-{os.getpid()}-{path.name}")
        partial.write_text(text)
        os.replace(partial, path)  # whole or absent, whatever another judge does meanwhile
    except OSError:
        return
    wrote(len(text))


def prune(root: Path, cap: int) -> list[Path]:
    """When the cache is over `cap` bytes, remove its least recently used entries down to LOW_WATER of it.

    The caller holds the lock. Returns the entries removed."""
    entries = list(_entries(root))
    total = sum(size for _, _, size in entries)
    removed: list[Path] = []
    if total <= cap:
        return removed
    for _, path, size in sorted(entries, key=lambda e: e[0]):
        if total <= cap * LOW_WATER:
            break
        if path.name.startswith(".tmp-") and time.time() - _mtime(path) < STALE_BUILD:
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        total -= size
        removed.append(path)
    return removed


def size_of(path: Path) -> int:
    """An entry's size as the cache counts it: its files' bytes, each at least one block."""
    if path.is_symlink() or not path.is_dir():
        return max(BLOCK, _lsize(path))
    total = BLOCK
    for folder, dirs, files in os.walk(path):
        total += BLOCK * len(dirs)
        total += sum(max(BLOCK, _lsize(Path(folder, f))) for f in files)
    return total


def _entries(root: Path) -> Iterator[tuple[float, Path, int]]:
    """(last used, path, size) of every entry of every section."""
    try:
        sections = [p for p in root.iterdir() if p.is_dir() and not p.is_symlink()
                    and not p.name.startswith(".") and p.name not in FOREIGN]
    except OSError:
        return
    for section in sections:
        try:
            children = list(section.iterdir())
        except OSError:
            continue
        for path in children:
            yield _mtime(path), path, size_of(path)


def _lsize(path: Path) -> int:
    try:
        return path.lstat().st_size
    except OSError:
        return 0


def _mtime(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def _read_state(root: Path) -> dict[str, float]:
    """The ledger (bytes written since the last prune, and when that was); a bad one reads as new."""
    try:
        state = json.loads((root / STATE).read_text())
        return {key: float(state.get(key, 0)) for key in ("written", "pruned")}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}


def _write_state(root: Path, state: dict[str, float]) -> None:
    tmp = root / f"{STATE}.{os.getpid()}.tmp"
    tmp.write_text(json.dumps(state))
    os.replace(tmp, root / STATE)
