"""One submission kept serving across many inputs: prepared once, its server restarted after a kill.

grade.execute runs a fixed list of inputs through a Session; `judge fuzz` keeps two Sessions (the
submission's and the reference's) alive across hundreds of hypothesis examples. The logic of what a
reply means and when the server must be started again lives here, in one place.
"""

from __future__ import annotations

import os
import shutil
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypedDict

from judge import languages
from judge.defaults import MAX_SOURCE_BYTES
from judge.languages.base import Language, Prepared
from judge.problems import values
from judge.problems.problem import Problem
from judge.sandbox import scratch
from judge.sandbox.box import Box, detect
from judge.sandbox.protocol import Known, Status
from judge.sandbox.runner import Arguments, Launch, Meanwhile, Reply, Server
from judge.verdict import Verdict

#: Wall time-outs of one submission confirmed in a fresh server before a wall time-out is TLE at once.
WALL_RETRIES = 2
#: Failed server starts of one submission; then its remaining cases get the last one's verdict unstarted.
FAILED_STARTS = 2
#: A restart that takes longer than this (seconds) is slow: FAILED_STARTS of them and none is made again.
SLOW_START = 5.0
#: Seconds of one submission's restarts (after its own cases ended its server) it may take in all: at
#: least RESTART_BUDGET, and RESTART_SHARE a case it has run. Past them its server is not started again.
#: Restarts of 4.9 s each (a Go init that sleeps, then every case ending the process) were never slow,
#: and held the judge 14 minutes over 106 cases (red-team round 27); an honest JVM starts again in
#: 0.1-0.4 s, on a machine at load 10 too, so even a restart after every case stays within the share.
RESTART_BUDGET = 30.0
RESTART_SHARE = 1.0
#: Seconds a harness's in-box RLIMIT_CPU adds to the case's limit where the judge measures the box (its
#: cgroup), so that it is a backstop and the judge's measure the limit: the kernel checks RLIMIT_CPU against
#: tick-sampled time, which ran ahead of the real count on a busy machine, and honest C++ and Python cases
#: were TLE at 850-940 ms of a 1 s limit (round 29). Without a cgroup the rlimit is the limit (0 added).
CPU_BACKSTOP = 1.0


@dataclass(frozen=True)
class Outcome:
    """One execution of one input: an answer, or the verdict that stopped it."""

    verdict: Verdict | None          # None when the submission answered
    value: Any = None
    message: str = ""
    wall_ms: float = 0.0
    cpu_ms: float | None = None
    memory_kb: int | None = None
    output: str = ""
    doubles: bool = False            # its numbers went through doubles (JavaScript): judged at their precision
    known: bool = False              # the answer is the expected one's exact JSON (protocol.Known)

    def without_value(self) -> Outcome:
        """The same outcome without its answer's value: what is kept of it once the answer is checked."""
        if self.value is None:
            return self
        # Its fields copied as they are, not through dataclasses.replace(), which runs __init__ again over
        # the fields' list: 3 us of the judge's turn on every case, while a small case's answer came in.
        kept = object.__new__(Outcome)
        kept.__dict__.update(self.__dict__, value=None)
        return kept


class _Measures(TypedDict):
    """The fields of an Outcome that every reply has, whatever its verdict."""

    wall_ms: float
    cpu_ms: float | None
    memory_kb: int | None
    output: str


class Session:
    """A submission ready to run inputs one at a time; use as a context manager (it owns a temp folder)."""

    def __init__(self, problem: Problem, source: Path, language: Language | None = None, box: Box | None = None):
        self.problem, self.source = problem, Path(source)
        self.language = language or languages.for_path(self.source)
        self.box = box or detect()
        self.workdir: Path | None = None
        self.prepared: Prepared | None = None
        self.server: Server | None = None
        self.compile_error: str | None = None   # set once the submission is known not to compile
        self.judge_error: str | None = None     # set when the judge cannot run it at all
        self.starts = 0                          # servers started (1 + restarts after kills)
        self.failed_start: Outcome | None = None  # what begin()'s failed start means, for the first run()
        self.answered = False                    # a case has had an answer other than "no entry point"
        self.retries = WALL_RETRIES              # wall time-outs still to confirm in a fresh server
        self.failed_starts: list[Outcome] = []   # what each start that did not end `ready` meant
        self.slow_starts: list[Outcome] = []     # restarts that took longer than SLOW_START
        self.restart_seconds = 0.0               # the wall time of the starts after a case ended the server
        self.ended: Outcome | None = None        # what the last case got, when it ended the server
        self.runs = 0                            # inputs run

    def __enter__(self) -> Session:
        self.prepare()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def prepare(self) -> bool:
        """Find the toolchain and prepare (compile) the submission once; False when it cannot run."""
        if self.prepared is not None or self.compile_error is not None or self.judge_error is not None:
            return self.ok
        tool = self.language.toolchain()
        if not tool.ok:
            self.judge_error = f"the {self.language.title} toolchain is missing: {tool.message}"
            return False
        refused = _refused(self.source, self.problem)
        if refused:
            self.compile_error = refused
            return False
        self.workdir = scratch.folder()
        prepared = self.language.prepare(self.source.resolve(), self.workdir, self.problem, self.box)
        if not prepared.ok:
            self.compile_error = prepared.message
            return False
        self.prepared = prepared
        return True

    @property
    def ok(self) -> bool:
        """Whether the submission can still be run."""
        return self.prepared is not None and self.compile_error is None and self.judge_error is None

    def begin(self, meanwhile: Meanwhile | None = None) -> None:
        """Start the server now and run `meanwhile` (the judge's own preparation) while it boots;
        the first run() finds it ready, or gets what its failure means."""
        if self.prepare() and self.ok and self.server is None and self.failed_start is None:
            self.failed_start = self._start(meanwhile)
        elif meanwhile is not None:
            meanwhile(lambda: True)  # no box boots: nothing to do ahead that the first case could wait for

    def run(self, args: Arguments, following: Arguments | None = None, known: Known | None = None,
            poll: bool = False) -> Outcome:
        """Run one input (arguments in signature order); start a server first if none is alive.
        `following`: the next input, sent once this one is answered so the box runs it while this
        one is checked (runner.Server.run); the next call must be for that same list. `known`: the
        answer expected, whose exact JSON is recognised without decoding it (protocol.Known). `poll`:
        wait for the answer polling at first, not sleeping (runner.Server.run)."""
        if not self.prepare() or not self.ok:
            return Outcome(Verdict.CE if self.compile_error is not None else Verdict.JE,
                       message=self.compile_error or self.judge_error or "")
        if self.server is None:
            if len(self.failed_starts) >= FAILED_STARTS and self.failed_start is None:
                # Code before `ready` (a C++ static initialiser, a Go init) that sleeps most of the start's
                # allowance, then exits, held the judge some 20 s for every case: it is not started again.
                last = self.failed_starts[-1]
                return replace(last, message=f"{last.message} (the server failed to start {len(self.failed_starts)} "
                                             f"times: not started again)", wall_ms=0.0, cpu_ms=None, output="")
            if len(self.slow_starts) >= FAILED_STARTS:
                # Each restart waited for code before `ready` (a Go init that sleeps, no CPU) up to the start's
                # allowance: with --keep-going that was some 20 s of the judge's time for every case.
                return replace(self.slow_starts[-1], message=f"{self.slow_starts[-1].message}, "
                                                              f"{len(self.slow_starts)} times: not started again")
            if self.ended is not None and self.restart_seconds > max(RESTART_BUDGET, RESTART_SHARE * self.runs):
                again = "once" if self.starts == 2 else f"{self.starts - 1} times"
                return replace(self.ended, message=f"{self.ended.message} (not run: the server was started "
                               f"again {again}, {self.restart_seconds:.1f} s in all)",
                               wall_ms=0.0, cpu_ms=None, memory_kb=None, output="")
            failed, self.failed_start = self.failed_start, None
            failed = failed or self._start(owed=self.ended is not None)
            if failed is not None:
                return failed
        assert self.server is not None  # _start() set it
        self.runs += 1
        self.ended = None
        reply = self.server.run(args, following, known, poll)
        if reply.status is Status.WALL_TIMEOUT and self.retries > 0:
            # The CPU limit is on the box's CPU time and load cannot trip it; the wall limit (3x CPU) can be
            # tripped by a machine busy with other work. So a wall time-out is given only when a fresh
            # server times out again on the same case (README, "Speed": how load is accounted for). The
            # fresh server's CPU time is added to the first one's: a box can leave its progress where the
            # next box finds it (page-cache timing, seccomp.py), and the retry would then finish the work.
            # Two per submission: one that waits out the wall limit whenever it can (its retry answers) would
            # otherwise cost the judge two wall limits and a restart on every case, never stopped by a TLE.
            self.retries -= 1
            spent = reply.cpu_ms or 0.0
            self._stop()
            if self._start() is None:
                reply = _with_spent(self.server.run(args, following, known, poll), spent, self.problem.limits.time)
        outcome = interpret(self.problem, reply)
        if self.language.numbers_are_doubles and outcome.verdict is None:
            outcome = replace(outcome, doubles=True)
        if outcome.verdict is Verdict.CE:  # a missing entry point shows on the first call
            # The line comes from the box, where the submission may write it: its text is never shown
            # (it could hold the case's input), and after an answer it cannot be true (a choice made
            # after seeing a case, when a CE would hide the verdict and cost no try in a contest).
            if self.answered:
                return replace(outcome, verdict=Verdict.RE,
                               message="the server said the entry point is missing, after it had answered a case")
            self.compile_error = no_entry(self.problem)
            self._stop()
            return replace(outcome, message=self.compile_error)
        self.answered = True
        # `restart`: a server that cannot kill a runaway case (JVM, Go) answers it so, then exits. Only with
        # those answers: Go and Java code can write the judge's pipe, and a forged `ok` line asking for a
        # restart made the judge start a fresh server (and wait out its init) for every case.
        restart = reply.data.get("restart") and reply.status in (Status.TIMEOUT, Status.MEMORY)
        if reply.status.fatal or restart or not self.server.alive:
            self._stop()
            self.ended = outcome
        return outcome

    def fresh(self) -> None:
        """End the server now: the next input starts a new one, which has seen none of the inputs before."""
        self._stop()
        self.ended = None  # the judge's choice: not the submission's restart

    def _start(self, meanwhile: Meanwhile | None = None, owed: bool = False) -> Outcome | None:
        """Start a server for the next input; None when it is ready, else what its failure means. `owed`:
        a case of the submission ended the last one, so this start counts to its restarts' time."""
        assert self.workdir is not None and self.prepared is not None  # prepare() made both before any server
        self.prepared.uncache()  # this box pays for the program's pages it reads, as for its heap
        server = Server(self._launch(), self.problem.limits, self.box, self.workdir)
        self.starts += 1
        start = server.start(meanwhile)
        if owed:
            self.restart_seconds += start.wall_ms / 1000
        if start.status is Status.READY:
            self.server = server
            if self.starts > 1 and start.wall_ms > SLOW_START * 1000:
                self.slow_starts.append(Outcome(Verdict.TLE, message=f"the server took {start.wall_ms / 1000:.1f} s "
                                                "to start again (its code before `ready`)"))
            return None
        server.stop()
        outcome = self._failed(start)
        if outcome.verdict is not Verdict.CE:
            self.failed_starts.append(outcome)
        return outcome

    def _failed(self, start: Reply) -> Outcome:
        """What a start that did not end `ready` means for the case it was for."""
        if start.status is Status.COMPILE_ERROR:
            if self.starts == 1 and not self.answered and not self.language.code_before_ready:
                self.compile_error = str(start.data.get("message", "")) or "compile error"
                return Outcome(Verdict.CE, message=self.compile_error)
            # A source the server compiles says so at its first start, before it has seen any case. Said by
            # a server started again (after a case), or where the submission's code runs before `ready`
            # (C++, Go: their compiler has spoken already), it is the submission's line: never a CE, whose
            # message is shown whatever the case's group and which costs no try in a contest.
            return Outcome(Verdict.RE, message="the server said the source does not compile, after its compiler "
                           "or an earlier start had accepted it", wall_ms=start.wall_ms, output=start.output)
        if start.status is Status.WALL_TIMEOUT:
            # Not the case's wall limit, which it never reached: its server's start ran out (a Python source
            # whose compile takes the start's whole allowance, code before `ready` that sleeps).
            return Outcome(Verdict.TLE, message=f"the server did not start within {start.wall_ms / 1000:.0f} s "
                           "(compiling the source, or the submission's code before the first case)",
                           wall_ms=start.wall_ms, output=start.output)
        return interpret(self.problem, start)

    def _launch(self) -> Launch:
        """How the box starts this submission's server: the language's argv with the pipes in its config."""
        language, prepared, problem = self.language, self.prepared, self.problem
        assert prepared is not None  # a server is started only for a prepared submission

        def argv(request_fd: int, response_fd: int, measured: bool) -> list[str]:
            config = language.config(problem, prepared)
            config.update(request_fd=request_fd, response_fd=response_fd, measured=measured,
                          cpu_backstop=CPU_BACKSTOP if measured else 0.0)
            return language.server_argv(prepared, config)

        return Launch(argv, tuple(Path(p) for p in prepared.mounts), language.code_before_ready,
                      language.answers_directly, tuple(Path(p) for p in prepared.hidden))

    def _stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def end_soon(self) -> None:
        """Its cases are done: kill its box now; close() waits for its end and releases it."""
        if self.server is not None:
            self.server.end_soon()

    def close_soon(self) -> None:
        """Its cases are done: kill its box now, and end it on a thread of its own (not a daemon: the
        process waits for it; wait_closed() for one that exits without joining its threads), beside
        the caller's next step, as warm.Warm.retire() does for a server started ahead. The kernel's
        teardown, the cgroups' removal and the folder's took 2.9 ms."""
        thread = threading.Thread(target=self._close_noted, name="judge-close", daemon=False)
        try:
            self.end_soon()
            _CLOSING.add(thread)
            thread.start()
        except BaseException as exc:  # interrupted, or no thread to be had: ended here, unless the thread runs
            if thread.ident is None:
                _CLOSING.discard(thread)
                self.close()
            if not isinstance(exc, Exception):  # an interrupt goes on; a box ended here is no failure
                raise

    def _close_noted(self) -> None:
        try:
            self.close()
        finally:
            _CLOSING.discard(threading.current_thread())

    def close(self) -> None:
        """End the server and remove the temp folder."""
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)
            self.workdir = None


#: The threads ending a box (Session.close_soon) that have not finished.
_CLOSING: set[threading.Thread] = set()


def wait_closed() -> None:
    """Wait until every box handed to a thread of its own (close_soon) has ended: for a process that
    may exit without joining its threads (a Celery prefork child), which would leave its cgroups."""
    for thread in list(_CLOSING):
        thread.join()


def _refused(source: Path, problem: Problem) -> str:
    """Why the file is not graded at all, before anything reads it; '' when it is."""
    if source.is_symlink():
        # A link in a hand-in (a zip, a git clone) could name any file the judge can read: a secret case
        # would then be compiled, and quoted back in the compiler's error. Only the file itself is graded.
        return "the submission is a symbolic link, not a file: not graded"
    try:
        stat = source.stat()
    except OSError:
        return ""  # the language's prepare says what is wrong with the file
    if stat.st_nlink > 1 and _package_file(problem.root, stat):
        # A hard link has no mark of its own (an unsafe tar extraction makes them): one that is a file
        # of the problem's package (a secret case, the reference) would be quoted by its compile error.
        return "the submission is a file of the problem's package (a hard link to it): not graded"
    if stat.st_size > MAX_SOURCE_BYTES:
        # Python and JavaScript compile a source before `ready`, into the memory the cases are measured
        # against: a 90 MiB literal would be held by every case uncounted. No solution is near this.
        return f"the source is larger than {MAX_SOURCE_BYTES >> 10} KiB"
    return ""


def _package_file(root: Path, stat: os.stat_result) -> bool:
    """Whether a file with `stat` (device and inode) is one of the problem package's files."""
    for folder, _, names in os.walk(root):
        for name in names:
            try:
                other = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            if (other.st_dev, other.st_ino) == (stat.st_dev, stat.st_ino):
                return True
    return False


def _with_spent(reply: Reply, spent: float, limit_s: float) -> Reply:
    """A retried case's reply with the first attempt's CPU time added; TLE when the two are over the limit."""
    if reply.cpu_ms is None:
        return reply
    total = reply.cpu_ms + spent
    # A second wall time-out whose two attempts are over the CPU limit is said as that: the reason a
    # reader can act on (runaway recursion in node fills its stack slowly, and under load each attempt
    # ran out of wall time under the CPU limit: "wall time limit exceeded" at 1,263 ms, round 28).
    answered = not reply.status.fatal and reply.status.verdict in (None, Verdict.WA)
    if total > limit_s * 1000 and (answered or reply.status is Status.WALL_TIMEOUT):
        return replace(reply, status=Status.TIMEOUT, data={}, cpu_ms=total,
                       exit_info=f"the box used {total:.0f} ms of CPU time over two attempts")
    return replace(reply, cpu_ms=total)


def no_entry(problem: Problem) -> str:
    """The judge's own words for a submission without the entry point the signature names."""
    sig = problem.signature
    wanted = (f"class {sig.class_name} with a method {sig.function}() or a function {sig.function}()"
              if sig.class_name else f"a function {sig.function}()")
    return f"no entry point: expected {wanted}"


def runtime_fatal(output: str) -> str:
    """The runtime's own reason for a process that ended without answering, from what it printed: Go's
    `fatal error: stack overflow` (with the limit its line before names), `fatal error: concurrent map
    writes`..."""
    limit = ""
    for line in output.splitlines():
        if line.startswith("runtime: goroutine stack exceeds"):
            limit = f" ({line.removeprefix('runtime: ')})"
        elif line.startswith("fatal error: "):
            return (line + limit)[:160]
    return ""


def interpret(problem: Problem, reply: Reply) -> Outcome:
    """What a reply means for the input: the protocol's table (judge/sandbox/protocol.py), then the
    answer's type, checked against the signature before any checker sees it."""
    data = reply.data
    # The judge's own measure from the box's cgroup; the harness's word only where there is none.
    cpu_ms = reply.cpu_ms if reply.cpu_ms is not None else data.get("cpu_ms")
    memory_kb = reply.memory_kb if reply.memory_kb is not None else data.get("mem_kb")
    common: _Measures = dict(wall_ms=reply.wall_ms, cpu_ms=cpu_ms, memory_kb=memory_kb, output=reply.output)
    verdict = reply.status.verdict
    if verdict is not None:
        exit_info = reply.exit_info
        if reply.status is Status.DIED and (fatal := runtime_fatal(reply.output)):
            exit_info = f"{exit_info}: {fatal}" if exit_info else fatal
        return Outcome(verdict, message=reply.status.message(data, problem.limits, exit_info), **common)
    value, returns = data["value"], problem.signature.answer_type or problem.signature.returns
    if reply.known:  # the expected answer, already checked against the type when it was made Known
        return Outcome(None, value=value, known=True, **common)
    wrong = values.mismatch(value, returns)
    if wrong:
        message = f"the answer is not {values.article(returns)} {returns}: {wrong}"
        return Outcome(Verdict.WA, value=value, message=message, **common)
    return Outcome(None, value=value, **common)
