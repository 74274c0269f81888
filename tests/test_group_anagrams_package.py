"""The package an outsider wrote from the README alone (issue 11's last check): LeetCode 49 Group Anagrams,
a `string[]` in and a `string[][]` out, right in any order, checked by the standard `unordered` checker
with `nested: true`. Its parts, then `judge verify` on it end to end, through the real CLI."""

import json
from collections import Counter

from hypothesis import given, settings

from helpers import DATA, load_part, run_judge

PROBLEM = DATA / "problems" / "group_anagrams"
SUBMISSIONS = DATA / "submissions" / "group_anagrams"


validator = load_part(PROBLEM, "validator")
generator = load_part(PROBLEM, "generator")


def test_validator_holds_leetcodes_constraints():
    assert validator.check({"strs": ["eat", "", "z" * 100]}) == []
    assert validator.check({"strs": [""] * 10 ** 4}) == []
    assert validator.check({"strs": []}) != []
    assert validator.check({"strs": ["a"] * (10 ** 4 + 1)}) != []
    assert validator.check({"strs": ["a" * 101]}) != []
    for bad in ("Abc", "a b", "é", "a1"):
        assert validator.check({"strs": [bad]}) != [], bad
    assert validator.check({"strs": "abc"}) != []
    assert validator.check({"strs": [3]}) != []


@settings(max_examples=30, deadline=None)
@given(generator.inputs())
def test_generator_draws_only_valid_inputs(args):
    assert validator.check(args) == []


def test_enumerate_is_valid_and_without_repeats():
    inputs = [tuple(a["strs"]) for a in generator.enumerate(6)]
    assert len(inputs) == len(set(inputs)) == 364
    assert all(validator.check({"strs": list(s)}) == [] for s in inputs)


def test_verify_passes_end_to_end():
    result = run_judge("verify", PROBLEM, "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] and report["errors"] == []
    got = Counter((s["expected"], s["verdict"]) for s in report["submissions"])
    assert got == Counter({("AC", "AC"): 8, ("WA", "WA"): 3, ("RE", "RE"): 1})
    languages = {s["language"] for s in report["submissions"] if s["verdict"] == "AC"}
    assert languages == {"python", "cpp", "java", "go", "javascript", "typescript"}
    table = run_judge("verify", PROBLEM).stdout.splitlines()
    header = next(line for line in table if line.startswith("submission"))
    assert header.split() == ["submission", "expected", "got", "passed", "check"]  # every column named


def test_the_page_marks_no_square_of_an_order_free_answer(tmp_path):
    db = tmp_path / "r.sqlite3"
    wrong = SUBMISSIONS / "wrong_answer" / "letter_set.py"
    result = run_judge("grade", PROBLEM, wrong, "--fuzz", "0", "--db", db)
    assert result.returncode == 1, result.stderr
    assert "expected 3 elements, got 1" in result.stdout
    page = run_judge("leaderboard", PROBLEM, "--db", db, "--format", "html", "--show-secret")  # the case is secret
    assert page.returncode == 0, page.stderr
    assert 'class="wrong"' not in page.stdout and " wrong)" not in page.stdout
    assert 'class="grid wide text"' in page.stdout  # strings read from the left
