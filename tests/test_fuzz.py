"""Seeded random cases (fairness), the counterexample search and its shrinking, and `judge fuzz --save`."""

import json
import re
import subprocess
import sys

import pytest

from helpers import ROOT, SUBMISSIONS, copy_problem, judge
from judge.errors import ProblemError
from judge.grading import fuzz
from judge.grading.grade import find_submissions
from judge.grading.session import Session
from judge.problems.cases import test_set_hash as set_hash
from judge.problems.problem import load_problem
from judge.verdict import Verdict

PROBLEM = load_problem("minesweeper")
WRONG = find_submissions([SUBMISSIONS / "wrong_answer"])


def test_same_seed_same_cases_and_answers():
    first = fuzz.random_cases(PROBLEM, 12, seed=7, cache=False)
    again = fuzz.random_cases(PROBLEM, 12, seed=7, cache=False)
    assert fuzz.random_cases(PROBLEM, 12, seed=7) == again  # and the cached copy is the same
    assert [c.to_dict() for c in first] == [c.to_dict() for c in again]
    assert [c.name for c in first] == [f"random-7-{i}" for i in range(12)]
    assert {c.group for c in first} == {"random"}
    other = fuzz.random_cases(PROBLEM, 12, seed=8, cache=False)
    assert [c.args for c in other] != [c.args for c in first]


def test_one_example_is_drawn_alone_and_the_same_in_another_process():
    """Example i does not depend on the others, nor on what the process has imported."""
    here = [fuzz.draw_input(PROBLEM, 42, i) for i in (0, 5, 17)]
    code = ("import json; from judge.grading import fuzz; from judge.problems.problem import load_problem; "
            "p = load_problem('minesweeper'); print(json.dumps([fuzz.draw_input(p, 42, i) for i in (17, 5, 0)]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)[::-1] == here


def test_grade_runs_every_submission_on_the_same_random_cases():
    args = ["grade", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py",
            SUBMISSIONS / "wrong_answer" / "four_way.py", "--fuzz", "15", "--seed", "3", "--json", "-j", "2"]
    doc = json.loads(judge(*args).stdout)
    # another run (this process) with the same seed draws the same boards and answers
    assert doc["random"] == {"count": 15, "seed": 3, "hash": set_hash(fuzz.random_cases(PROBLEM, 15, seed=3))}
    names = [[c["name"] for c in r["cases"]] for r in doc["results"]]
    assert names[0] == names[1] and names[0][-15:] == [f"random-3-{i}" for i in range(15)]
    # the accepted one answers every random case as the reference does
    assert doc["results"][0]["verdict"] == "AC" and doc["results"][0]["total"] == doc["cases"]


def test_plain_grade_catches_every_wrong_answer_also_on_random_cases_alone():
    result = judge("grade", "minesweeper", SUBMISSIONS / "wrong_answer", "--json")
    assert result.returncode == 1, result.stderr
    doc = json.loads(result.stdout)
    assert doc["random"]["count"] == fuzz.DEFAULT_COUNT > 0
    assert len(doc["results"]) == len(WRONG)
    for r in doc["results"]:
        assert r["verdict"] == "WA", r["submission"]
        random_failures = [c for c in r["cases"] if c["name"].startswith("random-") and c["verdict"] != "AC"]
        assert random_failures, f"{r['submission']}: the random cases alone do not catch it"
        assert all(c["diff"] for c in random_failures if c["verdict"] == "WA")


@pytest.mark.parametrize("name", ["miscount.py", "no_reveal_border.py", "mine_noop.py"])
def test_search_finds_a_small_counterexample(name):
    outcome = fuzz.search(PROBLEM, SUBMISSIONS / "wrong_answer" / name, examples=200, seed=529)
    assert outcome.found is not None
    board = outcome.found.case.args["board"]
    assert len(board) <= 5 and len(board[0]) <= 5, board
    assert outcome.found.result.verdict is Verdict.WA and outcome.found.result.diff
    assert PROBLEM.validator.check(outcome.found.case.args) == []


def test_search_says_when_its_counterexample_fails_only_after_earlier_inputs(tmp_path):
    """Sweep 8: a Go memo in a package variable (kept across the inputs of the search's one server)
    was shown a minimal counterexample that passes when run alone, with no word of it."""
    coins = load_problem("coin_change")
    path = tmp_path / "global_memo.go"
    path.write_text("var memo = map[int]int{}\n\nfunc coinChange(coins []int, amount int) int {\n"
                    "\tif amount == 0 {\n\t\treturn 0\n\t}\n\tif amount < 0 {\n\t\treturn -1\n\t}\n"
                    "\tif v, ok := memo[amount]; ok {\n\t\treturn v\n\t}\n\tbest := -1\n"
                    "\tfor _, c := range coins {\n\t\tr := coinChange(coins, amount-c)\n"
                    "\t\tif r >= 0 && (best < 0 || r+1 < best) {\n\t\t\tbest = r + 1\n\t\t}\n\t}\n"
                    "\tmemo[amount] = best\n\treturn best\n}\n")
    outcome = fuzz.search(coins, path, examples=200, seed=529)
    assert outcome.found is not None and fuzz.ALONE_NOTE in outcome.notes
    # A counterexample that fails alone gets no such note.
    plain = fuzz.search(PROBLEM, SUBMISSIONS / "wrong_answer" / "miscount.py", examples=200, seed=529)
    assert plain.found is not None and fuzz.ALONE_NOTE not in plain.notes


def test_a_failure_seen_only_under_the_shrinking_limit_is_not_shown(tmp_path):
    """Round 27: a submission that reads its own CPU limit (its config is its server's argv) and answers
    wrong only under the search's lower one, and on boards of 30 squares or more, was shown a 1x2 board
    that it never fails when graded. Every failure under the shrinking limit is confirmed under the real
    one now: what is shown fails there too."""
    path = tmp_path / "reads_its_limit.py"
    path.write_text((SUBMISSIONS / "accepted" / "bfs_class.py").read_text() + (
        "\n\nimport json as _json\n_real = Solution.updateBoard\n"
        "_shrinking = _json.loads(sys.argv[1])['cpu_limit'] < 1\n\n"
        "def _lying(self, board, click):\n    out = _real(self, board, click)\n"
        "    if _shrinking or len(board) * len(board[0]) >= 30:\n        out[click[0]][click[1]] = 'X'\n"
        "    return out\n\nSolution.updateBoard = _lying\n"))
    outcome = fuzz.search(PROBLEM, path, examples=60, seed=529)
    assert outcome.found is not None
    board = outcome.found.case.args["board"]
    assert len(board) * len(board[0]) >= 30, board


def test_search_finds_nothing_on_an_accepted_submission():
    outcome = fuzz.search(PROBLEM, SUBMISSIONS / "accepted" / "bfs_class.py", examples=30, seed=1)
    assert outcome.found is None and outcome.stopped is None and outcome.examples >= 10


def test_search_reports_a_compile_error_instead_of_searching():
    outcome = fuzz.search(PROBLEM, SUBMISSIONS / "compile_error" / "syntax_error.py", examples=50)
    assert outcome.found is None and outcome.stopped_verdict is Verdict.CE


def test_session_restarts_the_server_after_a_kill():
    args = [[["E"]], [0, 0]]
    with Session(PROBLEM, SUBMISSIONS / "time_limit" / "infinite_loop.py") as session:
        assert session.run(args).verdict is Verdict.TLE
        assert session.run(args).verdict is Verdict.TLE
    with Session(PROBLEM, PROBLEM.reference_path) as session:
        assert [session.run(args).value for _ in range(3)] == [[["B"]]] * 3
        assert session.starts == 1  # one server serves every input


def test_fuzz_cli_prints_the_diff_and_saves_once(tmp_path):
    package = copy_problem(tmp_path)
    submission = SUBMISSIONS / "wrong_answer" / "no_reveal_border.py"
    first = judge("fuzz", package, submission, "--save")
    assert first.returncode == 1, first.stderr
    assert "counterexample found and shrunk" in first.stdout and "what is wrong:" in first.stdout
    assert "expected" in first.stdout and "got" in first.stdout
    added = package / "cases" / "secret" / "added.yaml"
    text = added.read_text()
    assert "- name: fuzz-" in text and "saved as case fuzz-" in first.stdout
    # the saved case is a real case now: valid, reference-answered, and the submission fails it
    assert judge("verify", package).returncode == 0
    graded = json.loads(judge("grade", package, submission, "--fuzz", "0", "--json").stdout)
    name = text.split("- name: ")[1].split()[0]
    assert any(c["name"] == name and c["verdict"] == "WA" for c in graded["results"][0]["cases"])
    # the same search finds the same counterexample: saving it again is refused
    second = judge("fuzz", package, submission, "--save")
    assert second.returncode == 2 and "already" in second.stderr and len(second.stderr.splitlines()) == 1
    assert added.read_text() == text


def test_fuzz_cli_without_counterexample_exits_0():
    result = judge("fuzz", "minesweeper", SUBMISSIONS / "accepted" / "bfs_class.py", "--examples", "20")
    assert result.returncode == 0 and "no disagreement" in result.stdout


def test_cached_random_cases_are_decoded_only_when_a_value_is_read():
    """A re-grade that reuses every stored result never decodes the random boards (cases.Deferred)."""
    drawn = fuzz.random_cases(PROBLEM, 4, seed=90210, cache=False)
    cached = fuzz.random_cases(PROBLEM, 4, seed=90210)
    kept = cached[0].__dict__["args"].values  # the slot each field holds until read
    assert kept.pairs is None and [c.name for c in cached] == [c.name for c in drawn]
    assert cached[2].expected == drawn[2].expected and kept.pairs is not None
    assert cached == drawn


def test_a_damaged_or_old_random_case_cache_is_drawn_again():
    fresh = fuzz.random_cases(PROBLEM, 4, seed=90211, cache=False)
    path = fuzz._cache_path(PROBLEM, 4, 90211)
    head, _, text = path.read_text().partition("\n")
    assert json.loads(head)["count"] == 4
    damaged = text.replace('"E"', '"M"', 1)  # still JSON, another board: the digest tells
    for stale in (head + "\n" + damaged, text, head + "\n" + text[:-9]):
        path.write_text(stale)
        assert fuzz.random_cases(PROBLEM, 4, seed=90211) == fresh
        assert path.read_text() == head + "\n" + text  # written again, whole


def test_deferred_cases_pickle_copy_and_replace_with_their_values():
    import copy
    import dataclasses
    import pickle

    cases = fuzz.random_cases(PROBLEM, 3, seed=90210)
    back = pickle.loads(pickle.dumps(cases))  # a lane gets them so: the text once, decoded there
    assert back == cases and back[1].args == cases[1].args
    fresh = fuzz.random_cases(PROBLEM, 3, seed=90210)  # none of its values read yet
    copied = copy.deepcopy(fresh[0])
    assert copied == cases[0]
    copied.args["board"][0][0] = "X"  # a copy shares nothing with the case it was made from
    assert copied != fresh[0] and fresh[0] == cases[0]
    changed = dataclasses.replace(cases[2], name="other")
    assert changed.args == cases[2].args and changed.expected == cases[2].expected


@pytest.mark.parametrize("body, message", [
    ("    return st.integers().map(lambda x: 1 / 0)\n", "drawing example 0 failed: ZeroDivisionError"),
    ("    return 42\n", "inputs() must return a hypothesis strategy, got int"),
    ("    raise SystemExit(4)\n", "inputs() failed: SystemExit: 4"),
])
def test_a_generator_that_fails_is_a_problem_error(problem_copy, body, message):
    """The package's generator raising, exiting or returning no strategy: one line naming it (exit 2)."""
    path = problem_copy / "generator.py"
    path.write_text(path.read_text() + "\n\ndef inputs():  # noqa: F811\n    from hypothesis import strategies as st\n"
                    + body)
    problem = load_problem(str(problem_copy))
    with pytest.raises(ProblemError, match=re.escape(message)):
        fuzz.random_cases(problem, 2, 529)


@pytest.mark.parametrize("drawn, said", [
    ('[0, "1"]', "click[1] is the string '1', not an int"),
    ("[0, True]", "click[1] is the boolean true, not an int"),
    ("(0, 1)", "click is tuple (0, 1), not a list"),
])
def test_a_drawn_input_not_of_the_signatures_type_is_the_generators_error(problem_copy, drawn, said):
    """Red-team round 32: drawn values were never typed as a case file's are, so an int drawn for a string
    (under a validator that let it by) was every submission's RE on that case, or "the reference gives RE",
    blamed on reference.py. Now it names the generator, the case and the value, before any validator."""
    (problem_copy / "validator.py").write_text("def check(args):\n    return []\n")
    path = problem_copy / "generator.py"
    path.write_text(path.read_text().replace("    return _game()\n",
                                             f"    return _game().map(lambda a: {{**a, 'click': {drawn}}})\n"))
    problem = load_problem(str(problem_copy))
    with pytest.raises(ProblemError, match=r"generator.py: random-529-0 is invalid: " + re.escape(said)):
        fuzz.random_cases(problem, 2, 529)


def test_a_generator_that_raises_or_exits_while_drawing_is_one_line_and_exit_2(tmp_path):
    """Bad-input round 29: `judge fuzz` with a generator whose strategy raised was exit 3 (an internal
    error), and one that called sys.exit(4) ended with code 4 and no word; grade said one line, exit 2."""
    package = copy_problem(tmp_path)
    bfs = SUBMISSIONS / "accepted" / "bfs_class.py"
    for body, said in (("st.integers(0, 3).map(_boom)", "ValueError: gen boom"),
                       ("st.integers().map(lambda x: sys.exit(4))", "SystemExit: 4")):
        (package / "generator.py").write_text("import sys\nfrom hypothesis import strategies as st\n\n\n"
                                              "def _boom(x):\n    raise ValueError('gen boom')\n\n\n"
                                              f"def inputs():\n    return {body}\n")
        done = judge("fuzz", package, bfs, "--examples", "5", timeout=120)
        assert done.returncode == 2 and f"generator.py: drawing an example failed: {said}" in done.stderr, done.stderr


def test_a_validator_that_crashes_on_a_drawn_input_is_blamed_not_the_generator(monkeypatch):
    """Bad-input round 29: a validator that crashed on a drawn input was reported as "generator.py: made an
    invalid input: the validator crashed: ..."; it names the validator."""
    from judge.problems.cases import VALIDATOR_CRASHED
    from judge.problems.problem import load_problem

    monkeypatch.setattr(fuzz, "validate_args", lambda problem, args: [f"{VALIDATOR_CRASHED}: ValueError: boom"])
    problem = load_problem("minesweeper")
    with pytest.raises(ProblemError, match=r"validator.py: could not check an input: the validator crashed: "
                                           r"ValueError: boom"):
        fuzz.search(problem, SUBMISSIONS / "accepted" / "bfs_class.py", examples=3)
