"""Where the boxes' cgroups are made: cgroup v1 or v2, found and probed once per process, and the
groups that judges killed before their end left behind, swept away.

Used where the judge may create cgroups (as root, or in a group delegated to it); everywhere else
`available()` is empty, `missing()` says why, and the box relies on rlimits and namespaces alone.
Each box's group (cgroups.Group) is made inside the judge's own group of each hierarchy (or
`$JUDGE_CGROUP`, a path inside the hierarchies), so limits set above the judge (a container's) still hold.

v1 has one hierarchy per controller, v2 one unified hierarchy; the two name the same things
differently. Capabilities carry v1's controller names on both: on v2, `freezer` stands for the
core files cgroup.freeze/cgroup.kill and `cpuacct` for cpu.stat, which every v2 group has.
"""

from __future__ import annotations

import errno
import functools
import itertools
import os
import re
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

#: memory: the cap, peak and OOM kills; pids: the process cap; freezer: a race-free kill;
#: cpu: one core's quota; cpuacct: the box's CPU time.
CONTROLLERS = ("memory", "pids", "freezer", "cpu", "cpuacct")
#: A v2 group has these only when its parent enables them (cgroup.subtree_control).
V2_ENABLED = ("memory", "pids", "cpu")
#: The freezer's file, and what freezes and thaws a group, by cgroup version.
FREEZER = {1: ("freezer.state", "FROZEN", "THAWED"), 2: ("cgroup.freeze", "1", "0")}
#: The file of a v2 group that shows each capability is there.
V2_FILES = {"memory": "memory.max", "pids": "pids.max", "cpu": "cpu.max", "freezer": "cgroup.freeze",
            "cpuacct": "cpu.stat"}
#: Where the boxes' groups are made instead of the judge's own group (a path inside each hierarchy).
ENV = "JUDGE_CGROUP"
#: The v2 leaf the judge moves itself into when its own group must hold no process (see _enable).
V2_LEAF = "judge-self"
#: A judge killed before its end leaves its boxes' groups; sweep() removes them, empty, this old (seconds).
STALE_AFTER = 600.0
_STALE_NAME = re.compile(r"judge-(\d+)-[0-9a-f]{6}-\d+$")
_TOKEN = os.urandom(3).hex()   # judges in other PID namespaces may share a parent group and a pid
_counter = itertools.count()


@dataclass(frozen=True)
class Hierarchy:
    """Where the boxes' groups are made: the cgroup version and, per capability, the parent folder."""

    version: int
    parents: dict[str, Path]    # capability -> the folder boxes' groups are made in (one folder on v2)
    missing: str = ""           # what of the full set is lacking and why, for people ('' when nothing)

    @property
    def capabilities(self) -> tuple[str, ...]:
        """What a box's group can do here, in CONTROLLERS order."""
        return tuple(c for c in CONTROLLERS if c in self.parents)


def _unescape(text: str) -> str:
    """A mountinfo field with its octal escapes (a space is \\040) undone."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), text)


def _mounts() -> tuple[dict[str, tuple[Path, str]], tuple[Path, str] | None]:
    """The v1 mounts by controller and the v2 mount, each as (mount point, its root in the hierarchy)."""
    v1: dict[str, tuple[Path, str]] = {}
    v2: tuple[Path, str] | None = None
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return v1, v2
    for line in lines:
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) < 5 or len(tail) < 3:
            continue
        point, root = Path(_unescape(fields[4])), _unescape(fields[3])
        if tail[0] == "cgroup2" and v2 is None:
            v2 = (point, root)
        elif tail[0] == "cgroup":
            for option in tail[2].split(","):
                if option in CONTROLLERS:
                    v1.setdefault(option, (point, root))
    return v1, v2


def _own_paths(of: str = "self") -> tuple[dict[str, str], str | None]:
    """The judge's own group (`of` "thread-self": the calling thread's): per v1 controller, and on v2,
    as paths inside each hierarchy."""
    v1: dict[str, str] = {}
    v2: str | None = None
    try:
        lines = Path(f"/proc/{of}/cgroup").read_text().splitlines()
    except OSError:
        return v1, v2
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, names, path = parts
        if parts[0] == "0" and not names:
            v2 = path
        for name in names.split(","):
            if name in CONTROLLERS:
                v1[name] = path
    return v1, v2


def _folder(point: Path, root: str, path: str | None) -> Path | None:
    """The folder of group `path` (or $JUDGE_CGROUP) under a mount whose root is `root`, or None."""
    override = os.environ.get(ENV)
    wanted = PurePosixPath(override or path or "/")
    try:
        relative = wanted.relative_to(root)
    except ValueError:
        relative = wanted.relative_to("/")
    folder = point / relative
    if folder.is_dir():
        return folder
    # In a cgroup namespace the listed path may not exist under the mount: its root is the group then.
    return None if override else (point if point.is_dir() else None)


def _probe(parent: Path) -> Path | None:
    """Make a trial group in `parent`; its folder (for the caller to look into and remove), or None."""
    probe = parent / f"judge-probe-{os.getpid()}-{_TOKEN}-{next(_counter)}"
    try:
        probe.mkdir()
    except OSError:
        return None
    return probe


def remove(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass


def detect_v1() -> Hierarchy | None:
    """The v1 controllers in which the judge can make a child group, or None without any."""
    mounts, _ = _mounts()
    own, _ = _own_paths()
    parents: dict[str, Path] = {}
    lacking = []
    for controller in CONTROLLERS:
        if controller not in mounts:
            lacking.append(f"{controller} (not mounted)")
            continue
        folder = _folder(*mounts[controller], own.get(controller))
        probe = _probe(folder) if folder is not None else None
        if folder is None or probe is None:
            lacking.append(f"{controller} (cannot make a group in {folder or 'the judge group'})")
            continue
        remove(probe)
        parents[controller] = folder
    if not parents:
        return None
    missing = f"cgroup v1 lacks {', '.join(lacking)}" if lacking else ""
    return Hierarchy(1, parents, missing)


def _enable(folder: Path) -> str:
    """Enable the v2 controllers a box needs for the groups under `folder`; '' or what failed.

    v2 lets a group hand controllers to its children only while it holds no process itself. When
    the only process in the judge's group is the judge (`systemd-run --scope`, a container's sole
    process), the judge moves itself into a leaf beside the boxes, `judge-self`, and tries again.
    """
    try:
        offered = set((folder / "cgroup.controllers").read_text().split())
        enabled = set((folder / "cgroup.subtree_control").read_text().split())
    except OSError as exc:
        return f"cannot read {folder}'s controllers: {exc.strerror}"
    wanted = [c for c in V2_ENABLED if c in offered and c not in enabled]
    absent = [c for c in V2_ENABLED if c not in offered]
    if not wanted:
        return f"{', '.join(absent)} not offered to {folder} (its parent does not enable them)" if absent else ""
    line = " ".join(f"+{c}" for c in wanted)
    try:
        (folder / "cgroup.subtree_control").write_text(line)
        return ""
    except OSError as exc:
        if exc.errno != errno.EBUSY:
            return f"cannot enable {line} in {folder}: {exc.strerror}"
    try:
        leaf = folder / V2_LEAF
        leaf.mkdir(exist_ok=True)
        (leaf / "cgroup.procs").write_text(str(os.getpid()))
        (folder / "cgroup.subtree_control").write_text(line)
        return ""
    except OSError as exc:
        return (f"cannot enable {line} in {folder} ({exc.strerror}): other processes share the judge's group; "
                f"run the judge in a group of its own or set {ENV} to a delegated one")


def detect_v2() -> Hierarchy | None:
    """The unified hierarchy, with what a box's group gets there, or None where no group can be made."""
    _, mount = _mounts()
    if mount is None:
        return None
    _, own = _own_paths()
    folder = _folder(*mount, own)
    if folder is None:
        return None
    problem = _enable(folder)
    probe = _probe(folder)
    if probe is None:
        return None
    try:
        parents = {c: folder for c, name in V2_FILES.items() if (probe / name).exists()}
    finally:
        remove(probe)
    lacking = [c for c in CONTROLLERS if c not in parents]
    missing = ""
    if lacking:
        missing = f"cgroup v2 at {folder} lacks {', '.join(lacking)}" + (f" ({problem})" if problem else "")
    return Hierarchy(2, parents, missing)


_DETECTING = threading.Lock()


def detect() -> Hierarchy | None:
    """The hierarchy the boxes' groups are made in (tried once per process, see _detect), or None."""
    with _DETECTING:  # a caller while probe_v1()'s thread runs waits for its answer, not probing again
        return _detect()


def probe_v1() -> None:
    """Probe the v1 controllers now, on a thread of box.detect_soon()'s, beside the sandbox's self-test
    (a memory group's mkdir alone takes several ms). v2 waits for detect(): probing it may move the
    judge into a leaf group, which the self-test's processes still in the judge's group would block."""
    with _DETECTING:
        found = _v1()
    if found is not None:
        sweep(found)


def sweep(found: Hierarchy, older_than: float = STALE_AFTER) -> int:
    """Remove the groups that judges killed before their end could not (empty, older than `older_than`
    seconds, their judge's pid gone), deepest first; how many. A group with a process in it stays,
    unless it is frozen: a judge killed between freezing a box and thawing it (Group.kill) left the
    box's processes frozen for ever, its memory held, where a live judge keeps a box frozen a few ms."""
    now, stale = time.time(), []
    for parent in set(found.parents.values()):
        try:
            entries = [(e, m.group(1)) for e in os.scandir(parent) if (m := _STALE_NAME.match(e.name))]
        except OSError:
            continue
        for entry, pid in entries:
            try:
                made = entry.stat(follow_symlinks=False).st_mtime
            except OSError:
                continue
            started = started_at(pid)
            if now - made < older_than or (started is not None and started <= made + 1.0):
                continue   # recent, or its judge may still be running (in this PID namespace)
            stale.append(Path(entry.path))
    freezer = found.parents.get("freezer")
    for path in stale:
        if freezer is not None and path.parent == freezer:
            _end_frozen(path, found.version == 2)
    removed = 0
    for path in stale:
        try:
            for folder in tree(path):
                folder.rmdir()
        except OSError:
            continue       # a process is still in it
        removed += 1
    return removed


def _end_frozen(group: Path, v2: bool) -> None:
    """Kill and thaw what a dead judge left frozen in `group` (its processes then die at once)."""
    state, frozen, thawed = FREEZER[2 if v2 else 1]
    folders = list(tree(group))
    try:
        if not any((f / state).read_text().strip() in (frozen, "FREEZING") for f in folders):
            return
        left = {int(p) for f in folders for p in (f / "cgroup.procs").read_text().split()}
    except (OSError, ValueError):
        return
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    for folder in folders:
        try:
            (folder / state).write_text(thawed)
        except OSError:
            pass
    deadline = time.monotonic() + 0.5
    for step in itertools.count():  # a killed process leaves its group within a millisecond or so
        try:
            if not any((f / "cgroup.procs").read_text().split() for f in folders) or time.monotonic() > deadline:
                return
        except OSError:
            return
        pause(step)


def started_at(pid: str) -> float | None:
    """When the process `pid` started (seconds since the epoch), or None when there is none: a group
    named with a pid that a later process took again (pids wrap) is a leftover too."""
    try:
        ticks = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return time.time() - uptime + ticks / os.sysconf("SC_CLK_TCK")


@functools.cache
def _v1() -> Hierarchy | None:
    return detect_v1()


@functools.cache
def _detect() -> Hierarchy | None:
    """The hierarchy the boxes' groups are made in, or None.

    v1 wins where it holds the memory controller (a hybrid machine mounts both, v2 without
    controllers); otherwise the one that offers more. v2 is only probed when needed: probing it may
    move the judge into a leaf group (see _enable).
    """
    v1 = _v1()
    if v1 is not None and "memory" in v1.parents:
        return v1
    v2 = detect_v2()
    if v2 is None or v1 is not None and len(v1.parents) >= len(v2.parents):
        return v1
    return v2


def available() -> tuple[str, ...]:
    """The capabilities a box's group has here (empty without cgroups)."""
    found = detect()
    return found.capabilities if found is not None else ()


def missing() -> str:
    """What of the full set of box guarantees cgroups cannot give here, and why; '' when nothing."""
    found = detect()
    if found is None and os.environ.get(ENV):
        return f"no cgroup can be made in {ENV}={os.environ[ENV]} (no such group in any hierarchy, or not writable)"
    if found is None:
        return "no cgroup can be made here (the judge needs root or a delegated cgroup, and cgroup v1 or v2 mounted)"
    return found.missing


def group_name() -> str:
    """A new box group's name: the judge's pid and token, then a count (what sweep() reads back)."""
    return f"judge-{os.getpid()}-{_TOKEN}-{next(_counter)}"


def pause(step: int) -> None:
    """Wait a little longer at each step (0.5 ms, then 1, 2, up to 5): a killed process is most often
    gone within a millisecond, and a run's end waits for its last box's teardown."""
    time.sleep(min(0.005, 0.0005 * (1 << min(step, 4))))


def tree(folder: Path) -> list[Path]:
    """`folder` and every group below it, deepest first."""
    return [Path(top) for top, _, _ in os.walk(folder, topdown=False)]
