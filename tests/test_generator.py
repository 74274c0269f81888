"""The Minesweeper generator: only valid, reachable states; every rare shape within a fixed budget."""

import pytest
from hypothesis import given

from judge.grading import fuzz
from judge.problems.problem import load_problem

PROBLEM = load_problem("minesweeper")
BUDGET = 400  # inputs drawn with seed 1; every shape below must show up among them
DIRS = [(di, dj) for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj]


@pytest.fixture(scope="module")
def drawn():
    return [fuzz.draw_input(PROBLEM, 1, i) for i in range(BUDGET)]


def test_every_drawn_input_is_valid(drawn):
    for i, args in enumerate(drawn):
        assert PROBLEM.validator.check(args) == [], (i, args)


@given(PROBLEM.generator.inputs())
def test_strategy_gives_only_valid_inputs(args):
    assert PROBLEM.validator.check(args) == []


def _sides(a):
    return len(a["board"]), len(a["board"][0])


def _ringed(a):
    (m, n), (r, c) = _sides(a), a["click"]
    return 0 < r < m - 1 and 0 < c < n - 1 and all(a["board"][r + i][c + j] == "M" for i, j in DIRS)


def _clicked(a):
    r, c = a["click"]
    return a["board"][r][c]


def _mines(a):
    return sum(row.count("M") for row in a["board"])


def _blank_region(a):
    """Squares the click reveals (by the reference)."""
    after = PROBLEM.generator.reference.updateBoard(a["board"], a["click"])
    return sum(x != y for r0, r1 in zip(a["board"], after, strict=True) for x, y in zip(r0, r1, strict=True))


def _walled(a, rows):
    """A full row (column) of mines cuts off the strip above (left of) it, where the click reveals a blank
    region along the edge, while the far edge stays hidden: what a bounds check that lets an index
    reach -1 gets wrong (row -1 is the last row)."""
    after = PROBLEM.generator.reference.updateBoard(a["board"], a["click"])
    before = a["board"] if rows else [list(col) for col in zip(*a["board"], strict=False)]
    after = after if rows else [list(col) for col in zip(*after, strict=False)]
    r = a["click"][0] if rows else a["click"][1]
    walls = [k for k in range(1, len(before) - 1) if all(x == "M" for x in before[k]) and r < k]
    return bool(walls) and len(before[0]) >= 3 and "B" in after[0] and "E" in after[-1]


SHAPES = {
    "1x1": lambda a: _sides(a) == (1, 1),
    "single row": lambda a: _sides(a)[0] == 1 and _sides(a)[1] > 1,
    "single column": lambda a: _sides(a)[1] == 1 and _sides(a)[0] > 1,
    "50x50": lambda a: _sides(a) == (50, 50),
    "ringed by 8 mines": _ringed,
    "corner click": lambda a: a["click"][0] in (0, _sides(a)[0] - 1) and a["click"][1] in (0, _sides(a)[1] - 1),
    "edge click (not a corner)": lambda a: (a["click"][0] in (0, _sides(a)[0] - 1))
    != (a["click"][1] in (0, _sides(a)[1] - 1)),
    "mine click": lambda a: _clicked(a) == "M",
    "no mine": lambda a: _mines(a) == 0,
    "all mines but one": lambda a: _mines(a) == _sides(a)[0] * _sides(a)[1] - 1 > 0,
    "partly revealed": lambda a: any(ch not in "ME" for row in a["board"] for ch in row),
    "row of mines cutting off the top strip": lambda a: _walled(a, rows=True),
    "column of mines cutting off the left strip": lambda a: _walled(a, rows=False),
    "huge blank region (1000+ squares)": lambda a: _sides(a)[0] * _sides(a)[1] >= 1000 and _blank_region(a) >= 1000,
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_rare_shape_is_reached_within_budget(drawn, shape):
    assert any(SHAPES[shape](a) for a in drawn), f"no {shape} in {BUDGET} inputs"


def test_shrinks_to_the_smallest_board():
    """Shrinking any input goes to a 1x1 board with no mine (the draw order is the shrink order)."""
    import random

    from hypothesis import Phase, find, settings

    rules = settings(database=None, phases=[Phase.generate, Phase.shrink])
    args = find(PROBLEM.generator.inputs(), lambda a: True, settings=rules, random=random.Random(3))
    assert args == {"board": [["E"]], "click": [0, 0]}
    # with a mine required, the smallest such board has one mine and one square
    args = find(PROBLEM.generator.inputs(), lambda a: _mines(a) > 0, settings=rules, random=random.Random(3))
    assert _sides(args) in ((1, 2), (2, 1)) and _mines(args) == 1
