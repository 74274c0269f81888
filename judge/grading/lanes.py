"""`--jobs N`: N lanes, each grading one submission at a time; all but the first in a process of its own.

A lane in a thread of the judge's process shares one interpreter lock with every other lane: each
case's checking, and each system call on the way (a pipe read, a cgroup counter), waits for it, and
so do the boxes waiting for their next request. Measured on two cores, lanes in threads reached 75-83%
of what two cores can give, two separate judge processes 87-95%. So the first lane runs in the calling thread
and each other in a child process (`python -m judge.grading.lanes`), which gets the problem, the
cases and the options once, then one submission at a time.

Every lane starts the next submission it will grade while it grades the current one (warm.Warm), so a
child is always sent two: the one to grade and the one after it (or none). It takes that next one on a
thread of its own (_Next), as a child is sent it in answer to its last result. Submissions go to lanes as
they free up, in the order given; results come back in that order. What a child is sent is a pickle
of the judge's own values; what it sends back is each result as the judge's own JSON
(results/serialize.py), read strictly, so nothing that reaches a child's pipe can make the judge
build anything but a result record. A child is not dumpable: no other process of its user can open
its pipes through /proc.
On Ctrl-C every child is interrupted too and ends its boxes; what finished before has had `progress`.
A child that dies leaves its submissions JE ("the grading lane ... ended"), never lost; a child whose
judge dies is interrupted (PR_SET_PDEATHSIG) and ends its boxes.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO

from judge.grading.grade import CaseData, Options, Stopped, grade_one, judge_error_result
from judge.grading.lane_process import Child, Item, read_frame, receive, take_children, write_frame
from judge.grading.warm import Warm
from judge.problems.cases import Case
from judge.problems.problem import Problem
from judge.sandbox import hierarchy
from judge.sandbox.box import Box, detect
from judge.verdict import SubmissionResult

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4


def send_result(stream: IO[bytes], index: int, result: SubmissionResult) -> None:
    """To the judge: a result as the judge's own JSON (results/serialize.py), answers included."""
    from judge.results import serialize

    write_frame(stream, json.dumps({"index": index, "result": serialize.result_to_json(result)}).encode())


def receive_result(stream: IO[bytes]) -> tuple[int, SubmissionResult]:
    """From a child: the next result, read strictly; EOFError when it is gone, ValueError when malformed."""
    from judge.results import serialize

    data = json.loads(read_frame(stream))
    if not isinstance(data, dict) or type(data.get("index")) is not int:
        raise ValueError("a lane's result without its index")
    return data["index"], serialize.result_from_json(data.get("result"))


class _Next:
    """A lane's next submission: taken, and its server started, on a thread of its own while the lane
    grades the current one. A child lane is sent its next submission in answer to its last result:
    waiting for that before grading on left it idle 10-20 ms a submission (its result encoded, the
    judge's thread woken, the result decoded, the answer sent back)."""

    def __init__(self, problem: Problem, box: Box | None, take: Callable[[], Item], made: list[_Next]) -> None:
        """Start taking it now; noted in `made` before its thread starts, so that an interrupt anywhere
        from there on (the thread's start, the return from here) still finds it to abandon."""
        made.append(self)
        self.item: Item = None
        self.warm: Warm | None = None
        self.failed: BaseException | None = None
        self.abandoned = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._take, args=(problem, box, take), daemon=True,
                                       name="judge-next")
        self.thread.start()

    def _take(self, problem: Problem, box: Box | None, take: Callable[[], Item]) -> None:
        try:
            item = take()
            with self.lock:
                self.item = item
                if item is not None and not self.abandoned:
                    self.warm = Warm(problem, item[1], box, eager=False)
        except BaseException as exc:  # an interrupt in take() (tests), a failed thread start: the lane's to raise
            self.failed = exc

    def result(self) -> tuple[Item, Warm | None]:
        """The next submission and its server being started (None, None when there is none)."""
        self.thread.join()
        if self.failed is not None:
            raise self.failed
        return self.item, self.warm

    def abandon(self) -> None:
        """The lane is interrupted: end the server started, and start none from now on (the thread may
        still wait for a submission that never comes; it does not keep the process alive)."""
        with self.lock:
            self.abandoned, warm, self.warm = True, self.warm, None
        if warm is not None:
            warm.close()


def run_lane(problem: Problem, cases: Sequence[Case], options: Options, shared: CaseData,
             take: Callable[[], Item], report: Callable[[int, SubmissionResult], None],
             first: Warm | None = None) -> None:
    """Grade what `take()` gives until it gives None, taking and starting each next one while the current
    is graded. `first`: a server started ahead by the caller, who ends it; it serves the first submission
    if it is that one's (execute() checks), else it is simply not used."""
    current, warm = take(), first
    made: list[_Next] = []   # each _Next, until the server it started is `warm`
    try:
        while current is not None:
            following = _Next(problem, options.box, take, made)
            try:
                result = grade_one(problem, cases, current[1], replace(options, warm=warm), shared)
            finally:
                if warm is not None and warm is not first:
                    warm.close()  # taken and handed back by execute(), or never used: ends it
            warm = None
            report(current[0], result)
            current, warm = following.result()
            made.clear()
    except BaseException:
        # An interrupt between two submissions (a SIGTERM as the next one's server starts) must end both
        # started servers too: their threads are not daemons, and the judge waited for them for ever.
        for following in made:
            following.abandon()
        if warm is not None and warm is not first:
            warm.close()
        raise


def grade(problem: Problem, cases: Sequence[Case], sources: Sequence[Path], options: Options, jobs: int,
          progress: Callable[[SubmissionResult], None] | None, shared: CaseData) -> list[SubmissionResult]:
    """grade.grade()'s work on `jobs` lanes (jobs >= 2, more sources than one): results in the order given."""
    results: list[SubmissionResult | None] = [None] * len(sources)
    queue = list(enumerate(Path(s) for s in sources))
    queue.reverse()                 # popped from the end: in the order given
    lock = threading.Lock()         # the queue, the results and progress()
    stopping = threading.Event()

    def take() -> Item:
        with lock:
            return None if stopping.is_set() or not queue else queue.pop()

    def take_early(child: Child) -> Item:
        """The submission the child started ahead if it is still to grade (for this problem), else the next."""
        if child.early is not None and child.problem is problem:
            early = child.early.resolve()
            with lock:
                for k, (_, path) in enumerate(queue):
                    if path.resolve() == early:
                        return queue.pop(k)
        return take()

    def report(index: int, result: SubmissionResult) -> None:
        with lock:
            if stopping.is_set():
                return
            results[index] = result
        if progress is not None:
            progress(result)

    # Each lane's first submission, then each one's next, so that the first `jobs` start at once: this
    # lane's first is sources[0], whose server the command may have started ahead; a child's is the one
    # it started early (prepare()) if that is still to grade.
    setup = {"problem": problem, "cases": list(cases), "options": replace(options, warm=None, jobs=1)}
    children = take_children(jobs - 1)
    mine = [take()]
    for child in children:
        # Sent to it already with its early start: the same problem, not a copy that is not the same object.
        child.begin({**setup, "problem": None} if child.problem is problem else setup)
        child.give(take_early(child))
    mine.append(take())
    for child in children:
        child.give(take())
    readers = [threading.Thread(target=_read, args=(child, take, report, cases, sources), daemon=True,
                                name="judge-lane") for child in children]
    for reader in readers:
        reader.start()
    given = iter(mine)

    def take_mine() -> Item:
        return next(given, None) or take()

    try:
        run_lane(problem, cases, options, shared, take_mine, report, options.warm)
        for reader in readers:
            reader.join()
    except BaseException:
        stopping.set()
        shared.stopped.set()
        for child in children:
            child.interrupt()
        raise
    finally:
        for child in children:
            child.close()
        for reader in readers:
            reader.join(5)
    return [r for r in results if r is not None]


def _read(child: Child, take: Callable[[], Item], report: Callable[[int, SubmissionResult], None],
          cases: Sequence[Case], sources: Sequence[Path]) -> None:
    """A child's results as they come, each answered with its next submission; JE for what a dead one held."""
    try:
        while child.held:
            index, result = receive_result(child.from_child)
            if index not in child.held:
                raise ValueError(f"a result for submission {index}, which it was not given")
            child.held.remove(index)
            report(index, result)
            child.give(take())
    except (EOFError, OSError, ValueError) as exc:  # JSONDecodeError and UnicodeError are ValueErrors
        child.interrupt()  # a lane that sent an unreadable line is ended too: nothing more is read from it
        code = child.proc.poll()
        why = (f"the grading lane (process {child.proc.pid}) sent an unreadable result: {str(exc)[:200]}"
               if isinstance(exc, ValueError) else
               f"the grading lane (process {child.proc.pid}) ended" + (f" with code {code}" if code else ""))
        for index in child.held:
            report(index, judge_error_result(cases, sources[index], why))
        child.held.clear()


def _private_channels() -> tuple[IO[bytes], IO[bytes]]:
    """The frames' pipes on descriptors of their own; stdin and stdout become /dev/null, so that
    nothing the lane's code or a process it starts prints or reads can reach the frames."""
    inbox = os.fdopen(os.dup(0), "rb")
    outbox = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    return inbox, outbox


# Set by the first interrupt, and as main()'s clean-up begins: from then on a signal, even one already
# pending, interrupts nothing.
_ENDING = [False]


def _interrupted(signum: int, frame: object) -> None:
    """SIGTERM and SIGINT: Ctrl-C, once. Ctrl-C reaches a lane twice (from its terminal, then from its
    judge, a few ms apart): the second landed in the clean-up the first began (a box handed back, a
    group being removed) and left that box's cgroup folders, or a server nobody ended."""
    if not _ENDING[0]:
        _ENDING[0] = True
        raise KeyboardInterrupt


def _end_with_parent() -> None:
    """A lane whose judge is killed is interrupted (it ends its boxes) rather than grading on alone;
    and no process of the same user can reach its pipes through /proc."""
    signal.signal(signal.SIGTERM, _interrupted)
    signal.signal(signal.SIGINT, _interrupted)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)  # its pipes stay its own: /proc/PID/fd becomes root's
    except (OSError, AttributeError):  # not Linux: it ends at its next frame instead
        pass
    if str(os.getppid()) != os.environ.get("JUDGE_LANE_PARENT", str(os.getppid())):
        raise SystemExit(0)  # the judge was gone before the line above


def main() -> int:
    """A child lane: the setup, then one submission at a time from stdin, each result on stdout.
    Interrupted (Ctrl-C, or its judge gone) at any point, it ends its boxes and exits quietly."""
    inbox, outbox = _private_channels()
    started: list[Warm] = []
    # Probe the v1 cgroups now (and sweep what killed judges left), while this process imports and reads its setup.
    threading.Thread(target=hierarchy.probe_v1, name="judge-cgroups", daemon=False).start()
    try:
        _end_with_parent()
        return _serve(inbox, outbox, started)
    except (KeyboardInterrupt, Stopped, BrokenPipeError, EOFError):
        return 130
    finally:
        # From here on nothing interrupts the clean-up: a server's thread that is never let go would
        # keep the process (and its box) alive. The flag comes first, a plain store: a signal pending
        # here (the judge's exit, PR_SET_PDEATHSIG) runs its handler at the next call, signal.signal()
        # below included, and left the lane hung once in CI.
        _ENDING[0] = True
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for warm in started:
            warm.close()  # after its cases, or never used (that submission went elsewhere)


def _serve(inbox: IO[bytes], outbox: IO[bytes], started: list[Warm]) -> int:
    """The child lane's work: its early submission if any (noted in `started`), its setup, then its
    submissions."""
    early: Warm | None = None
    problem: Problem | None = None
    try:
        setup = receive(inbox)
        if isinstance(setup, tuple) and setup[0] == "early":   # a submission to start while the judge loads
            problem = setup[1]
            # In the judge's box when it sent it: its self-test passed there, this process runs none.
            early = Warm(setup[1], setup[2], box=setup[3], eager=False)
            started.append(early)
            setup = receive(inbox)
    except EOFError:  # the judge did not need this lane after all
        return 0
    problem = setup["problem"] or problem
    assert problem is not None  # the judge sends it unless it sent it with the early submission
    cases, options = setup["cases"], setup["options"]
    if early is not None and options.box is not None:
        # The early server's box (the judge's, sent with it, or this process's own detect()) and the one in
        # the options are copies, other objects: the early server serves only a submission of its own box.
        found = early.box or detect()
        if type(found) is type(options.box) and found.limits == options.box.limits:
            options = replace(options, box=found)
    shared = CaseData(problem, cases)

    def take() -> Item:
        try:
            item: Item = receive(inbox)
        except EOFError:
            return None
        return item

    def report(index: int, result: SubmissionResult) -> None:
        send_result(outbox, index, result)

    run_lane(problem, cases, options, shared, take, report, early)
    return 0


if __name__ == "__main__":
    from judge import shutdown

    shutdown.end(main())
