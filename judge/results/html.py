"""A leaderboard as one self-contained HTML page: ranking, per-case heatmap, failing boards.

Jinja2 renders judge/results/templates/leaderboard.html with autoescaping (names and messages come from
submissions, so they must never become markup). CSS is inline and nothing is loaded from the
network, so the file opens anywhere, offline, and can be mailed or attached to a CI run.
"""

from __future__ import annotations

import json
from typing import Any

import jinja2

from judge.problems import values
from judge.results.leaderboard import Leaderboard
from judge.verdict import FirstFailure

#: Cell colours of drawn grids: the judge knows no problem, so characters get colours by kind.
_PALETTE = ["#cfd8dc", "#ffe0b2", "#c8e6c9", "#f8bbd0", "#d1c4e9", "#b2ebf2", "#fff9c4", "#ffccbc"]
_DIGITS = ["#e3f2fd", "#bbdefb", "#90caf9", "#64b5f6", "#42a5f5", "#2196f3", "#1e88e5", "#1976d2", "#1565c0", "#0d47a1"]

_ENV = jinja2.Environment(loader=jinja2.PackageLoader("judge.results", "templates"),
                          autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def cell_colour(ch: Any) -> str:
    """A background for one grid cell: digits in blues by value, other characters from a palette."""
    text = str(ch)
    if len(text) == 1 and text.isdigit():
        return _DIGITS[int(text)]
    return _PALETTE[sum(map(ord, text)) % len(_PALETTE)]


def _grid(title: str, grid: Any, wrong: set[tuple[int, int]]) -> dict[str, Any]:
    """A grid ready for the template: rows of (text, colour, wrong)."""
    rows = [[(str(ch), cell_colour(ch), (i, j) in wrong) for j, ch in enumerate(row)] for i, row in enumerate(grid)]
    return {"title": title, "rows": rows, "small": max((len(r) for r in rows), default=0) > 20}


def _wrong_cells(expected: Any, got: Any) -> set[tuple[int, int]]:
    """Squares where the answer differs from the expected grid (including missing or extra ones)."""
    if not (values.is_grid(expected) and values.is_grid(got)):
        return set()
    wrong = set()
    for i in range(max(len(expected), len(got))):
        a = expected[i] if i < len(expected) else []
        b = got[i] if i < len(got) else []
        wrong |= {(i, j) for j in range(max(len(a), len(b))) if j >= len(a) or j >= len(b) or a[j] != b[j]}
    return wrong


def failure_view(failure: FirstFailure) -> dict[str, Any]:
    """The first failing case of a submission as grids (inputs, expected, got) and plain values."""
    case, expected, got = failure.case, failure.expected, failure.case.got
    wrong = _wrong_cells(expected, got)
    grids, plain = [], []
    for name, value in (failure.args or {}).items():
        if values.is_grid(value):
            grids.append(_grid(name, value, set()))
        else:
            plain.append((name, json.dumps(value)))
    if values.is_grid(expected):
        grids.append(_grid("expected", expected, wrong))
    if values.is_grid(got):
        grids.append(_grid("got", got, wrong))
    elif got is not None:
        plain.append(("got", json.dumps(got)[:500]))
    return {"name": case.name, "verdict": case.verdict, "message": case.message, "grids": grids, "plain": plain,
            "wrong_count": len(wrong), "diff": case.diff[:12]}


def html(board: Leaderboard) -> str:
    """The whole page."""
    failing = [(e, failure_view(e.first_failure)) for e in board.entries if e.first_failure]
    return _ENV.get_template("leaderboard.html").render(
        board=board, failing=failing,
        used=sorted({c.verdict for e in board.entries for c in e.cases}, key=lambda v: v.order))
