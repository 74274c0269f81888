"""A gradebook CSV for an LMS's grade import (Moodle, Canvas): one row per student.

With a roster, every roster student has a row, in the roster's order: the score of their best
submission on the current test set (after the late penalty), or of their best on an older set
(noted `stale`), or 0 (noted `missing`). Without one, every author on the leaderboard has a row.
Cells a submission controls (names from file names and headers) are escaped as every CSV of the
judge is (judge/results/text.py): no formula, no control character.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from judge.results.leaderboard import Entry, Leaderboard, how_students, missing_entry
from judge.results.roster import Roster
from judge.results.text import csv_cell

FIELDS = ["student_id", "name", "email", "score", "max_score", "score_before_penalty", "late", "late_days",
          "verdict", "submitted_at", "note"]


def rows(board: Leaderboard, roster: Roster | None = None) -> list[dict[str, object]]:
    """The gradebook's rows as plain values (not yet escaped)."""
    top = max((e.max_score for e in board.everyone), default=0.0)
    if roster is None:
        return [_row(e, top) for e in board.everyone]
    pool = [*board.entries, *board.stale]
    chosen = []
    for student in roster.students:
        # the surest match first, then the best ranked: a file claiming someone's name in its header (or named
        # like their roster file inside another's LMS folder) never takes the place of their own hand-in
        ranked = [(how, n, e) for n, e in enumerate(pool) if (how := how_students(student, e)) is not None]
        entry = min(ranked, key=lambda t: (t[0], t[1]))[2] if ranked else None
        if entry is None:
            chosen.append(missing_entry(student))
        else:  # the roster's spelling of who it is wins over the LMS's
            chosen.append(replace(entry, student_id=student.id or entry.student_id, name=student.name or entry.name,
                                  email=student.email or entry.email))
    return [_row(e, top) for e in chosen]


def unmatched(board: Leaderboard, roster: Roster) -> list[Entry]:
    """The graded authors (ranked or stale) that match no roster student: not in a gradebook with a roster,
    so the instructor must be told (a roster id typo, a student not on it)."""
    return [e for e in (*board.entries, *board.stale)
            if all(how_students(student, e) is None for student in roster.students)]


def to_csv(board: Leaderboard, roster: Roster | None = None) -> str:
    """The gradebook as CSV text."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows(board, roster):
        writer.writerow({k: csv_cell(v) for k, v in row.items()})
    return out.getvalue()


def _row(e: Entry, top: float) -> dict[str, object]:
    note = "missing" if e.missing else (f"stale: graded on older test set {e.test_set[:12]}" if e.stale else "")
    return {"student_id": e.student_id, "name": e.name or e.author, "email": e.email, "score": round(e.score, 6),
            "max_score": round(e.max_score or top, 6), "score_before_penalty": round(e.raw_score, 6),
            "late": "yes" if e.late else "no", "late_days": e.late_days,
            "verdict": "missing" if e.missing else e.verdict.value, "submitted_at": e.submitted_at, "note": note}
