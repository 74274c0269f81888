"""Languages: the Language contract, one module per language (each exporting LANGUAGE), their harnesses.

Layer 3: it may import judge.sandbox, judge.problems and the ground floor, nothing above. The
harnesses in harness/ run inside the box and speak the protocol of judge.sandbox.protocol.
"""

from __future__ import annotations

from pathlib import Path

from judge.errors import SubmissionError
from judge.languages.base import Language
from judge.languages.cpp import LANGUAGE as CPP
from judge.languages.go import LANGUAGE as GO
from judge.languages.java import LANGUAGE as JAVA
from judge.languages.javascript import LANGUAGE as JAVASCRIPT
from judge.languages.python import LANGUAGE as PYTHON
from judge.languages.typescript import LANGUAGE as TYPESCRIPT

LANGUAGES: dict[str, Language] = {lang.name: lang for lang in (PYTHON, CPP, JAVA, GO, JAVASCRIPT, TYPESCRIPT)}


def all_extensions() -> set[str]:
    """Every file extension some language claims."""
    return {ext for lang in LANGUAGES.values() for ext in lang.extensions}


def for_path(path: Path) -> Language:
    """The language of a submission file; SubmissionError for an unknown one."""
    for lang in LANGUAGES.values():
        if lang.matches(path):
            return lang
    known = ", ".join(sorted(all_extensions()))
    raise SubmissionError(f"{path}: unknown language for {path.suffix or 'a file without extension'} (known: {known})")


def by_name(name: str) -> Language:
    """A language by its key."""
    if name not in LANGUAGES:
        raise SubmissionError(f"unknown language {name!r} (known: {', '.join(LANGUAGES)})")
    return LANGUAGES[name]
