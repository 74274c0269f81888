"""What people see of a value: the one renderer of the terminal report, `judge fuzz`, the HTML page and
the exports (JUnit, Gradescope).

It knows no problem and no type, only the shape of a value. A grid (a list of rows, each a list of
scalars) is drawn as a grid: one character a cell, without separators, when it is a grid of
characters (or is shown beside one); else columns as wide as their widest value, numbers to the
right. A large grid is cropped to a window around the first square where the answer differs. A long
list of pairs (a grid of numbers at most two wide and taller than a window: edges, intervals) is a
list, not a grid. Any other list, and a string, is one line shortened around its first difference with `... N more`; a
scalar is written as itself. What a submission controls is escaped (judge/results/text.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from judge.problems import values
from judge.results.text import terminal
from judge.verdict import FirstFailure, Verdict

#: Characters of one line of a value (a soft cap: the first difference is always shown).
WIDTH = 100
#: List items shown before the first difference, for context.
CONTEXT = 3
#: (rows, columns) of a grid shown in a terminal: characters, and wider cells such as numbers.
WINDOW, WIDE_WINDOW = (16, 24), (16, 10)
#: The same in the HTML page: boards of characters up to 64x64 whole (Minesweeper's 50x50 ones).
PAGE_WINDOW, PAGE_WIDE_WINDOW = (64, 64), (24, 16)
#: Characters of one cell of a grid of wide values.
CELL = 14
#: Characters a cell of a wide window may take, separator included, before it shows fewer columns: a window
#: of 10 (16 on the page) numbers of up to 11 characters stays whole; 100-letter strings, shortened to about
#: 24 characters, get 4 columns (7 on the page), so a line stays within about 120 characters.
CELL_BUDGET = 12
#: Rows and cells a row looked at to size the columns (a grid may hold a million values).
SIZING_SAMPLE = 64
#: Nesting followed before `[...]`: a hostile answer may be nested thousands deep.
DEPTH = 16
#: Grids side by side up to this many characters a line; wider ones are shown one under the other.
SIDE_BY_SIDE = 120


@dataclass(frozen=True)
class Grid:
    """The shown part of a grid: its cells' texts, which of them are wrong, and which part it is."""

    cells: tuple[tuple[str, ...], ...]
    wrong: frozenset[tuple[int, int]]  # (row, column) in `cells` where it differs from the other grid
    compact: bool                      # one character a cell, drawn without separators
    numeric: tuple[bool, ...]          # per column: right-aligned (numbers)
    note: str = ""                     # which part is shown when cropped: "rows 0-15, columns 4-27 of 50x50"

    def lines(self) -> list[str]:
        """The rows as text: compact, or in columns as wide as their widest cell."""
        if self.compact:
            return ["".join(row) for row in self.cells]
        widths = [max((len(row[j]) for row in self.cells if j < len(row)), default=0)
                  for j in range(max((len(row) for row in self.cells), default=0))]
        return [" ".join(cell.rjust(widths[j]) if self.numeric[j] else cell.ljust(widths[j])
                         for j, cell in enumerate(row)).rstrip() for row in self.cells]


@dataclass(frozen=True)
class Shown:
    """One named value as shown: a grid, or one line of text."""

    title: str
    grid: Grid | None = None
    text: str = ""


def is_grid(value: Any) -> bool:
    """Whether a value is a grid: a non-empty list of rows, each a list of scalars (rows may differ in length)."""
    return (isinstance(value, list) and bool(value) and all(isinstance(row, list) for row in value)
            and all(not isinstance(cell, (list, dict)) for row in value for cell in row))


def is_pair_list(value: Any) -> bool:
    """Whether a grid is really a long list of pairs (edges, intervals, points): numbers, at most 2 a row,
    more rows than a window shows. Drawn as a grid it would be a tall strip of two columns; it is one line."""
    return (is_grid(value) and len(value) > WIDE_WINDOW[0] and max(len(row) for row in value) <= 2
            and not is_char_grid(value))


def is_char_grid(value: Any) -> bool:
    """Whether a value is a grid of one-character strings (a board)."""
    return is_grid(value) and all(isinstance(c, str) and len(c) == 1 for row in value for c in row)


# ---------------------------------------------------------------------------------------- one line

def line(value: Any, other: Any = None, width: int = WIDTH) -> str:
    """A value on one line, escaped; a long list or string shortened around where it first differs from
    `other` (from its start when there is no other), with `... N more` for what is left out."""
    return terminal(_line(value, other, width, 0))


def _line(value: Any, other: Any, width: int, depth: int) -> str:
    if isinstance(value, str):
        return _string(value, other if isinstance(other, str) else None, width)
    if isinstance(value, (list, tuple)):
        if depth >= DEPTH:
            return "[...]"
        return _items(list(value), list(other) if isinstance(other, (list, tuple)) else None, width, depth)
    if isinstance(value, dict):
        if depth >= DEPTH:
            return "{...}"
        pairs = [f"{json.dumps(str(k), ensure_ascii=False)}: {_line(v, None, width // 2, depth + 1)}"
                 for k, v in list(value.items())[:8]]
        more = f", ... {len(value) - 8} more" if len(value) > 8 else ""
        return "{" + ", ".join(pairs) + more + "}"
    return scalar(value)


def scalar(value: Any) -> str:
    """A scalar as written in JSON (`null`, `true`, `12`, `2.5`, `"a"`); not escaped."""
    return values.json_scalar(value, lambda text: json.dumps(text, ensure_ascii=False))


def first_difference(value: Sequence[Any], other: Sequence[Any] | None) -> int:
    """The first index where two sequences differ (0 without another; the shorter's length when one is a prefix)."""
    if other is None:
        return 0
    for i, (a, b) in enumerate(zip(value, other, strict=False)):
        if a != b or type(a) is not type(b):
            return i
    return min(len(value), len(other))


def _string(value: str, other: str | None, width: int) -> str:
    whole = json.dumps(value, ensure_ascii=False)
    if len(whole) <= width:
        return whole
    focus = first_difference(value, other)
    start = max(0, min(focus - width // 4, len(value) - width))
    end = min(len(value), start + max(width - 20, 10))
    head = f"... {start} more " if start else ""
    tail = f" ... {len(value) - end} more" if end < len(value) else ""
    return head + json.dumps(value[start:end], ensure_ascii=False) + tail


def _items(value: list[Any], other: list[Any] | None, width: int, depth: int) -> str:
    whole: list[str] = []  # the whole list when it fits: a short one was cut at its difference too
    used = 2
    for i, item in enumerate(value):
        whole.append(_line(item, other[i] if other is not None and i < len(other) else None, width, depth + 1))
        used += len(whole[-1]) + 2
        if used > width + 2:  # the last item has no ", "
            break
    else:
        return "[" + ", ".join(whole) + "]"
    focus = first_difference(value, other)
    start = max(0, min(focus, len(value)) - CONTEXT)
    parts: list[str] = []
    used, end = 2, start
    while end < len(value):
        partner = other[end] if other is not None and end < len(other) else None
        piece = _line(value[end], partner, max(width - used, 12), depth + 1)
        if parts and used + len(piece) + 2 > width and end > focus:
            break
        parts.append(piece)
        used += len(piece) + 2
        end += 1
    head = [f"... {start} more"] if start else []
    tail = [f"... {len(value) - end} more"] if end < len(value) else []
    return "[" + ", ".join(head + parts + tail) + "]"


# ---------------------------------------------------------------------------------------- grids

def _cell(value: Any, compact: bool) -> str:
    if compact:
        return value if isinstance(value, str) and len(value) == 1 and _one_column(value) else "?"
    return line(value, width=CELL)


def _one_column(char: str) -> bool:
    """Whether a character is printable and takes one column: a combining accent takes none, a fullwidth
    letter two, and either shifted every cell after it out of its column (round 29)."""
    if char.isascii():
        return char.isprintable()
    import unicodedata

    return (char.isprintable() and not unicodedata.combining(char)
            and unicodedata.category(char) not in ("Mn", "Me", "Cf") and unicodedata.east_asian_width(char) not in "WF")


def _at(value: list[list[Any]], i: int, j: int) -> Any:
    """A grid's square, None where it has none."""
    return value[i][j] if i < len(value) and isinstance(value[i], list) and j < len(value[i]) else None


def _lookalike(value: Any, other: Any) -> bool:
    """A wrong square whose character is not ASCII where the other grid's is (a Cyrillic 'В' for a 'B' looks
    the same in both grids): it is shown as "?", and the explanations name it by its code point."""
    return isinstance(value, str) and not value.isascii() and isinstance(other, str) and other.isascii()


def grid(value: list[list[Any]], top: int, left: int, rows: int, cols: int, compact: bool,
         other: Any = None, note: str = "") -> Grid:
    """The window of a grid starting at (top, left), its cells' texts and where it differs from `other`."""
    shown = [row[left:left + cols] for row in value[top:top + rows]]
    wrong = frozenset(_wrong(value, other, top, left, rows, cols)) if is_grid(other) else frozenset()
    cells = tuple(tuple("?" if compact and (i, j) in wrong and _lookalike(c, _at(other, top + i, left + j))
                        else _cell(c, compact) for j, c in enumerate(row)) for i, row in enumerate(shown))
    numeric = tuple(all(isinstance(row[j], (int, float)) and not isinstance(row[j], bool)
                        for row in shown if j < len(row)) for j in range(max((len(r) for r in shown), default=0)))
    return Grid(cells, wrong, compact, numeric, note)


def _widest_cell(value: list[list[Any]]) -> int:
    """The widest cell text of a grid of wide values, over its first rows and columns (enough to size them)."""
    return max((len(_cell(c, False)) for row in value[:SIZING_SAMPLE] for c in row[:SIZING_SAMPLE]), default=0)


def _wrong(value: list[list[Any]], other: list[list[Any]], top: int, left: int, rows: int, cols: int
           ) -> set[tuple[int, int]]:
    """Squares of the window where the grids differ, a square missing from one of them included."""
    wrong = set()
    for i in range(top, min(top + rows, max(len(value), len(other)))):
        a = value[i] if i < len(value) else []
        b = other[i] if i < len(other) else []
        for j in range(left, min(left + cols, max(len(a), len(b)))):
            if j >= len(a) or j >= len(b) or a[j] != b[j] or type(a[j]) is not type(b[j]):
                wrong.add((i - top, j - left))
    return wrong


def _first_wrong_square(expected: Any, got: Any) -> tuple[int, int]:
    if not (is_grid(expected) and is_grid(got)):
        return 0, 0
    for i in range(max(len(expected), len(got))):
        a = expected[i] if i < len(expected) else []
        b = got[i] if i < len(got) else []
        j = first_difference(a, b)
        if j < max(len(a), len(b)):
            return i, j
    return 0, 0


def wrong_squares(expected: Any, got: Any) -> int:
    """How many squares of two grids differ, those only one of them has included (0 unless both are grids)."""
    if not (is_grid(expected) and is_grid(got)):
        return 0
    size = max(len(expected), len(got), max(len(r) for r in [*expected, *got]))
    return len(_wrong(expected, got, 0, 0, size, size))


def _marks(expected: Any, got: Any) -> list[list[str]] | None:
    """A grid with '.' where got equals expected and 'x' where it does not (same shape only)."""
    if not is_grid(expected) or not is_grid(got) or len(expected) != len(got):
        return None
    if any(len(g) != len(e) for e, g in zip(expected, got, strict=False)):
        return None
    return [["." if a == b and type(a) is type(b) else "x" for a, b in zip(e, g, strict=False)]
            for e, g in zip(expected, got, strict=False)]


# ---------------------------------------------------------------------------------------- a case

def case_view(args: dict[str, Any] | None, expected: Any, got: Any, *, with_expected: bool = True,
              with_got: bool = False, marks: bool = True, page: bool = False, by_position: bool = True
              ) -> list[Shown]:
    """A failing case as named values: the inputs, the expected answer, what came back, and (`marks`, for
    grids of the same shape) a grid of where they differ. Grids share one window, placed around the first
    wrong square; `page`: the windows of the HTML page. `by_position=False` (a checker that accepts other
    orders, such as `unordered`): no square is marked wrong, since a place tells nothing there."""
    named: list[tuple[str, Any]] = list((args or {}).items())
    if with_expected:
        named.append(("expected", expected))
    if with_got:
        named.append(("got", got))
        where = _marks(expected, got) if marks and with_expected and by_position else None
        if where is not None:
            named.append(("wrong", where))
    lists = {title for title, value in named if is_pair_list(value)}
    if lists & {"expected", "got"}:  # both answers as lines, so that they are cut around the same place
        lists |= {"expected", "got", "wrong"}
        named = [(t, v) for t, v in named if t != "wrong"]
    answer_compact = is_char_grid(expected) if with_expected else is_char_grid(got)
    compact = {title: (answer_compact if title in ("expected", "got") else title == "wrong" or is_char_grid(value))
               for title, value in named}
    grids = [(t, v) for t, v in named if is_grid(v) and t not in lists]
    windows = (PAGE_WINDOW, PAGE_WIDE_WINDOW) if page else (WINDOW, WIDE_WINDOW)
    rows_shown, cols_shown = windows[0] if all(compact[t] for t, _ in grids) else windows[1]
    widest = max((_widest_cell(v) for t, v in grids if not compact[t]), default=0)
    if widest + 1 > CELL_BUDGET:  # long strings: fewer columns, so that a row fits on a line
        cols_shown = max(1, cols_shown * CELL_BUDGET // (widest + 1))
    height = max((len(v) for _, v in grids), default=0)
    width = max((len(r) for _, v in grids for r in v), default=0)
    top = left = 0
    note = ""
    if height > rows_shown or width > cols_shown:
        compared = with_expected and with_got and by_position
        wrong_i, wrong_j = _first_wrong_square(expected, got) if compared else (0, 0)
        top = max(0, min(wrong_i - rows_shown // 2, height - rows_shown))
        left = max(0, min(wrong_j - cols_shown // 2, width - cols_shown))
        bottom, right = min(height, top + rows_shown) - 1, min(width, left + cols_shown) - 1
        answer = expected if with_expected and is_grid(expected) else None  # its size is the one to give
        size = f"{len(answer)}x{max(len(r) for r in answer)}" if answer else f"{height}x{width}"
        note = f"rows {top}-{bottom}, columns {left}-{right} of {size}"
    partner = {"expected": got, "got": expected}
    shown = []
    for title, value in named:
        if is_grid(value) and title not in lists:
            other = partner.get(title) if with_expected and with_got and by_position else None
            shown.append(Shown(title, grid(value, top, left, rows_shown, cols_shown, compact[title], other, note)))
        else:
            shown.append(Shown(title, text=line(value, partner.get(title) if with_expected and with_got else None)))
    return shown


def text_lines(shown: Sequence[Shown], indent: str = "", grid_indent: str | None = None) -> list[str]:
    """A case view as text: the inputs that are not grids on a line each (`name: ...`), then the grids side
    by side (one under the other when too wide for that), then the answers that are not grids."""
    grid_indent = indent if grid_indent is None else grid_indent
    answers = ("expected", "got")
    lines = [f"{indent}{s.title}: {s.text}" for s in shown if s.grid is None and s.title not in answers]
    blocks = [[s.title, *s.grid.lines()] for s in shown if s.grid is not None]
    if blocks:
        widths = [max(len(row) for row in block) for block in blocks]
        if sum(widths) + 3 * (len(widths) - 1) <= SIDE_BY_SIDE:
            for i in range(max(len(block) for block in blocks)):
                cells = [(block[i] if i < len(block) else "").ljust(w)
                         for block, w in zip(blocks, widths, strict=False)]
                lines.append(grid_indent + "   ".join(cells).rstrip())
        else:
            for block in blocks:
                lines += [grid_indent + row for row in block]
        note = next((s.grid.note for s in shown if s.grid is not None and s.grid.note), "")
        if note:
            lines.append(f"{grid_indent}({note})")
    pad = max((len(s.title) for s in shown if s.grid is None and s.title in answers), default=0)
    lines += [f"{indent}{(s.title + ':').ljust(pad + 1)} {s.text}" for s in shown
              if s.grid is None and s.title in answers]
    return lines


def failure_lines(failure: FirstFailure, by_position: bool = True) -> list[str]:
    """A stored first failing case as text (its inputs, the expected answer, what came back), for the exports."""
    shown = case_view(failure.args, failure.expected, failure.case.got, with_expected=failure.args is not None,
                      with_got=failure.case.verdict is Verdict.WA, by_position=by_position)
    return text_lines(shown)
