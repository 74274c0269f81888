"""Who handed a file in, read from the names and files a learning-management system exports.

The forms recognised (README, "Authors", has an example of each):
- Moodle "Download all submissions": `Full Name_PARTICIPANTID_assignsubmission_file_` as a folder
  holding the student's files, or as the prefix of each file's name in a flat download
  (`Jane Doe_12346_assignsubmission_file_solution.py`); `onlinetext` for online text.
- Canvas "Download submissions": `lastnamefirstname_USERID_ATTACHMENTID_original.py`, with `_LATE_`
  after the name when handed in late (`smithjohn_LATE_12345_67890_solution.py`).
- Gradescope "Export submissions": a folder `submission_ID/` per submission, and beside them a
  `submission_metadata.yml` naming each one's submitters (`:name:`, `:sid:`, `:email:`) and
  its `:created_at:` time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

from judge import files
from judge.problems import parsed

_MOODLE = re.compile(r"^(?P<name>[^_/]+?)_(?P<id>\d+)_assignsubmission_(?:file|onlinetext)_(?P<rest>.*)$")
#: Moodle's folder form, which ends with the marker: the student's full name before it may hold one too.
_MOODLE_FOLDER = re.compile(r"^(?P<name>[^/]+)_(?P<id>\d+)_assignsubmission_(?:file|onlinetext)_$")
_MOODLE_MARK = re.compile(r"_\d+_assignsubmission_(?:file|onlinetext)_")
_CANVAS = re.compile(r"^(?P<name>[a-z][a-z0-9-]*?)(?P<late>_LATE)?_(?P<id>\d+)_(?P<attachment>\d+)_(?P<rest>.+)$")
_GRADESCOPE = re.compile(r"^submission_(?P<id>\d+)$")
METADATA = "submission_metadata.yml"
METADATA_MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class Found:
    """What an LMS's naming says about a submission."""

    system: str                  # moodle | canvas | gradescope
    author: str
    student_id: str = ""
    email: str = ""
    submitted_at: str = ""       # ISO 8601, when the LMS says
    marked_late: bool = False


def from_name(name: str) -> Found | None:
    """What a Moodle or Canvas file or folder name says, or None.

    Moodle puts the student's full name before the marker, and in a flat download the student's file
    name after it; a student may choose both (Moodle lets one edit one's name unless the site locks
    it). A folder's name ends with the marker, so the last one is Moodle's: a full name `Jane
    Doe_12346_assignsubmission_file_x` does not make Mallory's folder Jane's. A flat file's name with
    the marker twice cannot be told apart (the name or the file's may hold the other): it names nobody."""
    folder = _MOODLE_FOLDER.match(name)
    if folder:
        return Found("moodle", folder.group("name").strip(), folder.group("id"))
    moodle = _MOODLE.match(name)
    if moodle:
        if len(_MOODLE_MARK.findall(name)) > 1:
            return None
        return Found("moodle", moodle.group("name").strip(), moodle.group("id"))
    canvas = _CANVAS.match(name)
    if canvas:
        return Found("canvas", canvas.group("name"), canvas.group("id"), marked_late=bool(canvas.group("late")))
    return None


def from_gradescope(folder: Path) -> Found | None:
    """What the export's submission_metadata.yml says of a `submission_ID` folder, or None."""
    if not _GRADESCOPE.match(folder.name):
        return None
    entry = _metadata(folder.parent).get(folder.name)
    if not isinstance(entry, dict):
        # Without the metadata's word the folder still bounds the submission: the names inside it are the
        # student's own (a folder `Jane Doe_12346_assignsubmission_file_` in it does not make it Jane's).
        return Found("gradescope", folder.name)
    submitters = entry.get(":submitters") or entry.get("submitters") or []
    first = submitters[0] if isinstance(submitters, list) and submitters and isinstance(submitters[0], dict) else {}
    name = _text(first.get(":name") or first.get("name"))
    sid = _text(first.get(":sid") or first.get("sid"))
    created = entry.get(":created_at") or entry.get("created_at")
    return Found("gradescope", name or sid or folder.name, sid, _text(first.get(":email") or first.get("email")),
                 _when(created))


def identify(path: Path, root: Path | None) -> Found | None:
    """The outermost LMS form among the file's folders' names (from `root`, included) and its own, or None."""
    return locate(path, root)[0]


def locate(path: Path, root: Path | None) -> tuple[Found | None, list[Path]]:
    """The outermost LMS form of a file and the places named by others than its student: from `root` down to
    where the form was found (all of them when none was). The outermost wins because everything inside an
    LMS's folder was named by the student: a file `Jane Doe_12346_assignsubmission_file_x.py` uploaded into
    Mallory's folder is Mallory's, not Jane's."""
    places = [*reversed(folders(path, root)), path]
    for depth, place in enumerate(places):
        found = (from_gradescope(place) if place.is_dir() else None) or from_name(place.name)
        if found is not None:
            return found, places[:depth + 1]
    return None, places


def folders(path: Path, root: Path | None) -> list[Path]:
    """The folders from a file's up to `root` (included: `judge grade P export/submission_12345`
    names the student's own folder), nearest first; the parent alone without a root."""
    if root is None:
        return [path.parent]
    out = []
    for folder in path.parents:
        out.append(folder)
        if folder == root:
            break
    return out


@cache
def _metadata(folder: Path) -> dict[str, Any]:
    """The export's submission_metadata.yml (empty when missing or unreadable: the names still count)."""
    path = folder / METADATA
    try:
        raw = files.read_capped(path, METADATA_MAX_BYTES, METADATA)  # never waited on (a FIFO held grade, round 29)
        data = parsed.load(raw.decode("utf-8"), libyaml=False)[0]
    except (OSError, UnicodeDecodeError, parsed.Malformed):
        return {}
    return data if isinstance(data, dict) else {}


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _when(value: object) -> str:
    """A metadata time as ISO 8601 (YAML may have read it as a datetime already)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date) or value is None:
        return ""
    text = str(value).strip()
    # Gradescope writes Ruby's form: `2026-03-01 22:10:05.123456789 -0800`.
    match = re.match(r"^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d+))?\s*(Z|[+-]\d\d:?\d\d)?$", text)
    if not match:
        return ""
    day, clock, fraction, zone = match.groups()
    zone = "+00:00" if zone in (None, "Z") else (zone if ":" in zone else f"{zone[:3]}:{zone[3:]}")
    stamp = f"{day}T{clock}{'.' + fraction[:6].ljust(6, '0') if fraction else ''}{zone}"
    try:
        return datetime.fromisoformat(stamp).isoformat()
    except ValueError:
        return ""
