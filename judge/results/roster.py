"""A course's roster: a CSV of who should hand in, and which file or folder is whose.

    file,id,name,email,submitted_at
    smith_john.py,12345,John Smith,john@uni.example,2026-03-01T23:10:00+01:00
    Jane Doe_12346_assignsubmission_file_,12346,Jane Doe,jane@uni.example,

`file` is a submission's file name or the name of a folder it sits in (Moodle's per-student folder,
Gradescope's `submission_12345`); `id` may also match the student id an LMS puts in a file name.
`submitted_at` (ISO 8601, optional) is when it was handed in. Column names are matched without case;
`student_id`/`sid` stand for `id`, `filename`/`folder` for `file`. The roster wins over every other
rule that names an author (judge/grading/authors.py), and the leaderboard lists its students
without a submission as missing.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from judge import files
from judge.errors import UsageError

_ALIASES = {"file": "file", "filename": "file", "folder": "file", "path": "file",
            "id": "id", "student_id": "id", "sid": "id", "student id": "id",
            "name": "name", "full name": "name", "email": "email", "email address": "email",
            "submitted_at": "submitted_at", "submitted": "submitted_at"}
MAX_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class Student:
    """One roster row: who, and (optionally) which file or folder and when it was handed in."""

    id: str
    name: str
    email: str = ""
    file: str = ""
    submitted_at: str = ""          # ISO 8601 with offset, or empty
    alias: str = ""                 # "Name (id)" when another student of the roster has the same name

    @property
    def author(self) -> str:
        """The name the leaderboard shows (one per student: two John Smiths are not merged): the name, else the id."""
        return self.alias or self.name or self.id


@dataclass(frozen=True)
class Roster:
    """The students of a roster, in file order."""

    path: Path
    students: tuple[Student, ...]

    def match(self, names: Iterable[str], student_id: str | None = None) -> Student | None:
        """The student whose `file` is one of `names` (the first that is one wins), else whose id is `student_id`
        (compared in NFC, as the roster's cells are kept)."""
        by_file = {s.file: s for s in self.students if s.file}
        for name in names:
            if nfc(name) in by_file:
                return by_file[nfc(name)]
        if student_id:
            return next((s for s in self.students if s.id == nfc(student_id)), None)
        return None


def nfc(text: str) -> str:
    """`text` in Unicode's composed form (NFC): one spelling for names that look the same ("é", "e\u0301")."""
    return unicodedata.normalize("NFC", text)


def parse_time(text: str, where: str) -> str:
    """An ISO 8601 time with its offset, normalised (datetime.isoformat); UsageError naming `where` otherwise."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"{where}: {text!r} is not an ISO 8601 time (e.g. 2026-03-01T23:59:00+01:00)") from None
    if when.tzinfo is None:
        raise UsageError(f"{where}: {text!r} has no UTC offset (add e.g. +01:00 or Z)")
    try:
        when.astimezone(timezone.utc)  # later compared in UTC: 0001-01-01T00:00+14:00 has no UTC time
    except OverflowError:
        raise UsageError(f"{where}: {text!r} is out of range once in UTC") from None
    return when.isoformat()


def load(path: str | Path) -> Roster:
    """Read a roster CSV; UsageError naming the file (and line) when it cannot be used."""
    path = Path(path)
    try:
        raw, size = files.read_regular(path, MAX_BYTES + 1)  # never more than that read (/dev/zero, a FIFO)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the roster: {exc.strerror or exc}") from None
    if size > MAX_BYTES:
        raise UsageError(f"{path}: the roster is larger than {MAX_BYTES // 1024 // 1024} MB")
    try:
        text = raw.decode("utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a byte-order mark
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: the roster is not UTF-8 text (byte {exc.start})") from None
    import csv  # here: every `judge grade` imports this module (parse_time), few read a roster

    # csv's own line reading: splitlines() would also break inside a quoted cell, at \u2028 or \x85 in a name
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)  # strict: a stray quote is not every row after it
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise UsageError(f"{path}:{reader.line_num}: the roster is not valid CSV: {exc}") from None
    if not rows:
        raise UsageError(f"{path}: the roster is empty; expected a header row: file,id,name,email[,submitted_at]")
    columns = [_ALIASES.get(h.strip().lower(), "") for h in rows[0]]
    if "id" not in columns and "name" not in columns:
        raise UsageError(f"{path}:1: the header needs an `id` or a `name` column (got {', '.join(rows[0])})")
    twice = sorted({c for c in columns if c and columns.count(c) > 1})
    if twice:  # the last one would silently win
        raise UsageError(f"{path}:1: the header has the {twice[0]} column twice ({', '.join(rows[0])})")
    students: list[Student] = []
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns):]):
            # `Smith, John` unquoted: the name would be `Smith` and the email `John`
            raise UsageError(f"{path}:{line}: {len(row)} cells for {len(columns)} columns (a comma in a name "
                             f"must be quoted: \"Smith, John\")")
        # NFC, as names are compared: a spreadsheet writes "José" composed, macOS a folder of that name
        # decomposed, and the student's AC was "missing" from the gradebook (round 28).
        cells = {col: nfc(cell.strip()) for col, cell in zip(columns, row, strict=False) if col}
        if not (cells.get("id") or cells.get("name")):
            raise UsageError(f"{path}:{line}: a student needs an id or a name")
        when = cells.get("submitted_at", "")
        students.append(Student(id=cells.get("id", ""), name=cells.get("name", ""), email=cells.get("email", ""),
                                file=cells.get("file", ""),
                                submitted_at=parse_time(when, f"{path}:{line}") if when else ""))
    _unique(path, students, "file")
    _unique(path, students, "id")
    return Roster(path, tuple(_told_apart(path, students)))


def _told_apart(path: Path, students: list[Student]) -> list[Student]:
    """Students sharing a name get their id beside it: the leaderboard keys on the author, and one of two
    merged students would lose their result (or a student named like another would take theirs)."""
    count: dict[str, int] = {}
    for student in students:
        count[student.name] = count.get(student.name, 0) + 1
    out = []
    for student in students:
        if student.name and count[student.name] > 1:
            if not student.id:
                raise UsageError(f"{path}: name {student.name!r} is on two rows; give each an id to tell them apart")
            student = replace(student, alias=f"{student.name} ({student.id})")
        out.append(student)
    return out


def _unique(path: Path, students: Sequence[Student], column: str) -> None:
    seen: set[str] = set()
    for student in students:
        value = getattr(student, column)
        if value and value in seen:
            raise UsageError(f"{path}: {column} {value!r} is on two rows")
        seen.add(value)
