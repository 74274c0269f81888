"""Random Minesweeper inputs for hypothesis: only reachable game states that validator.check accepts.

inputs() -> SearchStrategy[dict]: {"board": list of lists of 1-char str, "click": [row, col]}.

How a state is built (every step a real game could take, so no unreachable board is ever made):
1. the sides, each 1..50 (small sides most often; exactly 1 and exactly 50 on purpose);
2. the mines: a short list of cells, a density with a seed, all but a few cells, a ring of 8
   mines around one square, or a wall: a full row or column of mines that cuts a blank strip along
   the top or left edge off the rest, which stays hidden (a few mines beyond the wall, and no
   earlier click);
3. a few earlier clicks on hidden safe squares, applied with the reference, so boards are partly
   revealed (a click that would leave nothing to click is not made);
4. the final click on an `M` or `E`: any such square, a hidden safe one, a mine, a corner, an edge,
   a blank or a digit; with a wall, a blank square of the strip.

The wall is there for solutions whose bounds check lets an index reach -1 (`-1 <= a` for `0 <= a`):
Python reads row -1 as the last row, so such a solution reveals hidden squares of the far edge only
when a blank region touches one edge while the opposite edge is still hidden (`judge strength`).

enumerate(max_size) yields every valid input of at most `max_size` squares, smallest boards first.

The draw order is the shrink order: hypothesis shrinks every choice towards its first option, so a
counterexample shrinks towards a 1x1 board with no mine, fewer mines and fewer earlier clicks.
"""

import builtins
import importlib.util
import itertools
import os
import random

from hypothesis import strategies as st

MAX_SIDE = 50
_DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _load_reference():
    """The package's reference.py, loaded by path (the package is not an importable module)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference.py")
    spec = importlib.util.spec_from_file_location("minesweeper_generator_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = _load_reference()


def inputs():
    """The strategy of valid inputs: {"board": [[...]], "click": [row, col]}."""
    return _game()


@st.composite
def _side(draw):
    # Both choices are always drawn, so the shape of the choice sequence never depends on `kind`:
    # hypothesis can then lower `kind` (towards 0: 1..8) without losing the rest of the example.
    kind = draw(st.integers(0, 5))
    value = draw(st.integers(1, MAX_SIDE))
    if kind <= 2:
        return 1 + (value - 1) % 8   # small sides most often: where bugs are easiest to read
    if kind == 3:
        return value
    return 1 if kind == 4 else MAX_SIDE  # single rows and columns, and the largest boards, on purpose


def _cells(m, n):
    return st.tuples(st.integers(0, m - 1), st.integers(0, n - 1))


@st.composite
def _mines(draw, m, n):
    """(mine cells, the final click or None, squares earlier clicks avoid); every choice drawn whatever the mode
    (see _side)."""
    total = m * n
    mode = draw(st.integers(0, 11))
    cells = set(draw(st.lists(_cells(m, n), unique=True, max_size=min(total, 12))))
    percent = draw(st.integers(1, 99))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    spot = draw(_cells(m, n))
    centre = None
    if mode >= 10 and max(m, n) >= 4:  # a wall, of a row (10) or a column (11): see the module's docstring
        return _wall(m, n, cells, spot, rows=(mode == 10 and m >= 4) or n < 4)
    if mode <= 2:  # a few mines anywhere (none at all is the shrink target)
        mines = cells
    elif mode <= 6:  # a density from 1% to 99%, laid out by a seeded generator (cheap on 50x50)
        rnd = random.Random(seed)
        mines = {(i, j) for i in range(m) for j in range(n) if rnd.random() * 100 < percent}
    elif mode in (7, 8, 10, 11) or m < 3 or n < 3:  # all mines but a few squares (down to all but one)
        mines = {(i, j) for i in range(m) for j in range(n)} - cells
    else:  # a square ringed by 8 mines (it needs all 8 neighbours: an inner square)
        centre = (min(max(spot[0], 1), m - 2), min(max(spot[1], 1), n - 2))
        mines = cells | {(centre[0] + di, centre[1] + dj) for di, dj in _DIRS}
        mines.discard(centre)
    if len(mines) == total:  # at most all squares but one
        mines.discard(spot)
    return mines, centre, {centre}


def _wall(m, n, cells, spot, rows):
    """Mines on a full row (or column) k >= 2 and a few beyond it; the final click on a blank of the strip
    before it. No earlier click: one beyond the wall could reveal the far edge, which must stay hidden."""
    everywhere = {(i, j) for i in range(m) for j in range(n)}
    if rows:
        k = min(max(spot[0], 2), m - 2)
        mines = {(k, j) for j in range(n)} | {(i, j) for i, j in cells if i > k}
        return mines, (spot[0] % (k - 1), spot[1]), everywhere
    k = min(max(spot[1], 2), n - 2)
    mines = {(i, k) for i in range(m)} | {(i, j) for i, j in cells if j > k}
    return mines, (spot[0], spot[1] % (k - 1)), everywhere


def _clickable(board):
    return [(i, j) for i, row in builtins.enumerate(board) for j, ch in builtins.enumerate(row) if ch in "ME"]


def _mines_around(board, i, j):
    m, n = len(board), len(board[0])
    return sum(1 for di, dj in _DIRS
               if 0 <= i + di < m and 0 <= j + dj < n and board[i + di][j + dj] == "M")


FINAL_KINDS = ("any", "safe", "mine", "corner", "edge", "blank", "digit")


@st.composite
def _game(draw):
    m = draw(_side())
    n = draw(_side())
    mines, centre, avoid = draw(_mines(m, n))
    board = [["M" if (i, j) in mines else "E" for j in range(n)] for i in range(m)]
    # Earlier clicks: only on hidden safe squares (a mine click ends a real game), never on the
    # ring's centre (it stays for the final click) nor anywhere on a wall's board, and never one
    # that leaves nothing to click.
    for _ in range(draw(st.integers(0, 3))):
        safe = [(i, j) for i, j in _clickable(board) if board[i][j] == "E" and (i, j) not in avoid]
        if not safe:
            break
        i, j = safe[draw(st.integers(0, len(safe) - 1))]
        after = reference.updateBoard(board, [i, j])
        if not _clickable(after):
            break
        board = after
    if centre is not None:
        return {"board": board, "click": list(centre)}
    kind = FINAL_KINDS[draw(st.integers(0, len(FINAL_KINDS) - 1))]
    choices = _clickable(board)
    wanted = [c for c in choices if _is_kind(board, c, kind)] or choices
    r, c = wanted[draw(st.integers(0, len(wanted) - 1))]
    return {"board": board, "click": [r, c]}


def _is_kind(board, cell, kind):
    i, j = cell
    m, n = len(board), len(board[0])
    on_row_edge, on_col_edge = i in (0, m - 1), j in (0, n - 1)
    if kind == "mine":
        return board[i][j] == "M"
    if kind == "safe":
        return board[i][j] == "E"
    if kind == "corner":
        return on_row_edge and on_col_edge
    if kind == "edge":
        return on_row_edge or on_col_edge
    if kind == "blank":
        return board[i][j] == "E" and _mines_around(board, i, j) == 0
    if kind == "digit":
        return board[i][j] == "E" and _mines_around(board, i, j) > 0
    return True


def enumerate(max_size):
    """Every valid input of at most `max_size` squares: boards by area (then rows), each click on an `M` or `E`.

    A valid board is a set of mines and a set of revealed safe squares, each shown as its digit or
    `B`, where no revealed blank has a hidden neighbour (validator.py): so each square is hidden,
    a mine or revealed, and the few combinations that break that rule are left out."""
    shapes = sorted(((m, n) for m in range(1, max_size + 1) for n in range(1, max_size // m + 1)),
                    key=lambda s: (s[0] * s[1], s[0]))
    for m, n in shapes:
        cells = [(i, j) for i in range(m) for j in range(n)]
        around = {(i, j): [(i + di, j + dj) for di, dj in _DIRS if 0 <= i + di < m and 0 <= j + dj < n]
                  for i, j in cells}
        for states in itertools.product("EMR", repeat=m * n):  # hidden, mine, revealed
            state = dict(zip(cells, states, strict=False))
            counts = {c: sum(state[a] == "M" for a in around[c]) for c in cells}
            if any(s == "R" and counts[c] == 0 and any(state[a] != "R" for a in around[c])
                   for c, s in state.items()):
                continue
            board = [[state[i, j] if state[i, j] != "R" else (str(counts[i, j]) if counts[i, j] else "B")
                      for j in range(n)] for i in range(m)]
            for i, j in cells:
                if state[i, j] != "R":
                    yield {"board": [row[:] for row in board], "click": [i, j]}
