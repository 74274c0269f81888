"""Turning results into what people read: the terminal table and failure details (JSON: serialize.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from judge.problems import checkers
from judge.problems.cases import RANDOM_GROUP, Case
from judge.problems.problem import Problem
from judge.results import render
from judge.results.text import table as text_table, terminal
from judge.verdict import NOT_KEPT, CaseResult, SubmissionResult, Verdict

MAX_DIFF_LINES = 12
#: Inputs up to this many characters of JSON are taken in at a glance (a 10x10 board, 100 prerequisite
#: pairs): beside a first failure larger than that, the smallest wrong case this size is drawn as well.
SMALL_CASE = 600


def table(results: Sequence[SubmissionResult]) -> str:
    """One row per submission: verdict, score, slowest case, first failing case."""
    rows = []
    # author and cached are known when the run went through the results store (recorder.py)
    stored = any(r.recording is not None for r in results)
    reused = any(r.recording is not None and r.recording.cached for r in results)  # else the column is empty
    for r in results:
        first, rec = r.first_failure, r.recording
        rows.append([
            terminal(r.submission), r.language, r.verdict.value, f"{r.passed}/{r.total}",
            f"{r.max_time_ms:.0f} ms" if r.cases and r.verdict not in (Verdict.CE, Verdict.JE) else "-",
            first.name if first else "",
        ] + ([terminal(rec.author) if rec else ""] if stored else [])
          + (["cached" if rec and rec.cached else ""] if reused else []))
    headers = ["submission", "language", "verdict", "passed", "slowest", "first failure"]
    headers += (["author"] if stored else []) + (["cached"] if reused else [])
    return text_table(rows, headers)


def summary(results: Sequence[SubmissionResult]) -> str:
    """`N submissions: 3 AC, 2 WA, ...`."""
    counts: dict[Verdict, int] = {}
    for r in results:
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    parts = ", ".join(f"{n} {v.value}" for v, n in sorted(counts.items(),
                                                          key=lambda kv: (kv[0] is not Verdict.AC, kv[0].value)))
    return f"{len(results)} submission{'s' if len(results) != 1 else ''}: {parts}"


def failure_details(problem: Problem, cases: Sequence[Case], result: SubmissionResult,
                    sizes: dict[str, int] | None = None) -> str:
    """The first failing case of a submission: inputs, expected, got, and the checker's diff (`sizes`: the
    cases' sizes worked out so far, shared by every submission of a report: 1,000 boards take 13 ms)."""
    first = result.first_failure
    if first is None:
        return ""
    head = f"== {terminal(result.submission)}: {result.verdict.value} ({result.verdict.description})"
    if result.verdict in (Verdict.CE, Verdict.JE):
        # A JE of a case (a checker that failed on an answer) says why on that case, not on the submission.
        text = result.message or (f"{first.name}: {first.message}" if first.message else "")
        # A compiler indents with tabs (Go's `\thave (int)`): shown as spaces, not escaped as `\t`.
        return "\n".join([head, *_indent([terminal(line.expandtabs(4)) for line in text.splitlines()] or [""])])
    case = next((c for c in cases if c.name == first.name), None)
    lines = [head, f"   first failing case: {first.name} ({first.group})"
             + (f", {case.file.name}:{case.line}" if case is not None and case.line else "")]
    if case is not None and not case.line and case.group == RANDOM_GROUP:  # a drawn case: how to draw it again
        lines.append(f"   drawn by {case.file.name}; the same --seed draws it again")
    if case is not None and case.description:
        lines.append(f"   {case.description}")
    if first.verdict is not Verdict.WA:
        lines.append(f"   {first.verdict.value}: {terminal(first.message)}")
    if case is not None:
        lines += _case_view(problem, case, first)
    marker = NOT_KEPT.split("{")[0]
    if first.verdict is Verdict.WA and first.got is None and marker in first.message:
        # The answer was too large to keep: `got` above shows null for it, as it would show a None.
        lines.append(f"   (got: {terminal(first.message[first.message.rindex(marker):].strip(' ()'))})")
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
    if case is not None and first.verdict is Verdict.WA:
        lines += _smaller_failure(problem, cases, result, case, {} if sizes is None else sizes)
    return "\n".join(lines)


def _smaller_failure(problem: Problem, cases: Sequence[Case], result: SubmissionResult, first: Case,
                     sizes: dict[str, int]) -> list[str]:
    """The smallest other case the submission got wrong, drawn too, when the first one is large (the
    first failure is the verdict's, in test order, and may be a 2,000-course graph beside a 2-course
    cycle that shows the same bug)."""
    size = _size(first, sizes)
    if size <= SMALL_CASE:
        return []
    by_name = {c.name: c for c in cases}
    wrong = [(_size(by_name[r.name], sizes), i, r) for i, r in enumerate(result.cases)
             if r.verdict is Verdict.WA and r.name != first.name and r.name in by_name]
    if not wrong:
        return []
    smaller, _, other = min(wrong, key=lambda w: (w[0], w[1]))
    if smaller > SMALL_CASE or smaller * 4 > size:
        return []
    case = by_name[other.name]
    lines = [f"   a smaller case it gets wrong: {other.name} ({other.group})"
             + (f", {case.file.name}:{case.line}" if case.line else "")]
    lines += _case_view(problem, case, other)
    if other.diff:
        lines.append("   what is wrong:")
        lines += [f"     {terminal(d)}" for d in other.diff[:MAX_DIFF_LINES]]
    return lines


def _size(case: Case, sizes: dict[str, int]) -> int:
    """How large a case's inputs are, as JSON text: what a reader has to take in (kept in `sizes`, by name)."""
    if case.name not in sizes:
        try:
            sizes[case.name] = len(json.dumps(case.args, separators=(",", ":")))
        except (TypeError, ValueError):
            sizes[case.name] = 0
    return sizes[case.name]


def _case_view(problem: Problem, case: Case, result: CaseResult) -> list[str]:
    """Inputs, the expected answer and (for a wrong answer) what came back, drawn by the one renderer."""
    shown = render.case_view({p.name: case.args[p.name] for p in problem.signature.params}, case.expected,
                             result.got, with_got=result.verdict is Verdict.WA,
                             by_position=checkers.by_position(problem.checker))
    return render.text_lines(shown, indent="   ", grid_indent="     ")


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
    sizes: dict[str, int] = {}
    details = [failure_details(problem, cases, r, sizes) for r in results if r.verdict is not Verdict.AC]
    if details:
        parts += ["", "\n\n".join(d for d in details if d)]
    return "\n".join(parts)
