"""A leaderboard as one self-contained HTML page: ranking, per-case heatmap, failing cases drawn.

Jinja2 renders judge/results/templates/leaderboard.html with autoescaping (names and messages come from
submissions, so they must never become markup). CSS is inline and nothing is loaded from the
network, so the file opens anywhere, offline, and can be mailed or attached to a CI run.
"""

from __future__ import annotations

from typing import Any

import jinja2

from judge.results import render, visibility
from judge.results.leaderboard import Leaderboard
from judge.results.text import html_value
from judge.verdict import FirstFailure, Verdict

#: Cell colours of drawn grids: the judge knows no problem, so characters get colours by kind.
_PALETTE = ["#cfd8dc", "#ffe0b2", "#c8e6c9", "#f8bbd0", "#d1c4e9", "#b2ebf2", "#fff9c4", "#ffccbc"]
_PLAIN = "#eceff1"
_DIGITS = ["#e3f2fd", "#bbdefb", "#90caf9", "#64b5f6", "#42a5f5", "#2196f3", "#1e88e5", "#1976d2", "#1565c0", "#0d47a1"]

_ENV = jinja2.Environment(loader=jinja2.PackageLoader("judge.results", "templates"), finalize=html_value,
                          autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def cell_colour(ch: Any) -> str:
    """A background for one grid cell: digits in blues by value, other characters from a palette."""
    text = str(ch)
    if len(text) == 1 and text.isdigit():
        return _DIGITS[int(text)]
    return _PALETTE[sum(map(ord, text)) % len(_PALETTE)]


def _grid(title: str, grid: render.Grid) -> dict[str, Any]:
    """A drawn grid ready for the template: rows of (text, colour, wrong), and which part it is."""
    # Characters get colours by kind; wider values (numbers, strings) a plain ground, or the page is noise.
    rows = [[(text, cell_colour(text) if grid.compact else _PLAIN, (i, j) in grid.wrong) for j, text in enumerate(row)]
            for i, row in enumerate(grid.cells)]
    return {"title": title, "rows": rows, "note": grid.note, "wide": not grid.compact,
            "text": not grid.compact and not all(grid.numeric),  # strings read from the left, numbers from the right
            "small": grid.compact and max((len(r) for r in rows), default=0) > 20}


#: Explanations of a failing case listed on the page; the rest are counted ("N more").
DIFF_LINES = 12


def failure_view(failure: FirstFailure, by_position: bool = True) -> dict[str, Any]:
    """The first failing case of a submission, drawn by the one renderer: the inputs, the expected answer
    (when the case is known) and what came back (for a wrong answer), as grids or as lines; nothing of
    them when the visibility policy took them out."""
    case, expected, got = failure.case, failure.expected, failure.case.got
    if case.verdict is Verdict.CE:  # about the source, not about a case: the compiler's lines alone
        return {"name": case.name, "verdict": case.verdict, "message": case.message, "grids": [], "plain": [],
                "wrong_count": 0, "diff": [], "more": 0, "output": "", "whole_run": True}
    shown = [] if visibility.is_redacted(failure) else render.case_view(
        failure.args, expected, got, with_expected=failure.args is not None, with_got=case.verdict is Verdict.WA,
        marks=False, page=True, by_position=by_position)
    # A wrong answer's message is the checker's first explanation, which the list under it shows anyway.
    message = None if case.diff and case.message == case.diff[0] else case.message
    return {"name": case.name, "verdict": case.verdict, "message": message,
            "grids": [_grid(s.title, s.grid) for s in shown if s.grid is not None],
            "plain": [(s.title, s.text) for s in shown if s.grid is None],
            "wrong_count": render.wrong_squares(expected, got) if case.verdict is Verdict.WA and by_position else 0,
            "diff": case.diff[:DIFF_LINES], "more": max(0, len(case.diff) - DIFF_LINES), "output": case.output,
            "whole_run": False}


def html(board: Leaderboard) -> str:
    """The whole page."""
    failing = [(e, failure_view(e.first_failure, board.by_position)) for e in board.entries if e.first_failure]
    hidden = {e.author: visibility.hidden_tallies(e.cases, board.weights) for e in board.entries}
    return _ENV.get_template("leaderboard.html").render(
        board=board, failing=failing, hidden=hidden, listed=visibility.listed,
        # the roster's columns only when there is a roster or a deadline: a plain run keeps its table
        students=any(e.student_id or e.name for e in board.everyone),
        late=bool(board.deadline) or any(e.late for e in board.everyone),
        used=sorted({c.verdict for e in board.entries for c in e.cases}, key=lambda v: v.order))
