"""Turning results into what people read: the terminal table and failure details (JSON: serialize.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from judge.problems import values
from judge.problems.cases import Case
from judge.problems.problem import Problem
from judge.results.text import terminal
from judge.verdict import CaseResult, SubmissionResult, Verdict

MAX_DIFF_LINES = 12
WINDOW = (16, 24)  # rows, columns of a large grid shown around the first wrong square


def table(results: Sequence[SubmissionResult]) -> str:
    """One row per submission: verdict, score, slowest case, first failing case."""
    rows = []
    # author and cached are known when the run went through the results store (recorder.py)
    stored = any(r.recording is not None for r in results)
    for r in results:
        first, rec = r.first_failure, r.recording
        rows.append([
            terminal(r.submission), r.language, r.verdict.value, f"{r.passed}/{r.total}",
            f"{r.max_time_ms:.0f} ms" if r.cases and r.verdict not in (Verdict.CE, Verdict.JE) else "-",
            first.name if first else "",
        ] + ([terminal(rec.author) if rec else "", "cached" if rec and rec.cached else ""] if stored else []))
    headers = ["submission", "language", "verdict", "passed", "slowest", "first failure"]
    headers += ["author", "cached"] if stored else []
    return tabulate(rows, headers=headers, tablefmt="simple")


def summary(results: Sequence[SubmissionResult]) -> str:
    """`N submissions: 3 AC, 2 WA, ...`."""
    counts: dict[Verdict, int] = {}
    for r in results:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    parts = ", ".join(f"{n} {v.value}" for v, n in sorted(counts.items(),
                                                          key=lambda kv: (kv[0] is not Verdict.AC, kv[0].value)))
    return f"{len(results)} submission{'s' if len(results) != 1 else ''}: {parts}"


def failure_details(problem: Problem, cases: Sequence[Case], result: SubmissionResult) -> str:
    """The first failing case of a submission: inputs, expected, got, and the checker's diff."""
    first = result.first_failure
    if first is None:
        return ""
    head = f"== {terminal(result.submission)}: {result.verdict.value} ({result.verdict.description})"
    if result.verdict in (Verdict.CE, Verdict.JE):
        return "\n".join([head, *_indent([terminal(line) for line in result.message.splitlines()] or [""])])
    case = next((c for c in cases if c.name == first.name), None)
    lines = [head, f"   first failing case: {first.name} ({first.group})"
             + (f", {case.file.name}:{case.line}" if case is not None and case.line else "")]
    if case is not None and not case.line:  # a drawn case has no line: say how to draw it again
        lines.append(f"   drawn by {case.file.name}; the same --seed draws it again")
    if case is not None and case.description:
        lines.append(f"   {case.description}")
    if first.verdict is not Verdict.WA:
        lines.append(f"   {first.verdict.value}: {terminal(first.message)}")
    if case is not None:
        lines += _case_view(problem, case, first)
    if first.diff and first.verdict is Verdict.WA:
        lines.append("   what is wrong:")
        lines += [f"     {terminal(d)}" for d in first.diff[:MAX_DIFF_LINES]]
        if len(first.diff) > MAX_DIFF_LINES:
            lines.append(f"     ... ({len(first.diff) - MAX_DIFF_LINES} more lines)")
    if first.output.strip():
        out = first.output.strip().splitlines()
        lines.append("   it printed:")
        lines += [f"     | {terminal(line[:120])}" for line in out[:8]]
        if len(out) > 8:
            lines.append(f"     | ... ({len(out) - 8} more lines)")
    return "\n".join(lines)


def _case_view(problem: Problem, case: Case, result: CaseResult) -> list[str]:
    """Inputs on their own lines, then grids side by side: input, expected, got."""
    lines, grids = [], []
    for param in problem.signature.params:
        value = case.args[param.name]
        if values.is_grid(value):
            grids.append((param.name, value))
        else:
            lines.append(f"   {param.name}: {json.dumps(value)}")
    grids.append(("expected", case.expected))
    if result.verdict is Verdict.WA:
        grids.append(("got", result.got))
        marks = _marks(case.expected, result.got)
        if marks:
            grids.append(("wrong", marks))
    lines += _side_by_side(grids)
    return lines


def _marks(expected: Any, got: Any) -> list[list[str]] | None:
    """A grid with '.' where got equals expected and 'x' where it does not (same shape only)."""
    if not values.is_grid(expected) or not values.is_grid(got) or len(expected) != len(got):
        return None
    if any(not isinstance(g, list) or len(g) != len(e) for e, g in zip(expected, got, strict=True)):
        return None
    return [["." if a == b else "x" for a, b in zip(e, g, strict=True)] for e, g in zip(expected, got, strict=True)]


def _side_by_side(grids: list[tuple[str, Any]]) -> list[str]:
    """Grids in columns, cropped to a window around the first wrong square when large."""
    titles = dict(grids)
    expected, got = titles.get("expected"), titles.get("got")
    top, left, note = _window(expected, got, grids)
    blocks = []
    for title, value in grids:
        if values.is_grid(value):
            rows = [
                "".join(c if isinstance(c, str) and len(c) == 1 and c.isprintable() else "?"
                        for c in row[left:left + WINDOW[1]])
                for row in value[top:top + WINDOW[0]]
            ]
        else:
            rows = [terminal(line) for line in values.render(value, "")]
        blocks.append([title, *rows])
    width = [max(len(line) for line in block) for block in blocks]
    height = max(len(block) for block in blocks)
    out = []
    for i in range(height):
        cells = [(block[i] if i < len(block) else "").ljust(w) for block, w in zip(blocks, width, strict=True)]
        out.append("     " + "   ".join(cells).rstrip())
    if note:
        out.append(f"     ({note})")
    return out


def _window(expected: Any, got: Any, grids: list[tuple[str, Any]]) -> tuple[int, int, str]:
    """Top-left corner of the shown part of large grids, and a note saying which part it is."""
    sizes = [(len(v), max((len(r) for r in v), default=0)) for _, v in grids if values.is_grid(v)]
    if not sizes:
        return 0, 0, ""
    rows, cols = max(s[0] for s in sizes), max(s[1] for s in sizes)
    if rows <= WINDOW[0] and cols <= WINDOW[1]:
        return 0, 0, ""
    wrong = _first_difference(expected, got) or (0, 0)
    top = max(0, min(wrong[0] - WINDOW[0] // 2, rows - WINDOW[0]))
    left = max(0, min(wrong[1] - WINDOW[1] // 2, cols - WINDOW[1]))
    bottom, right = min(rows, top + WINDOW[0]) - 1, min(cols, left + WINDOW[1]) - 1
    return top, left, f"rows {top}-{bottom}, columns {left}-{right} of {rows}x{cols}"


def _first_difference(expected: Any, got: Any) -> tuple[int, int] | None:
    if not values.is_grid(expected) or not values.is_grid(got):
        return None
    for i, row in enumerate(expected):
        other = got[i] if i < len(got) else []
        for j, cell in enumerate(row):
            if j >= len(other) or other[j] != cell:
                return i, j
    return None


def _indent(lines: list[str], limit: int = 15) -> list[str]:
    shown = [f"   {line}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"   ... ({len(lines) - limit} more lines)")
    return shown


def text_report(problem: Problem, cases: Sequence[Case], results: Sequence[SubmissionResult], header: str = "") -> str:
    """The whole terminal report of a grading run."""
    parts = []
    if header:
        parts.append(header)
    parts += [table(results), "", summary(results)]
    details = [failure_details(problem, cases, r) for r in results if r.verdict is not Verdict.AC]
    if details:
        parts += ["", "\n\n".join(d for d in details if d)]
    return "\n".join(parts)
