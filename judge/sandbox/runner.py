"""One submission's server: start it in the box, feed it cases, keep the clock.

The judge owns time: each case has a wall deadline measured here, outside the box; on overrun (or
on an output flood) the whole box is killed and a fresh server is started for the next case. Where
the box has a cgroup, the judge also owns the case's CPU time and memory (meter.py): it reads the
box's counters around each case, kills the box once its CPU time passes the limit (TLE), and takes
an OOM kill at the box's cap, or a peak over the limit, as MLE. What the harness says about time or
memory can then only make a verdict worse. What the submission prints on stdout and stderr is
counted and kept (capped) per case, apart from the protocol channel, so prints can neither forge
nor corrupt an answer.
"""

from __future__ import annotations

import errno
import json
import os
import select
import selectors
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.defaults import KEEP_OUTPUT
from judge.problems.problem import Limits
from judge.problems.values import plain_json
from judge.sandbox.box import Box, Jail, Mount, kill_group
from judge.sandbox.meter import Meter, Usage
from judge.sandbox.protocol import Known, Status, decode

LINE_SLACK = 65536  # an answer line may exceed the output limit by this much (the envelope)
START_TIMEOUT = 20.0
#: The box's memory cap until its server is ready is one case's limit plus this, for the server
#: itself and its runtime; then it is the server's baseline plus one case's limit (meter.py).
SERVER_MEMORY = 128 * 1024 * 1024
#: What the harness says that the judge's own measure does not change: a limit it already saw hit,
#: or a missing entry point. Every other end of a case over a limit becomes TLE or MLE.
KEPT = {Status.TIMEOUT, Status.MEMORY, Status.NOENTRY, Status.COMPILE_ERROR}
#: Re-reading the box's CPU time while a case runs is never sooner than this (seconds) after the last.
CPU_RECHECK = 0.002
#: How long the judge polls the answer pipe before it sleeps in select(), when asked to (`poll`):
#: a sleeping core took 20-40 us to wake here (a VM), on every case's answer.
POLL_SECONDS = 0.0003
#: A case's arguments in signature order, or their JSON array as `encode_args` makes it.
Arguments = list[Any] | bytes
#: What the judge does while a box boots, given a look at whether the box has spoken yet (without waiting).
Meanwhile = Callable[[Callable[[], bool]], None]


@dataclass(frozen=True)
class Launch:
    """What to start in the box: its argv given the two pipe fds it must use and whether the judge
    measures the box itself, and the folders it must see."""

    argv: Callable[[int, int, bool], list[str]]   # (request_fd, response_fd, measured) -> argv
    mounts: tuple[Path, ...] = ()
    charge_start: bool = False   # submission code may run before ready: the first case pays the start
    #: Told `measured`, the server answers from where the submission runs and sends no measures of
    #: its own (Python's worker): a line naming them is refused (judge/sandbox/protocol.py).
    direct: bool = False
    hidden: tuple[Path, ...] = ()   # folders inside the mounts that the box shows empty


@dataclass
class _Ahead:
    """A case sent before the previous one was checked: its arguments, id, unsent bytes and start."""

    args: Arguments
    ident: int
    payload: bytes
    started: float


@dataclass
class Reply:
    """What the server said about one request, or why it said nothing."""

    status: Status                  # what the server said, or the judge's own end (judge/sandbox/protocol.py)
    data: dict[str, Any] = field(default_factory=dict)
    wall_ms: float = 0.0
    output: str = ""
    exit_info: str = ""
    cpu_ms: float | None = None      # the judge's own measure from the box's cgroup, None without one
    memory_kb: int | None = None     # the same: the box's peak over the server's baseline
    known: bool = False              # the answer is the Known one run() was given (protocol.py)


class Server:
    """A running server process in the box, speaking JSON lines on two private pipes."""

    def __init__(self, launch: Launch, limits: Limits, box: Box, workdir: Path):
        self.launch, self.limits, self.box, self.workdir = launch, limits, box, workdir
        self.proc: subprocess.Popen[bytes] | None = None
        self.jail: Jail | None = None
        self.next_id = 0
        self.meter: Meter | None = None
        self.measured = False            # the harness sends no measures: lines naming them are refused
        self.ahead: _Ahead | None = None
        self.selector: selectors.BaseSelector | None = None

    @property
    def alive(self) -> bool:
        """Whether the server is still running (a fatal reply stops it)."""
        return self.proc is not None

    def start(self, meanwhile: Meanwhile | None = None) -> Reply:
        """Start the server and wait for its first message (`ready` or `compile_error`); `meanwhile`
        runs once the box is starting, on the judge's side, before that wait, given a look at whether
        that message is in (work it can leave for later need not hold the first case up)."""
        req_r, self.req_w = os.pipe()
        self.resp_r, resp_w = os.pipe()
        self.jail = self.box.open(self.limits.memory_bytes + SERVER_MEMORY)
        controllers = self.jail.group.controllers if self.jail.group is not None else ()
        measured = "cpuacct" in controllers and "memory" in controllers
        self.measured = measured and self.launch.direct
        try:
            argv = self.launch.argv(req_r, resp_w, measured)
            # Only the box's own folder holds the submission: its source folder (other submissions) stays out.
            # Read-only: a writable folder on the judge's disk would let a submission fill the disk file by
            # file; a sandboxed box writes to its private, size-capped /tmp instead.
            mounts = [Mount(Path(p)) for p in self.launch.mounts]
            mounts += [Mount(Path(p), hidden=True) for p in self.launch.hidden]
            mounts.append(Mount(self.workdir))
            command = self.box.command(argv, self.workdir, mounts, keep_fds=(req_r, resp_w), filter_fd=self.jail.filter)
            self.proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(req_r, resp_w, *self.jail.fds()), start_new_session=True, preexec_fn=self.jail.preexec,
                env=self.box.environment(self.workdir), cwd=self.workdir,
            )
            self.jail.sent()
        except BaseException:
            self.jail.close()
            self.jail = None
            raise
        finally:
            os.close(req_r)
            os.close(resp_w)
        assert self.proc.stdout is not None and self.proc.stderr is not None  # both PIPE
        for fd in (self.req_w, self.resp_r, self.proc.stdout.fileno(), self.proc.stderr.fileno()):
            os.set_blocking(fd, False)
        self.buffer = b""
        self.streams = {self.proc.stdout.fileno(): "stdout", self.proc.stderr.fileno(): "stderr"}
        # One selector for the server's life: a new one per case cost more than a small case's run.
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.resp_r, selectors.EVENT_READ, "resp")
        for fd in self.streams:
            self.selector.register(fd, selectors.EVENT_READ, "out")
        started = time.perf_counter()
        if meanwhile is not None:
            resp_r = self.resp_r
            meanwhile(lambda: bool(select.select([resp_r], [], [], 0)[0]))
        reply, _ = self._exchange(b"", started, START_TIMEOUT + self.limits.wall_time, answer=False)
        group = self.jail.group if self.jail is not None else None
        if not reply.status.fatal and not reply.status.first:
            reply = Reply(Status.PROTOCOL, {}, reply.wall_ms, reply.output,
                          f"the server said {reply.status} before it was ready")
        if reply.status is Status.READY and group is not None and group.controllers:
            self.meter = Meter(group, self.limits.memory_bytes, self.launch.charge_start)
            self.meter.ready()
        return reply

    def run(self, args: Arguments, following: Arguments | None = None, known: Known | None = None,
            poll: bool = False) -> Reply:
        """Send one case and wait for its answer within the wall limit (or the reason there is none).
        The arguments are a list in signature order, or that list already encoded (`encode_args`);
        `known`: the answer expected, recognised by its bytes (judge/sandbox/protocol.py).

        `following`: the next case's arguments, sent as soon as this answer is in and measured (and
        within the limits), so that the box runs it while the judge decodes and checks this one; the
        next call must then be for that same list. Its clock and CPU time start when it is sent, its
        output is what the box prints after this answer, as for any case.

        `poll`: look at the answer pipe without sleeping for the first POLL_SECONDS of the wait (for a
        judge with a core of its own: one lane on a machine of several)."""
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            if ahead.args is not args:
                raise RuntimeError("a case was sent ahead, and then another one was asked for")
            ident, payload, started = ahead.ident, ahead.payload, ahead.started
        else:
            self.next_id += 1
            ident = self.next_id
            started = time.perf_counter()
            payload = self._send(_request(ident, args, poll and self.measured))
        reply, usage = self._exchange(payload, started, self.limits.wall_time, self.meter, following, known,
                                      POLL_SECONDS if poll else 0.0)
        if self.proc is None:  # the box was stopped (time-out, flood, death): the reply says why
            return reply
        if usage is not None:
            reply = self._judged(reply, usage)
            if self.proc is None:
                return reply
        # A line that breaks the protocol is RE, still with the judge's measure of the case.
        if reply.status.first:
            reply = Reply(Status.PROTOCOL, {}, reply.wall_ms, reply.output,
                          f"the server said {reply.status} in answer to a case", reply.cpu_ms, reply.memory_kb)
        elif not reply.status.fatal and reply.data.get("id") != ident:
            reply = Reply(Status.PROTOCOL, reply.data, reply.wall_ms, reply.output,
                          "an answer for another case arrived on the judge's channel", reply.cpu_ms, reply.memory_kb)
        return reply

    def _send(self, payload: bytes) -> bytes:
        """Write what the request pipe takes now, without waiting; the rest goes out as it drains."""
        try:
            return payload[os.write(self.req_w, payload):]
        except BlockingIOError:
            return payload
        except OSError as exc:  # the server closed its end: it will show as EOF
            if exc.errno != errno.EPIPE:
                raise
            return b""

    def _judged(self, reply: Reply, usage: Usage) -> Reply:
        """The reply with the judge's own measure; TLE or MLE (and the box stopped) when over a limit."""
        reply.cpu_ms, reply.memory_kb = usage.cpu_ms, usage.memory_kb
        status, why = _over(self.limits, usage)
        # The harness's own word on a limit is kept, but for a peak at the memory limit, which is MLE before
        # TLE as everywhere (_over): a case at its cap, slowed by its faults, was TLE when the harness said so.
        kept = reply.status in KEPT and not usage.tampered and (status is not Status.MEMORY or reply.status is status)
        if status is None or kept:
            return reply
        # The box may still be busy (a helper thread, a child) or short of memory: a fresh one serves on.
        self.stop()
        return Reply(status, {}, reply.wall_ms, reply.output, why, usage.cpu_ms, usage.memory_kb)

    def _exchange(self, payload: bytes, started: float, limit: float, meter: Meter | None = None,
                  following: Arguments | None = None, known: Known | None = None,
                  poll: float = 0.0, answer: bool = True) -> tuple[Reply, Usage | None]:
        """Write the rest of a request (`payload`, sent at `started`), then read until one answer line,
        EOF, a flood or the deadline; with a `meter`, also until the box's CPU time passes the limit.
        The answer comes with the meter's reading, taken the moment it is in (then `following` is sent).
        For the first `poll` seconds of the wait the answer pipe is read without sleeping. `answer`: a case's
        answer is awaited (False: the server's first line, which no answer can be)."""
        deadline = started + limit
        budget = self.limits.time
        # With one core's quota the box cannot use CPU faster than the wall clock runs, so its CPU
        # time needs a look only once the wall clock has run as long as the budget left.
        check = started + budget if meter is not None else float("inf")
        cap = self.limits.output_bytes
        kept, counted = bytearray(), 0
        sel = self.selector
        assert sel is not None  # start() made it; stop() ends the exchanges before it drops it
        if payload:
            sel.register(self.req_w, selectors.EVENT_WRITE, "req")
        # Encoded now, while the box works on this case, so that it can be sent the moment the answer is in.
        marked = poll > 0 and self.measured  # "poll": true (judge/sandbox/protocol.py, "Lines")
        next_request = _request(self.next_id + 1, following, marked) if following is not None else b""
        poll_until = time.perf_counter() + poll
        try:
            while True:
                now = time.perf_counter()
                timeout = deadline - now
                if timeout <= 0:
                    return self._fail(Status.WALL_TIMEOUT, started, kept), None
                if meter is not None and now >= check:  # without a meter `check` is never reached
                    used = meter.cpu_ms()
                    if used is None:
                        check = float("inf")
                    elif used > budget * 1000:
                        return self._fail(Status.TIMEOUT, started, kept), None
                    else:
                        check = now + max(budget - used / 1000, CPU_RECHECK)
                polled = None
                if now < poll_until and not payload:
                    # The answer usually comes within the poll, and the box then finds the next request
                    # as soon as it looks, with no wake-up on either side. A print or a flood waits for
                    # the select() after it, at most POLL_SECONDS later (the pipe holds 64 KiB meanwhile).
                    polled = _read(self.resp_r)
                    if polled is None:
                        continue
                    events = [("resp", self.resp_r)]
                else:
                    events = [(key.data, key.fd) for key, _ in sel.select(min(timeout, check - now))]
                for kind, fd in events:
                    if kind == "req":
                        payload = self._send(payload)
                        if not payload:
                            sel.unregister(self.req_w)
                    elif kind == "out":
                        data = _read(fd)
                        if data is None:
                            continue
                        if not data:
                            sel.unregister(fd)
                            del self.streams[fd]
                            continue
                        counted += len(data)
                        if len(kept) < KEEP_OUTPUT:
                            kept += data[: KEEP_OUTPUT - len(kept)]
                        if counted > cap:
                            return self._fail(Status.OUTPUT_FLOOD, started, kept), None
                    else:
                        data = polled if polled is not None else _read(self.resp_r)
                        if data is None:
                            continue
                        if not data:
                            return self._fail(Status.DIED, started, kept), None
                        self.buffer += data
                        if b"\n" in self.buffer:
                            line, self.buffer = self.buffer.split(b"\n", 1)
                            wall = (time.perf_counter() - started) * 1000
                            counted += self._drain(kept)
                            if counted > cap:
                                return self._fail(Status.OUTPUT_FLOOD, started, kept), None
                            usage = meter.take() if meter is not None else None
                            if following is not None and next_request and not payload \
                                    and (usage is None or _over(self.limits, usage)[0] is None):
                                self.next_id += 1
                                self.ahead = _Ahead(following, self.next_id, b"", time.perf_counter())
                                self.ahead.payload = self._send(next_request)
                            # Hostile bytes: decoded strictly, and whatever they are, never raised.
                            message = decode(line, cap + LINE_SLACK, self.measured, known)
                            return Reply(message.status, message.data, wall, _text(kept), message.error,
                                         known=message.known), usage
                        if len(self.buffer) > cap + LINE_SLACK:  # a line past the limit: an answer over it, or a flood
                            over = Status.OUTPUT_LIMIT if answer else Status.OUTPUT_FLOOD
                            return self._fail(over, started, kept), None
        finally:
            if payload and self.selector is not None:
                sel.unregister(self.req_w)

    def _drain(self, kept: bytearray) -> int:
        """Read what the finished case left in the stdout/stderr pipes; return its size."""
        total = 0
        # One look at both pipes: a case usually prints nothing, and a read that finds nothing costs as much.
        for fd in select.select(list(self.streams), [], [], 0)[0]:
            while True:
                data = _read(fd)
                if not data:
                    break
                total += len(data)
                if len(kept) < KEEP_OUTPUT:
                    kept += data[: KEEP_OUTPUT - len(kept)]
                if total > self.limits.output_bytes:
                    return total
        return total

    def _fail(self, status: Status, started: float, kept: bytearray) -> Reply:
        wall = (time.perf_counter() - started) * 1000
        # The counters must be read before stop() releases the cgroup.
        usage = self.meter.take() if self.meter is not None else Usage(None, None, 0)
        info = self.stop(kill=status is not Status.DIED)
        over, why = _over(self.limits, usage)
        if (status in (Status.DIED, Status.WALL_TIMEOUT) and over is not None) or over is Status.MEMORY:
            return Reply(over, {}, wall, _text(kept), why, usage.cpu_ms, usage.memory_kb)
        return Reply(status, {}, wall, _text(kept), info, usage.cpu_ms, usage.memory_kb)

    def stop(self, kill: bool = True) -> str:
        """End the server (and everything it started); return how it ended."""
        if not self.proc:
            return ""
        proc, self.proc = self.proc, None
        self.ahead = None
        if self.selector is not None:
            self.selector.close()
            self.selector = None
        for fd in (self.req_w, self.resp_r):
            try:
                os.close(fd)
            except OSError:
                pass
        if not kill:
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        jail, self.jail = self.jail, None
        self.meter = None
        # start() sets the jail before the process, with both pipes.
        assert jail is not None and proc.stdout is not None and proc.stderr is not None
        try:
            jail.kill(proc.pid)
            proc.wait()
        finally:
            jail.close()
            proc.stdout.close()
            proc.stderr.close()
        return _ended(proc.returncode)

    def end_soon(self) -> None:
        """Kill the box now without waiting for it: a stop() on another thread then finds the kernel's
        teardown under way (it began a thread's wake-up, about 1 ms, sooner)."""
        if self.proc is not None:
            kill_group(self.proc.pid)

    def close(self) -> None:
        """End the server once its cases are done: killed at once, with everything it started. It has
        nothing left to say, and its own exit on EOF (an interpreter's shutdown) took longer than the kill."""
        self.stop()


def _over(limits: Limits, usage: Usage) -> tuple[Status | None, str]:
    """The protocol status a case's measure calls for (`memory`, `timeout`, `protocol` for a measure
    that cannot be true) and why; (None, "") within limits."""
    if usage.tampered:
        return Status.PROTOCOL, usage.tampered
    if usage.oom_kills:
        return Status.MEMORY, "killed at the box's memory cap"
    # At the limit is over it: the box's cap is the limit (over the baseline), and a box refused a page
    # there has its page cache reclaimed rather than a process killed, its program's own pages included,
    # which it then reads in again and again (round 26). That is also why the cap comes before the CPU
    # time: a box starved at its cap spends CPU on its faults, and a Go memory hog went from MLE to TLE.
    if usage.memory_kb is not None and usage.memory_kb * 1024 >= limits.memory_bytes:
        return Status.MEMORY, f"the box used {usage.memory_kb} KiB"
    if usage.cpu_ms is not None and usage.cpu_ms > limits.time * 1000:
        return Status.TIMEOUT, f"the box used {usage.cpu_ms:.0f} ms of CPU time"
    return None, ""


def encode_args(args: list[Any]) -> bytes:
    """A case's arguments as the JSON array a request carries (done ahead, off the per-case path)."""
    if type(args) is not list:
        return json.dumps(args).encode()
    parts = [plain_json(arg) or json.dumps(arg) for arg in args]
    return f"[{', '.join(parts)}]".encode()


def _request(ident: int, args: Arguments, poll: bool = False) -> bytes:
    """One request line; `poll`: the judge polls for its answer (judge/sandbox/protocol.py, "Lines")."""
    return b'{"id": %d, %s"args": %s}\n' % (ident, b'"poll": true, ' if poll else b"",
                                            args if isinstance(args, bytes) else encode_args(args))


def _read(fd: int) -> bytes | None:
    """Up to 64 KiB from a non-blocking fd: b"" at EOF, None when nothing is there yet."""
    try:
        return os.read(fd, 65536)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _text(data: bytes | bytearray) -> str:
    return bytes(data).decode("utf-8", "replace")


def _ended(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        import signal

        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"
