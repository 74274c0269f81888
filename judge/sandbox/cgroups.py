"""One cgroup per box, on cgroup v1 or v2: a whole-box memory cap whose OOM kills are counted, a
process cap, at most one core's CPU, the box's CPU time and peak memory as the kernel counts them
(every process and thread of the box, read from outside it), and a kill that reaches processes
that left the box's process group.

Used where the judge may create cgroups (as root, or in a group delegated to it); everywhere else
`available()` is empty, `missing()` says why, and the box relies on rlimits and namespaces alone.
Each box's group is made inside the judge's own group of each hierarchy (or `$JUDGE_CGROUP`, a
path inside the hierarchies), so limits set above the judge (a container's) still hold.

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
import select
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
#: The kernel's usual CFS period (shorter ones throttle a single busy thread now and then under
#: load): a box over its core is held back within a period, so the judge's check of its CPU time
#: overshoots by about that much at most.
PERIOD_US = 100_000
#: Where the boxes' groups are made instead of the judge's own group (a path inside each hierarchy).
ENV = "JUDGE_CGROUP"
#: The v2 leaf the judge moves itself into when its own group must hold no process (see _enable).
V2_LEAF = "judge-self"
#: The child of a box's group its processes live in (see Group).
LEAF = "box"
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


def _remove(folder: Path) -> None:
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
        _remove(probe)
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
        _remove(probe)
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
    """Probe the v1 controllers now, on box.detect_soon()'s thread beside the sandbox's self-test
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
            started = _started(pid)
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
            for folder in _tree(path):
                folder.rmdir()
        except OSError:
            continue       # a process is still in it
        removed += 1
    return removed


def _end_frozen(group: Path, v2: bool) -> None:
    """Kill and thaw what a dead judge left frozen in `group` (its processes then die at once)."""
    state, frozen, thawed = FREEZER[2 if v2 else 1]
    folders = list(_tree(group))
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
        _pause(step)


def _started(pid: str) -> float | None:
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


class Group:
    """A cgroup for one box in each folder of the hierarchy; `enter()` runs in the box's first process.

    The box's processes live in a child of the group, LEAF, which bwrap makes the root of the box's
    cgroup namespace; the limits and counters are the group's own, above it. A box that could mount
    a cgroup file system (in a user namespace of its own, where bubblewrap cannot forbid those)
    would see and could write only its leaf: a leaf's limits cannot lift its parent's, and the
    parent's counters hold everything below it.

    The counters are files opened once and read again with pread: an open per case costs as much
    as a small case's whole run.
    """

    def __init__(self, memory_bytes: int | None = None, processes: int | None = None, cpus: float | None = None,
                 hierarchy: Hierarchy | None = None, contained: bool = False):
        """`contained`: its processes cannot leave its folders (a box's cgroup namespace shows them no other
        group), so one controller's folder lists them all (pids())."""
        self.hierarchy = hierarchy or detect()
        self.contained = contained
        self.dirs: dict[str, Path] = {}
        self.fds: dict[str, int] = {}
        self.peak_resets = True     # v2 before Linux 6.12 cannot reset memory.peak
        # A kill found it empty: it stays so, as only the judge moves processes in, through enter(), once
        # per box (every server's box has a group of its own).
        self.emptied = False
        if self.hierarchy is None:
            return
        name = f"judge-{os.getpid()}-{_TOKEN}-{next(_counter)}"
        made: dict[Path, Path | None] = {}
        for capability, parent in self.hierarchy.parents.items():
            if parent not in made:   # v2, or v1 controllers mounted together: one folder for several
                try:
                    (parent / name).mkdir()
                    made[parent] = parent / name
                except OSError:
                    made[parent] = None
                    continue
                try:
                    (parent / name / LEAF).mkdir()
                except OSError:
                    _remove(parent / name)
                    made[parent] = None
            made_here = made[parent]
            if made_here is not None:
                self.dirs[capability] = made_here
        if memory_bytes and "memory" in self.dirs and not self.set_memory_limit(memory_bytes):
            folder = self.dirs["memory"]
            self.close()
            raise OSError(f"cannot set the memory cap of {folder}")
        if processes and "pids" in self.dirs:
            self._write("pids", "pids.max", processes)
        if cpus and "cpu" in self.dirs:
            quota = max(1000, int(cpus * PERIOD_US))
            if self.v2:
                self._write("cpu", "cpu.max", f"{quota} {PERIOD_US}")
            else:
                self._write("cpu", "cpu.cfs_period_us", PERIOD_US)
                self._write("cpu", "cpu.cfs_quota_us", quota)

    @property
    def v2(self) -> bool:
        """Whether the group lives in the unified hierarchy."""
        return self.hierarchy is not None and self.hierarchy.version == 2

    @property
    def controllers(self) -> tuple[str, ...]:
        """The capabilities this group really has."""
        return tuple(c for c in CONTROLLERS if c in self.dirs)

    def _folders(self) -> list[Path]:
        return list(dict.fromkeys(self.dirs.values()))

    def _write(self, capability: str, name: str, value: object, required: bool = True) -> bool:
        try:
            (self.dirs[capability] / name).write_text(str(value))
            return True
        except OSError:
            if required:
                raise
            return False

    def set_memory_limit(self, limit: int) -> bool:
        """Cap the box's memory (swap included: a box is stopped, not paged out); False when refused."""
        if "memory" not in self.dirs:
            return False
        if self.v2:
            ok = self._write("memory", "memory.max", limit, required=False)
            self._write("memory", "memory.swap.max", 0, required=False)
            return ok
        # v1 refuses memory above memory+swap: when the cap grows, memory+swap must move first.
        if not self._write("memory", "memory.limit_in_bytes", limit, required=False):
            self._write("memory", "memory.memsw.limit_in_bytes", limit, required=False)
            if not self._write("memory", "memory.limit_in_bytes", limit, required=False):
                return False
        self._write("memory", "memory.memsw.limit_in_bytes", limit, required=False)
        return True

    def enter(self) -> None:
        """Move the calling process into the group's leaf (called between fork and exec, where it has one thread)."""
        # v1: its one thread, named 0 (the caller) in `tasks`, which is the whole process here. A move of a pid
        # (cgroup.procs, or another thread's id) takes a kernel-wide lock whose writer first waits for an RCU
        # grace period: 13-20 ms of every box start here that no other move came just before. The caller's own
        # thread needs no such lock (Linux 6.0 and later; before, the same wait as the pid's).
        name, me = ("cgroup.procs", str(os.getpid()).encode()) if self.v2 else ("tasks", b"0")
        for path in self._folders():
            fd = os.open(path / LEAF / name, os.O_WRONLY)
            try:
                os.write(fd, me)
            finally:
                os.close(fd)

    def _fd(self, use: str) -> int | None:
        """The file for `use` (cpu, current, peak, events), opened once; None where the group lacks it."""
        fd = self.fds.get(use)
        if fd is not None:
            return fd
        capability, v1_name, v2_name = {
            "cpu": ("cpuacct", "cpuacct.usage", "cpu.stat"),
            "current": ("memory", "memory.usage_in_bytes", "memory.current"),
            "peak": ("memory", "memory.max_usage_in_bytes", "memory.peak"),
            "events": ("memory", "memory.oom_control", "memory.events"),
        }[use]
        if capability not in self.dirs:
            return None
        path = self.dirs[capability] / (v2_name if self.v2 else v1_name)
        if use == "events" and not self.v2:
            # v1 counts an OOM kill in the victim's own group only (v2's memory.events adds up the
            # groups below). A box that moved itself further down has its kills seen as SIGKILL: RE, not
            # MLE, no better a verdict; the cap itself is the group's and holds for everything below.
            path = self.dirs[capability] / LEAF / v1_name
        try:
            fd = os.open(path, os.O_RDWR if use == "peak" else os.O_RDONLY)
        except OSError:
            try:  # a memory.peak that cannot be reset (v2 before 6.12) is still worth reading
                fd = os.open(path, os.O_RDONLY)
                self.peak_resets = False
            except OSError:
                return None
        self.fds[use] = fd
        return fd

    def _read(self, use: str) -> bytes | None:
        fd = self._fd(use)
        if fd is None:
            return None
        try:
            return os.pread(fd, 4096, 0)
        except OSError:
            return None

    def cpu_ns(self) -> int | None:
        """CPU time used by everything that ever ran in the box, in nanoseconds; None without the counter."""
        data = self._read("cpu")
        if data is None:
            return None
        try:
            if self.v2:  # cpu.stat: `usage_usec N` first
                usec = _field(data, b"usage_usec")
                return int(usec) * 1000 if usec is not None else None
            return int(data)
        except (TypeError, ValueError):
            return None

    def memory_now(self) -> int | None:
        """The box's memory in use now (bytes, the kernel's charge: anonymous, page cache, kernel)."""
        return _number(self._read("current"))

    def peak_bytes(self) -> int | None:
        """The box's highest memory use since the last `reset_peak()` (since it was made where it cannot reset)."""
        return _number(self._read("peak"))

    def reset_peak(self) -> None:
        """Start a new peak from the memory in use now."""
        fd = self._fd("peak")
        if fd is None or not self.peak_resets:
            return
        try:
            # v2's reset holds for reads through this same file descriptor, which is why it stays open.
            os.pwrite(fd, b"reset" if self.v2 else b"0", 0)
        except OSError:
            self.peak_resets = False

    def oom_kills(self) -> int:
        """How many processes of the box the kernel killed for going over the memory cap."""
        data = self._read("events")
        try:  # older v1 kernels lack the counter: no OOM verdict from here then
            return int(_field(data, b"oom_kill") or 0) if data is not None else 0
        except ValueError:
            return 0

    def pids(self) -> set[int]:
        """Every process still in the group or any group below it (that could be read: see listed())."""
        return self.listed() or set()

    def listed(self) -> set[int] | None:
        """pids(), or None when a folder of the group could not be read: then it is not known to be empty.
        For a `contained` group one controller's folder is read (the freezer's where there is one):
        enter() puts a box's process in each one's leaf, its children are born there and none can leave
        the subtree, so each folder holds them all (reading all five took 0.5 ms of every box's
        teardown). Without a sandbox a process can move itself out of one controller's folder: all are read."""
        found: set[int] = set()
        folders = self._folders()
        if self.contained and folders:
            folders = [self.dirs.get("freezer") or folders[0]]
        for path in folders:
            try:  # the group's own folder must be read (os.walk would pass over one it cannot list)
                found |= {int(p) for p in (path / "cgroup.procs").read_text().split()}
                below = _tree(path)[:-1]  # deepest first, the folder itself last
            except FileNotFoundError:  # closed already
                continue
            except (OSError, ValueError):
                return None
            for folder in below:
                try:
                    found |= {int(p) for p in (folder / "cgroup.procs").read_text().split()}
                except FileNotFoundError:  # a group the box made below the leaf, removed meanwhile
                    pass
                except (OSError, ValueError):
                    return None
        return found

    def ended(self, step: int = 4) -> bool:
        """Whether the group is empty once its processes now there have ended or _pause(step)'s time has
        passed (woken as they go), for a box that ends on its own: bubblewrap's, whose PID namespace
        dies with its first process. If so, a kill() after it needs neither a freeze nor a thaw."""
        left = self.listed()
        if left:
            _wait_gone(left, step)
            left = self.listed()
        if left == set():
            self.emptied = True
        return self.emptied

    def kill(self, timeout: float = 3.0) -> bool:
        """SIGKILL everything in the group (frozen first, so nothing forks meanwhile); True once empty."""
        if self.emptied:  # found empty after a kill: nothing can join it again (only the judge moves processes in)
            return True
        if "freezer" not in self.dirs:
            self.emptied = self._kill_each(timeout, frozen=False)
        elif self.v2 and self._write("freezer", "cgroup.kill", 1, required=False):
            self.emptied = self._wait_empty(timeout)   # the kernel kills the whole group at once (Linux 5.14+)
        else:
            state, freeze, _ = FREEZER[2 if self.v2 else 1]
            frozen = self._write("freezer", state, freeze, required=False)
            self.emptied = self._kill_each(timeout, frozen)
        return self.emptied

    def _kill_each(self, timeout: float, frozen: bool) -> bool:
        deadline = time.monotonic() + timeout
        try:
            for step in itertools.count():
                left = self.listed()
                if left == set():
                    return True
                for pid in left or ():
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
                if frozen:  # killed tasks only die once thawed
                    self._thaw()
                    frozen = False
                if time.monotonic() > deadline:
                    return False
                _wait_gone(left, step)
            return False  # not reached: count() has no end
        finally:
            if frozen:
                self._thaw()

    def _thaw(self) -> None:
        state, _, thaw = FREEZER[2 if self.v2 else 1]
        self._write("freezer", state, thaw, required=False)

    def _wait_empty(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        step = 0
        while (left := self.listed()) != set():
            if time.monotonic() > deadline:
                return False
            _wait_gone(left, step)
            step += 1
        return True

    def close(self) -> None:
        """Kill what is left, close the counters and remove the group's folders."""
        self.kill()
        for fd in self.fds.values():
            try:
                os.close(fd)
            except OSError:
                pass
        self.fds = {}
        for path in self._folders():
            deadline = time.monotonic() + 0.5
            for folder in _tree(path):  # deepest first: the leaf, and any group a box made below it
                for step in itertools.count():  # a just-killed process may still be leaving the group
                    try:
                        folder.rmdir()
                        break
                    except FileNotFoundError:
                        break
                    except OSError:
                        if time.monotonic() > deadline:
                            break
                        _pause(step)
        self.dirs = {}


def _wait_gone(pids: set[int] | None, step: int) -> None:
    """Wait until the killed `pids` have ended (each one's pidfd reads as such), at most _pause(step)'s
    time: woken the moment the last one goes rather than at the end of a fixed sleep (a killed box's
    processes end within about a millisecond, which the 0.5 ms and 1 ms sleeps overshot). None (the
    group could not be read): that pause."""
    if not pids:
        _pause(step)
        return
    fds = []
    try:
        for pid in pids:
            try:
                fds.append(os.pidfd_open(pid))
            except ProcessLookupError:
                pass
        if fds:
            deadline = time.monotonic() + min(0.005, 0.0005 * (1 << min(step, 4)))
            poller = select.poll()  # not select(): a judge with 1,024 files open has pidfds past its reach
            for fd in fds:
                poller.register(fd, select.POLLIN)
            waiting = len(fds)
            while waiting and (left := deadline - time.monotonic()) > 0:
                for fd, _ in poller.poll(left * 1000):
                    poller.unregister(fd)
                    waiting -= 1
    except (AttributeError, OSError):  # no pidfd here (Linux before 5.3): a plain pause
        _pause(step)
    finally:
        for fd in fds:
            os.close(fd)


def _pause(step: int) -> None:
    """Wait a little longer at each step (0.5 ms, then 1, 2, up to 5): a killed process is most often
    gone within a millisecond, and a run's end waits for its last box's teardown."""
    time.sleep(min(0.005, 0.0005 * (1 << min(step, 4))))


def _tree(folder: Path) -> list[Path]:
    """`folder` and every group below it, deepest first."""
    return [Path(top) for top, _, _ in os.walk(folder, topdown=False)]


def _field(data: bytes, key: bytes) -> bytes | None:
    """The value of `key` in a `key value` per line cgroup file (memory.events, cpu.stat, oom_control)."""
    for line in data.splitlines():
        name, _, value = line.partition(b" ")
        if name == key:
            return value.strip()
    return None


def _number(data: bytes | None) -> int | None:
    try:
        return int(data) if data is not None else None
    except ValueError:
        return None
