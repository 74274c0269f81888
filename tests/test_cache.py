"""The cache's cap (judge/cache.py): least recently used out first, a scan only when one is due."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from judge import cache

ROOT = Path(__file__).resolve().parent.parent
MIB = 1 << 20


def entry(root: Path, section: str, name: str, size: int, age: float) -> Path:
    """A cache entry of `size` bytes last used `age` seconds ago (a folder with one file)."""
    path = root / section / name
    path.mkdir(parents=True)
    (path / "artifact").write_bytes(b"x" * size)
    when = time.time() - age
    os.utime(path, (when, when))
    return path


def test_prune_removes_the_least_recently_used_down_to_the_low_water_mark(tmp_path):
    old = entry(tmp_path, "cpp", "old", MIB, age=400)
    older = entry(tmp_path, "go", "older", MIB, age=500)
    recent = entry(tmp_path, "java", "recent", MIB, age=100)
    newest = entry(tmp_path, "cpp", "newest", MIB, age=10)
    removed = cache.prune(tmp_path, cap=3 * MIB)
    assert removed == [older, old]   # 4 MiB over a 3 MiB cap: down to 2.25 MiB or less, oldest first
    assert recent.exists() and newest.exists()


def test_prune_leaves_a_cache_under_its_cap_alone(tmp_path):
    kept = [entry(tmp_path, "cpp", f"e{i}", MIB, age=1000 * i) for i in range(3)]
    assert cache.prune(tmp_path, cap=4 * MIB) == []
    assert all(p.exists() for p in kept)


def test_prune_spares_builds_in_progress_and_foreign_folders(tmp_path):
    building = entry(tmp_path, "cpp", ".tmp-abc", 2 * MIB, age=60)             # another judge's build now
    crashed = entry(tmp_path, "cpp", ".tmp-old", 2 * MIB, age=2 * cache.STALE_BUILD)  # left by a crash
    go_cache = entry(tmp_path, "go-build", "00", 4 * MIB, age=10 ** 6)          # an older judge's GOCACHE
    npm = entry(tmp_path, "npm", "22ed9dbf08483eb8", 4 * MIB, age=10 ** 6)     # judge setup's typescript
    cache.prune(tmp_path, cap=1 * MIB)
    assert building.exists() and go_cache.exists() and npm.exists() and not crashed.exists()


def test_an_empty_marker_still_counts_one_block(tmp_path):
    (tmp_path / "validated").mkdir()
    for i in range(300):
        (tmp_path / "validated" / f"m{i}").touch()
    assert sum(size for _, _, size in cache._entries(tmp_path)) == 300 * cache.BLOCK
    cache.prune(tmp_path, cap=100 * cache.BLOCK)
    assert len(list((tmp_path / "validated").iterdir())) <= 75


def test_touch_makes_an_entry_the_last_to_go(tmp_path):
    first = entry(tmp_path, "cpp", "first", MIB, age=300)
    second = entry(tmp_path, "cpp", "second", MIB, age=200)
    cache.touch(first)
    cache.prune(tmp_path, cap=int(1.5 * MIB))
    assert first.exists() and not second.exists()


def test_a_write_scans_only_when_an_eighth_of_the_cap_was_written(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_MAX_MB", "1")
    stale = entry(tmp_path, "cpp", "stale", 3 * MIB, age=1000)
    (tmp_path / cache.STATE).write_text(json.dumps({"written": 0, "pruned": time.time()}))
    cache.wrote(MIB // 16, tmp_path)
    assert stale.exists()   # not due: no scan, so the cache stays over its cap for now
    assert json.loads((tmp_path / cache.STATE).read_text())["written"] == MIB // 16
    cache.wrote(MIB // 16 + 1, tmp_path)
    assert not stale.exists()
    assert json.loads((tmp_path / cache.STATE).read_text())["written"] == 0


def test_a_write_a_day_after_the_last_prune_scans(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_MAX_MB", "1")
    stale = entry(tmp_path, "random", "stale", 3 * MIB, age=1000)
    (tmp_path / cache.STATE).write_text(json.dumps({"written": 0, "pruned": time.time() - cache.PRUNE_EVERY - 1}))
    cache.wrote(0, tmp_path)
    assert not stale.exists()


def test_a_judge_holding_the_lock_makes_another_skip(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_MAX_MB", "1")
    stale = entry(tmp_path, "cpp", "stale", 3 * MIB, age=1000)
    with open(tmp_path / cache.LOCK, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        cache.wrote(2 * MIB, tmp_path)   # due, but the lock is taken: it neither waits nor prunes
        assert stale.exists()
    cache.wrote(2 * MIB, tmp_path)
    assert not stale.exists()


def test_a_broken_ledger_reads_as_new(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_MAX_MB", "1")
    stale = entry(tmp_path, "cpp", "stale", 3 * MIB, age=1000)
    (tmp_path / cache.STATE).write_text('{"written": "lots", "pruned": [1]}')
    cache.wrote(0, tmp_path)
    assert not stale.exists()


def grade(source: Path, cache_dir: Path, cap_mb: float) -> subprocess.CompletedProcess:
    """The real CLI on one submission, with its own cache folder and cap."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUDGE_CACHE=str(cache_dir), JUDGE_CACHE_MAX_MB=str(cap_mb))
    out = subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", str(source), "--fuzz", "0",
                          "--no-store"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    return out


def test_compiled_programs_are_pruned_least_recently_used_first(tmp_path):
    """Real compiles in the box into a cache capped at about three programs, the validated markers and
    the parsed case files: the fourth program pushes out the two least recently used, and a
    re-graded one counts as used."""
    base = (ROOT / "submissions" / "minesweeper" / "accepted" / "bfs.cpp").read_text()
    sources = {}
    for name in "abcd":
        sources[name] = tmp_path / f"{name}.cpp"
        sources[name].write_text(f"// version {name}\n{base}")
    folder = tmp_path / "cache"
    programs = folder / "cpp"
    built: dict[str, Path] = {}

    def build(name: str, cap_mb: float) -> None:
        before = set(programs.iterdir()) if programs.exists() else set()
        grade(sources[name], folder, cap_mb)
        new = set(programs.iterdir()) - before
        if name not in built:
            assert len(new) == 1, new
            built[name] = new.pop()
        time.sleep(0.05)   # distinct mtimes even on a coarse clock

    build("a", 1024)
    one = cache.size_of(built["a"])
    markers = sum(cache.size_of(p) for section in ("validated", "parsed") for p in (folder / section).iterdir())
    cap_mb = (markers + 3.5 * one) / MIB
    build("b", cap_mb)
    build("c", cap_mb)
    build("a", cap_mb)   # reused from the cache: now the most recently used program
    assert {p for p in programs.iterdir()} == {built["a"], built["b"], built["c"]}
    build("d", cap_mb)
    assert {p for p in programs.iterdir()} == {built["a"], built["d"]}
    total = sum(size for _, _, size in cache._entries(folder))
    assert total <= cap_mb * MIB


def test_the_cache_is_under_home_cache_judge_unless_judge_cache_moves_it(tmp_path):
    """A grading run's drawn cases and validated-file markers land in ~/.cache/judge, or in $JUDGE_CACHE."""
    env = {k: v for k, v in os.environ.items() if k != "JUDGE_CACHE"}
    env.update(HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    two_sum = ROOT / "tests" / "data" / "problems" / "two_sum"
    submission = ROOT / "tests" / "data" / "submissions" / "two_sum" / "accepted" / "reversed_pair.py"
    command = [sys.executable, "-m", "judge", "grade", str(two_sum), str(submission), "--fuzz", "2", "--no-store"]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert {p.name for p in (tmp_path / "home" / ".cache" / "judge").iterdir()} >= {"random", "validated"}
    env["JUDGE_CACHE"] = str(tmp_path / "moved")
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and (tmp_path / "moved" / "random").is_dir()
