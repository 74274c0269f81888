"""The first server started ahead (judge/grading/warm.py): taken over as it is, or ended unused."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from judge.grading.grade import Options, grade, grade_one
from judge.grading.warm import Warm
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.sandbox import hierarchy
from judge.sandbox.box import RlimitsBox, detect
from judge.sandbox.runner import Server
from judge.verdict import Verdict

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = load_problem("minesweeper")
CASES = load_cases(PROBLEM)[:3]
SUBMISSION = ROOT / "submissions" / "minesweeper" / "accepted" / "bfs_class.py"
WRONG = ROOT / "submissions" / "minesweeper" / "wrong_answer"


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_server_started_ahead_serves_every_case_and_is_the_only_one():
    warm = Warm(PROBLEM, SUBMISSION)
    warm.ready.wait(60)
    session = warm.session
    assert session is not None and session.server is not None and session.server.proc is not None
    pid = session.server.proc.pid
    try:
        result = grade_one(PROBLEM, CASES, SUBMISSION, Options(box=detect(), warm=warm))
    finally:
        warm.close()
    assert result.verdict is Verdict.AC, result
    assert all(c.cpu_ms is not None and c.memory_kb is not None for c in result.cases)  # measured from outside
    assert session.starts == 1
    warm.thread.join(10)  # execute() handed it back once its cases were done: the thread ended it
    assert not warm.thread.is_alive() and warm.session is None
    assert session.server is None and session.workdir is None and gone(pid)


def test_handed_back_after_the_cases_it_is_ended_without_close():
    warm = Warm(PROBLEM, SUBMISSION)
    result = grade_one(PROBLEM, CASES, SUBMISSION, Options(box=detect(), warm=warm))
    assert result.verdict is Verdict.AC
    warm.thread.join(10)  # no close(): retire() let the thread end
    assert not warm.thread.is_alive() and warm.session is None
    warm.close()  # and a close() after it changes nothing


def test_an_unused_server_is_ended_and_its_folder_removed():
    warm = Warm(PROBLEM, SUBMISSION)
    warm.ready.wait(60)
    session = warm.session
    assert session is not None and session.server is not None and session.workdir is not None
    workdir = session.workdir
    warm.close()
    warm.thread.join(10)
    assert not warm.thread.is_alive()
    assert session.server is None and not workdir.exists()


def test_closed_before_it_is_ready_the_thread_ends_it():
    warm = Warm(PROBLEM, SUBMISSION)
    warm.close()  # at once: the thread is still waiting for the self-test or the box
    warm.thread.join(60)
    assert not warm.thread.is_alive() and warm.session is None
    assert not warm.serves(PROBLEM, SUBMISSION, None)


def test_another_submission_or_box_is_graded_as_always():
    warm = Warm(PROBLEM, SUBMISSION)
    try:
        other = next(WRONG.glob("*.py"))
        assert not warm.serves(PROBLEM, other, None)
        plain = RlimitsBox(reason="test")
        warm.ready.wait(60)
        assert not warm.serves(PROBLEM, SUBMISSION, plain)
        result = grade_one(PROBLEM, CASES, SUBMISSION, Options(box=plain, warm=warm))
        assert result.verdict is Verdict.AC
        assert warm.session is not None  # still there, unused, for close()
    finally:
        warm.close()
    warm.thread.join(10)
    assert warm.session is None and not warm.thread.is_alive()


def test_what_went_wrong_at_the_early_start_is_the_verdict_as_always():
    broken = ROOT / "submissions" / "minesweeper" / "compile_error" / "syntax_error.py"
    warm = Warm(PROBLEM, broken)
    try:
        early = grade_one(PROBLEM, CASES, broken, Options(box=detect(), warm=warm))
    finally:
        warm.close()
    plain = grade_one(PROBLEM, CASES, broken, Options(box=detect()))
    assert early.verdict is plain.verdict is Verdict.CE
    assert early.message == plain.message
    warm.thread.join(10)
    assert not warm.thread.is_alive()


# ------------------------------------------------------------------ several submissions: each next one ahead

def _warm_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "judge-warm"]


def test_each_next_submission_is_started_ahead_once_and_nothing_is_left(monkeypatch):
    sources = [SUBMISSION, *sorted(WRONG.glob("*.py"))[:3], SUBMISSION.with_name("bare_function.py")]
    starts: list[str] = []
    real = Server.start

    def start(self, meanwhile=None):
        starts.append(threading.current_thread().name)
        return real(self, meanwhile)

    monkeypatch.setattr(Server, "start", start)
    results = grade(PROBLEM, CASES, sources, Options(jobs=1))
    alone = [grade_one(PROBLEM, CASES, s, Options()) for s in sources]
    assert [(r.submission, r.verdict) for r in results] == [(r.submission, r.verdict) for r in alone]
    # One server per submission; all but the first were started ahead, on a thread of their own.
    assert len(starts) == 2 * len(sources) and starts[len(sources):].count("judge-warm") == 0
    assert starts[:len(sources)].count("judge-warm") == len(sources) - 1
    for thread in _warm_threads():
        thread.join(10)
    assert not _warm_threads()


def test_an_interrupt_ends_the_servers_started_ahead():
    sources = [SUBMISSION, *sorted(WRONG.glob("*.py"))[:3]]

    def stop(result):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grade(PROBLEM, CASES, sources, Options(jobs=1), progress=stop)
    for thread in _warm_threads():
        thread.join(10)
    assert not _warm_threads()
    found = hierarchy.detect()
    if found is not None:  # no box's cgroup is left behind either
        assert not [g for parent in set(found.parents.values()) for g in parent.glob(f"judge-{os.getpid()}-*")]


def test_launched_is_set_once_the_servers_process_runs_before_its_ready_is_awaited(monkeypatch):
    """`judge grade` waits for `launched` before its own imports (cli/grading.py): it must come as the
    box starts booting, not after (the wait would then be the whole start), and after a failed start too."""
    seen = []
    exchange = Server._exchange

    def watched(self, payload, *args, **kwargs):
        if not seen:  # start()'s wait for `ready`: the process runs, the box boots
            seen.append((self.proc is not None and self.proc.poll() is None, warm.launched.is_set()))
        return exchange(self, payload, *args, **kwargs)

    monkeypatch.setattr(Server, "_exchange", watched)
    warm = Warm(PROBLEM, SUBMISSION)
    try:
        assert warm.launched.wait(60) and warm.ready.wait(60)
        assert seen == [(True, True)], seen
    finally:
        warm.close()
    broken = Warm(PROBLEM, ROOT / "submissions" / "minesweeper" / "compile_error" / "syntax_error.py")
    try:
        assert broken.ready.wait(60) and broken.launched.is_set()
    finally:
        broken.close()
    warm.thread.join(10)
    broken.thread.join(10)


def test_a_handed_back_servers_box_is_killed_before_its_thread_wakes(monkeypatch):
    """retire() kills the box itself (one signal): the thread that then ends the session only waits for
    that end and releases the box. Here that thread is held back, and the box is gone all the same."""
    from judge.grading.session import Session

    hold, real_close = threading.Event(), Session.close

    def held_close(self):
        hold.wait(30)
        real_close(self)

    monkeypatch.setattr(Session, "close", held_close)
    warm = Warm(PROBLEM, SUBMISSION)
    try:
        session = warm.take(detect())
        assert session is not None and session.server is not None and session.server.proc is not None
        pid = session.server.proc.pid
        warm.retire(session)
        for _ in range(200):  # killed, it is a zombie until reaped: no longer running
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state == "Z":
                break
            threading.Event().wait(0.01)
        assert state == "Z", state
    finally:
        hold.set()
        warm.close()
        warm.thread.join(10)
    assert gone(pid)


def test_a_server_started_from_a_daemon_thread_is_still_waited_for():
    """Red-team round 25: a lane starts its next submission's server from a daemon thread (lanes._Next),
    and a thread is a daemon if its maker is: the process's end (shutdown.end) did not wait for it, and
    exited in the middle of the box's teardown, leaving its cgroup folders behind on every run."""
    made: list[Warm] = []
    maker = threading.Thread(target=lambda: made.append(Warm(PROBLEM, SUBMISSION, eager=False)), daemon=True)
    maker.start()
    maker.join(30)
    try:
        assert made and not made[0].thread.daemon
    finally:
        made[0].close()
        made[0].thread.join(30)
