"""Tests for the Coin Change package (LeetCode 322): validator, reference, generator, cases, and the
package end to end through the real CLI (verify, compare, add-case, problems)."""

import collections
import glob
import json
import os
import shutil
import sys

import pytest
import yaml
from hypothesis import given, settings

from helpers import ROOT, load_part, run_judge

PROBLEM = ROOT / "problems" / "coin_change"
SUBMISSIONS = ROOT / "submissions" / "coin_change"
MAX_COIN = 2 ** 31 - 1
LANGUAGES = {".py": "python", ".cpp": "cpp", ".java": "java", ".js": "javascript", ".ts": "typescript",
             ".go": "go"}


reference = load_part(PROBLEM, "reference")
validator = load_part(PROBLEM, "validator")
generator = load_part(PROBLEM, "generator")


def load_cases():
    cases = []
    for path in sorted(glob.glob(str(PROBLEM / "cases" / "*" / "*.yaml"))):
        with open(path) as fh:
            for case in yaml.safe_load(fh):
                cases.append((os.path.basename(os.path.dirname(path)), case))
    return cases


CASES = load_cases()
SECRETS = [c for g, c in CASES if g == "secret"]


# ------------------------------------------------------------------ validator

VALID = {"coins": [1, 2, 5], "amount": 11}


@pytest.mark.parametrize("args", [
    {"coins": [MAX_COIN] * 12, "amount": 10 ** 4},
    {"coins": [1], "amount": 0},
    {"coins": [3, 3, 1], "amount": 10 ** 4},
])
def test_validator_accepts_the_bounds(args):
    assert validator.check(args) == []


@pytest.mark.parametrize("args,words", [
    (None, "mapping"),
    ([1, 2], "mapping"),
    ({"amount": 3}, "coins is missing"),
    ({"coins": "1,2", "amount": 3}, "list"),
    ({"coins": [], "amount": 3}, "0 values, expected 1..12"),
    ({"coins": list(range(1, 14)), "amount": 3}, "13 values, expected 1..12"),
    ({"coins": [0], "amount": 3}, "0 is outside 1..2147483647"),
    ({"coins": [-5], "amount": 3}, "-5 is outside"),
    ({"coins": [MAX_COIN + 1], "amount": 3}, "2147483648 is outside"),
    ({"coins": [True], "amount": 3}, "not an integer"),
    ({"coins": [2.0], "amount": 3}, "not an integer"),
    ({"coins": ["2"], "amount": 3}, "not an integer"),
    ({"coins": [2]}, "amount is missing"),
    ({"coins": [2], "amount": -1}, "-1 is outside 0..10000"),
    ({"coins": [2], "amount": 10 ** 4 + 1}, "10001 is outside 0..10000"),
    ({"coins": [2], "amount": False}, "must be an integer"),
    ({"coins": [2], "amount": 3.0}, "must be an integer"),
])
def test_validator_rejects_each_broken_constraint(args, words):
    problems = validator.check(args)
    assert problems and any(words in p for p in problems), problems


def test_validator_never_raises_and_bounds_its_messages():
    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")
    assert validator.check({"coins": [Hostile()], "amount": 1})
    assert len(validator.check({"coins": [0] * 12 + [0], "amount": -1})) <= validator.MAX_MESSAGES + 1


# ------------------------------------------------------------------ reference and cases

def test_reference_on_leetcodes_examples():
    assert reference.coinChange([1, 2, 5], 11) == 3
    assert reference.coinChange([2], 3) == -1
    assert reference.coinChange([1], 0) == 0
    assert reference.solve is reference.coinChange


def test_samples_are_leetcodes_examples():
    samples = [(c["coins"], c["amount"], c["expected"]) for g, c in CASES if g == "sample"]
    assert samples == [([1, 2, 5], 11, 3), ([2], 3, -1), ([1], 0, 0)]


@pytest.mark.parametrize("group,case", CASES, ids=[c["name"] for _, c in CASES])
def test_case_is_valid_and_expected_matches_the_reference(group, case):
    assert set(case) <= {"name", "description", "coins", "amount", "expected"}
    args = {"coins": case["coins"], "amount": case["amount"]}
    assert validator.check(args) == []
    assert reference.coinChange(**args) == case["expected"]


def test_secret_cases_cover_the_boundaries():
    names = [c["name"] for c in SECRETS]
    assert len(names) == len(set(names))
    assert any(c["amount"] == 0 for c in SECRETS)
    assert sum(c["amount"] == 10 ** 4 for c in SECRETS) >= 5
    assert any(MAX_COIN in c["coins"] for c in SECRETS)
    assert any(len(c["coins"]) == 12 and c["amount"] == 10 ** 4 and c["expected"] > 0 for c in SECRETS)
    assert any(c["expected"] == -1 and c["amount"] >= 9000 for c in SECRETS)
    assert any(c["expected"] == 10 ** 4 for c in SECRETS), "the longest answer: 10^4 coins of 1"
    # the greedy trap: taking the largest coin first is beaten
    assert any(c["coins"] == [1, 3, 4] and c["amount"] == 6 and c["expected"] == 2 for c in SECRETS)


# ------------------------------------------------------------------ generator

@settings(max_examples=200)
@given(generator.inputs())
def test_generator_draws_valid_inputs(args):
    assert validator.check(args) == []


def test_generator_draws_every_kind():
    from hypothesis import strategies as st
    kinds = collections.Counter()

    @settings(max_examples=300, database=None)
    @given(st.data())
    def draw(data):
        args = data.draw(generator.inputs())
        answer = reference.coinChange(**args)
        kinds["impossible"] += answer == -1
        kinds["zero"] += args["amount"] == 0
        kinds["max amount"] += args["amount"] == 10 ** 4
        kinds["huge coin"] += max(args["coins"]) > 2 ** 30
        kinds["twelve coins"] += len(args["coins"]) == 12
        kinds["made"] += answer > 0

    draw()
    assert all(kinds[k] > 0 for k in ("impossible", "zero", "max amount", "huge coin", "twelve coins", "made")), kinds


def test_generator_enumerates_valid_inputs_once_each():
    inputs = list(generator.enumerate(7))
    keys = [json.dumps(a, sort_keys=True) for a in inputs]
    assert len(keys) == len(set(keys)) and len(inputs) > 50
    assert all(validator.check(a) == [] for a in inputs)
    assert {"coins": [1], "amount": 0} in inputs and {"coins": [3], "amount": 4} in inputs


# ------------------------------------------------------------------ known submissions

def test_submissions_are_filed_by_verdict_in_every_language():
    by_folder = collections.defaultdict(set)
    for path in SUBMISSIONS.rglob("*"):
        if path.is_file():
            by_folder[path.parent.name].add(LANGUAGES[path.suffix])
    assert by_folder["accepted"] == set(LANGUAGES.values())
    for folder in ("wrong_answer", "time_limit", "runtime_error", "compile_error"):
        assert len(by_folder[folder]) >= 5, (folder, by_folder[folder])
    assert by_folder["memory_limit"]


# ------------------------------------------------------------------ end to end, through the CLI

def test_verify_gives_every_submission_its_folders_verdict():
    out = run_judge("verify", "coin_change", "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 0 and report["ok"], report["errors"]
    accepted = {s["language"] for s in report["submissions"] if s["expected"] == "AC"}
    assert accepted == set(LANGUAGES.values())
    assert all(s["expected"] == s["verdict"] for s in report["submissions"])


def test_compare_of_the_accepted_solutions_exits_zero():
    out = run_judge("compare", "coin_change", SUBMISSIONS / "accepted", "--fuzz", "10")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no case where a clear majority disagrees" in out.stdout


def test_fuzz_shrinks_greedy_to_a_small_counterexample():
    out = run_judge("fuzz", "coin_change", SUBMISSIONS / "wrong_answer" / "greedy_largest_first.py")
    assert out.returncode == 1, out.stdout + out.stderr
    lines = [line.strip() for line in out.stdout.splitlines()]
    coins = json.loads(next(x for x in lines if x.startswith("coins: "))[len("coins: "):])
    amount = int(next(x for x in lines if x.startswith("amount: "))[len("amount: "):])
    assert len(coins) <= 3 and max(coins) <= 25 and amount <= 60, (coins, amount)
    expected = reference.coinChange(coins, amount)
    assert f"expected: {expected}" in lines and f"expected {expected}, got " in out.stdout


def test_problems_lists_the_package():
    out = run_judge("problems")
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith("coin_change "))
    assert "Coin Change" in line and "int coinChange(int[] coins, int amount)" in line and "3 sample" in line


def test_add_case_takes_the_signatures_options(tmp_path):
    package = tmp_path / "coin_change"
    shutil.copytree(PROBLEM, package, ignore=shutil.ignore_patterns("__pycache__"))
    same = run_judge("add-case", package, "--coins", "1,2,5", "--amount", "11")
    assert same.returncode == 2 and "example-1" in same.stderr, same.stderr  # LeetCode's example 1 again
    added = run_judge("add-case", package, "--coins", "3,7", "--amount", "5", "--name", "three-seven")
    assert added.returncode == 0, added.stderr
    text = (package / "cases" / "secret" / "added.yaml").read_text()
    assert "- name: three-seven\n  coins: [3, 7]\n  amount: 5\n  expected: -1\n" in text
    negative = run_judge("add-case", package, "--coins", "-3,4", "--amount", "5")
    assert negative.returncode == 2 and "coins[0]: -3 is outside" in negative.stderr, negative.stderr
    assert "int[]: integers separated by ','" in run_judge("add-case", package, "--help").stdout


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
