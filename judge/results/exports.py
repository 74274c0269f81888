"""A leaderboard in the formats people and tools read: terminal, Markdown, CSV, JSON, JUnit XML,
Gradescope's results.json (the HTML page is in html.py; the JSON documents are serialize.py's)."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import Any

from judge.errors import UsageError
from judge.results import gradescope as gradescope_results, render, serialize, visibility
from judge.results.leaderboard import Entry, Leaderboard
from judge.results.text import csv_cell, markdown_cell, multiline, table as text_table, terminal as terminal_text
from judge.verdict import Verdict

COLUMNS = ["rank", "author", "submission", "language", "verdict", "score", "passed", "speed", "submitted"]
#: The one column drawn as a number (the rest are text, whatever they hold: text.table).
RANK = (0,)


def _columns(board: Leaderboard) -> list[str]:
    """The table's columns: `late` only when a deadline applies or an LMS marked something late."""
    return COLUMNS + (["late"] if _has_late(board) else [])


def _has_late(board: Leaderboard) -> bool:
    return bool(board.deadline) or any(e.late for e in board.everyone)


def _row(e: Entry, cell: Callable[[Any], str] = terminal_text, late: bool = False) -> list[Any]:
    score = f"{e.score:g}/{e.max_score:g}"
    if e.penalty:
        score += f" ({e.raw_score:g} -{e.penalty:.0%})"
    verdict = "missing" if e.missing else e.verdict.value + (" (stale)" if e.stale else "")
    row = [e.rank or "-", cell(e.author), cell(e.submission), e.language, verdict, "" if e.missing else score,
           "" if e.missing else f"{e.passed}/{e.total}", "-" if e.speed is None else f"{e.speed:.2f}x",
           e.submitted_at[:19].replace("T", " ")]
    if late:
        row.append(f"{e.late_days} day(s)" if e.late else "")
    return row


def _note(board: Leaderboard) -> str:
    speed = ("speed: CPU time / the reference's, median over timed cases (lower is faster)"
             + (", each language's harness overhead taken off" if board.overheads_measured else "")
             if board.reference_measured else f"speed: unknown ({board.unmeasured})")
    lines = [f"{board.problem}: {len(board.entries)} author(s), test set {board.test_set_hash[:12]}; {speed}"]
    if board.deadline:
        lines.append(f"deadline: {board.deadline}")
    if board.package_changed:
        lines.append("the package's cases changed since this test set was graded (add-case?): "
                     f"`{board.regrade_command}` grades every stored submission on the current cases")
    if board.stale:
        sets = sorted({e.test_set[:12] for e in board.stale})
        who = ", ".join(f"{terminal_text(e.author)} ({e.test_set[:12]})" for e in board.stale)
        lines.append(f"stale: {len(board.stale)} author(s) graded only on an older test set ({', '.join(sets)}), "
                     f"missing from this one: {who}; `{board.regrade_command}` grades them on the current set")
    if board.missing:
        lines.append(f"missing: {len(board.missing)} roster student(s) without a submission: "
                     + ", ".join(terminal_text(e.author) for e in board.missing))
    return "\n".join(lines)


def terminal(board: Leaderboard) -> str:
    """A plain-text table for a terminal: the ranked authors, then the stale ones, then the missing students."""
    late = _has_late(board)
    return _note(board) + "\n\n" + text_table([_row(e, late=late) for e in board.everyone], _columns(board),
                                                numbers=RANK)


def markdown(board: Leaderboard) -> str:
    """A GitHub-flavoured Markdown table with a title."""
    late = _has_late(board)
    table = text_table([_row(e, markdown_cell, late) for e in board.everyone], _columns(board), "github", RANK)
    note = "\n\n".join(markdown_cell(line) for line in _note(board).split("\n"))
    return f"# Leaderboard: {board.title}\n\n{note}\n\n{table}\n"


def to_csv(board: Leaderboard) -> str:
    """One row per author (ranked, stale, missing), machine-readable values (speed empty when unknown)."""
    out = io.StringIO()
    fields = ["rank", "author", "submission", "language", "verdict", "score", "max_score", "passed", "total",
              "speed", "submitted_at", "sha256", "attempts", "status", "student_id", "name", "email", "late",
              "late_days", "penalty", "score_before_penalty", "test_set_hash", "graded_at"]
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for e in board.everyone:
        row = {"rank": e.rank or "", "author": e.author, "submission": e.submission, "language": e.language,
               "verdict": "" if e.missing else e.verdict.value, "score": e.score, "max_score": e.max_score,
               "passed": e.passed, "total": e.total, "speed": "" if e.speed is None else round(e.speed, 3),
               "submitted_at": e.submitted_at, "sha256": e.sha256, "attempts": e.attempts,
               "status": "missing" if e.missing else "stale" if e.stale else "ranked",
               "student_id": e.student_id, "name": e.name, "email": e.email,
               "late": int(e.late), "late_days": e.late_days, "penalty": e.penalty,
               "score_before_penalty": e.raw_score, "test_set_hash": e.test_set, "graded_at": e.graded_at}
        # Every text cell, not only the names: a hash, a time or a language comes from a store or a worker too.
        writer.writerow({k: csv_cell(v) if isinstance(v, str) else v for k, v in row.items()})
    return out.getvalue()


def to_json(board: Leaderboard) -> str:
    """One JSON document: the problem, the test set, and the ranked entries with their cases."""
    return serialize.dumps(serialize.leaderboard_document(board))


#: Verdicts that are JUnit `<error>`s (the submission did not finish the case); WA is a `<failure>`.
ERRORS = frozenset({Verdict.RE, Verdict.CE, Verdict.TLE, Verdict.MLE, Verdict.OLE, Verdict.JE})


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.3f}"


def _junit_suite(parent: ET.Element, board: Leaderboard, e: Entry) -> tuple[int, int, int]:
    """One testsuite: a testcase per listed case, one per hidden group; (tests, failures, errors)."""
    cases = visibility.listed(e.cases)
    tallies = visibility.hidden_tallies(e.cases, board.weights)
    failures = sum(c.verdict is Verdict.WA for c in cases) + sum(t.failed() for t in tallies)
    errors = sum(c.verdict in ERRORS for c in cases)
    tests = len(cases) + len(tallies)
    suite = ET.SubElement(parent, "testsuite", name=terminal_text(f"{e.author}: {e.submission}"), tests=str(tests),
                          failures=str(failures), errors=str(errors),
                          skipped=str(sum(c.verdict is Verdict.SKIPPED for c in cases)),
                          time=_seconds(sum(c.time_ms for c in e.cases)), timestamp=e.submitted_at)
    for c in cases:
        case = ET.SubElement(suite, "testcase", classname=f"{board.problem}.{c.group}", name=terminal_text(c.name),
                             time=_seconds(c.time_ms))
        if c.verdict is Verdict.SKIPPED:
            ET.SubElement(case, "skipped", message=terminal_text(c.message or "skipped"))
        elif c.verdict is not Verdict.AC:
            kind = "error" if c.verdict in ERRORS else "failure"
            head = f"{c.verdict.value} ({c.verdict.description})" + (f": {c.message}" if c.message else "")
            element = ET.SubElement(case, kind, type=c.verdict.value, message=terminal_text(head.split("\n")[0]))
            # The checker's explanations (or a compile error) keep their line breaks, nothing else a control
            # (XML 1.0 cannot even hold most of them).
            lines = [multiline(line) for line in (list(c.diff) or c.message.split("\n")) if line]
            failure = e.first_failure
            if failure is not None and failure.case.name == c.name and not visibility.is_redacted(failure):
                lines += render.failure_lines(failure, board.by_position)  # as the other reports draw them
            element.text = "\n".join(lines) or c.verdict.description
        # The store keeps what a case printed for the first failing case only (in its first failure).
        printed = c.output or (e.first_failure.case.output if e.first_failure is not None
                               and e.first_failure.case.name == c.name else "")
        if printed:
            ET.SubElement(case, "system-out").text = multiline(printed)
    for t in tallies:
        case = ET.SubElement(suite, "testcase", classname=f"{board.problem}.{t.group}",
                             name=f"{t.group}: {t.total} hidden case{'s' if t.total != 1 else ''}", time="0.000")
        if t.failed():
            ET.SubElement(case, "failure", type="hidden", message=f"{t.passed} of {t.total} passed")
    return tests, failures, errors


def _junit_absent(parent: ET.Element, board: Leaderboard, e: Entry) -> tuple[int, int, int]:
    """A stale author or a missing student, listed as the other formats list them: a testsuite of one testcase
    with an `<error>` (a CI server shows it red and counts it, as a gradebook counts it 0), saying why and
    what to do. Nothing of an older test set's cases: they are not this problem's tests any more."""
    if e.missing:
        title, kind = f"{e.author}: no submission", "missing"
        message = "on the roster, no submission graded"
    else:
        title, kind = f"{e.author}: {e.submission} (stale)", "stale"
        message = (f"graded only on an older test set ({e.test_set[:12]}), not on this one; "
                   f"`{board.regrade_command}` grades it on the current set")
    suite = ET.SubElement(parent, "testsuite", name=terminal_text(title), tests="1", failures="0", errors="1",
                          skipped="0", time="0.000", timestamp=e.submitted_at)
    case = ET.SubElement(suite, "testcase", classname=f"{board.problem}.{kind}", name=kind, time="0.000")
    ET.SubElement(case, "error", type=kind, message=terminal_text(message)).text = terminal_text(message)
    return 1, 0, 1


def junit(board: Leaderboard) -> str:
    """JUnit XML (valid against the Jenkins xunit plugin's junit-10.xsd): a testsuite per ranked submission, a
    testcase per listed case (WA a failure; RE, CE, TLE, MLE, OLE, JE errors; what it printed as system-out);
    then a testsuite of one `<error>` per stale author and per missing roster student."""
    suites = ET.Element("testsuites", name=f"judge {board.problem}")
    totals = [0, 0, 0]
    for e in board.entries:
        for i, n in enumerate(_junit_suite(suites, board, e)):
            totals[i] += n
    for e in [*board.stale, *board.missing]:
        for i, n in enumerate(_junit_absent(suites, board, e)):
            totals[i] += n
    suites.set("tests", str(totals[0]))
    suites.set("failures", str(totals[1]))
    suites.set("errors", str(totals[2]))
    suites.set("time", _seconds(sum(c.time_ms for e in board.entries for c in e.cases)))
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def gradescope(board: Leaderboard, author: str | None = None, policy: visibility.Policy = visibility.DEFAULT) -> str:
    """Gradescope's results.json for one author's best submission, with its rank as a leaderboard value."""
    if author is None and len(board.entries) != 1:
        names = ", ".join(terminal_text(e.author) for e in board.entries) or "none"
        raise UsageError(f"--format gradescope describes one submission: name its author with --author "
                         f"(authors: {names})")
    if author is not None and not any(e.student_id == author for e in board.entries) and \
            any(author and e.student_id == author for e in board.missing):  # a roster id before any name
        raise UsageError(f"{author!r} is on the roster but has no submission of {board.problem}: no results.json "
                         f"to write")
    entry = board.entries[0] if author is None else _by_author(board.entries, author)
    # A results.json is one submission's score on the current tests: a stale author has none yet, a missing
    # student nothing to attach it to. Said, not written as a 0 that Gradescope would take for a grade.
    if entry is None and any(e.author == author for e in board.stale):
        raise UsageError(f"{author!r} was graded only on an older test set of {board.problem}: run "
                         f"`{board.regrade_command}` first")
    if entry is None and any(e.author == author for e in board.missing):  # by id: said before any name
        raise UsageError(f"{author!r} is on the roster but has no submission of {board.problem}: no results.json "
                         f"to write")
    if entry is None:
        import difflib

        known = [e.author for e in board.entries]
        close = difflib.get_close_matches(str(author), known, n=3, cutoff=0.5)
        hint = f" (did you mean {', '.join(terminal_text(repr(c)) for c in close)}?)" if close else ""
        raise UsageError(f"no submission of author {author!r} on the leaderboard of {board.problem}{hint}")
    return serialize.dumps(gradescope_results.entry_document(board, entry, policy))


def _by_author(entries: Sequence[Entry], author: str) -> Entry | None:
    """The entry of `author`: a student id first, then the name the table shows; UsageError when that is
    several. A header that claims someone's name or id is never taken for them, nor a name an LMS let the
    student choose (a Moodle full name renamed to another student's id)."""
    for found in ([e for e in entries if author and e.student_id == author],
                  [e for e in entries if e.author == author]):
        if len(found) > 1:
            raise UsageError(f"--author {author!r} names {len(found)} entries "
                             f"({', '.join(terminal_text(e.submission) for e in found)}): give the student id")
        if found:
            return found[0]
    return None


FORMATS = {"terminal": terminal, "markdown": markdown, "csv": to_csv, "json": to_json, "junit": junit}
