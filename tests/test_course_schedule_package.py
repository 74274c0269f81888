"""The Course Schedule II package (LeetCode 210): reference, validator, checker (every explanation),
generator, cases, and the package end to end through the real CLI (one verify, one graded comparison)."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import load_part

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = ROOT / "problems" / "course_schedule"
SUBMISSIONS = ROOT / "submissions" / "course_schedule"


reference = load_part(PROBLEM, "reference")
validator = load_part(PROBLEM, "validator")
checker = load_part(PROBLEM, "checker")
generator = load_part(PROBLEM, "generator")


def _cases():
    out = []
    for path in sorted(PROBLEM.glob("cases/*/*.yaml")):
        for case in yaml.safe_load(path.read_text()):
            out.append((path.parent.name, case))
    return out


CASES = _cases()
BY_NAME = {case["name"]: case for _, case in CASES}


def judge(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "judge", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def args_of(case):
    return {"numCourses": case["numCourses"], "prerequisites": case["prerequisites"]}


def is_valid_order(n, pairs, order):
    where = {c: i for i, c in enumerate(order)}
    return sorted(order) == list(range(n)) and all(where[b] < where[a] for a, b in pairs)


# ------------------------------------------------------------------ reference

def test_reference_on_leetcodes_examples():
    assert reference.findOrder(2, [[1, 0]]) == [0, 1]
    assert is_valid_order(4, [[1, 0], [2, 0], [3, 1], [3, 2]], reference.findOrder(4, [[1, 0], [2, 0], [3, 1], [3, 2]]))
    assert reference.findOrder(1, []) == [0]
    assert reference.findOrder(2, [[0, 1], [1, 0]]) == []
    assert reference.solve is reference.findOrder


def test_reference_does_not_recurse_on_the_longest_chain():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(100)
    try:
        assert reference.findOrder(2000, [[i, i - 1] for i in range(1, 2000)]) == list(range(2000))
    finally:
        sys.setrecursionlimit(old)


# ------------------------------------------------------------------ cases

def test_cases_are_valid_and_expected_is_the_references():
    assert len(CASES) == len(BY_NAME)  # names unique
    for _, case in CASES:
        assert validator.check(args_of(case)) == [], case["name"]
        assert case["expected"] == reference.findOrder(case["numCourses"], case["prerequisites"]), case["name"]


def test_samples_are_leetcodes_examples_and_the_boundaries_are_there():
    samples = [case for group, case in CASES if group == "sample"]
    assert [(c["numCourses"], c["prerequisites"]) for c in samples] == [
        (2, [[1, 0]]), (4, [[1, 0], [2, 0], [3, 1], [3, 2]]), (1, [])]
    assert BY_NAME["chain-2000"]["prerequisites"] == [[i, i - 1] for i in range(1, 2000)]
    assert BY_NAME["ring-2000"]["expected"] == [] and len(BY_NAME["ring-2000"]["prerequisites"]) == 2000
    dense = BY_NAME["dense-dag-100"]
    assert len(dense["prerequisites"]) == 100 * 99 // 2 and dense["expected"]
    assert BY_NAME["one-course"]["numCourses"] == 1
    assert sum(1 for _, c in CASES if c["expected"] == []) >= 8  # cycles of every kind
    assert any(c["numCourses"] > len({x for p in c["prerequisites"] for x in p}) and c["prerequisites"]
               for _, c in CASES)  # isolated courses beside pairs


def test_large_file_lines_stay_short():
    lines = (PROBLEM / "cases" / "secret" / "large.yaml").read_text().splitlines()
    assert max(map(len, lines)) <= 120


# ------------------------------------------------------------------ validator

@pytest.mark.parametrize("args, words", [
    ({"numCourses": 0, "prerequisites": []}, "must be 1..2000"),
    ({"numCourses": 2001, "prerequisites": []}, "must be 1..2000"),
    ({"numCourses": True, "prerequisites": []}, "must be an integer"),
    ({"numCourses": "3", "prerequisites": []}, "must be an integer"),
    ({"prerequisites": []}, "numCourses is missing"),
    ({"numCourses": 2}, "prerequisites is missing"),
    ({"numCourses": 2, "prerequisites": "[[1,0]]"}, "must be a list of [a, b] pairs"),
    ({"numCourses": 2, "prerequisites": [[1, 0, 1]]}, "prerequisites[0] must be a pair"),
    ({"numCourses": 2, "prerequisites": [[1, 0.5]]}, "prerequisites[0] must be a pair"),
    ({"numCourses": 2, "prerequisites": [[2, 0]]}, "a = 2 is not a course (0..1)"),
    ({"numCourses": 2, "prerequisites": [[1, -1]]}, "b = -1 is not a course (0..1)"),
    ({"numCourses": 2, "prerequisites": [[1, 1]]}, "cannot be its own prerequisite"),
    ({"numCourses": 3, "prerequisites": [[1, 0], [2, 0], [1, 0]]}, "the same pair as prerequisites[0]"),
    ({"numCourses": 2, "prerequisites": [[1, 0], [0, 1], [1, 0]]}, "at most numCourses * (numCourses - 1) = 2"),
    ([2, []], "input must be a mapping"),
])
def test_validator_rejects(args, words):
    problems = validator.check(args)
    assert any(words in p for p in problems), problems


def test_validator_accepts_the_extremes_and_bounds_its_messages():
    assert validator.check({"numCourses": 1, "prerequisites": []}) == []
    every_pair = [[a, b] for a in range(4) for b in range(4) if a != b]
    assert validator.check({"numCourses": 4, "prerequisites": every_pair}) == []
    many = validator.check({"numCourses": 2, "prerequisites": [[1, 1]] * 1000})
    assert len(many) == validator.MAX_MESSAGES + 1 and many[-1].startswith("... and")


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=9), inner, max_size=3),
                    max_leaves=12))
@settings(max_examples=150, deadline=None, database=None)
def test_validator_never_raises(value):
    assert isinstance(validator.check(value), list)
    assert isinstance(validator.check({"numCourses": 3, "prerequisites": value}), list)


# ------------------------------------------------------------------ checker

EXAMPLE = {"numCourses": 4, "prerequisites": [[1, 0], [2, 0], [3, 1], [3, 2]]}
RING = {"numCourses": 4, "prerequisites": [[1, 0], [2, 1], [0, 2], [3, 2]]}


def test_checker_accepts_every_valid_order_and_only_those():
    assert checker.exact is False
    for order in ([0, 1, 2, 3], [0, 2, 1, 3]):
        assert checker.compare([0, 1, 2, 3], order, EXAMPLE) == (True, [])
    assert checker.compare([], [], RING) == (True, [])
    assert checker.compare([0], [0], {"numCourses": 1, "prerequisites": []}) == (True, [])


@pytest.mark.parametrize("got, words", [
    ([0, 1, 3], ["expected 4 courses, got 3", "missing course 2"]),
    ([0, 1, 2, 2], ["course 2 appears twice, at positions 2 and 3", "missing course 3"]),
    ([0, 1, 2, 4], ["position 3: 4 is not a course (courses are 0..3)", "missing course 3"]),
    ([0, 1, 2, -1], ["position 3: -1 is not a course"]),
    ([0, 1, 2, 3, 4], ["expected 4 courses, got 5", "position 4: 4 is not a course"]),
    ([0, 1, 2, "3"], ["position 3: '3' is not a course number", "missing course 3"]),
    ([3, 1, 2, 0], ["prerequisite [1, 0]: course 0 must come before course 1, but 0 is at position 3 and 1 at "
                    "position 1", "prerequisite [3, 1]: course 1 must come before course 3, but 1 is at position 1 "
                    "and 3 at position 0"]),
    ([], ["got [] (no order), but an order of all 4 courses exists, for example [0, 1, 2, 3]"]),
    (None, ["got None, expected a list of course numbers"]),
])
def test_checker_explains_a_wrong_order(got, words):
    ok, why = checker.compare([0, 1, 2, 3], got, EXAMPLE)
    assert not ok
    for w in words:
        assert any(w in line for line in why), (w, why)


def test_checker_names_a_cycle_when_an_order_comes_back_for_one():
    ok, why = checker.compare([], [3, 0, 1, 2], RING)
    assert not ok and why == ["got an order of 4 course(s), expected [] because no order exists: the prerequisites "
                              "have a cycle: 0 -> 1 -> 2 -> 0 (each course must be taken before the next)"]
    ok, why = checker.compare([], [0, 1], {"numCourses": 4, "prerequisites": RING["prerequisites"]})
    assert not ok and "got an order of 2 course(s)" in why[0]  # a partial order is no answer either


def test_checker_shortens_a_long_cycle_and_bounds_its_lines():
    ring = {"numCourses": 2000, "prerequisites": [[(i + 1) % 2000, i] for i in range(2000)]}
    ok, why = checker.compare([], list(range(2000)), ring)
    assert not ok and len(why) == 1 and "0 -> 1 -> 2 -> 3 -> 4 -> 5 -> ... 1990 more -> 1996" in why[0]
    assert len(why[0]) < 300
    chain = {"numCourses": 2000, "prerequisites": [[i, i - 1] for i in range(1, 2000)]}
    ok, why = checker.compare(list(range(2000)), list(range(1999, -1, -1)), chain)
    assert not ok and len(why) == checker.MAX_EXPLAINED + 1 and why[-1] == "... and 1989 more prerequisite pairs broken"
    ok, why = checker.compare(list(range(2000)), [7] * 2000, chain)
    assert not ok and why[0] == "missing courses 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, ... (1999 in all)"
    assert why[-1] == "... and 1989 more like it" and len(why) == 1 + checker.MAX_EXPLAINED + 1


def test_checker_works_without_args_and_never_raises():
    assert checker.compare([0, 1], [0, 1], None) == (True, [])
    assert checker.compare([0, 1], [1, 0], None) == (True, [])  # no pairs known: any permutation
    assert not checker.compare([0, 1], [0, 0], None)[0]
    assert checker.find_cycle(3, [(1, 0), (2, 1)]) is None


@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 6) | st.text(max_size=2),
                    lambda inner: st.lists(inner, max_size=6), max_leaves=10),
       st.sampled_from([EXAMPLE, RING, {}, {"numCourses": "x", "prerequisites": [[1]]}]))
@settings(max_examples=200, deadline=None, database=None)
def test_checker_never_raises(got, args):
    for expected in ([0, 1, 2, 3], []):
        ok, why = checker.compare(expected, got, args)
        assert isinstance(ok, bool) and all(isinstance(w, str) for w in why) and (ok or why)


# ------------------------------------------------------------------ generator

@given(generator.inputs())
@settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_generator_draws_only_valid_inputs(args):
    assert validator.check(args) == []
    expected = reference.findOrder(args["numCourses"], args["prerequisites"])
    assert checker.compare(expected, list(expected), args) == (True, [])


@pytest.mark.parametrize("kind, cyclic", [("chain", False), ("sparse", False), ("back-edge", True), ("ring", True)])
def test_the_large_kinds(kind, cyclic):
    args = generator.large(kind, random.Random(kind))
    assert args["numCourses"] == 2000 and validator.check(args) == []
    assert (reference.findOrder(2000, args["prerequisites"]) == []) is cyclic


# ------------------------------------------------------------------ the package through the CLI

def test_every_known_submission_is_filed_in_every_language():
    for folder in ("accepted", "wrong_answer", "time_limit", "runtime_error", "compile_error"):
        suffixes = {p.suffix for p in (SUBMISSIONS / folder).iterdir()}
        assert len(suffixes) >= (6 if folder in ("accepted", "runtime_error", "compile_error") else 3), folder
    for path in SUBMISSIONS.glob("*/*.*"):
        first = path.read_text().splitlines()[0]
        assert first.startswith(("# ", "// ", "/**")), path


def test_verify_passes_end_to_end():
    result = judge("verify", "course_schedule", "--json")
    doc = json.loads(result.stdout)
    assert result.returncode == 0 and doc["ok"], doc["errors"]
    got = {Path(s["submission"]).parent.name: set() for s in doc["submissions"]}
    for s in doc["submissions"]:
        assert s["verdict"] == s["expected"], s["submission"]
        got[Path(s["submission"]).parent.name].add(s["language"])
    assert len(got["accepted"]) == 6 and len(got["compile_error"]) == 6 and len(got["runtime_error"]) == 6


def test_accepted_answers_differ_yet_agree_to_the_checker(tmp_path):
    """`compare`'s grouping, seen through grade --json (the same comparison, with each answer's fingerprint)."""
    result = judge("grade", "course_schedule", SUBMISSIONS / "accepted", "--fuzz", "0", "--json", "--no-store")
    doc = json.loads(result.stdout)
    assert result.returncode == 0 and {r["verdict"] for r in doc["results"]} == {"AC"}
    answers = {}
    for r in doc["results"]:
        for case in r["cases"]:
            answers.setdefault(case["name"], set()).add(case["answer"])
    assert sum(len(a) > 1 for a in answers.values()) >= 10  # different orders on many cases
    assert len(answers["shuffled-sparse-2000"]) >= 3
    compared = doc["compare"]
    assert compared["answers_agree_by"] == "checker" and compared["warnings"] == []
    assert len(compared["groups"]) == 1
