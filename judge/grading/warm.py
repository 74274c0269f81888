"""The first submission's server, started on a thread while the judge still imports and loads the cases.

A one-submission `judge grade` used to pay, one after the other: the imports, the case files, the
sandbox's self-test, then the server's start (bubblewrap, cgroups, the interpreter: 30-45 ms of
waiting on the kernel more than of CPU). Here the server's box starts the moment the problem and the
submission are known, on the box `detect()` gives once its self-test has passed (it waits for it:
nothing starts in a box that is not known to hold), and the judge's own work goes on meanwhile.
The session is the one `grade.execute` would have made, with the same box, limits and launch; no
case is sent until `execute` takes it over, so nothing of the submission runs earlier than before
(a runtime that runs code before `ready`, Java or Go, charges it to the first case as usual).
Only a box with the full guarantees is started ahead: without the sandbox or its cgroups, the
command first warns (or refuses, with --require-sandbox) and the session starts as it always did.

Grading several submissions, each lane (lanes.run_lane) starts its next submission's server this way
while it grades the one before: its compilation, its box's cgroup and its interpreter's start then
cost no lane any wall time, and neither does a finished box's teardown, which runs on that same thread.
"""

from __future__ import annotations

import threading
from pathlib import Path

from judge import switching
from judge.grading.session import Session
from judge.problems.problem import Problem
from judge.sandbox.box import Box, detect


class Warm:
    """One session being started ahead for `source`; `take()` hands it over, `retire()` hands it
    back once its cases are done, `close()` ends it unused.

    The thread that starts the server lives until retire() or close() and ends the session itself:
    bubblewrap's --die-with-parent kills the box when the thread that started it ends, not only the
    process."""

    def __init__(self, problem: Problem, source: Path, box: Box | None = None, eager: bool = True):
        """Start now; `box`: the one to start it in (detect()'s by default); `eager`: give the
        starting thread the GIL sooner while the judge is busy meanwhile (a command's first server)."""
        self.problem, self.source, self.box = problem, Path(source).resolve(), box
        self.given = Path(source)   # as given (a symbolic link is refused as such, not followed)
        self.session: Session | None = None
        self.lock = threading.Lock()
        self.ready = threading.Event()      # the start is over, whatever came of it
        self.launched = threading.Event()   # the server's process is started (its box boots), or the start is over
        self.released = threading.Event()   # close() was called: the thread may end
        if eager:  # its start's steps get the GIL back sooner while the judge imports and loads (switching.py)
            switching.hurry()
        # Never a daemon, whatever thread makes it (a new thread is a daemon if its maker is: lanes._Next
        # is): the process waits for it to end its box, which an exit in the middle of left in its cgroups.
        self.thread = threading.Thread(target=self._start, args=(eager,), name="judge-warm", daemon=False)
        try:
            self.thread.start()
        except BaseException:  # interrupted while the thread starts: nobody will hold this Warm to close it
            self.released.set()
            raise

    def _start(self, eager: bool) -> None:
        try:
            box = self.box or detect()
            if box.isolated and not box.shortfall() and not box.unfiltered():
                try:  # the ordinary path makes it again and reports what is wrong (an unknown language)
                    session = Session(self.problem, self.given, box=box)
                except Exception:
                    return
                try:
                    if session.prepare():
                        session.begin(lambda _spoke: self.launched.set())
                except Exception:  # the ordinary path starts it again and reports what goes wrong
                    session.close()
                else:
                    with self.lock:
                        self.session = session
        finally:
            if eager:
                switching.calm()
            self.ready.set()
            self.launched.set()
        self.released.wait()
        self._end()

    def serves(self, problem: Problem, source: Path, box: Box | None) -> bool:
        """Whether this is the submission and problem being started ahead, on `box` if started (before take())."""
        if self.released.is_set() or problem is not self.problem or Path(source).resolve() != self.source:
            return False
        return box is None or not self.ready.is_set() or (self.session is not None and self.session.box is box)

    def take(self, box: Box | None) -> Session | None:
        """The started session once ready (waiting for it), or None when none was started for `box`."""
        self.ready.wait()
        with self.lock:
            session, self.session = self.session, None
        if session is not None and box is not None and session.box is not box:
            session.close()
            return None
        return session

    def retire(self, session: Session) -> None:
        """Hand back the session take() gave once its cases are done: the thread ends it now, while
        the judge checks the last answers and draws the report (the box's teardown is then no longer
        between the last case and the report). Its box is killed here, the kernel's part of the teardown
        then beginning without waiting for the thread to wake."""
        session.end_soon()
        with self.lock:
            if not self.released.is_set():
                self.session = session
                self.released.set()
                return
        session.close()

    def close(self) -> None:
        """Let the thread end, and with it the session unless taken: the box's teardown runs there,
        beside the judge's own work (a re-grade that reuses a stored result does not wait for it)."""
        self.released.set()

    def _end(self) -> None:
        with self.lock:
            session, self.session = self.session, None
        if session is not None:
            session.close()
