#!/usr/bin/env python3
"""Build the Minesweeper test cases (deterministic, seeded with random.Random(529)).

Usage: python3 problems/minesweeper/tools/make_cases.py
Writes problems/minesweeper/cases/sample/*.yaml and cases/secret/*.yaml.
Every expected board is computed by reference.py and every input is checked by validator.py.

Cases added by people are kept: it never writes `added.yaml` (where `judge add-case` and
`judge fuzz --save` write), and when it rewrites one of its own files it re-appends, as they were
written, the cases of that file it did not generate (e.g. ones added with `judge add-case --file`).
"""

import importlib.util
import os
import random
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
PROBLEM = os.path.dirname(HERE)
DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _load(name):
    spec = importlib.util.spec_from_file_location("minesweeper_" + name, os.path.join(PROBLEM, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


reference = _load("reference")
validator = _load("validator")
rng = random.Random(529)


# ---------------------------------------------------------------- helpers

def grid(rows):
    return [list(r) for r in rows]


def rows_of(g):
    return ["".join(r) for r in g]


def click_board(rows, click):
    return rows_of(reference.updateBoard(grid(rows), list(click)))


def mines_around(rows, i, j):
    m, n = len(rows), len(rows[0])
    return sum(1 for di, dj in DIRS
               if 0 <= i + di < m and 0 <= j + dj < n and rows[i + di][j + dj] == "M")


def random_board(m, n, density, r=None):
    r = r or rng
    return ["".join("M" if r.random() < density else "E" for _ in range(n)) for _ in range(m)]


def place(m, n, mines, fill="E"):
    g = [[fill] * n for _ in range(m)]
    for i, j in mines:
        g[i][j] = "M"
    return rows_of(g)


def cells(rows, pred):
    return [(i, j) for i in range(len(rows)) for j in range(len(rows[0])) if pred(rows[i][j], i, j)]


def blank_cells(rows):
    return cells(rows, lambda ch, i, j: ch == "E" and mines_around(rows, i, j) == 0)


def digit_cells(rows):
    return cells(rows, lambda ch, i, j: ch == "E" and mines_around(rows, i, j) > 0)


def region_size(rows, click):
    after = click_board(rows, click)
    return sum(1 for a, b in zip("".join(rows), "".join(after), strict=True) if a != b)


def biggest_blank_click(rows, candidates=None):
    """The blank square whose click reveals the most (ties: first)."""
    best, best_size = None, -1
    seen = set()
    for c in candidates or blank_cells(rows):
        if c in seen:
            continue
        after = click_board(rows, c)
        changed = {(i, j) for i, row in enumerate(after) for j, ch in enumerate(row) if ch != rows[i][j]}
        seen |= changed
        if len(changed) > best_size:
            best, best_size = c, len(changed)
    return best


def four_way(rows, click):
    """The classic wrong answer: spread in 4 directions only (used to prove a case tells them apart)."""
    g = grid(rows)
    m, n = len(g), len(g[0])
    r, c = click
    if g[r][c] == "M":
        g[r][c] = "X"
        return rows_of(g)
    stack = [(r, c)]
    while stack:
        i, j = stack.pop()
        if g[i][j] != "E":
            continue
        k = mines_around(rows, i, j)
        g[i][j] = str(k) if k else "B"
        if not k:
            for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                a, b = i + di, j + dj
                if 0 <= a < m and 0 <= b < n and g[a][b] == "E":
                    stack.append((a, b))
    return rows_of(g)


def reveal_some(rows, clicks_wanted, r=None):
    """Apply up to clicks_wanted safe clicks (prefer blanks) to reach a partly revealed state."""
    r = r or rng
    for _ in range(clicks_wanted):
        blanks = blank_cells(rows)
        safe = blanks or digit_cells(rows)
        if not safe:
            break
        rows = click_board(rows, r.choice(safe))
    return rows


# ---------------------------------------------------------------- the cases

FILES = {}  # file name -> list of (name, description, rows, click)


def add(file, name, description, rows, click):
    FILES.setdefault(file, []).append((name, description, list(rows), list(click)))


def border_digits(rows, click):
    after = click_board(rows, click)
    return {ch for a, ch in zip("".join(rows), "".join(after), strict=True) if a == "E" and ch in "12345678"}


def find_border_digits(wanted, m=9, n=12):
    """A random board where one blank click shows all the wanted digits on the spread's border."""
    for _ in range(20000):
        rows = random_board(m, n, 0.3)
        for click in blank_cells(rows):
            if wanted <= border_digits(rows, click):
                return rows, list(click)
    raise RuntimeError(f"no board found with border digits {sorted(wanted)}")


def sample_cases():
    add("sample/examples.yaml", "example-1", "the worked example: a click on a blank spreads",
        ["EEEEE", "EEMEE", "EEEEE", "EEEEE"], [3, 0])
    add("sample/examples.yaml", "example-2", "the worked example continued: a click on the mine",
        ["B1E1B", "B1M1B", "B111B", "BBBBB"], [1, 2])


def clicks_cases():
    f = "secret/clicks.yaml"
    add(f, "mine-center-3x3", "a click on the only mine turns it into X, nothing else changes",
        ["EEE", "EME", "EEE"], [1, 1])
    add(f, "mine-among-mines", "a click on one mine of many: the other mines stay M",
        ["MEEM", "EMME", "EMME", "MEEM"], [2, 1])
    add(f, "mine-full-board", "a board full of mines, click one of them",
        ["MMMM", "MMMM", "MMMM"], [1, 2])
    add(f, "mine-on-revealed-board", "a mine clicked on a board that is already mostly revealed",
        click_board(["EEEEEE", "EEEEEE", "EEMEEE", "EEEEEM", "EEEEEE"], [0, 0]), [3, 5])
    add(f, "mine-next-to-hidden-region", "a mine clicked next to still hidden squares: no reveal happens",
        ["EEEEE", "EMEEE", "EEEEE", "EEEME", "EEEEE"], [3, 3])
    add(f, "mine-left-edge", "a mine on the left edge, with blank space around the board",
        ["EEEEEE", "MEEEEE", "EEEEEE"], [1, 0])
    add(f, "digit-no-spread", "a square next to a mine becomes its digit and nothing else is revealed",
        ["EEEEE", "EEMEE", "EEEEE", "EEEEE"], [1, 1])
    add(f, "digit-no-spread-big-empty", "a digit click beside a large hidden empty area reveals only itself",
        ["EEEEEEEE", "EEEEEEEE", "EEEMEEEE", "EEEEEEEE", "EEEEEEEE", "EEEEEEEE"], [3, 4])
    add(f, "digit-two-mines", "a square between two mines becomes 2",
        ["EEEEE", "EMEME", "EEEEE"], [1, 2])
    add(f, "spread-stops-at-mine-wall", "a column of mines splits the board: only the clicked side is revealed",
        ["EEMEEE", "EEMEEE", "EEMEEE", "EEMEEE"], [0, 5])
    add(f, "spread-around-isolated-mines", "a spread flows around isolated mines, which stay hidden",
        ["EEEEEEEEE", "EMEEEEEME", "EEEEEEEEE", "EEEEMEEEE", "EEEEEEEEE", "EMEEEEEME", "EEEEEEEEE"], [3, 0])
    add(f, "spread-enclosed-room", "a blank room closed by a ring of mines: the outside stays hidden",
        ["EEEEEEEEE", "EMMMMMMME", "EMEEEEEME", "EMEEEEEME", "EMEEEEEME", "EMMMMMMME", "EEEEEEEEE"], [3, 4])
    add(f, "spread-outside-room", "a spread outside a ring of mines does not enter the room",
        ["EEEEEEEEE", "EMMMMMMME", "EMEEEEEME", "EMEEEEEME", "EMEEEEEME", "EMMMMMMME", "EEEEEEEEE"], [0, 0])
    add(f, "spread-leaves-pocket-hidden", "a hidden E behind digits stays E (like (0,2) in the example)",
        ["EEEEEEE", "EEEMEEE", "EEEEEEE", "EEEEEEE", "EMEEEEE"], [3, 6])
    add(f, "spread-whole-board-but-mines", "the spread reveals every safe square of the board",
        ["EEEEEE", "EMEEEE", "EEEEEE", "EEEEME", "EEEEEE"], [0, 5])


def edges_cases():
    f = "secret/edges.yaml"
    # a cross of mines splits the board into four rooms: each corner opens its own room
    base = ["EEEEMEEE", "EEEEMEEE", "EEEEMEEE", "EEEEMEEE", "MMMMMMMM", "EEEEMEEE", "EMEEMEEE", "EEEEMEEE"]
    m, n = len(base), len(base[0])
    for name, click in (("top-left", [0, 0]), ("top-right", [0, n - 1]),
                        ("bottom-left", [m - 1, 0]), ("bottom-right", [m - 1, n - 1])):
        add(f, "corner-" + name, "a click on the {} corner opens that room only".format(name.replace("-", " ")),
            base, click)
    add(f, "corner-digit-1", "a corner square next to one mine becomes 1",
        ["EEEE", "EMEE", "EEEE"], [0, 0])
    add(f, "corner-digit-3", "a corner ringed by its 3 neighbours, all mines",
        ["EMEE", "MMEE", "EEEE"], [0, 0])
    add(f, "corner-mine", "a click on a mine in the bottom-right corner",
        ["EEEE", "EEEE", "EEEM"], [2, 3])
    add(f, "edge-top", "a click in the middle of the top edge",
        ["EEEEEEE", "EEEEEEE", "MEEEEEM", "EEEMEEE"], [0, 3])
    add(f, "edge-bottom", "a click in the middle of the bottom edge",
        ["EEEMEEE", "MEEEEEM", "EEEEEEE", "EEEEEEE"], [3, 3])
    add(f, "edge-left", "a click in the middle of the left edge",
        ["EEEM", "EEEE", "EEEE", "EEEE", "EEEM", "MEEE"], [2, 0])
    add(f, "edge-right", "a click in the middle of the right edge",
        ["MEEE", "EEEE", "EEEE", "EEEE", "MEEE", "EEEM"], [2, 3])
    add(f, "edge-digit-5", "an edge square with all 5 neighbours mines becomes 5",
        ["MEMEE", "MMMEE", "EEEEE"], [0, 1])
    add(f, "edge-digit-on-left", "a left-edge square next to 2 mines becomes 2 without spreading",
        ["EEEE", "MEEE", "EEEE", "MEEE", "EEEE"], [2, 0])
    add(f, "corner-spread-to-opposite-corner", "a spread from one corner reaches the opposite corner",
        ["EEEEEE", "EEEEEE", "EEEMEE", "EEEEEE", "EEEEEE"], [4, 0])


def digits_cases():
    f = "secret/digits.yaml"
    ring = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0)]
    for k in range(1, 9):
        chosen = sorted(rng.sample(ring, k))
        rows = place(3, 3, chosen)
        add(f, f"digit-{k}-center", f"the clicked square has {k} mine{'' if k == 1 else 's'} around it",
            rows, [1, 1])
    # the same digits inside bigger boards, at other positions
    for k in (4, 6, 7, 8):
        m, n = 7, 8
        ci, cj = rng.randrange(1, m - 1), rng.randrange(1, n - 1)
        around = [(ci + di, cj + dj) for di, dj in DIRS]
        chosen = rng.sample(around, k)
        extra = [(i, j) for i in range(m) for j in range(n)
                 if (i, j) not in around and (i, j) != (ci, cj) and rng.random() < 0.12]
        add(f, f"digit-{k}-in-7x8", f"a {k} inside a bigger board with other mines: no spread",
            place(m, n, chosen + extra), [ci, cj])
    add(f, "digit-8-in-mine-field", "an 8 in the middle of a board that is all mines but one square",
        ["MMMMM", "MMMMM", "MMEMM", "MMMMM", "MMMMM"], [2, 2])
    # digits 1..5 on the border of a spread (5 is the most a spread border can show)
    add(f, "border-digit-5-diagonal", "a 5 revealed by the spread from its diagonal neighbour",
        ["EEM", "EEM", "MMM"], [0, 0])
    add(f, "border-digit-4", "a 4 revealed by the spread from its left neighbour",
        ["EEEM", "EEEM", "EEEM", "EEMM"], [0, 0])
    rows, click = find_border_digits(set("12345"))
    add(f, "border-digits-1-to-5", "a spread whose border shows every digit 1 to 5", rows, click)
    add(f, "digit-must-not-spread", "a digit next to a large hidden area: the area stays hidden",
        ["EEEEEEEE", "EEEEEEEE", "EEEEEEEE", "MEEEEEEE", "EEEEEEEE"], [3, 1])
    add(f, "digit-must-not-spread-between-mines", "a 3 in a gap of a mine wall reveals nothing behind it",
        ["EEEMEEE", "EEEMEEE", "EEEEEEE", "EEEMEEE", "EEEMEEE"], [2, 3])
    add(f, "digits-line-block-spread", "a line of digits between two areas stops the spread",
        ["EEEEEEE", "EEEEEEE", "MEMEMEM", "EEEEEEE", "EEEEEEE"], [0, 3])


def shapes_cases():
    f = "secret/shapes.yaml"
    add(f, "one-by-one-empty", "a 1x1 board with one empty square becomes B", ["E"], [0, 0])
    add(f, "one-by-one-mine", "a 1x1 board with one mine becomes X", ["M"], [0, 0])
    add(f, "one-by-two-digit", "1x2: the square next to the mine becomes 1", ["EM"], [0, 0])
    add(f, "one-by-two-mine", "1x2: a click on the mine", ["EM"], [0, 1])
    add(f, "two-by-one-digit", "2x1: the square above the mine becomes 1", ["E", "M"], [0, 0])
    add(f, "row-spread-both-ways", "a single row: a spread runs both ways and stops at digits",
        ["EMEEEEEEEMEE"], [0, 5])
    add(f, "row-between-mines", "a single row: a 2 between two mines", ["EEMEMEE"], [0, 3])
    add(f, "row-1x50-no-mine", "a 1x50 row without mines: everything becomes B", ["E" * 50], [0, 17])
    add(f, "row-1x50-mines", "a 1x50 row with mines: the spread stops at the digits",
        ["".join("M" if j in (7, 8, 30, 44) else "E" for j in range(50))], [0, 20])
    add(f, "column-spread", "a single column: a spread runs up and down and stops at digits",
        list("EEMEEEEEEMEE"), [6, 0])
    add(f, "column-50x1-no-mine", "a 50x1 column without mines: everything becomes B", ["E"] * 50, [49, 0])
    add(f, "column-50x1-mines", "a 50x1 column with mines: the spread stops at the digits",
        ["M" if i in (3, 25, 26) else "E" for i in range(50)], [10, 0])
    add(f, "two-rows-2x50", "a 2x50 board with a few mines",
        place(2, 50, [(0, 10), (1, 11), (1, 30), (0, 48)]), [1, 0])
    add(f, "two-columns-50x2", "a 50x2 board with a few mines",
        place(50, 2, [(5, 0), (20, 1), (21, 1), (40, 0)]), [30, 1])
    add(f, "no-mine-3x3", "a board without mines: every square becomes B", ["EEE"] * 3, [2, 1])
    add(f, "no-mine-5x7", "a 5x7 board without mines clicked in the middle", ["E" * 7] * 5, [2, 3])
    add(f, "all-mines-but-one-3x3", "a 3x3 board that is all mines but the centre: 8",
        ["MMM", "MEM", "MMM"], [1, 1])
    add(f, "all-mines-but-one-2x2", "a 2x2 board that is all mines but one corner: 3", ["MM", "ME"], [1, 1])
    add(f, "all-mines-but-one-4x6", "a 4x6 board that is all mines but one edge square: 5",
        ["MMMMMM", "MMMMMM", "MMMMMM", "MMEMMM"], [3, 2])
    add(f, "all-mines-but-one-row", "a 1x3 row of mines with one empty square in the middle: 2",
        ["MEM"], [0, 1])


def revealed_cases():
    f = "secret/revealed.yaml"
    first = click_board(["EEEEE", "EEMEE", "EEEEE", "EEEEE"], [3, 0])
    add(f, "example-last-safe-square", "after the worked example, the last hidden safe square becomes 1",
        first, [0, 2])
    two_rooms = ["EEEEEEEEE", "EEEEMEEEE", "EEEEMEEEE", "MMEEMEEMM", "EEEEMEEEE", "EEEEMEEEE"]
    left = click_board(two_rooms, [0, 0])
    add(f, "second-room-after-first", "one side already revealed; the click opens the other side",
        left, [5, 8])
    add(f, "digit-on-revealed-board", "one side already revealed; a digit click on the other side",
        left, [3, 6])
    add(f, "mine-on-revealed-board-2", "one side already revealed; a mine clicked on the other side",
        left, [3, 7])
    # generated reachable states: earlier clicks applied with the reference
    for idx, (m, n, density, earlier) in enumerate(((8, 8, 0.12, 1), (10, 12, 0.15, 2), (12, 9, 0.1, 2),
                                                     (15, 15, 0.14, 3), (20, 25, 0.16, 4), (6, 30, 0.12, 2))):
        rows = random_board(m, n, density)
        rows = reveal_some(rows, earlier)
        kinds = []
        if blank_cells(rows):
            kinds.append("blank")
        if digit_cells(rows):
            kinds.append("digit")
        kinds.append("mine")
        kind = kinds[idx % len(kinds)]
        if kind == "blank":
            click = biggest_blank_click(rows)
            what = "a blank spreads"
        elif kind == "digit":
            click = rng.choice(digit_cells(rows))
            what = "a digit is revealed"
        else:
            click = rng.choice(cells(rows, lambda ch, i, j: ch == "M"))
            what = "a mine is clicked"
        add(f, f"revealed-{m}x{n}-{kind}", f"{earlier} earlier click(s) already applied, then {what}", rows, click)
    # a spread that runs along already revealed blanks to reach more hidden squares
    rows = ["EEEEEEEEEE", "EEEEEEEEEE", "EEEEMMEEEE", "EEEEMMEEEE", "EEEEEEEEEE", "EEEEEEEEEE"]
    add(f, "spread-touching-revealed-digits", "a spread that meets digits revealed by an earlier click",
        click_board(rows, [2, 3]), [5, 9])


def spread_cases():
    f = "secret/spread.yaml"
    diag = ["EEEM", "EEEE", "EEEE", "MEEE"]
    add(f, "diagonal-gate", "the spread reaches the far blanks only through a diagonal step", diag, [0, 0])
    # a chain of diagonal gates
    n = 12
    mines = []
    for k in range(0, n - 3, 3):
        mines += [(k, k + 3), (k + 3, k)]
    chain = place(n, n, [(i, j) for i, j in mines if i < n and j < n])
    add(f, "diagonal-gate-chain", "several diagonal-only passages in a row", chain, [0, 0])
    stair = ["EEEMEEEE", "EEEEMEEE", "MEEEEMEE", "EMEEEEME", "EEMEEEEM", "EEEMEEEE"]
    add(f, "spread-staircase", "a staircase of mines, the spread runs along it", stair, biggest_blank_click(stair))
    add(f, "mines-stay-hidden-in-spread", "many single mines inside a big blank area all stay M",
        place(10, 10, [(1, 1), (1, 8), (4, 5), (8, 2), (8, 8)]), [0, 4])
    add(f, "spread-snake-small", "a winding blank corridor between walls of mines",
        snake_board(11, 10), [0, 0])
    add(f, "spread-through-gap", "a spread through a 3-wide gap in a wall of mines",
        ["EEEEEEEEE", "EEEEEEEEE", "MMMEEEMMM", "EEEEEEEEE", "EEEEEEEEE"], [0, 4])
    add(f, "no-spread-through-narrow-gap", "a 1-wide gap in a wall only shows digits: the other side stays E",
        ["EEEEEEEEE", "EEEEEEEEE", "MMMMEMMMM", "EEEEEEEEE", "EEEEEEEEE"], [0, 0])
    for density in (0.08, 0.12, 0.18):
        rows = random_board(16, 20, density)
        add(f, f"random-16x20-density-{int(density * 100)}", "a random board, click on the largest blank region",
            rows, biggest_blank_click(rows))


def snake_board(m, n):
    """Walls of mines every 4 rows with the gap at alternate ends: one long winding blank corridor."""
    g = [["E"] * n for _ in range(m)]
    left = False
    for w in range(2, m - 1, 4):
        for j in range(n):
            in_gap = j < 3 if left else j >= n - 3
            if not in_gap:
                g[w][j] = "M"
        left = not left
    return rows_of(g)


def large_cases():
    f = "secret/large.yaml"
    free = ["E" * 50] * 50
    add(f, "big-no-mine-corner", "50x50 without mines clicked in a corner: all B (recursion 2500 deep)",
        free, [0, 0])
    add(f, "big-no-mine-center", "50x50 without mines clicked in the middle", free, [25, 24])
    add(f, "big-one-mine-corner", "50x50 with one mine in a corner, clicked in the opposite corner",
        place(50, 50, [(0, 0)]), [49, 49])
    add(f, "big-one-mine-middle", "50x50 with one mine in the middle, clicked in a corner",
        place(50, 50, [(30, 19)]), [0, 49])
    add(f, "big-snake", "50x50 winding blank corridor between mine walls (deep spread)",
        snake_board(50, 50), [0, 0])
    for density in (0.05, 0.1, 0.15, 0.2):
        rows = random_board(50, 50, density)
        add(f, f"big-random-density-{int(density * 100)}", "50x50 random mines, click on the largest blank region",
            rows, biggest_blank_click(rows))
    rows = random_board(50, 50, 0.15)
    add(f, "big-click-mine", "50x50 random board, click on a mine",
        rows, rng.choice(cells(rows, lambda ch, i, j: ch == "M")))
    rows = random_board(50, 50, 0.12)
    add(f, "big-click-digit", "50x50 random board, click on a square next to a mine",
        rows, rng.choice(digit_cells(rows)))
    rows = reveal_some(random_board(50, 50, 0.13), 5)
    add(f, "big-partly-revealed", "50x50 with five earlier clicks applied, then a blank click",
        rows, biggest_blank_click(rows))
    add(f, "big-all-mines-but-one", "50x50 all mines but one square: 8",
        place(50, 50, [], fill="M")[:24] + ["M" * 30 + "E" + "M" * 19] + place(50, 50, [], fill="M")[25:], [24, 30])
    add(f, "big-all-mines-click-mine", "50x50 all mines, click one of them", ["M" * 50] * 50, [49, 0])
    add(f, "big-49x50-checker-mines", "49x50 with mines on every other row and column: no spread",
        ["".join("M" if i % 2 == 0 and j % 2 == 0 else "E" for j in range(50)) for i in range(49)], [1, 1])


# ---------------------------------------------------------------- output

def _q(text):
    return "'" + text.replace("'", "''") + "'"


def format_case(name, description, rows, click, expected):
    out = [f"- name: {name}"]
    if description:
        out.append(f"  description: {_q(description)}")
    out.append("  board:")
    out += [f"    - {_q(r)}" for r in rows]
    out.append(f"  click: [{click[0]}, {click[1]}]")
    out.append("  expected:")
    out += [f"    - {_q(r)}" for r in expected]
    return "\n".join(out)


def appended_cases(path, generated):
    """The text of the cases in an existing file that this script does not generate (added by people)."""
    if os.path.basename(path) == "added.yaml" or not os.path.exists(path):
        return ""
    with open(path) as fh:
        text = fh.read()
    node = yaml.compose(text)
    if node is None or not isinstance(node, yaml.SequenceNode):
        return ""
    lines = text.splitlines(keepends=True)
    starts = [item.start_mark.line for item in node.value] + [len(lines)]
    kept = []
    for item, start, end in zip(node.value, starts, starts[1:], strict=False):  # starts has one more: the end
        name = next((v.value for k, v in item.value if k.value == "name"), None) \
            if isinstance(item, yaml.MappingNode) else None
        if name not in generated:
            kept.append("".join(lines[start:end]).rstrip("\n") + "\n")
    return "\n".join(kept)


def build():
    sample_cases()
    clicks_cases()
    edges_cases()
    digits_cases()
    shapes_cases()
    revealed_cases()
    spread_cases()
    large_cases()
    names = set()
    written = {}
    for file, cases in FILES.items():
        chunks = []
        for name, description, rows, click in cases:
            assert name not in names, f"duplicate case name {name}"
            names.add(name)
            problems = validator.check({"board": grid(rows), "click": click})
            assert not problems, f"{name}: {problems}"
            expected = click_board(rows, click)
            if name.startswith("diagonal-"):
                assert four_way(rows, click) != expected, f"{name} does not tell 4-way from 8-way"
            chunks.append(format_case(name, description, rows, click, expected))
        text = "# Written by problems/minesweeper/tools/make_cases.py (seed 529); cases appended by hand are kept.\n" \
               + "\n\n".join(chunks) + "\n"
        kept = appended_cases(os.path.join(PROBLEM, "cases", file), {c[0] for cs in FILES.values() for c in cs})
        if kept:
            text += "\n" + kept
        written[file] = (text, cases)
    for file, (text, cases) in written.items():
        path = os.path.join(PROBLEM, "cases", file)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as fh:
            fh.write(text)
        # round trip
        loaded = yaml.safe_load(text)[:len(cases)]
        assert len(loaded) == len(cases)
        for case, (name, _description, rows, click) in zip(loaded, cases, strict=True):
            assert case["name"] == name and case["board"] == rows and case["click"] == click
            assert all(isinstance(r, str) and len(r) == len(rows[0]) for r in case["expected"])
            assert case["expected"] == click_board(rows, click)
        print(f"{file:<28} {len(cases):3d} cases")
    print(f"total {len(names)} cases")


if __name__ == "__main__":
    sys.exit(build())
