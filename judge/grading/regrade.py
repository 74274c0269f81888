"""Which stored submissions `judge regrade` grades again, and on how many random cases.

The store keeps each submission's path and content hash, not its source: a submission is graded
again when its file is still there with the content stored (the newest stored row of that path
says who wrote it and when it was handed in); a file changed since or gone is reported, not graded.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from judge import files
from judge.results.records import Handin, StoredRun
from judge.results.store import Store, stored_text


@dataclass
class Plan:
    """The files to grade again with their stored author and hand-in facts, and those left out and why."""

    files: list[Path] = field(default_factory=list)
    known: dict[str, tuple[str, Handin]] = field(default_factory=dict)   # by absolute path
    skipped: list[tuple[str, str]] = field(default_factory=list)         # (name, why)


def plan(store: Store, problem: str) -> Plan:
    """Every stored submission of `problem` whose file is still on disk unchanged (newest row per path wins)."""
    newest: dict[str, tuple[str, str, str, Handin]] = {}
    versions: dict[str, dict[str, str]] = {}   # path -> sha256 -> name, every content graded from it
    for stored in store.submissions(problem):  # oldest first: later rows replace earlier ones
        newest[stored.path] = (stored.name, stored.sha256, stored.author, stored.handin)
        versions.setdefault(stored.path, {})[stored.sha256] = stored.name
    result = Plan()
    for path, (_, sha, _, _) in newest.items():
        # An earlier content of a file replaced in place (a fresh LMS download) has no source left: it
        # stays on the set it was graded on, and the student's best may now be one of theirs gone stale.
        for old_sha, name in versions[path].items():
            if old_sha != sha:
                result.skipped.append((name, f"an earlier version (sha256 {old_sha[:12]}), replaced on disk since: "
                                             f"its result stays on the test set it was graded on"))
    for path, (name, sha, author, handin) in newest.items():
        file = on_disk(path)
        try:
            digest = files.source_digest(file)
        except FileNotFoundError:
            result.skipped.append((name, "no longer on disk"))
            continue
        except OSError as exc:  # a FIFO or a device in its place, say: never opened for a read that waits
            result.skipped.append((name, f"cannot be read: {exc.strerror or exc}"))
            continue
        if digest != sha:
            result.skipped.append((name, "changed on disk since it was graded (grade it as a new submission)"))
            continue
        result.files.append(file)
        result.known[str(file.resolve())] = (author, handin)
    return result


def on_disk(stored: str) -> Path:
    """The file a stored path names. A name that was not UTF-8 (a Latin-1 name from a Windows zip) is stored
    with its bytes escaped, and regrade said "no longer on disk" for it: that student could never be graded
    again (round 29). A part of the path not on disk as stored is the one entry of its folder whose stored
    form it is (a name that holds such an escape as text is found as itself); else the path as stored."""
    path = Path(stored)
    if os.path.lexists(path):
        return path
    found = Path(path.parts[0])
    for part in path.parts[1:]:
        if not os.path.lexists(found / part):
            try:
                named = [entry for entry in os.listdir(found) if stored_text(entry) == part]
            except OSError:
                return path
            if len(named) != 1:
                return path
            part = named[0]
        found = found / part
    return found


def random_count(store: Store, run: StoredRun) -> int:
    """How many random cases a stored run drew (its submissions' cases of the group `random`)."""
    first = next((s for s in store.submissions(run.problem, run.test_set_hash) if s.run_id == run.id), None)
    if first is None:
        return 0
    return sum(1 for c in store.cases(first.id) if c.group == "random")
