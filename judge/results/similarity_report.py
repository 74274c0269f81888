"""A similarity report in three forms: a terminal table with the shared fragments, one HTML page
with each pair's two sources side by side and the shared code marked, and JSON.

Everything shown comes from submissions (names and code): the terminal escapes control and bidi
characters (results.text), the page is a Jinja2 template with autoescaping, and code is cut into
plain text and marked spans before it reaches either, so no byte of it ever becomes markup.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import jinja2

from judge.results.similarity import Pair, Report
from judge.results.text import html_value, table, terminal, visible

#: Fragments shown per pair in the terminal, and lines of each.
TERMINAL_FRAGMENTS = 3
TERMINAL_LINES = 8

_ENV = jinja2.Environment(loader=jinja2.PackageLoader("judge.results", "templates"), finalize=html_value,
                          autoescape=jinja2.select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def shown(report: Report, threshold: float) -> list[Pair]:
    """The pairs at or above the threshold, most similar first."""
    return [p for p in report.pairs if p.similarity >= threshold]


def lines_of(text: str, start: int, end: int) -> tuple[int, list[str]]:
    """(first line number, the whole lines that the span start:end touches)."""
    first = text.count("\n", 0, start) + 1
    begin = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", end)
    return first, text[begin:stop if stop >= 0 else len(text)].splitlines()


def terminal_text(problem: str, report: Report, threshold: float) -> str:
    """The ranked pairs as a table, then each pair's first shared fragments with line numbers."""
    pairs = shown(report, threshold)
    out = [f"similarity of {problem}: {report.compared} pairs compared (within a language), "
           f"{len(pairs)} at or above {threshold:.0%}"]
    if report.alone:
        out.append("compared with nothing (the only one of its language): "
                   + ", ".join(terminal(s.name) for s in report.alone))
    if not pairs:
        return "\n".join(out)
    rows = [[i, f"{p.similarity:.0%}", terminal(p.left.name), f"{p.left_share:.0%}", terminal(p.right.name),
             f"{p.right_share:.0%}", p.left.language if p.left.language == p.right.language
             else f"{p.left.language}/{p.right.language}"] for i, p in enumerate(pairs, 1)]
    out += ["", table(rows, ["#", "similarity", "submission", "share", "other", "share", "language"], numbers=(0,)), ""]
    for i, pair in enumerate(pairs, 1):
        out.append(f"#{i} {terminal(pair.left.name)} and {terminal(pair.right.name)}: "
                   f"{len(pair.left_spans)} shared fragment(s) in the first, {len(pair.right_spans)} in the other")
        for start, end in pair.left_spans[:TERMINAL_FRAGMENTS]:
            first, lines = lines_of(pair.left.text, start, end)
            out.append(f"  {terminal(pair.left.name)}, lines {first}-{first + len(lines) - 1}:")
            out += [f"  {first + k:5} | {terminal(line)}" for k, line in enumerate(lines[:TERMINAL_LINES])]
            if len(lines) > TERMINAL_LINES:
                out.append(f"        | ... {len(lines) - TERMINAL_LINES} more lines")
        more = len(pair.left_spans) - TERMINAL_FRAGMENTS
        if more > 0:
            out.append(f"  ... {more} more fragment(s) (--format html shows them all)")
        out.append("")
    return "\n".join(out).rstrip("\n")


def marked(text: str, spans: tuple[tuple[int, int], ...]) -> Iterator[tuple[str, bool]]:
    """The text cut into (piece, shared) in order, control and bidi characters shown escaped (a Trojan
    Source reordering stays visible); the template escapes each piece for HTML and marks the shared ones."""
    at = 0
    for start, end in spans:
        if start > at:
            yield visible(text[at:start]), False
        yield visible(text[start:end]), True
        at = end
    if at < len(text):
        yield visible(text[at:]), False


def html(problem: str, report: Report, threshold: float) -> str:
    """One self-contained page: the ranking, then each pair side by side with the shared code marked."""
    pairs = shown(report, threshold)
    views = [{"pair": p, "left": list(marked(p.left.text, p.left_spans)),
              "right": list(marked(p.right.text, p.right_spans))} for p in pairs]
    return _ENV.get_template("similarity.html").render(problem=problem, report=report, threshold=threshold,
                                                       views=views)


def document(problem: str, report: Report, threshold: float) -> dict[str, Any]:
    """The JSON document (serialize.similarity_document): every pair shown, with both shares and the shared spans."""
    from judge.results import serialize

    return serialize.similarity_document(problem, report, threshold, shown(report, threshold))


def json_text(problem: str, report: Report, threshold: float) -> str:
    """The JSON document as text."""
    return json.dumps(document(problem, report, threshold), indent=2)  # ASCII: no bidi control travels raw
