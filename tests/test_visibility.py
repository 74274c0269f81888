"""Hidden tests stay hidden: problem.yaml's `visibility` applied to every student-facing export.

A copy of the transpose package gets a secret case and a hidden group whose numbers appear nowhere
else; a submission returns its input, prints it, and puts it in an exception's message. Every export
of the students' view is searched for those numbers; the instructor's (`--show-secret`) must show
them, so the search can fail.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers import ROOT, run_judge
from judge.errors import ProblemError
from judge.results import visibility
from judge.verdict import CaseResult, FirstFailure, Verdict

SECRET_VALUE, HIDDEN_VALUE, EXPECTED_VALUE = "918273645", "777000111", "555444333"
LEAK = """
class Solution:
    def transpose(self, matrix):
        print("LEAK", matrix)
        if matrix[0][0] == 777000111:
            raise ValueError(f"the input was {matrix}")
        return matrix
"""
SECRET = f"""
- name: secret-leak
  matrix:
    - [7, {SECRET_VALUE}]
    - [8, 9]
  expected:
    - [7, 8]
    - [{SECRET_VALUE}, 9]
- name: secret-answer
  matrix:
    - [1, 2, 3]
  expected:
    - [1]
    - [2]
    - [3]
"""
HIDDEN = f"""
- name: stress-one
  matrix:
    - [{HIDDEN_VALUE}, {EXPECTED_VALUE}]
  expected:
    - [{HIDDEN_VALUE}]
    - [{EXPECTED_VALUE}]
- name: stress-two
  matrix:
    - [4]
  expected:
    - [4]
"""
POLICY = """visibility: {sample: full, secret: verdict, stress: hidden}
scoring:
  groups: {sample: 0, secret: 2, stress: 3}
"""


def leaky_package(folder: Path) -> Path:
    """A copy of transpose with POLICY, a secret case holding SECRET_VALUE and a hidden `stress` group
    holding HIDDEN_VALUE and EXPECTED_VALUE: values that appear nowhere else."""
    package = folder / "transpose"
    shutil.copytree(ROOT / "tests" / "data" / "problems" / "transpose", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text() + POLICY)
    (package / "cases" / "secret" / "leak.yaml").write_text(SECRET)
    (package / "cases" / "stress").mkdir()
    (package / "cases" / "stress" / "big.yaml").write_text(HIDDEN)
    return package


@pytest.fixture(scope="module")
def leaky(tmp_path_factory):
    """The package, the submission and a store with it graded."""
    folder = tmp_path_factory.mktemp("vis")
    package = leaky_package(folder)
    submission = folder / "leak.py"
    submission.write_text(LEAK)
    db = folder / "r.sqlite3"
    graded = run_judge("grade", package, submission, "--db", db, "--fuzz", "0")
    assert graded.returncode == 1, graded.stderr
    assert SECRET_VALUE in graded.stdout or "secret" in graded.stdout  # the instructor's terminal report
    return package, submission, db


def _exports(package: Path, submission: Path, db: Path, *extra: str) -> dict[str, str]:
    out = {}
    for fmt in ("terminal", "markdown", "csv", "json", "junit", "html", "gradescope", "gradebook"):
        res = run_judge("leaderboard", package, "--db", db, "--format", fmt, *extra)
        assert res.returncode == 0, (fmt, res.stderr)
        out[fmt] = res.stdout
    res = run_judge("grade", package, submission, "--no-store", "--fuzz", "0", "--format", "gradescope", *extra)
    assert res.returncode == 1, res.stderr
    out["grade-gradescope"] = res.stdout
    return out


def test_no_export_shows_a_secret_or_hidden_value(leaky):
    shown = _exports(*leaky)
    for fmt, text in shown.items():
        for value in (SECRET_VALUE, HIDDEN_VALUE, EXPECTED_VALUE):
            assert value not in text, (fmt, value)
        assert "LEAK" not in text or fmt in ("json", "junit", "html", "gradescope", "grade-gradescope"), fmt
    # what the students do see: the secret cases by name and verdict, the hidden group only counted
    board = json.loads(shown["json"])
    entry = board["entries"][0]
    names = [c["name"] for c in entry["cases"]]
    assert "secret-leak" in names and "stress-one" not in names and "stress-one" not in shown["html"]
    assert entry["hidden"] == [{"group": "stress", "passed": 1, "total": 2}]
    assert entry["total"] == len(names) + 2
    leak = next(c for c in entry["cases"] if c["name"] == "secret-leak")
    assert leak["verdict"] == "WA" and (leak["diff"], leak["output"], leak["message"]) == ([], "", "")
    # nor how long it took or how much memory it used: a submission could sleep by its input's values
    assert (leak["time_ms"], leak["cpu_ms"], leak["memory_kb"], leak["answer"]) == (0, None, None, "")
    # the sample cases are shown in full: the first failure's inputs, answers and what it printed
    sample = entry["first_failure"]
    assert sample["group"] == "sample" and sample["output"].startswith("LEAK") and sample["diff"] and sample["args"]
    assert "<system-out>LEAK" in shown["junit"]


def test_the_instructor_sees_everything(leaky):
    everything = _exports(*leaky, "--show-secret")
    for fmt in ("json", "junit", "gradescope", "grade-gradescope"):
        assert SECRET_VALUE in everything[fmt] and HIDDEN_VALUE in everything[fmt], fmt
    board = json.loads(everything["json"])
    assert board["entries"][0]["hidden"] == [] and "stress-one" in board["cases"]


def test_gradescope_follows_the_policy(leaky):
    package, _, db = leaky
    doc = json.loads(run_judge("leaderboard", package, "--db", db, "--format", "gradescope").stdout)
    tests = {t["name"]: t for t in doc["tests"]}
    assert tests["example-1"]["visibility"] == "visible" and tests["example-1"]["output"].startswith("WA")
    assert tests["secret-leak"]["visibility"] == "after_published" and tests["secret-leak"]["output"].startswith("WA")
    assert SECRET_VALUE not in tests["secret-leak"]["output"]
    hidden = tests["stress: 2 hidden cases"]
    assert hidden["visibility"] == "hidden" and (hidden["score"], hidden["max_score"]) == (3.0, 6.0)
    assert hidden["status"] == "failed" and hidden["output"] == "1 of 2 passed"
    assert doc["score"] == sum(t["score"] for t in doc["tests"])  # weights: sample 0, secret 2, stress 3


def test_a_bad_policy_is_refused_naming_the_file(tmp_path):
    package = tmp_path / "transpose"
    shutil.copytree(ROOT / "tests" / "data" / "problems" / "transpose", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text() + "visibility: {secret: secret}\n")
    out = run_judge("gradescope", package, "--output", tmp_path / "ag.zip")
    assert out.returncode == 2 and "visibility.secret" in out.stderr and "problem.yaml" in out.stderr
    assert not (tmp_path / "ag.zip").exists()


def test_redaction_keeps_counts_and_compile_errors():
    policy = visibility.Policy({"stress": visibility.HIDDEN})
    assert [policy.level(g) for g in ("sample", "secret", "random", "stress")] == ["full", "verdict", "verdict",
                                                                                  "hidden"]
    assert visibility.EVERYTHING.level("secret") == "full"
    wa = CaseResult("s1", "secret", Verdict.WA, time_ms=918.0, cpu_ms=917.0, memory_kb=918273, message="row 0",
                    diff=("row 0",), got=[[1]], output="x", answer="0123456789abcdef")
    ce = CaseResult("s2", "secret", Verdict.CE, message="a.cpp:1: error\n  int x")
    assert visibility.redact_case(wa, "verdict") == CaseResult("s1", "secret", Verdict.WA)
    assert visibility.redact_case(ce, "verdict").message == ce.message  # the submission's own text
    assert visibility.redact_case(wa, "hidden").name == "" and not visibility.is_listed(
        visibility.redact_case(wa, "hidden"))
    failure = FirstFailure(wa, {"matrix": [[1]]}, [[2]])
    assert visibility.redact_failure(failure, policy) == FirstFailure(visibility.redact_case(wa, "verdict"))
    assert visibility.is_redacted(visibility.redact_failure(failure, policy))
    assert visibility.redact_failure(failure, visibility.EVERYTHING) is failure


def test_policy_parse_errors(tmp_path):
    from judge.problems.problem import load_problem

    package = tmp_path / "transpose"
    shutil.copytree(ROOT / "tests" / "data" / "problems" / "transpose", package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    base = (package / "problem.yaml").read_text()
    for bad in ("visibility: [secret]\n", "visibility: {secret: shown}\n"):
        (package / "problem.yaml").write_text(base + bad)
        with pytest.raises(ProblemError, match="visibility"):
            visibility.policy(load_problem(str(package)))
    # A misspelt group would silently leave the one meant at the default
    (package / "problem.yaml").write_text(base + "visibility: {secret: verdict, secrt: hidden}\n")
    with pytest.raises(ProblemError, match=r"visibility\.secrt: no case group of that name \(the groups: sample, "
                                           r"secret, random\)"):
        visibility.policy(load_problem(str(package)))
    (package / "problem.yaml").write_text(base + "visibility: {random: hidden}\n")
    assert visibility.policy(load_problem(str(package))).level("random") == "hidden"


def test_stale_and_missing_entries_are_redacted_and_drawn():
    """The roster's entries (stale: graded on an older test set; missing: no submission) go through the policy
    too, and the page shows them apart from the ranking, with the student's name, id and late penalty."""
    from judge.results import html, leaderboard

    secret = CaseResult("s", "secret", Verdict.WA, message=SECRET_VALUE, diff=(SECRET_VALUE,), got=[SECRET_VALUE])

    def entry(author, rank, **extra):
        return leaderboard.Entry(rank, author, f"{author}.py", "python", Verdict.WA, 0, 1, 0, 1, None, "2026-01-01",
                                 "s", 1, cases=(secret,), first_failure=FirstFailure(secret, {"x": SECRET_VALUE}),
                                 **extra)

    board = leaderboard.Leaderboard(
        "p", "P", "t" * 64, [entry("ranked", 1, student_id="S-1", name="Ann Lee", late=True, late_days=2,
                                   penalty=0.5, score_before_penalty=1.0)],
        ["s"], False, stale=[entry("old", 0, stale=True, test_set="o" * 64)],
        missing=[entry("Cy", 0, missing=True, name="Cy Young")], deadline="2026-01-01T00:00:00+00:00")
    shown = visibility.redact(board, visibility.DEFAULT)
    assert all(e.cases[0] == CaseResult("s", "secret", Verdict.WA) for e in shown.everyone)
    page = html.html(shown)
    assert SECRET_VALUE not in page
    assert "Ann Lee" in page and "S-1" in page and "2 day(s)" in page and "-50%" in page
    assert "old (<code>oooooooooooo</code>" in page and 'id="missing"' in page and "Cy" in page
    assert SECRET_VALUE in html.html(visibility.redact(board, visibility.EVERYTHING))
