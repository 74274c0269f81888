"""Loading problem packages and their errors."""

import pytest

from judge.errors import ProblemError, UsageError
from judge.problems.problem import load_problem


def test_loads_minesweeper():
    problem = load_problem("minesweeper")
    assert problem.id == "minesweeper"
    assert [p.name for p in problem.signature.params] == ["board", "click"]
    assert problem.signature.inplace_index == 0
    assert problem.limits.time > 0 and problem.limits.wall_time >= problem.limits.time
    assert problem.reference_path.is_file()
    assert problem.submissions_dir.name == "minesweeper"
    assert callable(problem.validator.check) and callable(problem.checker.compare)


def test_by_path(problem_copy):
    assert load_problem(str(problem_copy)).root == problem_copy


def test_unknown_problem():
    with pytest.raises(UsageError, match="unknown problem 'nope'.*minesweeper"):
        load_problem("nope")


def test_malformed_yaml_names_file_and_line(problem_copy):
    (problem_copy / "problem.yaml").write_text("id: x\nlimits: [1,\n  time: 2\n")
    with pytest.raises(ProblemError, match=r"problem.yaml:\d+: malformed YAML"):
        load_problem(str(problem_copy))


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("time: 1.0", "time: -1"), "limits.time: expected a positive number"),
    (lambda t: t.replace('type: "int[]"', 'type: "list"'), "unknown type"),
    (lambda t: t.replace("inplace: board", "inplace: grid"), "signature.inplace: 'grid' is not a parameter"),
    (lambda t: t.replace("  function: updateBoard\n", ""), "missing key function"),
])
def test_bad_problem_yaml(problem_copy, edit, message):
    path = problem_copy / "problem.yaml"
    path.write_text(edit(path.read_text()))
    with pytest.raises(ProblemError, match=message):
        load_problem(str(problem_copy))


def test_missing_reference(problem_copy):
    (problem_copy / "reference.py").unlink()
    with pytest.raises(ProblemError, match="reference reference.py does not exist"):
        load_problem(str(problem_copy))


def test_broken_checker_is_a_problem_error(problem_copy):
    (problem_copy / "checker.py").write_text("def compare(:\n")
    problem = load_problem(str(problem_copy))
    with pytest.raises(ProblemError, match="checker.py: cannot load the checker: SyntaxError"):
        problem.checker
