"""Tests for the Minesweeper problem package: reference, validator, checker, cases, sample submissions."""

import copy
import glob
import importlib.util
import os
import sys

import pytest
import yaml

from helpers import load_part

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBLEM = os.path.join(ROOT, "problems", "minesweeper")
SUBMISSIONS = os.path.join(ROOT, "submissions", "minesweeper")


reference = load_part(PROBLEM, "reference")
validator = load_part(PROBLEM, "validator")
checker = load_part(PROBLEM, "checker")


def grid(rows):
    return [list(r) for r in rows]


def rows_of(board):
    return ["".join(r) for r in board]


def load_cases():
    cases = []
    for path in sorted(glob.glob(os.path.join(PROBLEM, "cases", "*", "*.yaml"))):
        with open(path) as fh:
            data = yaml.safe_load(fh)
        assert isinstance(data, list) and data, path
        group = os.path.basename(os.path.dirname(path))
        for case in data:
            cases.append((group, os.path.basename(path), case))
    return cases


CASES = load_cases()
CASE_IDS = [c[2]["name"] for c in CASES]
SAMPLES = [c for c in CASES if c[0] == "sample"]
SECRETS = [c for c in CASES if c[0] == "secret"]

EXAMPLE_BEFORE = ["EEEEE", "EEMEE", "EEEEE", "EEEEE"]
EXAMPLE_AFTER = ["B1E1B", "B1M1B", "B111B", "BBBBB"]
EXAMPLE_MINE = ["B1E1B", "B1X1B", "B111B", "BBBBB"]


# ------------------------------------------------------------------ reference

def test_reference_examples():
    assert rows_of(reference.updateBoard(grid(EXAMPLE_BEFORE), [3, 0])) == EXAMPLE_AFTER
    assert rows_of(reference.updateBoard(grid(EXAMPLE_AFTER), [1, 2])) == EXAMPLE_MINE
    assert reference.solve is reference.updateBoard


def test_reference_does_not_recurse_on_big_board():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        out = reference.updateBoard(grid(["E" * 50] * 50), [0, 0])
    finally:
        sys.setrecursionlimit(old)
    assert rows_of(out) == ["B" * 50] * 50


def test_reference_returns_lists_of_chars():
    out = reference.updateBoard(grid(EXAMPLE_BEFORE), [3, 0])
    assert isinstance(out, list) and all(isinstance(r, list) for r in out)
    assert all(isinstance(ch, str) and len(ch) == 1 for r in out for ch in r)


# ------------------------------------------------------------------ cases

def test_case_counts():
    assert len(SAMPLES) == 2
    assert [c[2]["name"] for c in SAMPLES] == ["example-1", "example-2"]
    assert len(SECRETS) >= 65


def test_case_names_unique_and_kebab():
    assert len(set(CASE_IDS)) == len(CASE_IDS)
    for name in CASE_IDS:
        assert name == name.lower() and " " not in name and "_" not in name, name


def test_samples_are_the_worked_examples():
    one, two = (c[2] for c in SAMPLES)
    assert one["board"] == EXAMPLE_BEFORE and one["click"] == [3, 0] and one["expected"] == EXAMPLE_AFTER
    assert two["board"] == EXAMPLE_AFTER and two["click"] == [1, 2] and two["expected"] == EXAMPLE_MINE


@pytest.mark.parametrize("group,file,case", CASES, ids=CASE_IDS)
def test_case_is_valid_and_expected_matches_reference(group, file, case):
    assert set(case) <= {"name", "description", "board", "click", "expected"}
    board, click, expected = case["board"], case["click"], case["expected"]
    for rows in (board, expected):
        assert all(isinstance(r, str) for r in rows)
        assert len({len(r) for r in rows}) == 1
    assert len(expected) == len(board) and len(expected[0]) == len(board[0])
    assert validator.check({"board": grid(board), "click": click}) == []
    assert rows_of(reference.updateBoard(grid(board), click)) == expected
    ok, why = checker.compare(grid(expected), grid(expected), {"board": grid(board), "click": click})
    assert ok and why == []


def _shapes():
    return [(len(c[2]["board"]), len(c[2]["board"][0])) for c in SECRETS]


def test_coverage_shapes():
    shapes = _shapes()
    assert (1, 1) in shapes
    assert any(m == 1 and n > 1 for m, n in shapes)
    assert any(n == 1 and m > 1 for m, n in shapes)
    assert (1, 50) in shapes and (50, 1) in shapes
    assert any(c[2]["board"] == ["E" * 50] * 50 for c in SECRETS), "a 50x50 mine-free board"
    assert sum(1 for s in shapes if s == (50, 50)) >= 5


def test_coverage_clicked_digits_and_mines():
    clicked = set()
    for _, _, case in SECRETS:
        r, c = case["click"]
        clicked.add(case["expected"][r][c])
    assert set("12345678") <= clicked
    assert "X" in clicked and "B" in clicked


def test_coverage_corners_and_partly_revealed():
    corners = set()
    partly = 0
    for _, _, case in SECRETS:
        m, n = len(case["board"]), len(case["board"][0])
        r, c = case["click"]
        if m > 1 and n > 1 and r in (0, m - 1) and c in (0, n - 1):
            corners.add((r == 0, c == 0))
        if any(ch not in "ME" for row in case["board"] for ch in row):
            partly += 1
    assert len(corners) == 4
    assert partly >= 8


def _four_way(rows, click):
    g = grid(rows)
    m, n = len(g), len(g[0])
    r, c = click
    if g[r][c] == "M":
        g[r][c] = "X"
        return rows_of(g)
    todo = [(r, c)]
    while todo:
        i, j = todo.pop()
        if g[i][j] != "E":
            continue
        k = sum(1 for a in range(max(0, i - 1), min(m, i + 2))
                for b in range(max(0, j - 1), min(n, j + 2)) if rows[a][b] == "M")
        g[i][j] = str(k) if k else "B"
        if not k:
            todo += [(a, b) for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1))
                     if 0 <= a < m and 0 <= b < n]
    return rows_of(g)


def test_some_case_needs_diagonal_spreading():
    assert any(_four_way(c[2]["board"], c[2]["click"]) != c[2]["expected"]
               for c in SECRETS if c[2]["name"].startswith("diagonal-"))


def test_case_generator_is_reproducible(tmp_path):
    """The generator writes the same files again (it is deterministic)."""
    before = {p: open(p).read() for p in glob.glob(os.path.join(PROBLEM, "cases", "*", "*.yaml"))
              if os.path.basename(p) != "added.yaml"}  # people's cases: the generator never writes them
    spec = importlib.util.spec_from_file_location("minesweeper_make_cases",
                                                  os.path.join(PROBLEM, "tools", "make_cases.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # build into memory only: compare the text the generator would write
    written = {}
    real_open = open

    def fake_open(path, mode="r", *a, **k):
        if "w" in mode:
            class Sink:
                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    return False

                def write(self, text):
                    written[os.path.abspath(path)] = text
            return Sink()
        return real_open(path, mode, *a, **k)

    module.open = fake_open
    module.print = lambda *a, **k: None
    module.build()
    assert {os.path.abspath(p): t for p, t in before.items()} == written


# ------------------------------------------------------------------ validator

def _check(rows, click):
    return validator.check({"board": grid(rows) if isinstance(rows, list) else rows, "click": click})


@pytest.mark.parametrize("args,words", [
    ({"board": grid(["EEEEE", "EEEE", "EEEEE"]), "click": [0, 0]}, "row 1 has 4 squares, expected 5"),
    ({"board": grid(["E" * 51]), "click": [0, 0]}, "51 columns"),
    ({"board": grid(["E"] * 51), "click": [0, 0]}, "51 rows"),
    ({"board": grid(["EEEE", "EQEE"]), "click": [0, 0]}, "(1,1): 'Q' is not a board character"),
    ({"board": grid(["EEXE"]), "click": [0, 0]}, "(0,2): 'X' (a revealed mine) cannot be on the board"),
    ({"board": grid(["EEEEE"] * 4), "click": [5, 0]}, "click (5,0) is outside the 4x5 board"),
    ({"board": grid(["EEEEE"] * 4), "click": [0, -1]}, "click (0,-1) is outside the 4x5 board"),
    ({"board": grid(["BBB", "BBB"]), "click": [0, 0]}, "click (0,0) is on an already revealed square 'B'"),
    ({"board": grid(["EEE", "E2E", "EEM"]), "click": [0, 0]}, "(1,1): '2' but 1 mine around it"),
    ({"board": grid(["BE", "EM"]), "click": [0, 1]}, "(0,0): 'B' next to a mine at (1,1)"),
    ({"board": grid(["BE", "BE"]), "click": [0, 1]}, "(0,0): 'B' next to a hidden 'E' at (0,1)"),
    ({"board": None, "click": [0, 0]}, "board"),
    ({"board": 7, "click": [0, 0]}, "board must be a list of rows"),
    ({"board": "EEE", "click": [0, 0]}, "board must be a list of rows"),
    ({"board": [], "click": [0, 0]}, "no rows"),
    ({"board": [[]], "click": [0, 0]}, "no squares"),
    ({"board": ["EEE"], "click": [0, 0]}, "row 0 must be a list"),
    ({"board": [[1, "E"]], "click": [0, 1]}, "(0,0): 1 is not a one-character string"),
    ({"board": [["EE", "E"]], "click": [0, 1]}, "(0,0): 'EE' is not a one-character string"),
    ({"board": grid(["EE"]), "click": None}, "click is missing"),
    ({"board": grid(["EE"]), "click": "0,0"}, "click must be a list"),
    ({"board": grid(["EE"]), "click": [0]}, "click must have 2 numbers"),
    ({"board": grid(["EE"]), "click": [0, 1.0]}, "two integers"),
    ({"board": grid(["EE"]), "click": [True, 0]}, "two integers"),
])
def test_validator_rejects(args, words):
    problems = validator.check(args)
    assert problems, args
    assert any(words in p for p in problems), problems


@pytest.mark.parametrize("garbage", [None, 0, 3.5, "board", [], [1, 2], {"board": {}}, {"click": 5},
                                     {"board": [[None]], "click": [0, 0]}, {"board": [[["E"]]], "click": [[0], [0]]},
                                     {"board": [["E"] * 10 ** 4] * 2, "click": [0, 0]}, object()])
def test_validator_never_raises(garbage):
    problems = validator.check(garbage)
    assert isinstance(problems, list) and problems
    assert all(isinstance(p, str) for p in problems)


def test_validator_messages_bounded():
    problems = validator.check({"board": grid(["Q" * 50] * 50), "click": [0, 0]})
    assert len(problems) <= 21
    assert problems[-1].startswith("... and ") and problems[-1].endswith(" more")
    assert int(problems[-1].split()[2]) == 2500 - 20  # every square is bad; the click is not checked then


def test_validator_accepts_minimal_boards():
    assert _check(["E"], [0, 0]) == []
    assert _check(["M"], [0, 0]) == []
    assert _check(["E" * 50] * 50, [49, 49]) == []


# ------------------------------------------------------------------ checker

ARGS = {"board": grid(EXAMPLE_BEFORE), "click": [3, 0]}


def explain(got, expected=EXAMPLE_AFTER, args=ARGS):
    ok, why = checker.compare(grid(expected), got, args)
    assert not ok
    assert why and all(isinstance(w, str) for w in why)
    return why


def with_cell(rows, i, j, ch):
    g = grid(rows)
    g[i][j] = ch
    return g


def test_checker_accepts_exact():
    assert checker.compare(grid(EXAMPLE_AFTER), grid(EXAMPLE_AFTER), ARGS) == (True, [])


@pytest.mark.parametrize("got,words", [
    (with_cell(EXAMPLE_AFTER, 2, 3, "B"), "(2,3): expected '1' (1 mine around it), got 'B'"),
    (with_cell(EXAMPLE_AFTER, 2, 3, "2"), "(2,3): expected '1' (1 mine around it), got '2' but it has 1 mine"),
    (with_cell(EXAMPLE_AFTER, 3, 3, "E"), "(3,3): expected 'B' (no mine around it, revealed), got 'E'"),
    (with_cell(EXAMPLE_AFTER, 0, 2, "B"), "(0,2): should still be hidden 'E', got 'B'"),
    (with_cell(EXAMPLE_AFTER, 1, 2, "X"), "(1,2): should still be a hidden mine 'M', got 'X'"),
    (with_cell(EXAMPLE_AFTER, 1, 2, "Q"), "(1,2): 'Q' is not a board character"),
    # round 29: a lookalike or a combining character, named by its code point
    (with_cell(EXAMPLE_AFTER, 3, 3, "\u0412"), "(3,3): '\\u0412' (U+0412 CYRILLIC CAPITAL LETTER VE) is not a board"),
    (with_cell(EXAMPLE_AFTER, 3, 3, "\u0301"), "(3,3): '\\u0301' (U+0301 COMBINING ACUTE ACCENT) is not a board"),
    (with_cell(EXAMPLE_AFTER, 3, 0, "E"), "(3,0): expected 'B' (the clicked square"),
    (with_cell(EXAMPLE_AFTER, 1, 1, 1), "(1,1): expected '1' (1 mine around it), got an integer 1"),
    (with_cell(EXAMPLE_AFTER, 1, 1, "11"), "got '11', not a one-character string"),
    (with_cell(EXAMPLE_AFTER, 1, 1, None), "got None, not a one-character string"),
    (grid(EXAMPLE_AFTER[:3]), "shape: expected 4x5, got 3x5"),
    (grid(r[:4] for r in EXAMPLE_AFTER), "shape: expected 4x5, got 4x4"),
    ([list(EXAMPLE_AFTER[0]), list(EXAMPLE_AFTER[1][:4]), list(EXAMPLE_AFTER[2]), list(EXAMPLE_AFTER[3])],
     "row 1: expected 5 squares, got 4"),
    (list(EXAMPLE_AFTER), "rows were returned as strings"),
    ([list(EXAMPLE_AFTER[0]), None, list(EXAMPLE_AFTER[2]), list(EXAMPLE_AFTER[3])], "row 1: got None"),
    ([list(EXAMPLE_AFTER[0]), 5, list(EXAMPLE_AFTER[2]), list(EXAMPLE_AFTER[3])], "row 1: got an integer 5"),
    (None, "got None: the board was not returned"),
    (0, "got an integer 0"),
    (True, "got a boolean True"),
    (2.5, "got a number 2.5"),
    ("B1E1B", "got a string 'B1E1B'"),
    ({"board": EXAMPLE_AFTER}, "got an object"),
    ([], "got an empty list"),
    ([[]] * 4, "shape: expected 4x5, got 4x0"),
    ([[[["B"]]]], "shape: expected 4x5"),
])
def test_checker_explains(got, words):
    why = explain(got)
    assert any(words in w for w in why), why


def test_checker_mine_click():
    args = {"board": grid(EXAMPLE_AFTER), "click": [1, 2]}
    why = explain(grid(EXAMPLE_AFTER), EXAMPLE_MINE, args)
    assert why == ["(1,2): expected 'X' (the clicked mine), got 'M'"]


def test_checker_digit_click_reason():
    before = ["MMM", "MEM", "MMM"]
    args = {"board": grid(before), "click": [1, 1]}
    why = explain(grid(["MMM", "M7M", "MMM"]), ["MMM", "M8M", "MMM"], args)
    assert why == ["(1,1): expected '8' (the clicked square, 8 mines around it), got '7' but it has 8 mines around it"]


def test_checker_string_rows_equal_content_still_wrong():
    ok, why = checker.compare(grid(EXAMPLE_AFTER), list(EXAMPLE_AFTER), ARGS)
    assert not ok and len(why) == 1


def test_checker_bounded_with_correct_count():
    big = ["E" * 50] * 50
    args = {"board": grid(big), "click": [0, 0]}
    expected = rows_of(reference.updateBoard(grid(big), [0, 0]))
    why = explain(grid(big), expected, args)
    assert len(why) == 21
    assert why[-1] == "... and 2480 more wrong squares"
    # 25 wrong squares: 20 shown and 5 more
    got = grid(expected)
    for j in range(25):
        got[7][j] = "E"
    why = explain(got, expected, args)
    assert len(why) == 21 and why[-1] == "... and 5 more wrong squares"
    # exactly 20: no summary line
    got = grid(expected)
    for j in range(20):
        got[7][j] = "E"
    assert len(explain(got, expected, args)) == 20


@pytest.mark.parametrize("args", [None, {}, {"board": None, "click": None}, {"board": "x", "click": "y"}, 5,
                                  {"board": [[1]], "click": [9, 9]}])
def test_checker_works_without_usable_args(args):
    ok, why = checker.compare(grid(EXAMPLE_AFTER), with_cell(EXAMPLE_AFTER, 2, 3, "2"), args)
    assert not ok and why and all(isinstance(w, str) for w in why)
    assert checker.compare(grid(EXAMPLE_AFTER), grid(EXAMPLE_AFTER), args) == (True, [])


def test_checker_does_not_change_its_inputs():
    expected, got, args = grid(EXAMPLE_AFTER), with_cell(EXAMPLE_AFTER, 0, 0, "E"), copy.deepcopy(ARGS)
    snapshot = copy.deepcopy((expected, got, args))
    checker.compare(expected, got, args)
    assert (expected, got, args) == snapshot


# ------------------------------------------------------------------ submissions (in-process smoke check)

def platform_globals():
    """The names LeetCode's Python 3 environment provides without imports: the harness's own PRELUDE, read
    from its source (importing the harness would turn this process's collector off)."""
    import ast

    with open(os.path.join(ROOT, "judge", "languages", "harness", "python_server.py")) as fh:
        tree = ast.parse(fh.read())
    [prelude] = [node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 and [getattr(t, "id", None) for t in node.targets] == ["PRELUDE"]]
    g = {"__name__": "__main__", "__builtins__": __builtins__}
    exec(prelude, g)
    return g


def load_submission(path):
    with open(path) as fh:
        source = fh.read()
    namespace = platform_globals()
    exec(compile(source, path, "exec"), namespace)
    solution = namespace.get("Solution")
    if solution is not None and hasattr(solution, "updateBoard"):
        return solution().updateBoard
    if callable(namespace.get("updateBoard")):
        return namespace["updateBoard"]
    raise LookupError(f"no updateBoard entry point in {path}")


def run_submission(entry, case):
    board = grid(case["board"])
    result = entry(board, list(case["click"]))
    return board if result is None else result


def submissions(folder):
    return sorted(glob.glob(os.path.join(SUBMISSIONS, folder, "*.py")))


@pytest.fixture
def deep_recursion():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10000))
    yield
    sys.setrecursionlimit(old)


def test_every_submission_starts_with_a_comment():
    paths = glob.glob(os.path.join(SUBMISSIONS, "*", "*.py"))
    assert len(paths) >= 16
    for path in paths:
        with open(path) as fh:
            assert fh.readline().startswith("# "), path


@pytest.mark.parametrize("path", submissions("accepted"), ids=os.path.basename)
def test_accepted_submissions(path, deep_recursion):
    entry = load_submission(path)
    for _, _, case in SAMPLES + SECRETS:
        got = run_submission(entry, case)
        ok, why = checker.compare(grid(case["expected"]), got, {"board": grid(case["board"]), "click": case["click"]})
        assert ok, (case["name"], why)


@pytest.mark.parametrize("path", submissions("wrong_answer"), ids=os.path.basename)
def test_wrong_answer_submissions_fail_some_case(path):
    entry = load_submission(path)
    failed = []
    for _, _, case in SAMPLES + SECRETS:
        got = run_submission(entry, case)
        ok, why = checker.compare(grid(case["expected"]), got, {"board": grid(case["board"]), "click": case["click"]})
        if not ok:
            failed.append(case["name"])
    assert failed


def test_runtime_error_submission_raises_on_a_sample():
    entry = load_submission(os.path.join(SUBMISSIONS, "runtime_error", "crash.py"))
    with pytest.raises(IndexError):
        run_submission(entry, SAMPLES[0][2])


def test_compile_error_submissions():
    with pytest.raises(SyntaxError):
        load_submission(os.path.join(SUBMISSIONS, "compile_error", "syntax_error.py"))
    with pytest.raises(LookupError):
        load_submission(os.path.join(SUBMISSIONS, "compile_error", "missing_entry.py"))


@pytest.mark.parametrize("folder", ["time_limit", "memory_limit"])
def test_limit_submissions_load(folder):
    for path in submissions(folder):
        assert callable(load_submission(path))  # defined fine; they only misbehave when called


# ------------------------------------------------------------------ fuzzing: never raise

from hypothesis import given, settings, strategies as st  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=True)
    | st.text(alphabet="MEBX0123456789Q ", max_size=3),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.sampled_from(["board", "click", "x"]),
                                                                       children, max_size=3),
    max_leaves=40,
)
SMALL_BOARD = st.integers(1, 6).flatmap(lambda n: st.lists(
    st.lists(st.sampled_from(list("MEB12345678XQ")), min_size=n, max_size=n), min_size=1, max_size=6))


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_fuzz_validator_never_raises(value):
    for args in (value, {"board": value, "click": [0, 0]}, {"board": [["E"]], "click": value}):
        problems = validator.check(args)
        assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
        assert len(problems) <= validator.MAX_MESSAGES + 1


@settings(max_examples=300, deadline=None)
@given(SMALL_BOARD, st.lists(st.integers(-1, 7), min_size=2, max_size=2))
def test_fuzz_validator_agrees_with_rules(board, click):
    """Accepted inputs are ones the reference can run on and satisfy the reachable-state rules."""
    if validator.check({"board": board, "click": click}) == []:
        r, c = click
        assert board[r][c] in "ME"
        out = reference.updateBoard(board, click)
        assert len(out) == len(board)


@settings(max_examples=300, deadline=None)
@given(JSON, st.sampled_from([ARGS, None, {"board": 5}]))
def test_fuzz_checker_never_raises(got, args):
    ok, why = checker.compare(grid(EXAMPLE_AFTER), got, args)
    assert ok is False and why and all(isinstance(w, str) for w in why)
    assert len(why) <= 2 * checker.MAX_EXPLAINED + 3
