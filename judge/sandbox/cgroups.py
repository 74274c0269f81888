"""One cgroup per box, on cgroup v1 or v2 (hierarchy.py finds where): a whole-box memory cap whose
OOM kills are counted, a process cap, at most one core's CPU, the box's CPU time and peak memory as
the kernel counts them (every process and thread of the box, read from outside it), and a kill that
reaches processes that left the box's process group.
"""

from __future__ import annotations

import itertools
import os
import select
import signal
import time
from pathlib import Path

from judge.sandbox.hierarchy import CONTROLLERS, FREEZER, Hierarchy, detect, group_name, pause, remove, tree

#: The kernel's usual CFS period (shorter ones throttle a single busy thread now and then under
#: load): a box over its core is held back within a period, so the judge's check of its CPU time
#: overshoots by about that much at most.
PERIOD_US = 100_000
#: The child of a box's group its processes live in (see Group).
LEAF = "box"


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
        name = group_name()
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
                    remove(parent / name)
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
                below = tree(path)[:-1]  # deepest first, the folder itself last
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
        """Whether the group is empty once its processes now there have ended or pause(step)'s time has
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
            for folder in tree(path):  # deepest first: the leaf, and any group a box made below it
                for step in itertools.count():  # a just-killed process may still be leaving the group
                    try:
                        folder.rmdir()
                        break
                    except FileNotFoundError:
                        break
                    except OSError:
                        if time.monotonic() > deadline:
                            break
                        pause(step)
        self.dirs = {}


def _wait_gone(pids: set[int] | None, step: int) -> None:
    """Wait until the killed `pids` have ended (each one's pidfd reads as such), at most pause(step)'s
    time: woken the moment the last one goes rather than at the end of a fixed sleep (a killed box's
    processes end within about a millisecond, which the 0.5 ms and 1 ms sleeps overshot). None (the
    group could not be read): that pause."""
    if not pids:
        pause(step)
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
        pause(step)
    finally:
        for fd in fds:
            os.close(fd)



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
