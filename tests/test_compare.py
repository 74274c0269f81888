"""Submissions against each other: groups, the disagreement matrix, and warnings about the reference."""

import json
import shutil

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


TWO_SUM = DATA / "problems" / "two_sum"
KNOWN = DATA / "submissions" / "two_sum"
ASCENDING = "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n" \
            "        for j, x in enumerate(nums):\n            if target - x in seen:\n" \
            "                return [seen[target - x], j]\n            seen[x] = j\n"


def test_answers_are_grouped_by_what_the_checker_accepts(tmp_path):
    """The pair in either order is the same answer under `unordered`: one group, no disagreement, exit 0."""
    ascending = tmp_path / "ascending.py"
    ascending.write_text(ASCENDING)
    subs = [ascending, KNOWN / "accepted" / "reversed_pair.py", KNOWN / "accepted" / "reversed_pair.cpp"]
    shown = judge("compare", TWO_SUM, *subs, "--fuzz", "10", "--json")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    doc = json.loads(shown.stdout)
    assert doc["answers_agree_by"] == "checker" and len(doc["groups"]) == 1 and doc["warnings"] == []
    assert all(n == 0 for row in doc["disagreements"].values() for n in row.values())
    text = judge("compare", TWO_SUM, *subs, "--fuzz", "0")
    assert text.returncode == 0 and "groups (answers the same to the checker on every case):" in text.stdout


def test_a_majority_in_any_order_against_a_wrong_expected_answer_is_flagged(tmp_path):
    """Three submissions give the same pair, in two orders, where the case expects another: one warning, all three."""
    package = tmp_path / "two_sum"
    shutil.copytree(TWO_SUM, package, ignore=shutil.ignore_patterns("__pycache__"))
    path = package / "cases" / "secret" / "pairs.yaml"
    path.write_text(path.read_text().replace("  target: 0\n  expected: [0, 2]", "  target: 0\n  expected: [0, 1]"))
    ascending = tmp_path / "ascending.py"
    ascending.write_text(ASCENDING)
    subs = [ascending, KNOWN / "accepted" / "reversed_pair.py", KNOWN / "accepted" / "reversed_pair.cpp"]
    shown = judge("compare", package, *subs, "--fuzz", "0", "--json")
    assert shown.returncode == 1, shown.stderr
    (warning,) = json.loads(shown.stdout)["warnings"]
    assert warning["case"] == "negatives" and len(warning["agreeing"]) == warning["voters"] == 3


def test_the_checker_sees_each_distinct_answer_once_per_class(tmp_path):
    """Identical wrong answers are not shown to the checker again; one in the other order is, once."""
    package = tmp_path / "two_sum"
    shutil.copytree(TWO_SUM, package, ignore=shutil.ignore_patterns("__pycache__"))
    text = (package / "problem.yaml").read_text()
    (package / "problem.yaml").write_text(text.replace("\nchecker: unordered\n", "\n"))
    log = tmp_path / "calls.log"
    (package / "checker.py").write_text(
        "def compare(expected, got, args):\n"
        f"    with open({str(log)!r}, 'a') as f:\n        f.write('x')\n"
        "    return sorted(got) == sorted(expected), [] if sorted(got) == sorted(expected) else ['other pair']\n")
    wrong = tmp_path / "first_two.py"
    wrong.write_text("class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n")
    flipped = tmp_path / "first_two_flipped.py"
    flipped.write_text("class Solution:\n    def twoSum(self, nums, target):\n        return [1, 0]\n")
    problem = load_problem(str(package))
    cases, results = _graded(problem, [wrong, wrong, flipped])
    log.write_text("")
    comparison = compare.compare(cases, results, problem)
    wrong_cases = sum(c.verdict.value == "WA" for c in results[2].cases)
    assert len(log.read_text()) == wrong_cases  # the flipped answer, once per case it is wrong on
    assert comparison.agreement == "checker" and comparison.groups == [[r.submission for r in results]]


def test_an_exact_checker_keeps_the_hash_path_with_the_same_groups(tmp_path):
    """Minesweeper's checker declares itself exact; without the declaration the checker path groups alike."""
    subs = [ACCEPTED[0], SUBMISSIONS / "wrong_answer" / "four_way.py", SUBMISSIONS / "wrong_answer" / "mine_noop.py",
            SUBMISSIONS / "wrong_answer" / "miscount.py"]
    problem = load_problem("minesweeper")
    cases, results = _graded(problem, subs)
    fast = compare.compare(cases, results, problem)
    package = copy_problem(tmp_path)
    checker = package / "checker.py"
    checker.write_text(checker.read_text().replace("\nexact = True\n", "\n"))
    slow = compare.compare(cases, results, load_problem(str(package)))
    assert (fast.agreement, slow.agreement) == ("hash", "checker")
    assert (fast.groups, fast.matrix, fast.suspects) == (slow.groups, slow.matrix, slow.suspects)
    doc = json.loads(judge("compare", "minesweeper", *subs[:2], "--fuzz", "0", "--json").stdout)
    assert doc["answers_agree_by"] == "hash"


def test_answers_not_of_the_answer_type_are_no_votes_against_the_reference(tmp_path):
    """New-problem sweep: three submissions that answered in the wrong type (rows as strings here; NaN and
    Infinity for a double) "agreed" against the reference on every case, and compare warned to check
    the reference. An answer that can never be right is no vote; they still group together."""
    problem = load_problem("minesweeper")
    sources = []
    for k in range(3):
        sources.append(tmp_path / f"strings{k}.py")
        sources[-1].write_text((DATA / "rows_as_strings.py").read_text() + f"\n# {k}\n")
    comparison = compare.compare(*_graded(problem, [*sources, ACCEPTED[0]]), problem)
    assert comparison.suspects == []
    assert sorted(map(len, comparison.groups)) == [1, 3]


def test_suspect_cases_of_the_same_submissions_make_one_warning():
    """Round 28: two submissions sharing a bug on 61 cases made 61 warning lines; one line names them."""
    from judge.results.records import Comparison, Suspect

    suspects = [Suspect(f"case-{k}", ("a.py", "b.py"), 3, "x") for k in range(61)]
    suspects.append(Suspect("lone", ("a.py", "c.py"), 3, "y"))
    comparison = Comparison(["a.py", "b.py", "c.py"], [], [], [], suspects)
    lines = compare.warnings(comparison)
    assert len(lines) == 2, lines
    assert lines[0].startswith("warning: 61 cases (case-0, case-1, case-2, case-3, case-4, ...): 2 of 3 submissions")
    assert "(a.py, b.py)" in lines[0] and lines[1].startswith("warning: case lone: 2 of 3 submissions")
