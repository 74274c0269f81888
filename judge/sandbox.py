"""Starting a process in the box, with limits; knows nothing of problems or languages.

`Box.command(argv, ...)` turns a command into the one to start, and `Box.preexec` sets the
process-wide resource limits in the child just before it executes. The per-case limits (CPU time,
memory of one case) are the harness's job, inside the box. The judge keeps the clock and kills the
whole process group (and, in a namespace sandbox, the whole PID namespace) on overrun.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass, field
from pathlib import Path

#: The environment a submission sees: nothing of the judge's user.
BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "PYTHONIOENCODING": "utf-8",
    "PYTHONHASHSEED": "0",
}


@dataclass(frozen=True)
class BoxLimits:
    """Process-wide limits for everything in the box."""

    file_size: int = 16 * 1024 * 1024   # bytes any one file may grow to
    open_files: int = 256
    stack: int = 512 * 1024 * 1024      # deep recursion (C++, Go, Python's C frames) needs room
    address_space: int | None = None    # whole-box cap, for runtimes that cannot limit per case


@dataclass(frozen=True)
class Mount:
    """A path the box needs: read-only unless `writable`."""

    path: Path
    writable: bool = False


@dataclass
class Box:
    """Resource limits and a fresh process group; no namespace isolation (see `name`)."""

    name: str = "none"
    limits: BoxLimits = field(default_factory=BoxLimits)

    @property
    def isolated(self) -> bool:
        """Whether the box hides the file system and network (a real sandbox)."""
        return False

    def command(self, argv: list[str], workdir: Path, mounts: list[Mount], keep_fds: tuple[int, ...] = ()) -> list[str]:
        """The command line that runs `argv` in the box with `workdir` as its writable home."""
        return list(argv)

    def environment(self, workdir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
        """A scrubbed environment for the box."""
        env = dict(BASE_ENV, HOME=str(workdir), TMPDIR=str(workdir))
        env.update(extra or {})
        return env

    def preexec(self) -> None:
        """Run in the child before exec: limits that hold for every process of the box."""
        _set(resource.RLIMIT_CORE, 0)
        _set(resource.RLIMIT_FSIZE, self.limits.file_size)
        _set(resource.RLIMIT_NOFILE, self.limits.open_files)
        _set(resource.RLIMIT_STACK, self.limits.stack)
        if self.limits.address_space:
            _set(resource.RLIMIT_AS, self.limits.address_space)


def _set(kind: int, value: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(kind, (value, hard if hard != resource.RLIM_INFINITY else value))
    except (ValueError, OSError):
        resource.setrlimit(kind, (value, hard))


def detect() -> Box:
    """The best box this machine offers."""
    return Box()


def kill_group(pid: int) -> None:
    """Kill a process group led by `pid`, ignoring one that is already gone."""
    try:
        os.killpg(pid, 9)
    except (ProcessLookupError, PermissionError):
        pass
