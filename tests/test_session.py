"""One submission across many inputs (judge/grading/session.py): what a reply means, and when."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from judge.errors import UsageError
from judge.grading.grade import Options, execute, find_submissions
from judge.grading.session import MAX_SOURCE_BYTES, _with_spent, runtime_fatal
from judge.problems.problem import load_problem
from judge.sandbox.protocol import Status
from judge.sandbox.runner import Reply

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = load_problem("minesweeper")
ATTACKS = ROOT / "tests" / "attacks"
SUBMISSIONS_ACCEPTED = ROOT / "submissions" / "minesweeper" / "accepted"


def test_a_retried_case_is_charged_the_first_attempts_cpu_time():
    """A wall time-out is retried in a fresh box; whatever the first box did counts too, so work left
    where the next box finds it (a timing channel) cannot finish a case over the limit in two halves."""
    within = _with_spent(Reply(Status.OK, {"value": 1}, cpu_ms=300.0), 400.0, 1.0)
    assert within.status is Status.OK and within.cpu_ms == 700.0
    over = _with_spent(Reply(Status.OK, {"value": 1}, cpu_ms=650.0), 800.0, 1.0)
    assert over.status is Status.TIMEOUT and over.cpu_ms == 1450.0 and "two attempts" in over.exit_info
    assert over.status.verdict.value == "TLE"
    crashed = _with_spent(Reply(Status.EXCEPTION, {"type": "E", "message": ""}, cpu_ms=650.0), 800.0, 1.0)
    assert crashed.status is Status.EXCEPTION   # a crash stays what it is
    unmeasured = Reply(Status.OK, {"value": 1})
    assert _with_spent(unmeasured, 800.0, 1.0) is unmeasured
    # Two wall time-outs over the CPU limit between them: said as the CPU limit (round 28).
    slow = _with_spent(Reply(Status.WALL_TIMEOUT, {}, cpu_ms=600.0), 663.0, 1.0)
    assert slow.status is Status.TIMEOUT and slow.cpu_ms == 1263.0 and "two attempts" in slow.exit_info
    waited = _with_spent(Reply(Status.WALL_TIMEOUT, {}, cpu_ms=3.0), 2.0, 1.0)
    assert waited.status is Status.WALL_TIMEOUT   # a sleeper's stays the wall's


def test_a_source_over_the_cap_is_a_compile_error(tmp_path):
    """A source is compiled before `ready`, into memory no case is charged: a huge literal is refused."""
    path = tmp_path / "huge.py"
    path.write_text("TABLE = b'" + "x" * MAX_SOURCE_BYTES + "'\nclass Solution:\n"
                    "    def updateBoard(self, board, click):\n        return board\n")
    run = execute(PROBLEM, path, [[[["E"]], [0, 0]]], Options())
    assert run.compile_error == f"the source is larger than {MAX_SOURCE_BYTES >> 10} KiB"


def test_a_symbolic_link_is_never_followed_to_what_it_names(tmp_path):
    """A link in a hand-in could name a secret case, which the compiler would then quote: found in a
    folder it is no submission, named on the command line it is refused, and a session given one
    anyway grades nothing (CE) and reads nothing through it."""
    secret = ROOT / "problems" / "minesweeper" / "cases" / "secret" / "clicks.yaml"
    hand_in = tmp_path / "hand-in"
    hand_in.mkdir()
    (hand_in / "Sneaky.java").symlink_to(secret)
    (hand_in / "solution.py").write_text((ROOT / "problems" / "minesweeper" / "reference.py").read_text())
    assert find_submissions([hand_in]) == [hand_in / "solution.py"]
    told = []
    assert find_submissions([hand_in], lambda path, why: told.append((path, why))) == [hand_in / "solution.py"]
    assert told == [(hand_in / "Sneaky.java", "a symbolic link, passed over (a link is not a submission: hand in "
                                               "the file it names)")]   # `judge grade` warns of it
    with pytest.raises(UsageError, match="a symbolic link"):
        find_submissions([hand_in / "Sneaky.java"])
    run = execute(PROBLEM, hand_in / "Sneaky.java", [[[["E"]], [0, 0]]], Options())
    assert run.compile_error == "the submission is a symbolic link, not a file: not graded"


def test_a_hard_link_to_a_file_of_the_package_is_not_graded(tmp_path):
    """A hard link (an unsafe tar extraction makes them) to a secret case: CE in the judge's words,
    nothing of the file compiled or quoted."""
    secret = ROOT / "problems" / "minesweeper" / "cases" / "secret" / "clicks.yaml"
    link = tmp_path / "Sneaky.java"
    try:
        os.link(secret, link)
    except OSError as exc:
        pytest.skip(f"no hard link from {tmp_path} to the package here: {exc}")
    run = execute(PROBLEM, link, [[[["E"]], [0, 0]]], Options())
    assert run.compile_error == "the submission is a file of the problem's package (a hard link to it): not graded"


def test_waiting_out_the_wall_limit_is_retried_twice_then_tle(tmp_path):
    """A submission that sleeps on every case but a server's first (its retry, in a fresh server,
    answers) would cost two wall limits and a restart on every case, never stopped by a TLE: two
    wall time-outs per submission are confirmed in a fresh server, the next one is TLE at once."""
    quick = replace(PROBLEM, limits=replace(PROBLEM.limits, time=0.2, wall_time=0.6))
    path = tmp_path / "waits.py"
    path.write_text("import sys, time\n\nclass Solution:\n    def updateBoard(self, board, click):\n"
                    "        served = getattr(sys, '_served', 0)\n        sys._served = served + 1\n"
                    "        if served:\n            time.sleep(2)\n"
                    "        board[click[0]][click[1]] = 'X'\n        return board\n")
    run = execute(quick, path, [[[["M"]], [0, 0]]] * 5, Options(skip_after_limit=False))
    verdicts = [o.verdict.value if o.verdict else "answered" for o in run.outcomes]
    assert verdicts[:4] == ["answered", "answered", "answered", "TLE"], verdicts
    assert "wall" in run.outcomes[3].message


def test_a_server_that_fails_to_start_twice_is_not_started_again(tmp_path):
    """Code before `ready` (a Go init()) that sleeps most of the start's allowance and then exits held
    the judge some 20 s for every case; after two failed starts the rest get that verdict."""
    from judge.grading.session import FAILED_STARTS, Session
    from judge.problems.cases import load_cases
    from judge.verdict import Verdict

    source = tmp_path / "dies_at_start.go"
    source.write_text('import "os"\n\nfunc init() { os.Exit(1) }\n\n'
                      "func updateBoard(board [][]byte, click []int) [][]byte { return board }\n")
    cases = load_cases(PROBLEM)[:5]
    with Session(PROBLEM, source) as session:
        outcomes = [session.run(case.arg_list(PROBLEM)) for case in cases]
    assert session.starts == FAILED_STARTS == 2
    assert [o.verdict for o in outcomes] == [Verdict.RE] * 5, outcomes
    assert "not started again" in outcomes[-1].message and "not started again" not in outcomes[1].message


def test_a_process_that_ended_says_the_go_runtimes_reason():
    """Go's stack overflow is fatal to the process: its RE gives the runtime's line, not an exit code alone."""
    output = ("runtime: goroutine stack exceeds 67108864-byte limit\nruntime: sp=0xc0041e0368\n"
              "fatal error: stack overflow\n\nruntime stack:\nruntime.throw(...)\n")
    assert runtime_fatal(output) == "fatal error: stack overflow (goroutine stack exceeds 67108864-byte limit)"
    assert runtime_fatal("fatal error: concurrent map writes\n") == "fatal error: concurrent map writes"
    assert runtime_fatal("Traceback (most recent call last):\nValueError: x\n") == ""
    assert len(runtime_fatal("fatal error: " + "x" * 500)) == 160


def test_restarts_that_wait_out_a_slow_start_are_bounded(monkeypatch, tmp_path):
    """Red-team round 12: a Go init() that sleeps (no CPU) before `ready`, with every case ending its
    server (a crash, or a forged answer line asking for a restart), held the judge the whole start
    for every case. After FAILED_STARTS slow restarts the server is not started again."""
    from judge.grading import session
    from judge.verdict import Verdict

    monkeypatch.setattr(session, "SLOW_START", 0.3)
    path = tmp_path / "slow_init.go"
    path.write_text('import (\n\t"os"\n\t"time"\n)\n\nfunc init() { time.Sleep(600 * time.Millisecond) }\n\n'
                    "func updateBoard(board [][]byte, click []int) [][]byte {\n\tos.Exit(3)\n\treturn board\n}\n")
    board = [[list("EEEEE"), list("EEMEE"), list("EEEEE")], [0, 0]]
    outcomes = execute(PROBLEM, path, [board] * 6, Options(skip_after_limit=False)).outcomes  # as --keep-going
    assert [o.verdict for o in outcomes] == [Verdict.RE] * 3 + [Verdict.TLE] * 3, outcomes
    assert "to start again" in outcomes[-1].message and "2 times: not started again" in outcomes[-1].message


def test_restarts_are_bounded_by_their_time_in_all(monkeypatch):
    """Red-team round 27: restarts of 4.9 s each, just under SLOW_START (a Go init that sleeps, every
    case ending its process), were never slow, and held the judge 14 minutes over 106 cases. Past
    RESTART_BUDGET seconds of restarts in all (or RESTART_SHARE a case run, the larger) the server is
    not started again: the remaining cases get the verdict of the case that ended the last one, unrun.
    (A Python case that kills its server, with a budget smaller than a Python start: the rule, not the
    figures.)"""
    from judge.grading import session
    from judge.verdict import Verdict

    monkeypatch.setattr(session, "RESTART_BUDGET", 0.001)
    monkeypatch.setattr(session, "RESTART_SHARE", 0.0)
    board = [[list("EEEEE"), list("EEMEE"), list("EEEEE")], [0, 0]]
    with session.Session(PROBLEM, ATTACKS / "kill_parent.py") as kept:
        outcomes = [kept.run(board) for _ in range(5)]
    assert [o.verdict for o in outcomes] == [Verdict.RE] * 5, outcomes
    assert kept.starts == 2, kept.starts  # the first, and one restart: then the budget is spent
    assert all("not run: the server was started again once" in o.message and o.cpu_ms is None
               for o in outcomes[2:]), outcomes
    assert "not run" not in outcomes[1].message
    # The review of round 27: a server the judge ended itself (fresh(): a case of a group shown in full
    # gets a server of its own) is no restart of the submission's, and a case after it is run.
    with session.Session(PROBLEM, SUBMISSIONS_ACCEPTED / "bfs_class.py") as honest:
        for _ in range(4):
            honest.fresh()
            assert honest.run(board).verdict is None
    assert honest.starts == 4 and honest.restart_seconds == 0.0


def test_a_server_that_does_not_start_in_time_says_so(monkeypatch, tmp_path):
    """Round 27: a Python source whose compile took 48 s (36,000 nested code objects) was TLE "wall time
    limit (3 s) exceeded" after 23 s: the start's allowance had run out, not the case's wall limit."""
    from judge.grading import session
    from judge.sandbox import runner
    from judge.verdict import Verdict

    monkeypatch.setattr(runner, "START_TIMEOUT", 0.0)  # the start may take the case's wall limit alone
    source = tmp_path / "sleeps_at_start.go"
    source.write_text('import "time"\n\nfunc init() { time.Sleep(6 * time.Second) }\n\n'
                      "func updateBoard(board [][]byte, click []int) [][]byte { return board }\n")
    with session.Session(PROBLEM, source) as kept:
        outcome = kept.run([[["E"]], [0, 0]])
    assert outcome.verdict is Verdict.TLE and "the server did not start within 3 s" in outcome.message, outcome


def test_a_restart_is_asked_only_with_a_limit_the_server_cannot_enforce(tmp_path):
    """A forged `ok` line with `"restart": true` (Go and Java code can write the judge's pipe) does not
    make the judge start a fresh server; the harness's own line for that case then arrives late (RE)."""
    path = tmp_path / "forged_restart.go"
    path.write_text('import (\n\t"encoding/json"\n\t"os"\n)\n\nvar n int64\n\n'
                    "func updateBoard(board [][]byte, click []int) [][]byte {\n"
                    "\tvar cfg struct{ R int `json:\"response_fd\"` }\n\tjson.Unmarshal([]byte(os.Args[1]), &cfg)\n"
                    "\tn++\n\tline, _ := json.Marshal(map[string]any{\"status\": \"ok\", "
                    "\"value\": [][]string{{\"B\"}}, \"id\": n, \"restart\": true})\n"
                    "\tos.NewFile(uintptr(cfg.R), \"r\").Write(append(line, '\\n'))\n\treturn board\n}\n")
    from judge.grading.session import Session

    with Session(PROBLEM, path) as kept:
        first = kept.run([[["E"]], [0, 0]])
        assert kept.server is not None and kept.starts == 1, first


def test_an_outcome_without_its_value_keeps_every_other_field():
    """What execute() keeps of a checked case: the same outcome, its answer's value dropped."""
    from judge.grading.session import Outcome
    from judge.verdict import Verdict

    outcome = Outcome(Verdict.WA, value=[["E"]], message="m", wall_ms=1.5, cpu_ms=2.0, memory_kb=3, output="o",
                      doubles=True, known=True)
    assert outcome.without_value() == replace(outcome, value=None)
    assert outcome.value == [["E"]]   # the original is left as it was
    empty = Outcome(None)
    assert empty.without_value() is empty
