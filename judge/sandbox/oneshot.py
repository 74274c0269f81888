"""One tool (a compiler) run to its end in a box: limits set before it starts, the clock kept outside.

A server (runner.py) lives across many cases and speaks a protocol; a tool runs once on one folder
and says only its exit status and what it printed. The box is a bwrap box built by
`BwrapBox.tool_command` (the folder writable, the toolchain read-only, nothing else of the machine)
with its own cgroup (`Box.open`: memory and processes) and rlimits (CPU time per process, file size,
address space); the wall clock and the kill are the judge's, outside the tool's processes.
"""

from __future__ import annotations

import os
import resource
import selectors
import subprocess
import time
from dataclasses import dataclass, replace
from pathlib import Path

from judge.sandbox.box import BoxLimits, BwrapBox, Mount


@dataclass(frozen=True)
class ToolLimits:
    """What one tool run may use."""

    wall: float                        # seconds on the judge's clock
    cpu: float                         # seconds of CPU each of its processes may use (RLIMIT_CPU)
    memory: int                        # bytes: the whole box's cgroup cap, its /tmp included
    file_size: int                     # bytes any one file may grow to
    tmp_size: int = 512 << 20          # the box's private /tmp (in memory, so under its memory cap)
    address_space: int | None = None   # per process, for tools that do not reserve huge address ranges
    processes: int = 128               # processes and threads at once (a JVM or `go build` has dozens)
    open_files: int = 1024
    output: int = 64 * 1024            # bytes of its stdout and stderr kept


@dataclass(frozen=True)
class Finished:
    """How a tool run ended."""

    code: int | None      # exit status (negative: the signal that ended bwrap); None: the wall clock did
    output: bytes         # its stdout and stderr, interleaved, the first `ToolLimits.output` bytes
    wall_s: float
    oom_kills: int        # processes the kernel killed at the box's memory cap (0 without cgroups)
    cpu_s: float | None = None   # CPU time of all its processes, by the box's cgroup (None without one)

    @property
    def timed_out(self) -> bool:
        """Whether the judge's wall clock ended the run."""
        return self.code is None


def run_tool(box: BwrapBox, argv: list[str], folder: Path, mounts: list[Mount], env: dict[str, str],
             limits: ToolLimits, proc: bool = False) -> Finished:
    """Run `argv` in a box on `folder` (seen as TOOL_FOLDER) to its end or its wall limit; /proc if `proc`."""
    tool_box = replace(box, limits=BoxLimits(
        file_size=limits.file_size, open_files=limits.open_files, stack=64 << 20,
        address_space=limits.address_space, processes=limits.processes, tmp_size=limits.tmp_size))
    jail = tool_box.open(limits.memory)
    command = tool_box.tool_command(argv, folder, mounts, proc, filter_fd=jail.filter)
    cpu_seconds = max(1, int(limits.cpu + 0.999))

    def preexec() -> None:
        jail.preexec()
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        cap = cpu_seconds if hard == resource.RLIM_INFINITY else min(cpu_seconds, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (cap, cap))

    started = time.monotonic()
    try:
        child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                cwd=folder, env=tool_box.environment(folder, env), start_new_session=True,
                                pass_fds=jail.fds(), preexec_fn=preexec)
    except BaseException:
        jail.close()
        raise
    jail.sent()
    ended = None
    try:
        output = _collect(child, started + limits.wall, limits.output)
        ended = _reap(child.pid, started + limits.wall)
        if ended is None:
            jail.kill(child.pid)
            _, status = os.waitpid(child.pid, 0)
        else:
            status = ended
        child.returncode = os.waitstatus_to_exitcode(status)
        oom_kills = jail.group.oom_kills() if jail.group is not None else 0
        used = jail.group.cpu_ns() if jail.group is not None else None
    finally:
        if child.returncode is None:  # an exception on the way: leave nothing running
            jail.kill(child.pid)
            child.wait()
        assert child.stdout is not None  # stdout=PIPE
        child.stdout.close()
        jail.close()
    return Finished(code=None if ended is None else child.returncode, output=output,
                    wall_s=time.monotonic() - started, oom_kills=oom_kills,
                    cpu_s=None if used is None else used / 1e9)


def _collect(child: subprocess.Popen[bytes], deadline: float, keep: int) -> bytes:
    """Read the tool's output until it closes (the box ended) or the deadline; its first `keep` bytes."""
    assert child.stdout is not None  # stdout=PIPE
    fd = child.stdout.fileno()
    os.set_blocking(fd, False)
    kept = bytearray()
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if not sel.select(left):
                continue
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not data:
                break
            # Reading goes on past the cap, so a chatty tool never blocks on a full pipe.
            if len(kept) < keep:
                kept += data[: keep - len(kept)]
    return bytes(kept)


def _reap(pid: int, deadline: float) -> int | None:
    """Wait for `pid` until the deadline: its wait status, or None when time ran out."""
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.005)
