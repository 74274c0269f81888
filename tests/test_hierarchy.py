"""Tests of where the boxes' cgroups are made (judge/sandbox/hierarchy.py): the probe, and the sweep of
the groups killed judges left."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from judge.sandbox import cgroups, hierarchy

needs_cgroups = pytest.mark.skipif(not {"memory", "pids", "freezer"} <= set(hierarchy.available()),
                                   reason="cgroup v1 memory/pids/freezer cannot be created here")


@needs_cgroups
def test_groups_a_killed_judge_left_are_swept_and_no_other():
    """A judge killed before its end cannot remove its boxes' groups; the next judge's probe removes
    the empty ones of a pid that is gone or taken again by a later process (here with no age
    required), never a live judge's."""
    found = hierarchy.detect()
    dead = next(pid for pid in range(4194000, 4194304) if not Path(f"/proc/{pid}").exists())
    made = []
    for parent in set(found.parents.values()):
        for pid in (dead, os.getpid()):
            group = parent / f"judge-{pid}-abcdef-1"
            (group / cgroups.LEAF).mkdir(parents=True)
            made.append(group)
    # A pid taken again by a later process: its group is older than that process, so a leftover too.
    later = subprocess.Popen(["sleep", "30"])
    for parent in set(found.parents.values()):
        group = parent / f"judge-{later.pid}-abcdef-1"
        (group / cgroups.LEAF).mkdir(parents=True)
        os.utime(group, (time.time() - 3600, time.time() - 3600))
        made.append(group)
    try:
        assert hierarchy.sweep(found, older_than=0.0) >= 2 * len(set(found.parents.values()))
        assert [g for g in made if g.exists()] == [g for g in made if g.name.startswith(f"judge-{os.getpid()}-")]
    finally:
        later.kill()
        later.wait()
        _remove_groups(made)



@needs_cgroups
def test_a_box_a_killed_judge_left_frozen_is_killed_and_swept():
    """A judge killed between freezing a box and thawing it (its kill) left the box's processes frozen for
    ever, holding their memory, and the group never swept (it had processes): the next probe ends them."""
    found = hierarchy.detect()
    if "freezer" not in found.parents:
        pytest.skip("no freezer controller here")
    dead = next(pid for pid in range(4194000, 4194304) if not Path(f"/proc/{pid}").exists())
    groups = [parent / f"judge-{dead}-abcdef-2" for parent in set(found.parents.values())]
    for group in groups:
        (group / cgroups.LEAF).mkdir(parents=True)
    box = subprocess.Popen(["sleep", "60"])
    try:
        for group in groups:
            (group / cgroups.LEAF / "cgroup.procs").write_text(str(box.pid))
        freezer = found.parents["freezer"] / groups[0].name
        state, frozen = ("cgroup.freeze", "1") if found.version == 2 else ("freezer.state", "FROZEN")
        (freezer / state).write_text(frozen)
        os.kill(box.pid, signal.SIGKILL)  # what the judge sent before it died: pending while frozen
        time.sleep(0.2)
        assert box.poll() is None  # frozen: not even SIGKILL ends it
        assert hierarchy.sweep(found, older_than=0.0) == len(groups)
        assert box.wait(timeout=5) == -signal.SIGKILL and not any(g.exists() for g in groups)
    finally:
        if box.poll() is None:
            for group in groups:
                try:
                    (group / state).write_text("0" if found.version == 2 else "THAWED")
                except OSError:
                    pass
            box.kill()
            box.wait()
        _remove_groups(groups)


def _remove_groups(groups: list[Path]) -> None:
    """A test's own groups (and their leaves) gone, whatever the test left."""
    for group in groups:
        for folder in (group / cgroups.LEAF, group):
            try:
                folder.rmdir()
            except OSError:
                pass


def test_the_early_cgroup_probe_and_detect_probe_once_between_them(monkeypatch):
    """detect_soon() probes v1 on a thread beside the self-test; a box asking meanwhile waits for that answer."""
    calls = []
    real = hierarchy.detect_v1

    def counted():
        calls.append(threading.current_thread().name)
        return real()

    monkeypatch.setattr(hierarchy, "detect_v1", counted)
    hierarchy._v1.cache_clear()
    hierarchy._detect.cache_clear()
    try:
        found = []
        threads = [threading.Thread(target=hierarchy.probe_v1) for _ in range(3)]
        threads += [threading.Thread(target=lambda: found.append(hierarchy.detect())) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(calls) == 1 and len(found) == 3 and all(f == found[0] for f in found)
    finally:
        hierarchy._v1.cache_clear()
        hierarchy._detect.cache_clear()
