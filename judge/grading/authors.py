"""Who wrote a submission: --author, else a header comment, else its folder, else its file name.

Precedence (first that gives a name wins):
1. the `--author NAME` option (for every submission of that command);
2. an `author: NAME` comment in the file's first 10 lines (`# author: Ada`, `// author: Ada`,
   `-- author: Ada`, `/* author: Ada */`, `* author: Ada`);
3. the folder the file sits in, unless it is one of `judge verify`'s expected-verdict folders
   (`accepted`, `wrong_answer`, ...) that say what a file should get, not who wrote it;
4. the file's name, extension included: `sol.py` and `sol.cpp` are two authors (a header or
   --author makes them one).
"""

from __future__ import annotations

import re
from pathlib import Path

from judge.verdict import VERDICT_FOLDERS

HEADER_LINES = 10
_HEADER = re.compile(r"^\s*(?:#|//|--|/\*+|\*)\s*author\s*:\s*(?P<name>.+?)\s*(?:\*/)?\s*$", re.IGNORECASE)


def from_header(text: str) -> str | None:
    """The name in an `author: NAME` comment among the first lines, or None."""
    for line in text.splitlines()[:HEADER_LINES]:
        match = _HEADER.match(line)
        if match and match.group("name"):
            return match.group("name")
    return None


def author_of(path: Path, option: str | None = None) -> str:
    """The author of a submission file, by the precedence in this module's docstring."""
    if option and option.strip():
        return option.strip()
    try:
        head = path.read_bytes()[:4096].decode("utf-8", errors="replace")
    except OSError:
        head = ""
    named = from_header(head)
    if named:
        return named
    folder = path.resolve().parent.name
    if folder and folder not in VERDICT_FOLDERS:
        return folder
    return path.name
