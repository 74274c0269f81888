"""Submissions against each other: groups, the disagreement matrix, and warnings about the reference."""

import json

import yaml

from helpers import DATA, SUBMISSIONS, copy_problem, judge
from judge.grading import compare
from judge.grading.grade import Options, grade
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem

ACCEPTED = sorted((SUBMISSIONS / "accepted").glob("*.py"))


def _graded(problem, sources):
    cases = load_cases(problem)
    return cases, grade(problem, cases, sources, Options(jobs=2))


def test_groups_and_matrix_on_real_grading():
    problem = load_problem("minesweeper")
    sources = [ACCEPTED[0], ACCEPTED[1], SUBMISSIONS / "wrong_answer" / "mine_noop.py"]
    cases, results = _graded(problem, sources)
    comparison = compare.compare(cases, results)
    names = [r.submission for r in results]
    assert comparison.groups == [names[:2], names[2:]]
    wrong = sum(not c.passed for c in results[2].cases)
    assert comparison.matrix == [[0, 0, wrong], [0, 0, wrong], [wrong, wrong, 0]]
    assert comparison.suspects == []
    text = compare.render(comparison)
    assert "group 1" in text and "group 2" in text and "no case where a clear majority" in text


def test_a_wrong_expected_answer_is_flagged(tmp_path):
    """When most submissions agree with each other and not with a case's expected board, say so."""
    package = copy_problem(tmp_path)
    (package / "cases" / "secret" / "large.yaml").unlink()  # fewer, smaller cases: a quicker test
    samples = package / "cases" / "sample" / "examples.yaml"
    data = yaml.safe_load(samples.read_text())
    data[0]["expected"][0] = "B1M1B"  # a wrong expected board (the reference gives B1E1B)
    samples.write_text(yaml.safe_dump(data, sort_keys=False))
    problem = load_problem(str(package))
    cases, results = _graded(problem, ACCEPTED[:3])
    comparison = compare.compare(cases, results)
    assert [s.case for s in comparison.suspects] == ["example-1"]
    assert comparison.suspects[0].voters == 3 and len(comparison.suspects[0].agreeing) == 3
    assert "example-1" in compare.warnings(comparison)[0]

    # the CLI shows it too: `judge compare` (exit 1) and `judge grade` (a warning line, and in --json)
    shown = judge("compare", package, *ACCEPTED[:3], "--fuzz", "3")
    assert shown.returncode == 1 and "warning: case example-1" in shown.stdout
    graded = judge("grade", package, *ACCEPTED[:3], "--fuzz", "3", "--json")
    doc = json.loads(graded.stdout)
    assert [w["case"] for w in doc["compare"]["warnings"]] == ["example-1"]
    assert doc["compare"]["cases"] == doc["cases"]
    text = judge("grade", package, *ACCEPTED[:3], "--fuzz", "0")
    assert "warning: case example-1" in text.stdout


def test_no_warning_without_a_clear_majority():
    problem = load_problem("minesweeper")
    cases, results = _graded(problem, [ACCEPTED[0], SUBMISSIONS / "wrong_answer" / "four_way.py"])
    assert compare.compare(cases, results).suspects == []  # two voters are never a clear majority


def test_grade_json_has_compare_and_fingerprints_not_boards():
    result = judge("grade", "minesweeper", ACCEPTED[0], SUBMISSIONS / "wrong_answer" / "miscount.py",
                   "--fuzz", "5", "--json")
    doc = json.loads(result.stdout)
    comparison = doc["compare"]
    assert len(comparison["groups"]) == 2
    a, b = comparison["submissions"]
    failed = sum(c["verdict"] != "AC" for c in doc["results"][1]["cases"])
    assert comparison["disagreements"][a][b] == failed > 0
    for case in doc["results"][0]["cases"]:
        assert len(case["answer"]) == 16 and "got" not in case


def test_a_regrade_from_the_cache_compares_like_the_first_run(tmp_path):
    subs = [SUBMISSIONS / "accepted" / "bfs_class.py", SUBMISSIONS / "wrong_answer" / "four_way.py",
            SUBMISSIONS / "wrong_answer" / "mine_noop.py"]
    db = tmp_path / "results.sqlite3"
    runs = [json.loads(judge("grade", "minesweeper", *subs, "--json", "--fuzz", "10", "--db", db).stdout)
            for _ in range(2)]
    assert [r["cached"] for r in runs[1]["results"]] == [True, True, True]
    assert runs[1]["compare"] == runs[0]["compare"]
    assert len(runs[0]["compare"]["groups"]) == 3


def test_answers_the_checker_accepts_agree_with_the_reference():
    """Under `checker: unordered` two submissions that give every pair in the other order are no warning."""
    problem = load_problem(str(DATA / "problems" / "two_sum"))
    known = DATA / "submissions" / "two_sum"
    sources = [known / "accepted" / "reversed_pair.py", known / "accepted" / "reversed_pair.cpp",
               known / "wrong_answer" / "reuses_element.py"]
    cases, results = _graded(problem, sources)
    assert [r.verdict.value for r in results] == ["AC", "AC", "WA"]
    comparison = compare.compare(cases, results)
    assert comparison.groups == [[r.submission for r in results[:2]], [results[2].submission]]
    assert comparison.suspects == []
