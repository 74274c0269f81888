"""`judge strength`: the mutator's operators and dedup, classing mutants in the real box, the CLI with
--json and --save."""

import ast
import json
import shutil

import jsonschema
import pytest

from helpers import DATA, SUBMISSIONS, judge
from judge.grading import fuzz, mutate, strength
from judge.problems.problem import load_problem
from judge.results import mutation
from judge.results.mutation import EQUIVALENT, KILLED, SURVIVED, Kill, MutantResult, StrengthReport
from judge.results.serialize import SCHEMA_PATH
from judge.verdict import Verdict

PROBLEM = load_problem("minesweeper")
REFERENCE = PROBLEM.reference_path.read_text()
SCHEMA = json.loads(SCHEMA_PATH.read_text())

SOURCE = '''"""A docstring is never mutated."""
DIRS = ((-1, 0), (1, 0))


def solve(grid: list, click: list) -> int:
    m, n = len(grid), len(grid[0])
    total = 0
    for di, dj in DIRS:
        a = click[0] + di
        if 0 <= a < m and grid[a][0] == "M":
            total += 1
    return total * 2 if grid[0][0] != "E" else 0


if __name__ == "__main__":
    print(solve([["E"]], [0, 0]))
'''


def added(mutant, original=SOURCE):
    """The lines a mutant's diff adds."""
    return [line[1:] for line in mutant.diff(original) if line.startswith("+") and not line.startswith("+++")]


def by_change(found, operator):
    """(line, change) -> what each mutant of that description adds (two sites of a line may share one)."""
    out = {}
    for m in found:
        if m.operator == operator:
            out.setdefault((m.line, m.change), []).append(added(m))
    return out


@pytest.fixture(scope="module")
def made():
    return mutate.mutants(SOURCE)


def test_every_operator_makes_its_mutants(made):
    assert {m.operator for m in made} == set(mutate.OPERATORS)
    relational = by_change(made, "relational")
    assert {c for line, c in relational if line == 10} >= {"`<=` -> `<`", "`<` -> `<=`", "`==` -> `!=`"}
    assert ['        if 0 < a < m and grid[a][0] == "M":'] in relational[10, "`<=` -> `<`"]
    assert ['        if -1 <= a < m and grid[a][0] == "M":'] in by_change(made, "constant")[10, "0 -> -1"]
    assert ["DIRS = ((-2, 0), (1, 0))"] in by_change(made, "constant")[2, "-1 -> -2"]
    assert ["        a = click[0] - di"] in by_change(made, "arithmetic")[9, "`+` -> `-`"]
    assert ["            total -= 1"] in by_change(made, "arithmetic")[11, "`+` -> `-`"]
    assert ["DIRS = ((1, 0),)"] in by_change(made, "delete-element")[2, "element `(-1, 0)` deleted"]
    assert ["        if not (0 <= a < m and grid[a][0] == 'M'):"] in \
        by_change(made, "negate")[10, "`0 <= a < m and grid[a][0] == 'M'` negated"]
    assert ["        if 0 <= a < m and grid[a][0] == 'E':"] in by_change(made, "letter")[10, "'M' -> 'E'"]
    assert ["            pass"] in by_change(made, "delete-statement")[11, "`total += 1` deleted"]
    swaps = by_change(made, "swap-names")
    assert ['        if 0 <= a < n and grid[a][0] == "M":'] in swaps[10, "`m` -> `n`"]
    assert (9, "`di` -> `dj`") in swaps  # unpacked together in `for di, dj in`


def test_nothing_outside_the_code_that_runs_is_mutated(made):
    for mutant in made:
        assert '"""A docstring is never mutated."""' in mutant.source
        assert "def solve(grid: list, click: list) -> int:" in mutant.source  # annotations stay
        assert 'print(solve([["E"]], [0, 0]))' in mutant.source, mutant.change  # the __main__ block stays
        assert mutant.line < 15


def test_mutants_are_distinct_compile_and_change_one_place(made):
    trees = [ast.dump(ast.parse(m.source)) for m in made]
    assert len(set(trees)) == len(trees) and ast.dump(ast.parse(SOURCE)) not in trees
    assert [m.number for m in made] == list(range(1, len(made) + 1))
    for mutant in made:
        compile(mutant.source, "mutant.py", "exec")
        removed = [line for line in mutant.diff(SOURCE) if line.startswith("-") and not line.startswith("---")]
        assert len(removed) == 1 or mutant.operator == "delete-statement", (mutant.change, mutant.diff(SOURCE))
        assert len(added(mutant)) == 1


def test_the_same_mutant_twice_is_kept_once():
    # both elements deleted give `(0,)`, and 0 + 1 on either side of `0 + 0`... once each
    found = mutate.mutants("p = (0, 0)\n")
    assert [added(m, "p = (0, 0)\n") for m in found if m.operator == "delete-element"] == [["p = (0,)"]]
    constants = sorted(m.source for m in found if m.operator == "constant")
    assert constants == ["p = (-1, 0)\n", "p = (0, -1)\n", "p = (0, 1)\n", "p = (1, 0)\n"]


def test_the_references_mutants_include_the_wrap_around_ones():
    found = mutate.mutants(REFERENCE)
    assert len(found) > 200
    assert sum(added(m, REFERENCE) == ['            if -1 <= a < m and 0 <= b < n and grid[a][b] == "E":']
               for m in found) == 1


def test_rates_count_each_case_file_group_and_all():
    units = (("sample/a.yaml", "sample", 2), ("secret/b.yaml", "secret", 3), ("random", "random", 10))

    def mutant(number, status, *cases):
        return MutantResult(number, "constant", 1, "0 -> 1", (), status, tuple(Kill(c, "x", Verdict.WA) for c in cases))

    report = StrengthReport("p", "s.py", 1, 10, "bwrap", 5, (
        mutant(1, KILLED, "sample/a.yaml", "random"), mutant(2, KILLED, "secret/b.yaml"), mutant(3, KILLED, "random"),
        mutant(4, EQUIVALENT), mutant(5, SURVIVED)), units)
    rates = {r.name: (r.killed, r.of, r.cases) for r in report.rates()}
    assert rates == {"sample/a.yaml": (1, 4, 2), "secret/b.yaml": (1, 4, 3), "random": (2, 4, 10),
                     "sample": (1, 4, 2), "secret": (1, 4, 3), "fixed": (2, 4, 5), "all": (3, 4, 15)}
    assert [m.number for m in report.missed_by(("random",))] == [2, 5]
    assert "missed by the random cases (killed by the others): 2 (constant" in mutation.text(report)


def test_enumerate_gives_every_valid_input_up_to_a_size_once():
    """Against a brute force: every board of up to 4 squares over all board characters, kept when valid."""
    import itertools

    expected = set()
    for m, n in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2), (4, 1)]:
        for squares in itertools.product("MEB12345678", repeat=m * n):
            board = [list(squares[i * n:(i + 1) * n]) for i in range(m)]
            clicks = [[i, j] for i, j in itertools.product(range(m), range(n)) if board[i][j] in "ME"]
            if not clicks or PROBLEM.validator.check({"board": board, "click": clicks[0]}):
                continue  # the board itself is invalid (every click on M or E is then as valid as the first)
            expected |= {json.dumps({"board": board, "click": c}) for c in clicks}
    got = [json.dumps(a) for a in PROBLEM.generator.enumerate(4)]
    assert len(got) == len(set(got)) and set(got) == expected
    sizes = [len(json.loads(a)["board"]) * len(json.loads(a)["board"][0]) for a in got]
    assert sizes == sorted(sizes)  # smallest first


def test_classing_in_the_box_a_killed_an_equivalent_and_a_surviving_mutant(problem_copy):
    """With the samples alone (no secret cases, no random ones), the wrap-around mutant survives;
    its smallest differing input comes back, and `i - di` (the directions are symmetric) is equivalent."""
    shutil.rmtree(problem_copy / "cases" / "secret")
    (problem_copy / "cases" / "secret").mkdir()
    weak = load_problem(str(problem_copy))
    numbers = _numbers(['            if -1 <= a < m and 0 <= b < n and grid[a][b] == "E":',
                        "            a, b = i - di, j + dj", "        grid[r][c] = 'M'"])
    report = strength.measure(weak, None, strength.Settings(count=0, only=numbers, max_size=5, draws=100))
    wrap, symmetric, no_x = (next(m for m in report.mutants if m.number == n) for n in numbers)
    assert wrap.status == SURVIVED and not wrap.kills
    found = wrap.difference
    assert found is not None and found.verdict is Verdict.WA and found.explanation
    assert len(found.args["board"]) * len(found.args["board"][0]) <= 9  # small: enumerated or shrunk
    assert weak.validator.check(found.args) == []
    assert symmetric.status == EQUIVALENT and symmetric.difference is None
    assert no_x.status == KILLED and no_x.kills[0].cases == "sample/examples.yaml"
    assert report.equivalence == {"max_size": 5, "enumerated": 1588, "drawn": 100}


def _numbers(lines):
    found = mutate.mutants(REFERENCE)
    return tuple(next(m.number for m in found if added(m, REFERENCE) == [line]) for line in lines)


def test_strength_cli_on_a_sample_json_follows_the_schema():
    result = judge("strength", "minesweeper", "--sample", "10", "--json", "--max-size", "4", "--draws", "50")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, SCHEMA)
    assert len(doc["mutants"]) == 10 and doc["made"] > 200
    assert sum(doc["counts"].values()) == 10 and doc["counts"]["survived"] == 0
    rates = {r["cases"]: r for r in doc["rates"]}
    assert rates["fixed"]["percent"] == rates["random"]["percent"] == rates["all"]["percent"] == 100.0
    assert rates["random"]["size"] == fuzz.DEFAULT_COUNT and rates["fixed"]["of"] == doc["counts"]["killed"]
    assert all(m["kills"] for m in doc["mutants"] if m["status"] == "killed")


def test_strength_cli_save_adds_a_case_that_kills_each_survivor(problem_copy):
    shutil.rmtree(problem_copy / "cases" / "secret")
    (problem_copy / "cases" / "secret").mkdir()
    numbers = ",".join(map(str, _numbers(['            if -1 <= a < m and 0 <= b < n and grid[a][b] == "E":',
                                          "        grid[r][c] = 'M'"])))
    args = ["strength", problem_copy, "--mutants", numbers, "--fuzz", "0", "--max-size", "5", "--draws", "50"]
    first = judge(*args, "--save")
    assert first.returncode == 1, first.stderr
    assert "2 of the " in first.stdout and "survivors: 1" in first.stdout
    assert "+            if -1 <= a < m and 0 <= b < n" in first.stdout and "saved as case strength-" in first.stdout
    text = (problem_copy / "cases" / "secret" / "added.yaml").read_text()
    assert text.count("- name: strength-") == 1 and "found by judge strength" in text
    assert judge("verify", problem_copy).returncode == 0  # valid cases, answered by the reference
    again = judge(*args, "--json")
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert [m["status"] for m in doc["mutants"]] == ["killed", "killed"]
    kills = [[k["cases"] for k in m["kills"]] for m in doc["mutants"]]
    assert kills == [["sample/examples.yaml"], ["secret/added.yaml"]]


def test_strength_refuses_what_it_cannot_mutate():
    cpp = judge("strength", "minesweeper", "--source", SUBMISSIONS / "accepted" / "bfs.cpp")
    assert cpp.returncode == 2 and "Python" in cpp.stderr
    wrong = judge("strength", "minesweeper", "--source", SUBMISSIONS / "wrong_answer" / "four_way.py", "--sample", "2")
    assert wrong.returncode == 2 and "not accepted" in wrong.stderr
    assert judge("strength", "minesweeper", "--mutants", "100000").returncode == 2


def test_fuzz_shrinks_a_time_out_quickly_and_confirms_it_under_the_real_limit():
    """A right but exponentially slow solution, seed 1: shrinking under the real 1 s limit waited it out at every
    step that timed out (15 s on the quiet machine; 7-32 s over seeds 1-6); now each such step costs 0.1 s.
    Counted, not timed (load must not fail it): runs that waited out the whole real limit stay few."""
    outcome = fuzz.search(PROBLEM, DATA / "slow_correct.py", 200, 1)
    assert outcome.found is not None and outcome.found.result.verdict in (Verdict.TLE, Verdict.MLE)
    assert 1 <= outcome.full_waits <= 3, outcome.full_waits
    notes = [n for n in outcome.notes if "confirmed under the real 1 s" in n]
    assert notes and int(notes[0].split(": ")[1].split()[0]) >= 2, outcome.notes  # time-outs under the 0.1 s limit
    board = outcome.found.case.args["board"]
    assert len(board) * len(board[0]) < 50 * 50  # shrunk


def test_shrink_limit_scales_from_the_reference_within_bounds():
    assert fuzz.shrink_limit(1.0, 0.002) == fuzz.SHRINK_FLOOR
    assert fuzz.shrink_limit(1.0, 0.03) == pytest.approx(0.3)
    assert fuzz.shrink_limit(1.0, 0.5) == 1.0
    slower = fuzz.with_time_limit(PROBLEM, 0.2)
    assert (slower.limits.time, slower.limits.wall_time) == (0.2, pytest.approx(0.6)) and PROBLEM.limits.time == 1.0


def test_the_random_cases_alone_kill_every_wrap_around_mutant():
    """`0 <= a` made `-1 <= a`: row -1 is the last row. Only a blank strip cut off along the top (or left) edge,
    with the far edge hidden, shows it; the generator's walls draw that shape (issue 16: before them, the
    100 default random cases missed both spreading ones)."""
    numbers = _numbers([f"            if {a} < m and {b} < n and grid[a][b] {test}"
                        for test in ('in ("M", "X"):', '== "E":')
                        for a, b in (("-1 <= a", "0 <= b"), ("0 <= a", "-1 <= b"))])
    report = strength.measure(PROBLEM, None, strength.Settings(only=numbers, max_size=0, draws=0))
    assert [m.status for m in report.mutants] == [KILLED] * 4
    assert all(any(k.cases == "random" for k in m.kills) for m in report.mutants), [m.kills for m in report.mutants]


def test_a_checker_that_fails_on_a_cases_own_answer_stops_strength(tmp_path):
    """Bad-input round 29: with a checker.py that raised, strength ran no mutant, said "every mutant was
    killed", 100.0% on every row and exit 0. It names the checker and its error, exit 2."""
    from helpers import copy_problem

    package = copy_problem(tmp_path)
    (package / "checker.py").write_text("exact = True\n\n\ndef compare(e, g, a):\n    raise ValueError('boom')\n")
    done = judge("strength", package, "--sample", "3", "--max-size", "2", "--draws", "3", "--fuzz", "0")
    assert done.returncode == 2 and "checker.py: the checker fails on case example-1's own answer: ValueError: boom" \
        in done.stderr, done.stderr
