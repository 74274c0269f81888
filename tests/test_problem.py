"""Loading problem packages and their errors."""

import pytest

from helpers import SHIPPED
from judge.errors import ProblemError, UsageError
from judge.problems import checkers
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


@pytest.mark.parametrize("name", SHIPPED)
def test_loads_every_shipped_package(name):
    problem = load_problem(name)
    assert problem.id == name and problem.title and problem.signature.function
    assert problem.limits.time > 0 and problem.limits.wall_time >= problem.limits.time
    assert problem.reference_path.is_file() and problem.submissions_dir.name == name
    assert callable(problem.validator.check) and callable(problem.checker.compare)
    assert callable(problem.generator.inputs)


def test_a_scalar_answer_takes_the_named_exact_checker():
    problem = load_problem("coin_change")
    assert problem.standard_checker == checkers.Exact("int") and problem.checker == checkers.Exact("int")
    assert problem.checker.compare(3, 3) == (True, []) and problem.checker.compare(-1, 0)[0] is False
    assert problem.checker.compare(3, 3.0)[0] is False  # an int answer is not a double


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
    (lambda t: t.replace("time: 1.0", "time: -1"), "limits.time: expected a positive finite number"),
    (lambda t: t.replace("time: 1.0", "time: .nan"), "limits.time: expected a positive finite number, got nan"),
    (lambda t: t.replace("memory: 256", "memory: .inf"), "limits.memory: expected a positive finite number, got inf"),
    (lambda t: t.replace('type: "int[]"', 'type: "list"'), "unknown type"),
    (lambda t: t.replace("inplace: board", "inplace: grid"), "signature.inplace: 'grid' is not a parameter"),
    # Red-team round 31: a scalar named in place was taken, and a void entry point judged on it, unchanged.
    (lambda t: t.replace("inplace: board", "inplace: click")
     .replace('name: click, type: "int[]"', 'name: click, type: "int"'), "signature.inplace: 'click' is not an array"),
    (lambda t: t.replace("  function: updateBoard\n", ""), "signature: missing function"),
    (lambda t: t.replace('returns: "char[][]"', 'returns: "void"').replace("  inplace: board", "  #"),
     "it returns void, so `inplace` must name the parameter it is judged on"),
    # Found by an instructor's-eye review (round 16): each was a crash (exit 3), a student's RE or CE, or a
    # path the judge followed, where it is the package's error.
    (lambda t: t.replace("id: minesweeper", "id: ../../outside"),
     r"problem.yaml:\d+: id: '../../outside' is not a problem id"),
    (lambda t: t.replace("id: minesweeper", "id: 123"), "id: 123 is not a problem id"),
    (lambda t: t.replace("time: 1.0", "time: 1.0e+20"), "limits.time: 1e\\+20 is over the most a package may set"),
    (lambda t: t.replace("memory: 256", "memory: 99999999999999999999999999"), "limits.memory: .* is over the most"),
    (lambda t: t.replace("function: updateBoard", "function: update board"),
     "signature.function: 'update board' is not an identifier"),
    (lambda t: t.replace("class: Solution", "class: My Sol"), "signature.class: 'My Sol' is not an identifier"),
    (lambda t: t.replace("name: click", "name: board"), r"signature.params\[1\].name: 'board' names two parameters"),
    # Round 31 left alone, done in 32: a reserved word of some language was taken, then every submission in
    # that language (and the Python reference, for a Python keyword) was CE, with no word of why.
    (lambda t: t.replace("function: updateBoard", "function: import"),
     r"problem.yaml:\d+: signature.function: 'import' is a reserved word in Python 3, Java, JavaScript, "
     "TypeScript and Go, so no submission in those languages could declare it"),
    (lambda t: t.replace("function: updateBoard", "function: range"),
     r"signature.function: 'range' is a reserved word in Go, so no submission in that language"),
    # Red-team round 32: LeetCode 925's `name` was taken, and no case file could then give both it and the case's name.
    (lambda t: t.replace("name: click", "name: name").replace("inplace: click", "inplace: name"),
     r"signature.params\[1\].name: 'name' is a key of every case \(name, description, expected\), so no case file"),
    (lambda t: t.replace("class: Solution", "class: new"),
     "signature.class: 'new' is a reserved word in C\\+\\+, Java"),
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
        _ = problem.checker


def test_a_part_that_exits_at_import_is_a_problem_error_not_the_judges_exit(problem_copy):
    """A sys.exit() at a checker's top level would end the judge with the checker's own code."""
    (problem_copy / "checker.py").write_text("import sys\nsys.exit(5)\n")
    problem = load_problem(str(problem_copy))
    with pytest.raises(ProblemError, match="checker.py: cannot load the checker: SystemExit: 5"):
        _ = problem.checker


def test_a_part_that_is_not_a_python_file_is_a_problem_error(problem_copy):
    (problem_copy / "checker.py").rename(problem_copy / "checker.txt")
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace("  checker: checker.py\n", "  checker: checker.txt\n"))
    problem = load_problem(str(problem_copy))
    with pytest.raises(ProblemError, match="the checker checker.txt is not a Python file"):
        _ = problem.checker


def test_minesweeper_keeps_its_own_checker():
    problem = load_problem("minesweeper")
    assert problem.standard_checker is None and problem.checker.__file__.endswith("checker.py")


def test_without_checker_py_the_checker_is_exact(problem_copy):
    (problem_copy / "checker.py").unlink()
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace("  checker: checker.py\n", ""))
    problem = load_problem(str(problem_copy))
    assert problem.checker == checkers.Exact("char[][]")
    assert problem.checker.compare([["B"]], [["B"]]) == (True, [])


def test_problem_yaml_names_a_standard_checker(problem_copy):
    (problem_copy / "checker.py").unlink()
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace("  checker: checker.py\n", "")
                    + "checker: {name: unordered, nested: true}\n")
    problem = load_problem(str(problem_copy))
    assert problem.checker == checkers.Unordered("char[][]", nested=True)


def test_a_missing_checker_named_in_parts_is_still_an_error(problem_copy):
    (problem_copy / "checker.py").unlink()
    with pytest.raises(ProblemError, match="the checker checker.py does not exist"):
        _ = load_problem(str(problem_copy)).checker


@pytest.mark.parametrize("entry, remove_checker_py, message", [
    ("checker: unordered", False, "checker: names a standard checker, but the package also has checker.py; "
                                  "keep one of them"),
    ("checker: close", True, "checker: unknown standard checker 'close' \\(known: exact, unordered, float, tokens\\)"),
    ("checker: {name: float, absolute: 1e-6}", True,
     "checker: float compares doubles, but the answer's type is char\\[\\]\\[\\]"),
    ("checker: {name: unordered, sorted: true}", True, "checker.sorted: not an option of the unordered checker"),
])
def test_bad_checker_entries_name_problem_yaml_and_the_key(problem_copy, entry, remove_checker_py, message):
    path = problem_copy / "problem.yaml"
    text = path.read_text()
    if remove_checker_py:
        (problem_copy / "checker.py").unlink()
        text = text.replace("  checker: checker.py\n", "")
    path.write_text(text + entry + "\n")
    line = len((text + entry).splitlines())  # the entry's own line, as the schema's errors give it
    with pytest.raises(ProblemError, match=f"^{path}:{line}: {message}"):
        load_problem(str(problem_copy))


def test_a_problem_yaml_that_is_a_broken_link_is_the_packages_error_not_a_missing_package(problem_copy):
    """Round 16: a dangling or looping problem.yaml link left the package out of `judge problems`, and
    `verify` said "unknown problem ... no problem.yaml" rather than that the link is broken."""
    from judge.problems.problem import find_packages

    yaml_path = problem_copy / "problem.yaml"
    yaml_path.unlink()
    yaml_path.symlink_to("/nonexistent/shared/problem.yaml")
    assert problem_copy.resolve() in find_packages(problem_copy.parent)
    with pytest.raises(ProblemError, match=r"problem.yaml: cannot read: \[Errno 2\]"):
        load_problem(str(problem_copy))


def test_a_module_the_checker_or_the_validator_imports_is_part_of_what_decides(tmp_path):
    """Red-team round 31: a checker's `import policy` and a validator's `from bounds import ...` (sibling
    files) were not in the stored results' key nor in a case file's "validated" mark: changed, a stored AC
    was reused and cases now invalid were still taken."""
    import json
    import shutil

    from helpers import ROOT, run_judge

    package = tmp_path / "coins"
    shutil.copytree(ROOT / "problems" / "coin_change", package, ignore=shutil.ignore_patterns("__pycache__"))
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("checker: exact\n", ""))
    (package / "policy.py").write_text("STRICT = False\n")
    (package / "checker.py").write_text(
        "import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nimport policy\n"
        "def compare(expected, got, args):\n"
        "    return (False, ['strict']) if policy.STRICT else (got == expected, [])\n")
    validator = package / "validator.py"
    validator.write_text("import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nimport bounds\n"
                         + validator.read_text().replace("MAX_AMOUNT = 10 ** 4", "MAX_AMOUNT = bounds.MAX_AMOUNT"))
    (package / "bounds.py").write_text("MAX_AMOUNT = 10 ** 4\n")
    (package / "lib").mkdir()  # an importable subfolder counts; a case file does not
    (package / "lib" / "__init__.py").write_text("")
    before = load_problem(str(package)).helpers_fingerprint
    (package / "lib" / "__init__.py").write_text("X = 1\n")
    assert load_problem(str(package)).helpers_fingerprint != before
    solution = ROOT / "submissions" / "coin_change" / "accepted" / "dp_class.py"
    db = tmp_path / "r.sqlite3"
    first = run_judge("grade", package, solution, "--fuzz", "0", "--db", db, "--json")
    assert first.returncode == 0, first.stderr
    (package / "policy.py").write_text("STRICT = True\n")
    again = run_judge("grade", package, solution, "--fuzz", "0", "--db", db, "--json")
    assert again.returncode == 1 and json.loads(again.stdout)["results"][0]["verdict"] == "WA", again.stdout[:300]
    (package / "bounds.py").write_text("MAX_AMOUNT = 100\n")
    refused = run_judge("grade", package, solution, "--fuzz", "0", "--no-store")
    assert refused.returncode == 2 and "is outside 0..100" in refused.stderr, refused.stderr


def test_a_parameter_may_be_named_as_a_keyword_of_some_language(problem_copy):
    """The glue passes arguments by position and a submission names its parameters as it likes: a package's
    `this` or `int` graded in every language (red-team round 32), so only the function and class are checked."""
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace("name: click", "name: this").replace("inplace: click", "inplace: this"))
    assert [p.name for p in load_problem(str(problem_copy)).signature.params] == ["board", "this"]
