"""Who wrote a submission and when it was handed in.

Author precedence (first that gives a name wins; README "Authors" says the same, with examples):
1. the roster (`--roster FILE`): the row whose `file` is one of its folders' names (the outermost
   first) or the file's name, else whose `id` is the student id an LMS name carries; names inside an
   LMS's own folder (Moodle's, Gradescope's) were chosen by the student and are not looked up;
2. the `--author NAME` option (for every submission of that command);
3. an LMS's naming (judge/grading/lms.py): Gradescope's `submission_ID` folder with its
   submission_metadata.yml, Moodle's `Full Name_ID_assignsubmission_file_`, Canvas's
   `lastnamefirstname_ID_ATTACHMENT_file`, the outermost such name (a file named like another
   student's, inside one's own folder, is still one's own); it comes before the header, which the
   student writes; the author is then `Name (ID)` (two John Smiths of a Canvas export stay two);
4. an `author: NAME` comment in the file's first 10 lines (`# author: Ada`, `// author: Ada`,
   `-- author: Ada`, `/* author: Ada */`, `* author: Ada`), of at most 100 characters;
5. the folder the file sits in, unless it is the folder given on the command line (a flat
   download: every file in it is someone else's) or one of `judge verify`'s expected-verdict
   folders (`accepted`, `wrong_answer`, ...) that say what a file should get, not who wrote it;
6. the file's name, extension included: `sol.py` and `sol.cpp` are two authors (a rule above
   makes them one).

Hand-in time: the roster's `submitted_at`, else the LMS's own time (Gradescope's `created_at`),
else the file's modification time. Canvas's `_LATE_` marks a submission late whatever its time.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from judge.grading import lms
from judge.results.records import Handin
from judge.results.roster import Roster, nfc
from judge.verdict import VERDICT_FOLDERS

HEADER_LINES = 10
# The name starts with a visible character: `\s` also takes U+2028 and U+0085, which str.splitlines()
# would have cut the line at, leaving a blank author.
# The name is taken to the line's end and trimmed in Python: a lazy name followed by `\s*`, `(?:\*/)?`
# and `\s*$` backtracked through every split of a long run of spaces (red-team round 26: two minutes
# of the judge's CPU for a 4,000-space header).
_HEADER = re.compile(r"^\s*(?:#|//|--|/\*+|\*)\s*author\s*:\s*(?P<name>\S.*)$", re.IGNORECASE)
#: A header "name" longer than this is not taken as one (the folder or the file name is used instead).
MAX_NAME = 100


def from_header(text: str) -> str | None:
    """The name in an `author: NAME` comment among the first lines, or None."""
    for line in text.split("\n")[:HEADER_LINES]:  # a source's own line breaks, not every Unicode one
        match = _HEADER.match(line)
        if match:
            name = match.group("name").rstrip()
            name = name[:-2].rstrip() if name.endswith("*/") else name
            if name and len(name) <= MAX_NAME:
                return name
    return None


def author_of(path: Path, option: str | None = None, root: Path | None = None) -> str:
    """The author of a submission file by rules 2 and 4-6 of this module's docstring (no roster, no LMS)."""
    if option and option.strip():
        return option.strip()
    named = _header(path)
    if named:
        return named
    return _folder_or_name(path, root)


def root_of(path: Path, given: Sequence[str | Path]) -> Path | None:
    """The folder given on the command line that `path` was found in (the deepest); for a file given
    itself, its folder when another file of that folder was given too (`subs/*.py`: a flat
    download by a shell glob), else None."""
    resolved = path.resolve()
    folders = [Path(g).resolve() for g in given if Path(g).is_dir()]
    inside = [f for f in folders if f in resolved.parents]
    if inside:
        return max(inside, key=lambda f: len(f.parts))
    siblings = [g for g in given if Path(g).is_file() and Path(g).resolve().parent == resolved.parent]
    return resolved.parent if len(siblings) > 1 else None


def identify(path: Path, root: Path | None = None, roster: Roster | None = None,
             option: str | None = None) -> tuple[str, Handin]:
    """The author and hand-in facts of a submission file, by this module's docstring."""
    resolved = path.resolve()
    found, named = lms.locate(resolved, root)
    student = None
    if roster is not None:  # names inside an LMS's folder are the student's own: they name nobody
        student = roster.match([place.name for place in named], found.student_id if found else None)
    if student is not None:
        author = student.author
    elif option and option.strip():
        author = option.strip()
    elif found is not None:  # with its id: two students of one name (or one named like another) stay two
        author = f"{found.author} ({found.student_id})" if found.student_id not in ("", found.author) else found.author
    else:
        author = _header(path) or _folder_or_name(path, root)
    author = nfc(author)  # one spelling of a name that looks the same (macOS writes folder names decomposed)
    if student is not None and student.submitted_at:
        when, source = student.submitted_at, "roster"
    elif found is not None and found.submitted_at:
        when, source = found.submitted_at, found.system
    else:
        when, source = _mtime(path), "mtime"
    # An author given (--author) names who it is: the id, name and email an LMS-like file name claims are not
    # theirs (Gradescope's autograder passes its submitter; there the file's name is the student's own choice).
    claimed = None if student is None and option and option.strip() else found
    return author, Handin(
        student_id=student.id if student else (claimed.student_id if claimed else ""),
        name=student.name if student else (claimed.author if claimed else ""),
        email=student.email if student and student.email else (claimed.email if claimed else ""),
        submitted_at=when, marked_late=bool(found and found.marked_late), time_from=source)


def _header(path: Path) -> str | None:
    try:
        with open(path, "rb") as f:  # only the head: a hand-in may be a sparse file of many GiB
            data = f.read(4096)
    except OSError:
        data = b""
    return from_header(_text(data))


def _text(head: bytes) -> str:
    """A file's first bytes as text: UTF-8 (a character cut at the end is left out), else Windows-1252, the
    editor's default that a file not in UTF-8 most often has: 'José' in it was 'Jos\ufffd' (round 31)."""
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return head.decode("cp1252", errors="replace")


def _folder_or_name(path: Path, root: Path | None) -> str:
    parent = path.resolve().parent
    if parent.name and parent != root and parent.name not in VERDICT_FOLDERS:
        return parent.name
    return path.name


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat()
    except OSError:
        return ""
