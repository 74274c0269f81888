"""Grading Python submissions end to end through the real runner: verdicts, isolation, policy."""

import itertools
import json
import re
import threading
from pathlib import Path

import pytest

from helpers import DATA, ROOT, SUBMISSIONS, run_judge
from judge.errors import SubmissionError, UsageError
from judge.grading.grade import Options, find_submissions, fresh_servers, grade, grade_one
from judge.problems import values
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.verdict import Verdict


@pytest.fixture(scope="module")
def problem():
    return load_problem("minesweeper")


@pytest.fixture(scope="module")
def cases(problem):
    return load_cases(problem)


@pytest.fixture(scope="module")
def few(cases):
    """The samples and a handful of secret cases, one of them 50x50."""
    big = next(c for c in cases if len(c.args["board"]) == 50)
    return cases[:6] + [big]


def test_accepted_forms(problem, cases):
    for name in ("bfs_class.py", "bare_function.py", "inplace_none.py", "dfs_recursive.py"):
        result = grade_one(problem, cases, SUBMISSIONS / "accepted" / name)
        assert result.verdict is Verdict.AC, (name, result.first_failure)
        assert result.passed == result.total == len(cases)
        assert all(c.cpu_ms is not None and c.memory_kb for c in result.cases)


def test_each_case_runs_in_fresh_state(problem, few):
    result = grade_one(problem, few, DATA / "leak_detector.py")
    assert result.verdict is Verdict.AC, result.first_failure


def test_python_submissions_have_their_own_file_as_file():
    """`__file__` is defined, as for the platform's script module: the path of the submission's own copy."""
    result = run_judge("grade", "minesweeper", DATA / "uses_file.py", "--fuzz", "3", "--no-store")
    assert result.returncode == 0, result.stdout + result.stderr


def test_python_globals_are_a_module_known_to_sys_modules(problem, few):
    """dataclasses (string annotations), typing.get_type_hints and pickle look a class's module up in
    sys.modules by its name, as they find a script's: each case's fresh globals are such a module."""
    result = grade_one(problem, few, DATA / "dataclass_cells.py")
    assert result.verdict is Verdict.AC, result.first_failure


def test_wrong_answer_has_a_diff(problem, cases):
    result = grade_one(problem, cases, SUBMISSIONS / "wrong_answer" / "mine_noop.py")
    assert result.verdict is Verdict.WA
    first = result.first_failure
    assert first.name == "example-2"
    assert "(1,2): expected 'X' (the clicked mine), got 'M'" in first.diff
    assert first.got[1][2] == "M"
    assert 0 < result.passed < result.total


def test_a_scalar_wrong_answer_keeps_the_int_it_returned():
    """A scalar answer under the standard exact checker (Coin Change): the int returned, its fingerprint, one line."""
    coins = load_problem("coin_change")
    cases = load_cases(coins)[:8]
    greedy = grade_one(coins, cases, ROOT / "submissions" / "coin_change" / "wrong_answer" / "greedy_largest_first.py")
    first = greedy.first_failure
    assert greedy.verdict is Verdict.WA and first.name == "greedy-trap-1-3-4"
    assert first.got == 3 and first.diff == ("expected 2, got 3",) and first.message == "expected 2, got 3"
    assert first.answer == values.fingerprint(3) != values.fingerprint(2)
    right = grade_one(coins, cases, ROOT / "submissions" / "coin_change" / "accepted" / "bfs_bare_function.py")
    assert right.verdict is Verdict.AC and right.passed == len(cases)


def test_compile_errors(problem, few):
    syntax = grade_one(problem, few, SUBMISSIONS / "compile_error" / "syntax_error.py")
    assert syntax.verdict is Verdict.CE and "SyntaxError" in syntax.message and "line" in syntax.message
    missing = grade_one(problem, few, SUBMISSIONS / "compile_error" / "missing_entry.py")
    assert missing.verdict is Verdict.CE and "updateBoard" in missing.message
    assert missing.passed == 0 and missing.total == len(few)


def test_runtime_error_names_exception_and_line(problem, few):
    result = grade_one(problem, few, SUBMISSIONS / "runtime_error" / "crash.py")
    assert result.verdict is Verdict.RE
    assert result.first_failure.message.startswith("IndexError: list index out of range (line ")


def test_time_and_memory_limits_skip_the_rest(problem, few):
    loop = grade_one(problem, few, SUBMISSIONS / "time_limit" / "infinite_loop.py")
    # the CPU limit, or on a machine loaded past 3x the wall limit first (3x the CPU limit, confirmed once)
    assert loop.verdict is Verdict.TLE and any(w in loop.first_failure.message for w in ("CPU", "wall"))
    assert [c.verdict for c in loop.cases[1:]] == [Verdict.SKIPPED] * (len(few) - 1)
    sleeper = grade_one(problem, few[:2], SUBMISSIONS / "time_limit" / "sleeper.py")
    assert sleeper.verdict is Verdict.TLE and "wall" in sleeper.first_failure.message
    hog = grade_one(problem, few[:2], SUBMISSIONS / "memory_limit" / "hog.py")
    assert hog.verdict is Verdict.MLE and "memory limit" in hog.first_failure.message


def test_keep_going_runs_every_case(problem, few):
    result = grade_one(problem, few[:2], SUBMISSIONS / "time_limit" / "infinite_loop.py",
                       Options(skip_after_limit=False))
    assert [c.verdict for c in result.cases] == [Verdict.TLE, Verdict.TLE]


def test_prints_cannot_forge_and_are_kept(problem, few):
    result = grade_one(problem, few, DATA / "prints.py")
    assert result.verdict is Verdict.AC
    assert "debug: clicking" in result.cases[0].output


def test_output_flood_is_ole(problem, few):
    result = grade_one(problem, few[:2], DATA / "flood.py")
    assert result.verdict is Verdict.OLE and "stdout" in result.first_failure.message


def test_exit_and_killed_parent_are_re_and_the_judge_carries_on(problem, few):
    exits = grade_one(problem, few[:3], DATA / "exits.py")
    assert [c.verdict for c in exits.cases] == [Verdict.RE] * 3
    assert "without answering" in exits.first_failure.message
    killer = grade_one(problem, few[:3], DATA / "kills_parent.py")
    assert killer.total == 3 and all(c.verdict is not Verdict.JE for c in killer.cases)


def test_not_plain_data_is_wa(problem, few):
    result = grade_one(problem, few[:1], DATA / "returns_set.py")
    assert result.verdict is Verdict.WA and "set" in result.first_failure.message


def test_an_answer_of_the_wrong_type_is_wa_before_the_checker_sees_it(problem, few):
    result = grade_one(problem, few[:1], DATA / "rows_as_strings.py")
    case = result.cases[0]
    assert case.verdict is Verdict.WA
    assert case.message == "the answer is not a char[][]: answer[0] is the string 'EEEEE', not a list"
    assert case.got == ["EEEEE", "EEMEE", "EEEEE", "EEEEE"]  # kept for the report, fingerprinted for compare
    assert case.answer != "WA"


def test_a_checker_that_raises_is_a_judge_error_only_on_a_well_formed_answer(problem_copy, few):
    (problem_copy / "checker.py").write_text(
        "def compare(expected, got, args=None):\n"
        "    if got == expected:\n"
        "        return True, []\n"
        "    return False, [''.join(row) for row in got]  # fails on a row that is not a list of strings\n")
    fragile = load_problem(str(problem_copy))
    malformed = grade_one(fragile, few[:1], DATA / "rows_as_strings.py")
    assert malformed.verdict is Verdict.WA, malformed.first_failure  # the submission's bad answer
    well_formed = grade_one(fragile, few[:1], SUBMISSIONS / "wrong_answer" / "digits_spread.py")
    assert well_formed.verdict is Verdict.WA  # the checker copes with a char[][] ...
    (problem_copy / "checker.py").write_text("def compare(expected, got, args=None):\n    raise KeyError('bug')\n")
    buggy = load_problem(str(problem_copy))
    crashed = grade_one(buggy, few[:1], SUBMISSIONS / "accepted" / "bfs_class.py")
    assert crashed.verdict is Verdict.JE and "the checker failed: KeyError" in crashed.first_failure.message


@pytest.mark.parametrize("body, said", [
    ("    import sys\n    sys.exit(0)\n", "the checker failed: SystemExit: 0"),
    ("    return True, 5\n", "the checker failed: TypeError: compare() returned (True, 5)"),
    ("    return 'yes'\n", "not (a bool, a list of strings)"),
    ("    return 'yes', []\n", "not (a bool, a list of strings)"),
])
def test_a_checker_that_exits_or_returns_the_wrong_shape_is_a_judge_error(problem_copy, few, body, said):
    """Round 28: sys.exit(0) in checker.py ended `judge grade` at once with exit 0 and no word (a WA
    graded as a pass by CI); a checker returning (True, 5) was a JE that did not name the checker."""
    (problem_copy / "checker.py").write_text("def compare(expected, got, args=None):\n" + body)
    result = grade_one(load_problem(str(problem_copy)), few[:1], SUBMISSIONS / "wrong_answer" / "digits_spread.py")
    assert result.verdict is Verdict.JE and said in result.first_failure.message, result.first_failure


@pytest.mark.parametrize("body", ["    return got == expected, None\n", "    return [got == expected, []]\n",
                                  "    return int(got == expected), ()\n"])
def test_a_checker_may_write_its_pair_loosely(problem_copy, few, body):
    """The review of round 28: (True, None), a list for the pair, a numpy bool were AC before the shape was
    checked, and JE after: every checker that worked still does."""
    (problem_copy / "checker.py").write_text("def compare(expected, got, args=None):\n" + body)
    fine = load_problem(str(problem_copy))
    assert grade_one(fine, few[:1], SUBMISSIONS / "accepted" / "bfs_class.py").verdict is Verdict.AC
    assert grade_one(fine, few[:1], SUBMISSIONS / "wrong_answer" / "digits_spread.py").verdict is Verdict.WA


@pytest.mark.parametrize("ok", ["0.5", "float('nan')", "2", "None"])
def test_a_checkers_verdict_is_true_or_false_not_a_score(problem_copy, few, ok):
    """Red-team round 31: (0.5, []) and (nan, []) were AC, a setter's partial credit taken for full; they are
    the checker's fault (JE, said so), as a verdict of 2 or None is."""
    (problem_copy / "checker.py").write_text(f"def compare(expected, got, args=None):\n    return {ok}, []\n")
    result = grade_one(load_problem(str(problem_copy)), few[:1], SUBMISSIONS / "accepted" / "bfs_class.py")
    assert result.verdict is Verdict.JE and "as its verdict, not True or False" in result.cases[0].message


@pytest.mark.parametrize("body, said", [
    ("    import sys\n    sys.exit(0)\n", "invalid input: the validator crashed: SystemExit: 0"),
    ("    return 5\n", "the validator's check() returned an int, not a list of strings"),
    ("    pass\n", "the validator's check() returned None, not a list of strings"),
    ("    return 'bad'\n", "the validator's check() returned a str, not a list of strings"),
])
def test_a_validator_that_exits_or_returns_the_wrong_shape_is_the_packages_error(problem_copy, body, said):
    """Round 28: sys.exit(0) in validator.py ended grade and verify with exit 0 and no word; one without
    a `return` passed every case, one returning a string listed its characters, an int crashed (exit 3)."""
    from judge.errors import CaseError

    (problem_copy / "validator.py").write_text("def check(args):\n" + body)
    with pytest.raises(CaseError, match=re.escape(said)):
        load_cases(load_problem(str(problem_copy)))


def test_each_answer_keeps_the_fingerprint_of_what_it_returned(problem, few):
    """An answer equal to the expected one takes the expected answer's fingerprint, worked out while
    the server starts; any other answer gets its own. Both are what fingerprint() gives the value."""
    right = grade_one(problem, few, SUBMISSIONS / "accepted" / "bfs_class.py")
    assert [c.answer for c in right.cases] == [values.fingerprint(c.expected) for c in few]
    wrong = grade_one(problem, few, SUBMISSIONS / "wrong_answer" / "digits_spread.py")
    assert any(c.verdict is Verdict.WA for c in wrong.cases)
    for case, got in zip(few, wrong.cases, strict=False):
        assert got.answer == values.fingerprint(got.got if got.verdict is Verdict.WA else case.expected), got


def test_parallel_gives_the_same_verdicts(problem, few):
    paths = find_submissions([SUBMISSIONS / "wrong_answer", SUBMISSIONS / "accepted"])
    serial = grade(problem, few, paths, Options(jobs=1))
    parallel = grade(problem, few, paths, Options(jobs=2))
    assert [(r.submission, [c.verdict for c in r.cases]) for r in serial] == \
           [(r.submission, [c.verdict for c in r.cases]) for r in parallel]


def test_a_judge_that_polls_for_answers_gives_the_same_results(problem, few):
    """Polling the answer pipe before sleeping changes when the judge looks, never what it finds:
    verdicts, prints, floods, deaths and the cases sent ahead come out as when it sleeps."""
    paths = [*find_submissions([SUBMISSIONS / "wrong_answer", SUBMISSIONS / "accepted"]),
             DATA / "prints.py", DATA / "flood.py", DATA / "exits.py"]
    slept = grade(problem, few, paths, Options(jobs=1, poll=False))
    polled = [grade(problem, few, [path], Options(jobs=1, poll=True))[0] for path in paths]  # one at a time polls

    def seen(results):  # stdout and stderr are two pipes: how their lines interleave is not kept
        return [(r.submission, [(c.verdict, c.message, c.answer, sorted(c.output.splitlines())) for c in r.cases])
                for r in results]

    assert seen(polled) == seen(slept)


def test_only_a_single_lane_of_a_single_submission_polls(problem, few, monkeypatch):
    """Lanes side by side would take each other's CPU, and so would polling from a lane that starts its
    next submission's server meanwhile: grade() keeps `poll` for one submission on one lane only."""
    from judge.grading import session

    asked = []
    run = session.Session.run

    def spy(self, args, following=None, known=None, poll=False):
        asked.append(poll)
        return run(self, args, following, known, poll)

    monkeypatch.setattr(session.Session, "run", spy)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    sources = [SUBMISSIONS / "accepted" / "bfs_class.py", SUBMISSIONS / "accepted" / "dfs_recursive.py"]
    grade(problem, few[:2], sources[:1], Options(jobs=1, poll=True))
    assert asked and all(asked)
    asked.clear()
    grade(problem, few[:2], sources, Options(jobs=2, poll=True))   # this process runs the first lane
    assert asked and not any(asked)
    asked.clear()
    grade(problem, few[:2], sources, Options(jobs=1, poll=True))   # the second's server starts meanwhile
    assert asked and not any(asked)
    asked.clear()
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    grade(problem, few[:2], sources[:1], Options(jobs=1, poll=True))
    assert asked and not any(asked)


def test_a_graded_submissions_box_ends_on_a_thread_of_its_own_and_an_interrupted_one_at_once(problem, few,
                                                                                              monkeypatch):
    """execute() hands a box whose cases are done to a thread of its own (not a daemon: the process waits
    for it), beside the checking and the report; a box whose cases were cut short ends before it returns."""
    from judge.grading import session as session_module

    ended = []
    close = session_module.Session.close

    def noted(self):
        thread = threading.current_thread()
        ended.append((thread.name, thread.daemon))
        close(self)

    monkeypatch.setattr(session_module.Session, "close", noted)
    result = grade_one(problem, few, SUBMISSIONS / "accepted" / "bfs_class.py")
    assert result.verdict is Verdict.AC
    for thread in threading.enumerate():
        if thread.name == "judge-close":
            thread.join(10)
    assert ended == [("judge-close", False)]

    ended.clear()
    calls = []

    def interrupted(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return run(self, *args, **kwargs)

    run = session_module.Session.run
    monkeypatch.setattr(session_module.Session, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        grade_one(problem, few, SUBMISSIONS / "accepted" / "bfs_class.py")
    assert ended == [(threading.current_thread().name, threading.current_thread().daemon)]


def test_an_interrupt_as_a_graded_box_is_killed_still_ends_it_here(problem, few, monkeypatch):
    """Ctrl-C as close_soon() kills the box, before its thread exists: the box is ended on the caller's
    thread, nothing left (the review found its cgroups and folder left behind)."""
    from judge.grading import session as session_module
    from judge.sandbox import runner

    made = []
    init, end_soon = session_module.Session.__init__, runner.Server.end_soon

    def noted(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    def interrupted(self):
        end_soon(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(session_module.Session, "__init__", noted)
    monkeypatch.setattr(runner.Server, "end_soon", interrupted)
    with pytest.raises(KeyboardInterrupt):
        grade_one(problem, few, SUBMISSIONS / "accepted" / "bfs_class.py")
    session = made[-1]
    assert session.server is None and session.workdir is None
    assert not session_module._CLOSING
    session_module.wait_closed()


def test_a_box_with_no_thread_to_be_had_is_ended_here_and_its_submission_keeps_its_result(problem, few,
                                                                                         monkeypatch):
    """A thread that cannot start (the process's limit on threads) is no failure of the submission: its
    box is ended on the caller's thread and the result stands."""
    from judge.grading import session as session_module

    class NoThread(threading.Thread):
        def start(self):
            raise RuntimeError("can't start new thread")

    monkeypatch.setattr(session_module.threading, "Thread", NoThread)
    result = grade_one(problem, few, SUBMISSIONS / "accepted" / "bfs_class.py")
    assert result.verdict is Verdict.AC, result.first_failure
    assert not session_module._CLOSING


def test_find_submissions(tmp_path):
    found = find_submissions([SUBMISSIONS])
    assert len(found) >= 12 and all(p.suffix for p in found)
    with pytest.raises(UsageError, match="no such file"):
        find_submissions([tmp_path / "missing.py"])
    (tmp_path / "notes.txt").write_text("hi")
    with pytest.raises(SubmissionError, match="unknown language"):
        find_submissions([tmp_path / "notes.txt"])
    with pytest.raises(UsageError, match="no submissions in this folder"):
        find_submissions([tmp_path])


@pytest.mark.parametrize("name", ["bfs_class.py", "bfs.cpp", "bfs.go", "bfs_public_class.java", "bfs_var.js",
                                  "bfs_typed.ts"])
def test_every_harness_sends_a_right_answer_as_the_bytes_the_judge_recognises(monkeypatch, name):
    """Each language's right board comes as the expected answer's compact JSON (protocol.Known), so
    the judge takes it without decoding it again; a harness that drifted would only be slower."""
    from judge.sandbox import runner

    problem = load_problem("minesweeper")
    seen: list[bool] = []
    decode = runner.decode

    def counted(line, limit, measured=False, known=None):
        message = decode(line, limit, measured, known)
        if known is not None:
            seen.append(message.known)
        return message

    monkeypatch.setattr(runner, "decode", counted)
    result = grade_one(problem, load_cases(problem)[:5], SUBMISSIONS / "accepted" / name, Options())
    assert result.verdict is Verdict.AC and seen == [True] * 5


def test_a_sparse_file_of_many_gib_in_a_hand_in_is_a_compile_error_not_a_crash(tmp_path):
    """The judge read each whole file to identify it before the size cap applied: 30 GiB of holes ended
    the class's run with a MemoryError (exit 3, the others never graded)."""
    (tmp_path / "alice").mkdir()
    (tmp_path / "mallory").mkdir()
    (tmp_path / "alice" / "sol.py").write_bytes((SUBMISSIONS / "accepted" / "bfs_class.py").read_bytes())
    with open(tmp_path / "mallory" / "sol.py", "wb") as f:
        f.truncate(30 << 30)
    result = run_judge("grade", "minesweeper", tmp_path, "--fuzz", "0", "--db", tmp_path / "r.sqlite3", "--json")
    assert result.returncode == 1, result.stderr
    verdicts = {Path(r["submission"]).parent.name: (r["verdict"], r["message"])
                for r in json.loads(result.stdout)["results"]}
    assert verdicts == {"alice": ("AC", ""), "mallory": ("CE", "the source is larger than 1024 KiB")}


def test_a_huge_wrong_answer_is_known_by_its_fingerprint_not_kept(problem, few, tmp_path):
    """Each result kept its decoded answer until the run's end: 1 MiB of nested one-element lists per
    case held 2.7 GB of the judge's memory for one submission. A wrong answer past KEPT_ANSWER_* is
    kept as its fingerprint only; a board-sized one is kept, to be shown."""
    from judge.grading.grade import KEPT_ANSWER_VALUES

    source = tmp_path / "nested.py"
    source.write_text("class Solution:\n"
                      "    def updateBoard(self, board, click):\n"
                      "        if click == [3, 0]:\n"
                      "            return [[c for c in row] for row in board]   # a small wrong board\n"
                      f"        return [[[[]]] for _ in range({KEPT_ANSWER_VALUES})]\n")
    result = grade_one(problem, few[:3], source)
    small, *huge = result.cases
    assert small.verdict is Verdict.WA and small.got == [list(r) for r in few[0].args["board"]]
    for case in huge:
        assert case.verdict is Verdict.WA and case.got is None and len(case.answer) == 16, case
        assert "answer[0][0] is a list, not a char (the answer itself, " in case.message
        assert case.message.endswith("bytes of JSON, is too large to keep)")


def test_first_failure_ends_skips_the_rest_with_the_first_failures_verdict():
    """An ICPC contest's lazy evaluation (judge serve, scoring: icpc): a wrong answer that sleeps near the
    wall limit on every case held a worker for minutes (red-team round 16)."""
    problem = load_problem("minesweeper")
    cases = load_cases(problem)
    wrong = ROOT / "submissions" / "minesweeper" / "wrong_answer" / "four_way.py"
    lazy = grade_one(problem, cases, wrong, Options(first_failure_ends=True))
    full = grade_one(problem, cases, wrong, Options())
    first = next(i for i, c in enumerate(full.cases) if not c.passed)
    assert lazy.verdict is full.verdict is Verdict.WA
    assert [c.verdict for c in lazy.cases[:first + 1]] == [c.verdict for c in full.cases[:first + 1]]
    assert all(c.verdict is Verdict.SKIPPED for c in lazy.cases[first + 1:]) and first + 1 < len(cases)


@pytest.mark.parametrize("language", ["java", "go"])
def test_a_case_shown_in_full_after_a_hidden_one_gets_a_server_that_never_saw_it(problem_copy, language):
    """Red-team round 18: a group shown in full (visibility) that ran after `secret` in the same server
    could print a secret case's input, kept in a Java static or a Go package variable (their servers
    keep one process across cases, as LeetCode does). Such a case now starts a fresh server; sample
    first, as by default, needs none."""
    assert fresh_servers(load_problem(str(problem_copy)), load_cases(load_problem(str(problem_copy)))) == frozenset()
    worked = problem_copy / "cases" / "worked"
    worked.mkdir()
    (worked / "one.yaml").write_text((problem_copy / "cases" / "sample" / "examples.yaml").read_text()
                                     .replace("example-1", "worked-1").replace("example-2", "worked-2"))
    (problem_copy / "problem.yaml").write_text((problem_copy / "problem.yaml").read_text()
                                               + "visibility: {worked: full}\n")
    problem = load_problem(str(problem_copy))
    cases = load_cases(problem)
    source = problem_copy.parent / f"Stash.{language}"
    solution = (SUBMISSIONS / "accepted" / f"dfs_recursive.{language}").read_text()
    if language == "java":
        source.write_text(solution.replace(
            "    public char[][] updateBoard(char[][] board, int[] click) {\n",
            "    static java.util.List<String> seen = new java.util.ArrayList<>();\n"
            "    public char[][] updateBoard(char[][] board, int[] click) {\n"
            "        System.out.println(\"SEEN \" + seen.size() + \" \" + "
            "String.join(\" \", seen.subList(Math.max(0, seen.size() - 3), seen.size())));\n"
            "        seen.add(new String(board[0]));\n", 1))
    else:
        source.write_text("import (\n\t\"fmt\"\n\t\"strings\"\n)\n\nvar seen []string\n\n" + solution.replace(
            "func updateBoard(board [][]byte, click []int) [][]byte {\n",
            "func updateBoard(board [][]byte, click []int) [][]byte {\n"
            "\tfmt.Println(\"SEEN\", len(seen), strings.Join(seen[max(0, len(seen)-3):], \" \"))\n"
            "\tseen = append(seen, string(board[0]))\n", 1))
    groups = [c.group for c in cases]
    assert groups.index("worked") > groups.index("secret")
    result = grade(problem, cases, [source], Options())[0]
    assert result.verdict is Verdict.AC
    shown = [c for c in result.cases if c.group == "worked"]
    assert [c.output.split()[:2] for c in shown] == [["SEEN", "0"], ["SEEN", "1"]]
    assert [c.output.split()[2:] for c in shown] == [[], ["EEEEE"]]   # worked-1's first row, nothing of secret's


def test_a_wrong_answer_that_is_the_in_place_argument_unchanged_says_so(tmp_path):
    """Sweep 8: a Python solution that rebinds `board` to a copy, changes the copy and returns None is
    judged on the board it was given, unchanged; the report listed every square as wrong and nothing
    more. The checker's first line stays the case's message; the hint comes second."""
    path = tmp_path / "copy_changed.py"
    path.write_text("class Solution:\n    def updateBoard(self, board, click):\n"
                    "        board = [row[:] for row in board]\n        board[click[0]][click[1]] = 'X'\n")
    problem = load_problem("minesweeper")
    cases = [c for c in load_cases(problem) if c.group == "sample"]
    result = grade(problem, cases, [path], Options())[0]
    first = result.cases[0]
    assert first.verdict is Verdict.WA and first.message.startswith("(")  # the checker's own first line
    assert first.diff[1].startswith("the answer is `board` unchanged, exactly as it was given")
    wrong_elsewhere = grade(problem, cases, [SUBMISSIONS / "wrong_answer" / "four_way.py"], Options())[0]
    assert not any("unchanged" in line for c in wrong_elsewhere.cases for line in c.diff)


def test_a_fifo_among_submissions_is_told_and_one_named_is_refused(tmp_path):
    """Round 28: a FIFO named a.py in a hand-in folder was skipped without a word (a link is told), and one
    given by name said "no submissions in this folder"."""
    import os

    folder = tmp_path / "subs"
    folder.mkdir()
    (folder / "ok.py").write_text("class Solution: pass\n")
    os.mkfifo(folder / "fifo.py")
    told = []
    assert find_submissions([folder], lambda path, why: told.append((path, why))) == [folder / "ok.py"]
    assert told == [(folder / "fifo.py", "not a regular file (a FIFO, a device), passed over")]
    with pytest.raises(UsageError, match="not a regular file nor a folder"):
        find_submissions([folder / "fifo.py"])


def test_a_checkers_explanations_are_kept_cut_short():
    """Bad-input round 29: one 10 MB explanation line per case grew the store by 700 MB for one submission
    of 17 cases (and 50 such lines held grade). So many lines are kept, each cut short."""
    from judge.grading.grade import MAX_EXPLANATION_CHARS, MAX_EXPLANATIONS, _judgement

    ok, lines = _judgement((False, ["x" * 10_000_000] * 500))
    assert not ok and len(lines) == MAX_EXPLANATIONS and all(len(e) == MAX_EXPLANATION_CHARS + 3 for e in lines)
    endless = (f"line {n}" for n in itertools.count())
    assert len(_judgement((False, endless))[1]) == MAX_EXPLANATIONS


def test_a_checker_that_changes_what_it_is_given_changes_no_later_verdict(tmp_path):
    """Red-team round 31: a checker.py that removed each index it found from `expected` (a natural multiset
    check) judged every later submission against what it left: two identical files, AC then WA."""
    import shutil

    package = tmp_path / "two_sum"
    shutil.copytree(DATA / "problems" / "two_sum", package)
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("checker: unordered\n", ""))
    (package / "checker.py").write_text(
        "def compare(expected, got, args):\n"
        "    if not isinstance(got, list) or len(got) != len(expected):\n"
        "        return False, [f'expected 2 indices, got {got!r}']\n"
        "    for index in got:\n"
        "        if index not in expected:\n"
        "            return False, [f'index {index} is not part of the answer']\n"
        "        expected.remove(index)\n"
        "    args['nums'].clear()\n"
        "    got.clear()\n"
        "    return True, []\n")
    solution = (DATA / "submissions" / "two_sum" / "accepted" / "reversed_pair.py").read_text()
    sources = []
    for name in ("first.py", "second.py", "third.py"):
        sources.append(tmp_path / name)
        sources[-1].write_text(solution + f"# {name}\n")
    problem = load_problem(str(package))
    cases = load_cases(problem)
    before = [(c.expected, c.args) for c in cases]
    results = grade(problem, cases, sources, Options(jobs=1))
    assert [r.verdict for r in results] == [Verdict.AC] * 3, [r.message for r in results]
    assert [(c.expected, c.args) for c in cases] == before  # the cases are as they were loaded


def test_what_the_boot_leaves_no_time_for_is_worked_out_as_each_case_needs_it(problem):
    """CaseData.fill() stops once the server has spoken (work beside the boot slowed it, the two cores
    being shared); a request left as its arguments is encoded as it is sent, an expected answer's
    fingerprint worked out when its case is checked, and the verdicts are those of a full fill."""
    from judge.grading.grade import FILL_STEP, CaseData
    from judge.sandbox.runner import encode_args

    cases = load_cases(problem)
    assert len(cases) > FILL_STEP
    looks = []
    early = CaseData(problem, cases)
    requests = early.fill(lambda: looks.append(1) or len(looks) > 1)   # spoken at the second look
    assert len(looks) == 2 and early.done == FILL_STEP
    assert all(isinstance(r, bytes) for r in requests[:FILL_STEP])
    assert requests[FILL_STEP:] == [c.arg_list(problem) for c in cases[FILL_STEP:]]
    assert all(e is None for e in early.expected)
    full = CaseData(problem, cases)
    assert all(isinstance(r, bytes) for r in full.fill())
    assert [early.answer(i) for i in range(len(cases))] == full.expected
    assert [encode_args(r) if isinstance(r, list) else r for r in requests] == full.requests

    class Unfilled(CaseData):
        """Nothing worked out ahead at all: every request and fingerprint as its case needs it."""

        def fill(self, spoke=None):
            return super().fill(lambda: True)

    lazy = Unfilled(problem, cases)
    accepted = grade_one(problem, cases, SUBMISSIONS / "accepted" / "bfs_class.py", shared=lazy)
    assert accepted.verdict is Verdict.AC and len(accepted.cases) == len(cases)
    assert lazy.done == 0 and lazy.expected == full.expected   # each one worked out as its case was checked
    wrong = SUBMISSIONS / "wrong_answer" / "digits_spread.py"
    assert [(c.verdict, c.answer) for c in grade_one(problem, cases, wrong, shared=Unfilled(problem, cases)).cases] \
        == [(c.verdict, c.answer) for c in grade_one(problem, cases, wrong).cases]


def test_a_known_answer_is_the_cases_own_expected_value_and_what_a_result_keeps_of_it_a_copy(problem, few):
    """The expected answer recognised by its bytes is the case's own value, not decoded again; one the
    checker turns down (a checker that is not exact) is kept in its result as a copy, never that value."""
    import dataclasses

    from judge.grading.grade import CaseData, _known, check
    from judge.grading.session import Outcome
    from judge.problems.cases import Case

    data = CaseData(problem, few)
    data.fill()
    assert all(data.knowns[i] is not False for i in range(len(few)))   # worked out in the fill, beside the boot
    known = data.known(0)
    assert known is not None and known.value() is few[0].expected
    assert known.encoding == values.canonical(few[0].expected)
    # Not as decoding gives it (rows as tuples): what the text decodes to; not of the type at all: no Known.
    rows = [tuple(row) for row in few[0].expected]
    as_text = _known(problem, rows, values.canonical(rows))
    assert as_text is not None and as_text.value() == few[0].expected and type(as_text.value()[0]) is list
    assert _known(problem, [[1]], b"[[1]]") is None

    class Never:
        """A checker that is not exact and turns every answer down."""

        exact = False

        def compare(self, expected, got, args=None):
            return False, ["no"]

    picky = dataclasses.replace(problem, standard_checker=Never())
    case: Case = few[0]
    outcome = Outcome(None, value=known.value(), known=True)
    result = check(picky, case, outcome, data.answer(0))
    assert result.verdict is Verdict.WA and result.got == case.expected and result.got is not case.expected
    assert check(problem, case, outcome, data.answer(0)).verdict is Verdict.AC
