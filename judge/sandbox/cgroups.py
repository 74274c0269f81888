"""One cgroup (v1) per box: a whole-box memory cap that reports OOM kills, a process cap, and a
way to kill everything the box started, even processes that left its process group.

Used where the judge may create cgroups (as root, with cgroup v1 mounted at /sys/fs/cgroup/<name>);
everywhere else `available()` is empty and the box relies on rlimits and namespaces alone. Each
box's group is made inside the judge's own group of each controller, so limits set above the judge
(a container's) still hold.
"""

from __future__ import annotations

import functools
import itertools
import os
import signal
import time
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
#: memory: the whole-box cap and OOM detection; pids: the process cap; freezer: a race-free kill.
CONTROLLERS = ("memory", "pids", "freezer")
_counter = itertools.count()


def _own_path(controller: str) -> Path | None:
    """The judge's own group of `controller`, as a folder under ROOT, or None."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, names, path = line.split(":", 2)
        if controller in names.split(","):
            base = ROOT / controller
            inside = base / path.lstrip("/")
            # In a cgroup namespace the listed path may not exist under the mount: use its root.
            return inside if inside.is_dir() else base if base.is_dir() else None
    return None


@functools.lru_cache(maxsize=None)
def available() -> tuple[str, ...]:
    """The controllers in which this process can make a child group (tried once per process)."""
    usable = []
    for controller in CONTROLLERS:
        parent = _own_path(controller)
        if parent is None:
            continue
        probe = parent / f"judge-probe-{os.getpid()}"
        try:
            probe.mkdir()
            probe.rmdir()
            usable.append(controller)
        except OSError:
            pass
    return tuple(usable)


class Group:
    """A cgroup of each available controller for one box; `enter()` runs in the box's first process."""

    def __init__(self, memory_bytes: int | None, processes: int | None):
        self.dirs: dict[str, Path] = {}
        name = f"judge-{os.getpid()}-{next(_counter)}"
        for controller in available():
            parent = _own_path(controller)
            if parent is None:
                continue
            path = parent / name
            try:
                path.mkdir()
            except OSError:
                continue
            self.dirs[controller] = path
        if memory_bytes and "memory" in self.dirs:
            self._write("memory", "memory.limit_in_bytes", memory_bytes)
            # Without this a machine with swap would page the box out instead of stopping it.
            self._write("memory", "memory.memsw.limit_in_bytes", memory_bytes, required=False)
        if processes and "pids" in self.dirs:
            self._write("pids", "pids.max", processes)

    @property
    def controllers(self) -> tuple[str, ...]:
        """The controllers this group really has."""
        return tuple(self.dirs)

    def _write(self, controller: str, name: str, value: object, required: bool = True) -> None:
        try:
            (self.dirs[controller] / name).write_text(str(value))
        except OSError:
            if required:
                raise

    def enter(self) -> None:
        """Move the calling process into every controller's group (called between fork and exec)."""
        pid = str(os.getpid()).encode()
        for path in self.dirs.values():
            fd = os.open(path / "cgroup.procs", os.O_WRONLY)
            try:
                os.write(fd, pid)
            finally:
                os.close(fd)

    def pids(self) -> set[int]:
        """Every process still in the group."""
        found: set[int] = set()
        for path in self.dirs.values():
            try:
                found |= {int(p) for p in (path / "cgroup.procs").read_text().split()}
            except OSError:
                pass
        return found

    def oom_kills(self) -> int:
        """How many processes of the box the kernel killed for going over the memory cap."""
        if "memory" not in self.dirs:
            return 0
        try:
            for line in (self.dirs["memory"] / "memory.oom_control").read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":  # older kernels lack the counter: no OOM verdict from here then
                    return int(value)
            return 0
        except (OSError, ValueError):
            return 0

    def kill(self, timeout: float = 3.0) -> bool:
        """SIGKILL everything in the group (frozen first, so nothing forks meanwhile); True once empty."""
        frozen = "freezer" in self.dirs
        if frozen:
            self._write("freezer", "freezer.state", "FROZEN", required=False)
        deadline = time.monotonic() + timeout
        try:
            while True:
                left = self.pids()
                if not left:
                    return True
                for pid in left:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
                if frozen:  # killed tasks only die once thawed
                    self._write("freezer", "freezer.state", "THAWED", required=False)
                    frozen = False
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.005)
        finally:
            if frozen:
                self._write("freezer", "freezer.state", "THAWED", required=False)

    def close(self) -> None:
        """Kill what is left and remove the group's folders."""
        self.kill()
        for path in self.dirs.values():
            for _ in range(50):  # a just-killed process may still be leaving the group
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)
        self.dirs = {}
