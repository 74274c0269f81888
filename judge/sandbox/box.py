"""Starting a process in the box, with limits; knows nothing of problems or languages.

Two boxes:

- `BwrapBox`: bubblewrap (`bwrap`) with new user, PID, network, IPC, UTS and cgroup namespaces.
  The box sees read-only system folders, the paths its runtime needs (`Mount`s), its work folder
  read-only, and a small private writable `/tmp`; nothing else of the machine (no problems, no
  judge source, no home, no other submission). Every process it starts dies with it.
- `Box`: the fallback where bwrap cannot run: resource limits and a process group only.

Both add, where the judge may create cgroups (hierarchy.py), a per-box cgroup (cgroups.py): a
whole-box memory cap whose OOM kills become MLE, a process cap, one core's CPU at most, the counters
the judge reads each case's CPU time and peak memory from (meter.py), and a kill that reaches
processes that left the process group. `Box.open()` makes that per-server part (a `Jail`);
`Box.command(...)` turns a command into the one to start, and `Jail.preexec` sets the limits in the
child just before it executes. The per-case limits are enforced by the judge from those counters (runner.py); the
harness's own limits inside the box are a second line where there is no cgroup.
"""

from __future__ import annotations

import atexit
import functools
import os
import resource
import shutil
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from judge import cache, switching
from judge.defaults import CACHE_ROOT
from judge.sandbox import cgroups, hierarchy as hierarchies, scratch, seccomp

#: The environment a submission sees: nothing of the judge's user.
BASE_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "PYTHONIOENCODING": "utf-8",
    "PYTHONHASHSEED": "0",
}
#: The unprivileged user and group the box's processes run as, inside their user namespace.
BOX_UID = BOX_GID = 65534
#: System folders a dynamically linked runtime needs (symlinks, as on merged-/usr Debian, stay symlinks).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")
#: The few files of /etc a runtime reads: the dynamic linker's cache, the time zone, names of users.
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
             "/etc/alternatives", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf")
#: What a tool (a compiler) needs of /etc: the dynamic linker's cache and the alternatives' links
#: (`javac` is one). Not the users' names: `#include "/etc/passwd"` must find nothing.
TOOL_ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives")
#: Where a tool's folder appears in its box: one fixed path, so its output never names the judge's folders.
TOOL_FOLDER = Path("/build")
#: Files of a box's /proc it cannot read (/dev/null over them, a device its mounts forbid): the names
#: and ids of the keys in the judge user's keyrings, which its uid maps to (what they hold is refused
#: by the system call filter, seccomp.py); and the machine's counts of cached file names, inodes and
#: open files, which one box can move by a chosen number (1,000 lookups of missing names per unit)
#: for a later box to read without a clock (red-team round 16). No runtime reads them.
HIDDEN_PROC = ("/proc/keys", "/proc/key-users", "/proc/sys/fs/dentry-state", "/proc/sys/fs/inode-nr",
               "/proc/sys/fs/inode-state", "/proc/sys/fs/file-nr")


def _proc(args: list[str]) -> list[str]:
    """bwrap's arguments for a box's own /proc, with the HIDDEN_PROC files out of reach."""
    args = args + ["--proc", "/proc"]
    for name in HIDDEN_PROC:
        if os.path.exists(name):
            args += ["--ro-bind", "/dev/null", name]
    return args


@dataclass(frozen=True)
class BoxLimits:
    """Process-wide limits for everything in the box."""

    file_size: int = 16 * 1024 * 1024   # bytes any one file may grow to
    open_files: int = 256
    stack: int = 512 * 1024 * 1024      # deep recursion (C++, Go, Python's C frames) needs room
    address_space: int | None = None    # whole-box cap, for runtimes that cannot limit per case
    processes: int = 64                 # processes (and threads) at once: stops a fork bomb
    cpus: float = 1.0                   # cores' worth of CPU time at once (cgroup quota): parallel boxes stay fair
    tmp_size: int = 64 * 1024 * 1024    # the box's private /tmp (in memory, so also under its memory cap)


@dataclass(frozen=True)
class Mount:
    """A path the box needs: read-only unless `writable`; `hidden`: a folder inside another mount that
    the box sees empty (deeper mounts, made after it, still show through)."""

    path: Path
    writable: bool = False
    hidden: bool = False


@dataclass
class Box:
    """What every box does: resource limits, a scrubbed environment, a cgroup where one can be made.

    Two kinds: `BwrapBox`, the sandbox, and `RlimitsBox`, the fallback without namespace isolation.
    """

    name: str = "none"
    limits: BoxLimits = field(default_factory=BoxLimits)
    reason: str = ""    # why detect() fell back to this box
    hierarchy: hierarchies.Hierarchy | None = None   # where the boxes' cgroups are made; None: detected

    @property
    def isolated(self) -> bool:
        """Whether the box hides the file system and network (a real sandbox)."""
        raise NotImplementedError

    def describe(self) -> str:
        """One line for people: what the box is and what it enforces."""
        raise NotImplementedError

    def groups(self) -> str:
        """`cgroup v1: memory, pids, ...`: what the box's cgroup does here ('' without one)."""
        found = self.hierarchy or hierarchies.detect()
        return f"cgroup v{found.version}: {', '.join(found.capabilities)}" if found is not None else ""

    def shortfall(self) -> str:
        """What of the cgroup guarantees (limits and measures from outside the box) is lacking here; ''."""
        return self.hierarchy.missing if self.hierarchy is not None else hierarchies.missing()

    def unfiltered(self) -> str:
        """Why this box has no system call filter (seccomp.py) where it should have one; ''."""
        return ""

    def command(self, argv: list[str], workdir: Path, mounts: list[Mount], keep_fds: tuple[int, ...] = (),
                filter_fd: int | None = None) -> list[str]:
        """The command line that runs `argv` in the box with `workdir` as its folder (`filter_fd`: the
        jail's system call filter to load, see Jail.filter)."""
        raise NotImplementedError

    def environment(self, workdir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
        """A scrubbed environment for the box."""
        env = dict(BASE_ENV, HOME=str(workdir), TMPDIR=str(workdir))
        env.update(extra or {})
        return env

    def open(self, memory_bytes: int | None = None) -> Jail:
        """The per-server part of the box: its cgroup (memory cap `memory_bytes`), limits, kill."""
        found = self.hierarchy or hierarchies.detect()
        group = cgroups.Group(memory_bytes, self.limits.processes, self.limits.cpus, found,
                              contained=self.isolated) if found else None
        nproc = None
        if (group is None or "pids" not in group.controllers) and os.geteuid() != 0:
            # RLIMIT_NPROC counts every process of the user, so leave room for those already running.
            nproc = _user_processes() + self.limits.processes
        return Jail(self, group, nproc)

    def preexec(self) -> None:
        """Run in the child before exec: limits that hold for every process of the box."""
        _set(resource.RLIMIT_CORE, 0)
        _set(resource.RLIMIT_FSIZE, self.limits.file_size)
        _set(resource.RLIMIT_NOFILE, self.limits.open_files)
        _set(resource.RLIMIT_STACK, self.limits.stack)
        if self.limits.address_space:
            _set(resource.RLIMIT_AS, self.limits.address_space)


@dataclass
class RlimitsBox(Box):
    """The fallback where no sandbox works: resource limits and a fresh process group, no isolation."""

    @property
    def isolated(self) -> bool:
        """Never: the submission sees what the judge's user sees."""
        return False

    def describe(self) -> str:
        """One line for people: what the box is and what it enforces."""
        extra = f"; {self.groups()}" if self.groups() else ""
        return f"{self.name} (resource limits only, no isolation{extra})"

    def command(self, argv: list[str], workdir: Path, mounts: list[Mount], keep_fds: tuple[int, ...] = (),
                filter_fd: int | None = None) -> list[str]:
        """`argv` itself: nothing wraps it."""
        return list(argv)


@dataclass
class BwrapBox(Box):
    """bubblewrap: new namespaces, a read-only view of only what the runtime needs."""

    name: str = "bwrap"
    executable: str = "bwrap"
    version: str = ""
    # bubblewrap before 0.8 cannot stop a box from making user namespaces of its own (--disable-userns).
    # In one, the box is root over a mount namespace of its own and can mount a cgroup file system,
    # seeing its cgroup namespace's root: only the box's leaf group, never the counters and limits
    # of the group above it (cgroups.Group), so this costs no guarantee the judge gives.
    nested_userns: bool = False

    @property
    def isolated(self) -> bool:
        """bwrap hides the file system, the network and the judge's processes."""
        return True

    def describe(self) -> str:
        """One line for people: the tool, its namespaces and the cgroups in use."""
        groups = f"; {self.groups()}" if self.groups() else ""
        nested = "; nested user namespaces allowed (bwrap < 0.8)" if self.nested_userns else ""
        version = self.version or bwrap_version(self.executable) or "bubblewrap"
        return (f"{self.name} ({version}; namespaces: user, pid, net, ipc, uts, cgroup"
                f"{nested}{groups})")

    def environment(self, workdir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
        """A scrubbed environment; the only writable place in the box is its private /tmp."""
        env = dict(BASE_ENV, HOME="/tmp", TMPDIR="/tmp")
        env.update(extra or {})
        return env

    def unfiltered(self) -> str:
        """Why boxes have no system call filter here ('' when they have one)."""
        return seccomp.reason()

    def open(self, memory_bytes: int | None = None) -> Jail:
        """The per-server part of the box (Box.open), with a descriptor to read the system call filter from."""
        jail = super().open(memory_bytes)
        jail.filter = seccomp.filter_fd()
        return jail

    def _isolation(self, etc_files: Sequence[str], filter_fd: int | None) -> list[str]:
        """bwrap's arguments every box shares: new namespaces, the box's user, its system call filter,
        the system folders, `etc_files`."""
        args = [self.executable,
                "--unshare-user", "--uid", str(BOX_UID), "--gid", str(BOX_GID),
                "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup",
                "--hostname", "box", "--die-with-parent", "--new-session"]
        if not self.nested_userns:  # no user namespace of its own, hence no mount, no cgroup file system
            args.append("--disable-userns")
        if filter_fd is not None:
            args += ["--seccomp", str(filter_fd)]
        for name in SYSTEM_DIRS:
            path = Path(name)
            if path.is_symlink():
                args += ["--symlink", os.readlink(path), name]
            elif path.is_dir():
                args += ["--ro-bind", name, name]
        for name in etc_files:
            args += ["--ro-bind-try", name, name]
        return args

    def command(self, argv: list[str], workdir: Path, mounts: list[Mount], keep_fds: tuple[int, ...] = (),
                filter_fd: int | None = None) -> list[str]:
        """bwrap's arguments, then `argv`. Inherited fds (`keep_fds`) pass through bwrap unchanged."""
        args = _proc(self._isolation(ETC_FILES, filter_fd))
        # No pseudo-terminals: what their buffers hold is not charged to a v1 memory cgroup (2,300 of them
        # held 56 MiB beside a case at its limit), and their number is shared with the whole machine.
        args += ["--dev", "/dev", "--tmpfs", "/dev/pts",
                 "--size", str(self.limits.tmp_size), "--tmpfs", "/tmp"]
        # Parents before children, so a folder inside another mount (the work folder in /tmp) stays visible.
        for mount in sorted(set(mounts), key=lambda m: (len(Path(m.path).parts), str(m.path))):
            shown = str(Path(mount.path).resolve())
            if mount.hidden:
                args += ["--tmpfs", shown]
            else:
                args += ["--bind" if mount.writable else "--ro-bind", shown, shown]
        # A hidden folder's tmpfs is made read-only once the mounts inside it have their mount points.
        for mount in mounts:
            if mount.hidden:
                args += ["--remount-ro", str(Path(mount.path).resolve())]
        # The root bwrap builds (with the folders leading to each mount) is read-only too, and so are /dev
        # and /dev/pts (tmpfs of half the machine's memory, where the box could write): only /tmp is writable.
        args += ["--remount-ro", "/dev/pts", "--remount-ro", "/dev", "--remount-ro", "/",
                 "--chdir", str(Path(workdir).resolve()), "--"]
        return args + list(argv)

    def tool_command(self, argv: list[str], folder: Path, mounts: list[Mount], proc: bool = False,
                     filter_fd: int | None = None) -> list[str]:
        """bwrap's arguments to run a tool (a compiler) on `folder`, seen writable at TOOL_FOLDER, then `argv`.

        Unlike a server's box it shows no /etc/passwd and no work folder of the judge: only the system
        folders, the read-only `mounts` (the toolchain's own folders), the build folder and a private /tmp;
        /proc only when `proc` (its mountinfo names the host folders behind the mounts).
        """
        args = self._isolation(TOOL_ETC_FILES, filter_fd)
        args = _proc(args) if proc else args
        # No pseudo-terminals here either (/dev/pts emptied, /dev/ptmx then names nothing): reading a new
        # one's master never ends, and `#include "/dev/ptmx"` held a compile for its whole wall limit.
        args += ["--dev", "/dev", "--tmpfs", "/dev/pts", "--size", str(self.limits.tmp_size), "--tmpfs", "/tmp"]
        for mount in sorted(set(mounts), key=lambda m: (len(Path(m.path).parts), str(m.path))):
            shown = str(Path(mount.path).resolve())
            args += ["--ro-bind", shown, shown]
        args += ["--bind", str(Path(folder).resolve()), str(TOOL_FOLDER), "--remount-ro", "/dev/pts",
                 "--remount-ro", "/dev", "--remount-ro", "/", "--chdir", str(TOOL_FOLDER), "--"]
        return args + list(argv)


@dataclass
class Jail:
    """One running box: its cgroup (if any), the limits its first process sets, and its kill."""

    box: Box
    group: cgroups.Group | None = None
    nproc: int | None = None
    filter: int | None = None   # a descriptor bwrap reads the system call filter from, until sent()

    def fds(self) -> tuple[int, ...]:
        """The descriptors the box's first process must inherit (its filter)."""
        return () if self.filter is None else (self.filter,)

    def sent(self) -> None:
        """The box's process has its own copy of the filter's descriptor: close the judge's."""
        if self.filter is not None:
            os.close(self.filter)
            self.filter = None

    def preexec(self) -> None:
        """Run in the child before exec: join the box's cgroup, then set the box's rlimits."""
        if self.group is not None:
            self.group.enter()
        self.box.preexec()
        if self.nproc is not None:
            _set(resource.RLIMIT_NPROC, self.nproc)

    def kill(self, pid: int) -> None:
        """Kill the box: the process group led by `pid`, then everything left in its cgroup."""
        kill_group(pid)
        if self.group is None:
            return
        # bubblewrap's first process killed, its PID namespace goes too (--die-with-parent, then the kernel):
        # the group is most often empty a millisecond later, and freezing it to kill each one is not needed.
        if isinstance(self.box, BwrapBox) and self.group.ended():
            return
        self.group.kill()

    def close(self) -> None:
        """Kill whatever is left and release the cgroup."""
        self.sent()
        if self.group is not None:
            self.group.close()
            self.group = None


def _set(kind: int, value: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(kind, (value, hard if hard != resource.RLIM_INFINITY else value))
    except (ValueError, OSError):
        resource.setrlimit(kind, (value, hard))


def _user_processes() -> int:
    """How many processes the judge's user runs now (RLIMIT_NPROC counts them all)."""
    uid, count = os.getuid(), 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                count += entry.stat().st_uid == uid
            except OSError:
                pass
    return count


_DETECTING = threading.Lock()


def detect() -> Box:
    """The best box this machine offers: bwrap if a real self-test passes (once per process), else rlimits."""
    with _DETECTING:  # a second caller waits for the first one's answer rather than testing again
        return _detect()


def detect_soon() -> None:
    """Start detect()'s self-test now, once per process: its box runs while the judge imports and loads,
    and detect() (from any thread) then only waits for it to end and reads what it said."""
    with _SOON_LOCK:  # not _DETECTING, which detect() holds while it waits for the test
        if _SOON:
            return
        _SOON.append(True)
        exe = shutil.which("bwrap")
        try:
            if exe:
                # Started here, not on a thread of its own: the thread's steps (its start, the reads of its
                # pipe, the wait) each wanted the GIL back from the imports beside them, which then waited in
                # turn (a one-submission command: 185 to 178 ms, median of 60, interleaved, on a slow hour).
                _TRIALS[exe] = Trial(BwrapBox(executable=exe))
        except OSError:  # no folder or pipe to be had now: detect() tests again, and says what is wrong
            pass
    # The v1 cgroups are probed beside it (a trial group made and removed in each controller), not
    # after it, when the first server's box asks: the self-test joins no cgroup, so neither waits.
    switching.hurry()  # the probe's steps get the GIL back sooner beside the imports (switching.py)

    def probe() -> None:
        try:
            hierarchies.probe_v1()
            scratch.sweep()  # what killed judges left in the temporary folder (scratch.py)
        finally:
            switching.calm()

    threading.Thread(target=probe, name="judge-cgroups", daemon=False).start()


_SOON: list[bool] = []  # detect_soon() was called
_TRIALS: dict[str, Trial] = {}  # the self-test detect_soon() started, by bwrap's path, until detect() takes it
_SOON_LOCK = threading.Lock()


@functools.cache
def _detect() -> Box:
    """detect()'s work, done once per process."""
    exe = shutil.which("bwrap")
    if not exe:
        return RlimitsBox(reason="bwrap (Debian package bubblewrap) is not installed")
    with _SOON_LOCK:
        trial = _TRIALS.pop(exe, None)
    if trial is not None and trial.pid != os.getpid():  # a forked copy of the process that started it
        trial = None
    box = trial.box if trial is not None else BwrapBox(executable=exe)
    problem = trial.result() if trial is not None else self_test(box)
    if "disable-userns" in problem:  # bubblewrap before 0.8: the box may make user namespaces (see BwrapBox)
        box = BwrapBox(executable=exe, nested_userns=True)
        problem = self_test(box)
    return RlimitsBox(reason=f"{exe} cannot make a sandbox here: {problem}") if problem else box


@functools.cache
def bwrap_version(executable: str) -> str:
    """What `bwrap --version` says ('' if nothing). It is only shown, so it is asked when first shown,
    not on the first box's way (its fork took 3 ms of the self-test's start), and kept in the cache by
    the binary's identity (its inode, size and mtime): a run's end need not start a process for it."""
    kept = None
    try:
        stat = os.stat(executable)
        kept = CACHE_ROOT / "sandbox" / f"bwrap-{stat.st_dev}-{stat.st_ino}-{stat.st_size}-{stat.st_mtime_ns}"
        return kept.read_text()
    except OSError:
        pass
    try:
        said = subprocess.run([executable, "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError, UnicodeError):
        return ""
    if said and kept is not None:
        cache.keep(kept, said)
    return said


#: The self-test's checks, in shell builtins only (one process in the box, no `id` or `wc` started):
#: it runs as BOX_UID, in a PID namespace, without a route out, and can write a passed fd.
SELF_TEST = (
    'while read -r key real rest; do [ "$key" = Uid: ] && break; done < /proc/self/status; '
    f'[ "$real" = {BOX_UID} ] || {{ echo "runs as uid $real" >&2; exit 1; }}; '
    '[ $$ -lt 10 ] || { echo "no PID namespace (pid $$)" >&2; exit 1; }; '
    'routes=0; if [ -e /proc/net/route ]; then while read -r line; do routes=$((routes + 1)); '
    'done < /proc/net/route; fi; '
    '[ "$routes" -le 1 ] || { echo "network is reachable" >&2; exit 1; }; '
    'echo boxed > /proc/self/fd/{fd}')  # dash redirects only fds 0-9 with >&N


def self_test(box: Box) -> str:
    """Start a tiny real command in `box` and check it is boxed and keeps a passed fd; '' when fine."""
    return Trial(box).result()


class Trial:
    """The self-test's box, started when made; result() waits for its end and says what went wrong.

    Its box has neither a cgroup nor the rlimits of its own: the script is the judge's, and joining a
    group's hierarchies costs more than the test (the servers' boxes have theirs, see cgroups.py).
    Without a function to run before exec (Jail.preexec) subprocess starts it with vfork instead of
    copying the judge's memory, beside the judge's imports: a one-submission command, 105.5 to 103.1
    ms (median of 25, interleaved). What it checks is the namespaces, the user and the passed fd. A
    trial nobody asked for is waited for at the process's exit, and its folder removed."""

    def __init__(self, box: Box):
        self.box, self.pid = box, os.getpid()
        self.proc: subprocess.Popen[bytes] | None = None
        self.failed = ""
        self.read_end, write_end = os.pipe()
        self.workdir = ""
        try:
            self.workdir = str(scratch.folder("selftest"))
            jail = Jail(box, filter=seccomp.filter_fd() if isinstance(box, BwrapBox) else None)
        except BaseException:
            os.close(write_end)
            self._release()
            raise
        try:
            self.proc = subprocess.Popen(
                box.command(["/bin/sh", "-c", SELF_TEST.replace("{fd}", str(write_end))], Path(self.workdir),
                            [Mount(Path(self.workdir))], (write_end,), jail.filter),
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                pass_fds=(write_end, *jail.fds()), cwd=self.workdir, env=box.environment(Path(self.workdir)))
        except (OSError, subprocess.SubprocessError) as exc:
            self.failed = str(exc) or type(exc).__name__
        except BaseException:  # a Ctrl-C as it starts: nothing will ask for it, and no exit handler holds it yet
            self._release()
            raise
        finally:
            os.close(write_end)
            jail.close()
        atexit.register(self._abandon)

    def result(self) -> str:
        """'' when the box held, else the first line of what went wrong (waits for the test's end)."""
        atexit.unregister(self._abandon)
        return self._wait()

    def _wait(self) -> str:
        try:
            if self.proc is None:
                return self.failed
            try:
                _, stderr = self.proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()  # not its pipe: a child of bubblewrap's that outlived it may hold that open
                return "the test command did not end within 20 s"
            with os.fdopen(self.read_end, "rb") as f:
                self.read_end = -1
                said = f.read(64)
            if self.proc.returncode != 0 or said.strip() != b"boxed":
                lines = stderr.decode("utf-8", "replace").strip().splitlines()
                return lines[0] if lines else f"the test command ended with code {self.proc.returncode}"
            return ""
        finally:
            self._release()

    def _abandon(self) -> None:
        if self.pid == os.getpid():  # in a forked copy of the process, the box and the folder are its parent's
            # Waited for (some 10 ms), not killed: bubblewrap killed as it starts can leave its first child
            # running, out of the judge's reach, stuck for ever and holding the test's pipe (1 in 15 here).
            self._wait()

    def _release(self) -> None:
        if self.read_end >= 0:
            os.close(self.read_end)
            self.read_end = -1
        if self.workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)


def kill_group(pid: int) -> None:
    """Kill a process group led by `pid`, ignoring one that is already gone."""
    try:
        os.killpg(pid, 9)
    except (ProcessLookupError, PermissionError):
        pass
