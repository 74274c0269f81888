"""The standard checkers (judge/problems/checkers.py): verdicts, explanations, options, and two packages
that name them, graded end to end through the real CLI in the real box."""

import json
import math
import shutil

import pytest
from hypothesis import given, strategies as st

from helpers import DATA, run_judge
from judge.problems import checkers
from judge.problems.checkers import Exact, Float, Tokens, Unordered, build

TWO_SUM = DATA / "problems" / "two_sum"
MAX_AVERAGE = DATA / "problems" / "max_average"
KNOWN = DATA / "submissions"


def _bounded(result):
    """The explanations of a wrong answer are few and short, whatever the answer was."""
    ok, lines = result
    assert isinstance(ok, bool) and all(isinstance(line, str) for line in lines)
    assert len(lines) <= checkers.MAX_LINES + 1
    assert all(len(line) <= 400 for line in lines)
    return result


# ---------------------------------------------------------------------------------------- exact

def test_exact_accepts_equal_values_of_every_type():
    assert Exact("int").compare(7, 7) == (True, [])
    assert Exact("char[][]").compare([["a", "b"], ["c", "d"]], [["a", "b"], ["c", "d"]]) == (True, [])
    assert Exact("string[]").compare(["x y", ""], ["x y", ""]) == (True, [])
    assert Exact("bool[]").compare([True, False], [True, False]) == (True, [])
    assert Exact("double").compare(3.0, 3) == (True, [])  # JavaScript and Go send 3.0 as 3
    assert Exact("double").compare(0.0, -0.0) == (True, [])
    assert Exact("double[]").compare([math.nan, math.inf], [math.nan, math.inf]) == (True, [])


def test_exact_says_where_the_first_difference_is():
    assert Exact("int[]").compare([1, 2, 3, 7], [1, 2, 3, 8]) == (False, ["element 3: expected 7, got 8"])
    assert Exact("int").compare(7, 8) == (False, ["expected 7, got 8"])
    ok, lines = Exact("char[][]").compare([["a", "b"], ["c", "d"]], [["a", "x"], ["c"]])
    assert not ok and lines == ["element [0][1]: expected 'b', got 'x'", "element 1: expected 2 elements, got 1"]
    assert Exact("int[]").compare([1, 2], [1, 2, 3]) == (False, ["expected 2 elements, got 3"])


def test_exact_keeps_types_apart():
    """Python says True == 1 == 1.0; an answer of the wrong type is still wrong, and says so."""
    assert Exact("int[]").compare([1, 2], [True, 2.0]) == (False, [
        "element 0: expected an integer 1, got a boolean true",
        "element 1: expected an integer 2, got a number 2.0"])
    assert Exact("bool").compare(True, 1) == (False, ["expected a boolean true, got an integer 1"])
    assert Exact("double").compare(1.0, True)[0] is False
    assert Exact("string").compare("7", 7) == (False, ["expected a string '7', got an integer 7"])
    assert Exact("int[]").compare([1, 2, 3], "abc") == (False, ["expected a list of 3 elements, got a string 'abc'"])
    assert Exact("double").compare(1.0, None) == (False, [
        "expected a number 1.0, got null (how some languages send NaN or infinity)"])


def test_exact_bounds_its_explanations():
    ok, lines = _bounded(Exact("int[]").compare(list(range(1000)), [-1] * 1000))
    assert not ok and lines[-1] == f"... and {1000 - checkers.MAX_LINES} more differences"
    ok, lines = _bounded(Exact("string").compare("a", "\x1b[2J" + "x" * 10 ** 6))
    assert "\x1b" not in lines[0] and "\\x1b[2J" in lines[0]  # escaped, and cut short


# ---------------------------------------------------------------------------------------- unordered

def test_unordered_takes_any_order_but_counts_repeats():
    check = Unordered("int[]")
    assert check.compare([0, 1], [1, 0]) == (True, [])
    assert check.compare([1, 1, 2], [1, 2, 1]) == (True, [])
    assert check.compare([1, 1, 2], [1, 2, 2]) == (False, ["missing 1 element: 1", "unexpected 1 element: 2"])
    assert check.compare([1, 2], [2, 1, 3]) == (False, ["expected 2 elements, got 3", "unexpected 1 element: 3"])
    assert check.compare([1, 2], [True, 2])[0] is False  # true is not the index 1


def test_unordered_nested_lists():
    triplets = [[-1, -1, 2], [-1, 0, 1]]
    assert Unordered("int[][]").compare(triplets, [[-1, 0, 1], [-1, -1, 2]]) == (True, [])
    assert Unordered("int[][]").compare(triplets, [[0, -1, 1], [-1, -1, 2]]) == (False, [
        "missing 1 element: [-1, 0, 1]", "unexpected 1 element: [0, -1, 1]"])
    nested = Unordered("int[][]", nested=True)
    assert nested.compare(triplets, [[1, 0, -1], [2, -1, -1]]) == (True, [])
    assert nested.compare([[1, 2], [3, 4]], [[2, 2], [4, 3]]) == (False, [
        "missing 1 element: [1, 2]", "unexpected 1 element: [2, 2]"])


def test_unordered_listings_are_bounded():
    ok, lines = _bounded(Unordered("int[]").compare(list(range(100)), list(range(50, 150))))
    assert not ok
    assert lines[0] == "missing 50 elements: 0, 1, 2, 3, 4 and 45 other distinct values"
    assert lines[1] == "unexpected 50 elements: 100, 101, 102, 103, 104 and 45 other distinct values"
    assert Unordered("int[]").compare([3, 3], [4, 4, 4]) == (False, [
        "expected 2 elements, got 3", "missing 2 elements: 3 (2 times)", "unexpected 3 elements: 4 (3 times)"])


# ---------------------------------------------------------------------------------------- float

def test_only_checkers_that_compare_place_by_place_get_wrong_squares_marked():
    assert checkers.by_position(build("exact", "int[][]")) and checkers.by_position(build("tokens", "string[]"))
    assert checkers.by_position(build("float", "double[][]"))
    assert not checkers.by_position(build({"name": "unordered", "nested": True}, "string[][]"))
    exact_module, other_module = type("m", (), {"exact": True}), type("m", (), {"exact": False})
    assert checkers.by_position(exact_module) and not checkers.by_position(other_module)


def test_float_tolerance_absolute_or_relative():
    absolute = Float("double", absolute=1e-6)
    assert absolute.compare(1.0, 1.0000009)[0] and not absolute.compare(1.0, 1.000002)[0]
    relative = Float("double", relative=1e-6)
    assert relative.compare(1e9, 1e9 + 900)[0] and not relative.compare(1e9, 1e9 + 1100)[0]
    assert not relative.compare(0.0, 1e-12)[0]  # relative to 0 allows nothing
    both = Float("double", absolute=1e-6, relative=1e-6)
    assert both.compare(0.0, 1e-7)[0] and both.compare(1e9, 1e9 + 900)[0]
    assert both.compare(2.0, 2)[0]  # an integer answer is a number
    assert absolute.compare(1.0, 1.1) == (False, ["expected 1.0, got 1.1 (off by 0.1; allowed 1e-06 absolute)"])


def test_float_applies_to_every_double_of_a_nested_value():
    check = Float("double[][]", absolute=1e-3)
    assert check.compare([[1.0, 2.0], [3.0]], [[1.0004, 1.9996], [3]]) == (True, [])
    assert check.compare([[1.0, 2.0], [3.0]], [[1.0, 2.01], [3.0, 4.0]]) == (False, [
        "element [0][1]: expected 2.0, got 2.01 (off by 0.01; allowed 0.001 absolute)",
        "element 1: expected 1 element, got 2"])


def test_float_nan_and_infinity_match_only_themselves():
    check = Float("double", absolute=1.0, relative=1.0)
    assert check.compare(math.nan, math.nan) == (True, [])
    assert check.compare(math.inf, math.inf) == (True, [])
    assert check.compare(math.nan, 0.0) == (False, ["expected nan, got 0.0"])
    assert check.compare(1.0, math.nan) == (False, ["expected 1.0, got nan"])
    assert check.compare(math.inf, -math.inf) == (False, ["expected inf, got -inf"])
    assert check.compare(1e308, math.inf) == (False, ["expected 1e+308, got inf"])  # no tolerance reaches inf
    assert check.compare(1.0, None)[1] == ["expected a number 1.0, got null (how some languages send NaN or infinity)"]
    assert check.compare(1.0, True)[0] is False
    assert check.compare(1.0, 10 ** 400)[1][0].endswith("(too large for a double)")


# ---------------------------------------------------------------------------------------- tokens

def test_tokens_whitespace_runs_are_equal():
    check = Tokens("string")
    assert check.compare("a b\nc", "  a\t b  c \n") == (True, [])
    assert check.compare("a b c", "a x c") == (False, ["token 1: expected 'b', got 'x'"])
    assert check.compare("a b c", "a b") == (False, ["expected 3 tokens, got 2 (first missing: 'c')"])
    assert check.compare("a b", "a b c") == (False, ["expected 2 tokens, got 3 (first extra: 'c')"])
    assert check.compare("Yes", "yes") == (False, ["token 0: expected 'Yes', got 'yes'"])
    assert Tokens("string", case_sensitive=False).compare("Yes  NO", "yes no") == (True, [])
    assert Tokens("string[]").compare(["a b", "c"], ["a  b", "d"]) == (
        False, ["element 1: token 0: expected 'c', got 'd'"])
    assert Tokens("string").compare("a", ["a"]) == (False, ["expected a string 'a', got a list ['a']"])


# ---------------------------------------------------------------------------------------- hostile answers

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=40)
ALL = [Exact("int[][]"), Exact("double"), Unordered("int[]"), Unordered("string[][]", nested=True),
       Float("double[]", absolute=1e-6, relative=1e-6), Tokens("string[]", case_sensitive=False)]
EXPECTED = [[[1, 2], [3]], 0.5, [1, 2, 2], [["a", "b"], []], [0.5, math.nan], ["a b", "C"]]


@given(got=JSON)
def test_any_answer_gets_a_verdict_and_bounded_explanations(got):
    for check, expected in zip(ALL, EXPECTED, strict=True):
        ok, lines = _bounded(check.compare(expected, got, {}))
        assert ok or lines  # a wrong answer always says something


def test_a_deeply_nested_answer_is_not_followed_down():
    deep = 1
    for _ in range(100_000):
        deep = [deep]
    for check, expected in zip(ALL, EXPECTED, strict=True):
        assert _bounded(check.compare(expected, deep))[0] is False
        assert _bounded(check.compare(expected, [deep, {"x": deep}]))[0] is False


@given(st.lists(st.lists(st.integers(-5, 5), max_size=4), max_size=8), st.randoms())
def test_unordered_accepts_every_permutation(value, rnd):
    shuffled = [rnd.sample(row, len(row)) for row in value]
    rnd.shuffle(shuffled)
    assert Unordered("int[][]", nested=True).compare(value, shuffled) == (True, [])
    assert Unordered("int[][]").compare(value, rnd.sample(value, len(value))) == (True, [])


@given(st.lists(st.floats(allow_nan=True, allow_infinity=True), max_size=8))
def test_every_checker_accepts_the_expected_answer_itself(value):
    assert Float("double[]", absolute=0.0, relative=0.0).compare(value, list(value)) == (True, [])
    assert Exact("double[]").compare(value, list(value)) == (True, [])


# ---------------------------------------------------------------------------------------- problem.yaml

def test_build_from_a_name_or_a_mapping():
    assert build("exact", "int") == Exact("int")
    assert build("unordered", "int[]") == Unordered("int[]")
    assert build({"name": "unordered", "nested": True}, "int[][]") == Unordered("int[][]", nested=True)
    assert build("float", "double") == Float("double", absolute=1e-6, relative=1e-6)  # the default tolerance
    assert build({"name": "float", "absolute": 1e-4}, "double[]") == Float("double[]", absolute=1e-4)
    assert build({"name": "float", "relative": "1e-5"}, "double") == Float("double", relative=1e-5)  # YAML 1.1's 1e-5
    assert build({"name": "tokens", "case_sensitive": False}, "string") == Tokens("string", case_sensitive=False)


@pytest.mark.parametrize("spec, answer_type, message", [
    ("nope", "int", "checker: unknown standard checker 'nope' (known: exact, unordered, float, tokens)"),
    (3, "int", "checker: expected a standard checker's name"),
    ({"absolute": 1}, "double", "checker.name: expected the name of a standard checker"),
    ({"name": "float", "tolerance": 1}, "double", "checker.tolerance: not an option of the float checker "
                                                  "(its options are absolute, relative)"),
    ({"name": "exact", "nested": True}, "int",
     "checker.nested: not an option of the exact checker (it has no options)"),
    ({"name": "float", "absolute": -1}, "double", "checker.absolute: expected a number >= 0, got -1"),
    ({"name": "float", "relative": "nan"}, "double", "checker.relative: expected a number >= 0"),
    ({"name": "unordered", "nested": "yes"}, "int[][]", "checker.nested: expected true or false, got 'yes'"),
    ("float", "int[]", "checker: float compares doubles, but the answer's type is int[]"),
    ("unordered", "int", "checker: unordered compares an array, but the answer's type is int"),
    ({"name": "unordered", "nested": True}, "int[]", "checker.nested: needs an array of arrays"),
    ("tokens", "char[]", "checker: tokens compares strings, but the answer's type is char[]"),
    ("exact", None, "checker: the entry point returns nothing (void) and names no `inplace` parameter"),
])
def test_build_refuses_bad_entries_naming_the_key(spec, answer_type, message):
    with pytest.raises(ValueError) as error:
        build(spec, answer_type)
    assert str(error.value).startswith(message)


# ---------------------------------------------------------------------------------------- end to end

def _graded(package, *args):
    result = run_judge("grade", package, *args, "--fuzz", "5", "--no-store", "--json")
    doc = json.loads(result.stdout)
    return result.returncode, {r["submission"].rsplit("/", 1)[-1]: r for r in doc["results"]}, doc


def test_two_sum_accepts_the_pair_in_either_order():
    code, results, doc = _graded(TWO_SUM, KNOWN / "two_sum")
    assert code == 1
    assert {name: r["verdict"] for name, r in results.items()} == {
        "reversed_pair.py": "AC", "reversed_pair.cpp": "AC", "reuses_element.py": "WA"}
    assert results["reversed_pair.cpp"]["passed"] == results["reversed_pair.cpp"]["total"] == 12
    wrong = next(c for c in results["reuses_element.py"]["cases"] if c["verdict"] == "WA")
    assert wrong["name"] == "example-2"
    assert wrong["diff"] == ["missing 2 elements: 1, 2", "unexpected 2 elements: 0 (2 times)"]
    assert doc["compare"]["warnings"] == []  # answers in the other order agree with the reference


def test_max_average_accepts_answers_within_the_tolerance():
    code, results, doc = _graded(MAX_AVERAGE, KNOWN / "max_average")
    assert code == 1
    assert {name: r["verdict"] for name, r in results.items()} == {
        "running_mean.py": "AC", "RunningMean.java": "AC", "floor_division.py": "WA"}
    wrong = next(c for c in results["floor_division.py"]["cases"] if c["verdict"] == "WA")
    assert wrong["diff"] == ["expected 12.75, got 12 (off by 0.75; allowed 1e-05 absolute)"]
    assert doc["compare"]["warnings"] == []


@pytest.mark.parametrize("package, submission", [
    (TWO_SUM, KNOWN / "two_sum" / "accepted" / "reversed_pair.py"),
    (MAX_AVERAGE, KNOWN / "max_average" / "accepted" / "running_mean.py"),
])
def test_the_named_checker_is_what_accepts_them(tmp_path, package, submission):
    """The same package with `checker: exact`: the accepted answers are not the reference's bytes."""
    copy = tmp_path / package.name
    shutil.copytree(package, copy)
    text = (copy / "problem.yaml").read_text()
    (copy / "problem.yaml").write_text(text[:text.index("\nchecker:")] + "\nchecker: exact\n")
    code, results, _ = _graded(copy, submission)
    assert code == 1 and results[submission.name]["verdict"] == "WA"


@pytest.mark.parametrize("package", [TWO_SUM, MAX_AVERAGE])
def test_verify_the_packages(package):
    result = run_judge("verify", package)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "verified: OK" in result.stdout and "MISMATCH" not in result.stdout
    assert result.stdout.count(" ok\n") == 3  # the three known submissions got their folder's verdict


def test_a_checker_py_and_a_named_checker_is_a_one_line_error(tmp_path):
    copy = tmp_path / "two_sum"
    shutil.copytree(TWO_SUM, copy)
    (copy / "checker.py").write_text("def compare(expected, got, args):\n    return got == expected, []\n")
    result = run_judge("grade", copy, KNOWN / "two_sum" / "accepted" / "reversed_pair.py", "--no-store")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"judge: error: {copy / 'problem.yaml'}:18: checker: names a standard checker, but the package also has "
        f"checker.py; keep one of them"]
