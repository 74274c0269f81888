"""Languages: the Language contract, one module per language (each exporting LANGUAGE), their harnesses.

Layer 3: it may import judge.sandbox, judge.problems and the ground floor, nothing above. The
harnesses in harness/ run inside the box and speak the protocol of judge.sandbox.protocol.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from judge.errors import SubmissionError
from judge.languages.base import Language

#: Each language's key, module and file extensions, in the order they are listed: a command imports only
#: the plugins of the files it grades (the five others cost 6-7 ms to import on a Python-only `judge
#: grade`). Each module's LANGUAGE declares the same name and extensions; a test keeps the two in step.
PLUGINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "python": ("judge.languages.python", (".py",)),
    "cpp": ("judge.languages.cpp", (".cpp", ".cc", ".cxx")),
    "java": ("judge.languages.java", (".java",)),
    "go": ("judge.languages.go", (".go",)),
    "javascript": ("judge.languages.javascript", (".js",)),
    "typescript": ("judge.languages.typescript", (".ts",)),
}


def __getattr__(name: str) -> Any:
    """`LANGUAGES`: every language by its key, each plugin imported (what listing them all needs)."""
    if name == "LANGUAGES":
        return {key: by_name(key) for key in PLUGINS}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def all_extensions() -> set[str]:
    """Every file extension some language claims."""
    return {ext for _, extensions in PLUGINS.values() for ext in extensions}


def for_path(path: Path) -> Language:
    """The language of a submission file; SubmissionError for an unknown one."""
    suffix = path.suffix.lower()  # as Language.matches() reads it
    for name, (_, extensions) in PLUGINS.items():
        if suffix in extensions:
            return by_name(name)
    known = ", ".join(sorted(all_extensions()))
    raise SubmissionError(f"{path}: unknown language for {path.suffix or 'a file without extension'} (known: {known})")


def by_name(name: str) -> Language:
    """A language by its key (its plugin imported the first time)."""
    if name not in PLUGINS:
        raise SubmissionError(f"unknown language {name!r} (known: {', '.join(PLUGINS)})")
    language: Language = importlib.import_module(PLUGINS[name][0]).LANGUAGE
    return language
