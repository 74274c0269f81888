"""The judge's private folders in the temporary folder, named so that a later judge can remove what a
killed one left.

Every run makes some: a submission's box folder (its source, its compiled program: a C++ build with
its sanitizers is megabytes), a compile's build folder, the sandbox's self-test. The judge removes
each one when done; a judge killed first (SIGKILL, the kernel's OOM killer, a Celery worker's hard
time limit, which kills the grading child) cannot, and they stayed in /tmp for ever, a copy of a
student's code in each. Each folder's name holds its judge's pid and a token of that process
(`judge-KIND-PID-TOKEN-XXXXXXXX`), and sweep() removes those whose judge is gone, as
hierarchy.sweep() removes a killed judge's cgroups: only the judge's user's own folders, only
older than STALE_AFTER (a judge in another PID namespace that shares the folder cannot be seen).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

from judge.sandbox.hierarchy import STALE_AFTER, started_at

#: This process's token: the same pid in a later process (pids wrap) is told apart by its start time,
#: and the token keeps two judges of one pid in two PID namespaces from making the same name.
_TOKEN = os.urandom(3).hex()
_NAME = re.compile(r"judge-(?:[a-z]+-)?(\d+)-[0-9a-f]{6}-[a-z0-9_]{8}")


def prefix(kind: str = "") -> str:
    """The start of such a folder's name, for tempfile: `judge-[KIND-]PID-TOKEN-` (it adds 8 characters)."""
    return f"judge-{kind}-{os.getpid()}-{_TOKEN}-" if kind else f"judge-{os.getpid()}-{_TOKEN}-"


def folder(kind: str = "") -> Path:
    """A new folder for this process alone (mode 0700), `judge-[KIND-]PID-TOKEN-XXXXXXXX`."""
    return Path(tempfile.mkdtemp(prefix=prefix(kind)))


_swept = [0.0]  # time.monotonic() of this process's last sweep_due() sweep (0: none yet)


def sweep_due() -> int:
    """sweep() unless this process swept less than STALE_AFTER seconds ago: a long-running worker's jobs
    (a Celery child's, `judge serve`'s pool) call it, where a start's sweep alone left a killed job's
    folder until the worker itself was started again."""
    now = time.monotonic()
    if _swept[0] and now - _swept[0] < STALE_AFTER:
        return 0
    _swept[0] = now
    return sweep()


def sweep(root: str | Path | None = None, older_than: float = STALE_AFTER) -> int:
    """Remove the folders that killed judges left in `root` (the temporary folder by default); how many.
    Kept: another user's, a link, one changed within `older_than` seconds, one whose judge still runs."""
    root = Path(root or tempfile.gettempdir())
    now, uid, removed = time.time(), os.getuid(), 0
    try:
        entries = [(e, m.group(1)) for e in os.scandir(root)
                   if e.name.startswith("judge-") and (m := _NAME.fullmatch(e.name))]
    except OSError:
        return 0
    for entry, pid in entries:
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid or now - info.st_mtime < older_than:
            continue
        began = started_at(pid)
        if began is not None and began <= info.st_mtime + 1.0:
            continue  # its judge (or a process that took the pid before the folder was made) still runs
        shutil.rmtree(entry.path, ignore_errors=True)  # by descriptors: a link inside is removed, not followed
        removed += 1
    return removed
