"""Strict problem.yaml and case files: unknown keys, duplicate keys and wrong types are errors naming
the file and the line, through the CLI's exit 2."""

import shutil
import subprocess
import sys

import pytest

from judge.errors import CaseError, ProblemError
from judge.problems import schema
from judge.problems.cases import load_cases
from judge.problems.problem import REPO_ROOT, find_packages, load_problem


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def line_of(path, needle):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_every_package_of_the_checkout_loads_with_its_cases():
    found = find_packages()
    assert {p.name for p in found} >= {"minesweeper"}
    data = sorted((REPO_ROOT / "tests" / "data" / "problems").glob("*/problem.yaml"))
    assert len(data) >= 5
    for folder in [*found, *(p.parent for p in data)]:
        assert load_cases(load_problem(str(folder)), validate=False)


@pytest.mark.parametrize("old, new, needle, message", [
    ("limits:", "limts:", "limts:", r"unknown key 'limts' \(did you mean 'limits'\?\)"),
    ("  wall_time: 3.0", "  wall_tme: 3.0", "wall_tme",
     r"limits: unknown key 'wall_tme' \(did you mean 'wall_time'\?\)"),
    ("title: Minesweeper", "title: Minesweeper\ncolour: blue", "colour", r"unknown key 'colour' \(known: id, title"),
    ("  time: 1.0", "  time: fast", "time: fast", r"limits.time: expected a number, got a string 'fast'"),
    ("    - {name: click, type: \"int[]\"}", "    - {name: click, type: [1]}", "name: click",
     r"signature.params\[1\].type: expected a string, got a list"),
    ("title: Minesweeper", "title: Minesweeper\nvisibility: {secret: secret}", "visibility",
     r"visibility.secret: expected one of full, verdict, hidden"),
])
def test_a_wrong_key_or_type_names_file_line_and_key(problem_copy, old, new, needle, message):
    path = problem_copy / "problem.yaml"
    edit(path, old, new)
    with pytest.raises(ProblemError, match=rf"problem.yaml:{line_of(path, needle)}: {message}") as caught:
        load_problem(str(problem_copy))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("old, new, needle, message", [
    ('type: "char[][]"}', 'type: "str[][]"}', "str[][]", r"signature.params\[0\].type: unknown type 'str\[\]\[\]'"),
    ('returns: "char[][]"', 'returns: "List<List<String>>"', "List<", r"signature.returns: unknown type"),
    ("  time: 1.0", "  time: -1", "time: -1", r"limits.time: expected a positive finite number, got -1"),
])
def test_a_wrong_value_found_after_the_schema_names_its_line_too(problem_copy, old, new, needle, message):
    # an outsider's typo in a type (issue 11) got the file alone, though the README promises the line
    path = problem_copy / "problem.yaml"
    edit(path, old, new)
    with pytest.raises(ProblemError, match=rf"problem.yaml:{line_of(path, needle)}: {message}"):
        load_problem(str(problem_copy))


def test_a_standard_checkers_wrong_option_names_its_line(tmp_path):
    package = tmp_path / "group_anagrams"
    shutil.copytree(REPO_ROOT / "tests" / "data" / "problems" / "group_anagrams", package)
    path = package / "problem.yaml"
    edit(path, "checker: {name: unordered, nested: true}", "checker:\n  name: unordered\n  deep: true")
    with pytest.raises(ProblemError, match=rf"problem.yaml:{line_of(path, 'deep:')}: checker.deep: not an option"):
        load_problem(str(package))


def test_the_keys_of_the_other_parts_of_issue_12_are_accepted(problem_copy):
    path = problem_copy / "problem.yaml"
    edit(path, "title: Minesweeper", "title: Minesweeper\nlate: {deadline: 2026-12-01T23:59:00Z, penalty: 10, "
                                     "cap: 50, grace: 15m}\nvisibility: {sample: full, secret: verdict}")
    assert load_problem(str(problem_copy)).data["visibility"] == {"sample": "full", "secret": "verdict"}


def test_a_duplicate_key_in_problem_yaml_names_both_lines(problem_copy):
    path = problem_copy / "problem.yaml"
    edit(path, "  memory: 256", "  memory: 256\n  time: 9")
    with pytest.raises(ProblemError, match=rf"problem.yaml:{line_of(path, 'time: 9')}: malformed YAML: duplicate "
                                           rf"key 'time' \(first given on line {line_of(path, 'time: 1.0')}\)"):
        load_problem(str(problem_copy))


def test_a_duplicate_key_in_a_case_file_names_its_line(problem_copy):
    bad = problem_copy / "cases" / "secret" / "bad.yaml"
    bad.write_text("- name: a\n  board: ['E']\n  click: [0, 0]\n  expected: ['B']\n  expected: ['E']\n")
    message = r"bad.yaml:5: malformed YAML: duplicate key 'expected' \(first given on line 4\)"
    with pytest.raises(CaseError, match=message):
        load_cases(load_problem(str(problem_copy)))


def test_an_unknown_key_in_a_case_names_its_own_line(problem_copy):
    bad = problem_copy / "cases" / "secret" / "bad.yaml"
    bad.write_text("- name: a\n  board: ['E']\n  click: [0, 0]\n  expected: ['B']\n"
                   "- name: b\n  board: ['E']\n  clik: [0, 0]\n  expected: ['B']\n")
    with pytest.raises(CaseError, match=r"bad.yaml:7 \(case b\): unknown key 'clik' \(did you mean 'click'\?\)"):
        load_cases(load_problem(str(problem_copy)))


def test_a_case_description_of_the_wrong_type_is_refused(problem_copy):
    bad = problem_copy / "cases" / "secret" / "bad.yaml"
    bad.write_text("- name: a\n  description: [x]\n  board: ['E']\n  click: [0, 0]\n  expected: ['B']\n")
    with pytest.raises(CaseError, match=r"bad.yaml:2 \(case a\): description: expected a string or null, got a list"):
        load_cases(load_problem(str(problem_copy)))


def test_merge_keys_may_override_and_are_not_duplicates():
    from judge.problems import parsed
    data, _ = parsed.load("base: &b {x: 1, y: 2}\nmore:\n  <<: *b\n  y: 3\n")
    assert data["more"] == {"x": 1, "y": 3}


def test_the_schema_walks_nested_lists():
    with pytest.raises(schema.Mismatch) as caught:
        schema.check({"signature": {"function": "f", "params": [{"name": "a"}]}}, schema.PROBLEM)
    assert caught.value.path == ("signature", "params", 0) and caught.value.message == "missing type"


def test_the_cli_exits_2_with_one_line_naming_the_file(problem_copy):
    edit(problem_copy / "problem.yaml", "limits:", "limts:")
    run = subprocess.run([sys.executable, "-m", "judge", "grade", str(problem_copy), str(problem_copy / "reference.py"),
                          "--no-store", "--fuzz", "0"], capture_output=True, text=True)
    assert run.returncode == 2, run.stderr
    assert f"{problem_copy / 'problem.yaml'}:" in run.stderr and "did you mean 'limits'" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_add_case_from_yaml_is_as_strict_and_says_where():
    from judge.grading import addcase

    problem = load_problem("minesweeper")
    text = "- board: [EEEE]\n  click: [0, 3]\n- board: [EEEE]\n  clik: [0, 3]\n"
    with pytest.raises(CaseError, match=r"x.yaml:4 \(case 2\): unknown key 'clik' \(did you mean 'click'\?\)"):
        addcase.from_yaml_text(problem, text, "x.yaml")
    with pytest.raises(CaseError, match=r"x.yaml:3: malformed YAML: duplicate key 'click' \(first given on line 2\)"):
        addcase.from_yaml_text(problem, "board: [EEEE]\nclick: [0, 3]\nclick: [0, 2]\n", "x.yaml")


def test_a_number_yaml_reads_as_text_says_how_to_write_it(tmp_path):
    """Bad-input round 29: `time: 1e9` said "expected a number, got a string '1e9'": YAML 1.1 reads an exponent
    without a dot as text; the message says how to write it."""
    with pytest.raises(schema.Mismatch, match=r"got a string '1e9' \(YAML reads 1e9 as text: write 1.0e9\)"):
        schema.check({"time": "1e9"}, schema.PROBLEM.fields["limits"])
