"""The judge's temporary folders: named for their judge, and removed by a later judge once it is gone."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from helpers import ROOT, SUBMISSIONS, judge
from judge.sandbox import hierarchy, scratch

OLD = time.time() - 2 * scratch.STALE_AFTER


def _dead_pid() -> int:
    """A pid no process has now (one that just ended)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _left(root: Path, pid: int, kind: str = "") -> Path:
    """A folder as a judge of `pid` would have made it, last changed long ago."""
    head = f"judge-{kind}-" if kind else "judge-"
    path = root / f"{head}{pid}-a1b2c3-x7_k2m9q"
    path.mkdir()
    (path / "solution.py").write_text("print('a student's code')\n")
    os.utime(path, (OLD, OLD))
    return path


def test_a_folder_is_private_and_named_for_its_judge(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    made = scratch.folder("build")
    assert made.parent == tmp_path and stat.S_IMODE(made.stat().st_mode) == 0o700
    assert made.name.startswith(f"judge-build-{os.getpid()}-") and scratch._NAME.fullmatch(made.name)
    assert scratch._NAME.fullmatch(scratch.folder().name)
    assert scratch.sweep(tmp_path, older_than=0) == 0 and made.exists()  # its judge (this process) still runs


def test_what_a_killed_judge_left_goes_and_nothing_else(tmp_path):
    dead = _dead_pid()
    gone = [_left(tmp_path, dead), _left(tmp_path, dead, "build"), _left(tmp_path, dead, "job")]
    recent = _left(tmp_path, dead, "selftest")
    os.utime(recent, None)  # changed just now: a judge in another PID namespace may still use it
    other_user = _left(tmp_path, dead, "null")
    if os.getuid() == 0:  # else the folder is this user's own and goes with the others
        os.chown(other_user, 65534, 65534)
        gone_count = 3
    else:
        gone_count = 4
    unrelated = tmp_path / "judge-tests-abcdefgh"
    unrelated.mkdir()
    os.utime(unrelated, (OLD, OLD))
    target = tmp_path / "target"
    target.mkdir()
    (target / "keep.txt").write_text("not the judge's")
    link = tmp_path / f"judge-{dead}-a1b2c3-linkxxxx"
    link.symlink_to(target)
    os.utime(link, (OLD, OLD), follow_symlinks=False)
    a_file = tmp_path / f"judge-{dead}-a1b2c3-filexxxx"
    a_file.write_text("")
    os.utime(a_file, (OLD, OLD))
    assert scratch.sweep(tmp_path) == gone_count
    assert not any(p.exists() for p in gone)
    assert all(p.exists() for p in (recent, unrelated, link, a_file, target / "keep.txt"))
    assert other_user.exists() == (gone_count == 3)


def test_a_reused_pid_does_not_keep_a_folder(tmp_path):
    """The folder's pid is taken again by a process started after the folder was last changed: its judge is gone."""
    began = hierarchy.started_at(str(os.getpid()))
    assert began is not None
    left = _left(tmp_path, os.getpid())
    os.utime(left, (began - 5, began - 5))  # changed before this process (of that pid) began
    assert scratch.sweep(tmp_path, older_than=1) == 1 and not left.exists()


def test_a_killed_grade_leaves_its_folder_and_the_next_command_removes_it(tmp_path):
    """SIGKILL (the OOM killer, a Celery hard time limit) gives a judge no chance to clean up: the box's
    folder, a copy of the student's code in it, stayed in /tmp for ever."""
    env_tmp = tmp_path / "tmp"
    env_tmp.mkdir()
    env = {"TMPDIR": str(env_tmp)}
    sleeper = SUBMISSIONS / "time_limit" / "sleeper.py"
    proc = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", str(sleeper), "--fuzz", "0",
                             "--no-store"], cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(p.glob("solution.py") for p in env_tmp.glob("judge-*")):
            time.sleep(0.05)
        time.sleep(0.3)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    left = [p for p in env_tmp.glob("judge-*") if (p / "solution.py").exists()]
    assert left, "the grade was killed before it made its box's folder"
    for path in left:
        os.utime(path, (OLD, OLD))
    done = judge("grade", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py", "--fuzz", "0", "--no-store",
                 env=env)
    assert done.returncode == 0, done.stderr
    assert not any(p.exists() for p in left)
    assert not list(env_tmp.glob("judge-*"))  # and the second command left none of its own
