"""The JSON documents: records to JSON and back, read strictly."""

import copy
import json

import pytest

from helpers import SUBMISSIONS, judge
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem
from judge.results import serialize
from judge.results.records import Comparison
from judge.verdict import CaseResult, SubmissionResult, Verdict

#: Every graded document's verdicts: AC, WA, RE, CE, TLE (with SKIPPED after it), MLE; two languages.
GRADED = [SUBMISSIONS / "accepted" / "bfs_class.py", SUBMISSIONS / "accepted" / "bfs.cpp",
          SUBMISSIONS / "wrong_answer" / "four_way.py", SUBMISSIONS / "runtime_error" / "crash.py",
          SUBMISSIONS / "compile_error" / "syntax_error.py", SUBMISSIONS / "time_limit" / "infinite_loop.py",
          SUBMISSIONS / "memory_limit" / "hog.py"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A store and the `judge grade --json` documents of a fresh run, then of the same run from the cache."""
    db = tmp_path_factory.mktemp("serialize") / "r.sqlite3"
    docs = []
    for _ in range(2):
        out = judge("grade", "minesweeper", *GRADED, "--fuzz", "3", "--json", "--db", db)
        assert out.returncode == 1, out.stderr
        docs.append(json.loads(out.stdout))
    return db, docs


def test_results_read_back_from_json_serialize_the_same(graded):
    _, docs = graded
    for doc in docs:
        results = serialize.results_from_document(json.loads(json.dumps(doc)))
        assert [serialize.submission_to_json(r) for r in results] == doc["results"]
        assert all(r.recording is not None and r.recording.author for r in results)
        assert {r.verdict for r in results} >= {Verdict.AC, Verdict.TLE}


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(schema_version=0), "schema version"),
    (lambda d: d["results"][0].update(verdict="ac"), "not a verdict"),
    (lambda d: d["results"][0]["cases"][0].update(diff="a"), "diff"),
    (lambda d: d["results"][0]["cases"][0].update(diff=[1]), "diff"),
    (lambda d: d["results"][0]["cases"][0].update(memory_kb=True), "memory_kb"),
    (lambda d: d["results"][0].update(cases={}), "cases"),
    (lambda d: d["results"].append("x"), "expected an object"),
])
def test_reading_json_is_strict(graded, change, message):
    _, (doc, _) = graded
    bad = copy.deepcopy(doc)
    change(bad)
    with pytest.raises(ValueError, match=message):
        serialize.results_from_document(bad)


def test_grade_document_shape():
    problem = load_problem("minesweeper")
    case = load_cases(problem)[1]
    wrong = CaseResult(case.name, case.group, Verdict.WA, 3.0, 2.0, 1000, "got None",
                       ("got None: the board was not returned",))
    result = SubmissionResult("sub.py", "/x/sub.py", "python", Verdict.WA, (wrong,), sha256="0" * 64)
    doc = serialize.grade_document(problem.id, problem.title, [result], Comparison(["sub.py"], [], [["sub.py"]], [[0]]),
                                   sandbox="none", sandbox_detail="none", isolated=False, cases=1, random_count=0,
                                   seed=None, random_hash="0" * 64)
    assert doc["problem"] == "minesweeper" and doc["schema_version"] == serialize.SCHEMA_VERSION
    data = doc["results"][0]
    assert {"submission", "language", "verdict", "passed", "total", "cases"} <= set(data)
    assert data["cases"][0]["diff"] == ["got None: the board was not returned"]
    assert {"name", "verdict", "time_ms"} <= set(data["cases"][0])
    assert "author" not in data  # no recording facts: not graded through the store
