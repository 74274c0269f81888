"""SHA-256 for the judge's keys and fingerprints, without loading OpenSSL on a command's way to its first box.

`import hashlib` loads OpenSSL's libcrypto and its BLAKE2 (about 2.5 ms, the largest single import
on `judge grade`'s way to starting its first server) even for one SHA-256 of a problem.yaml. Until
something imports hashlib, sha256() of a small text is CPython's built-in implementation instead
(`_sha256`; `_sha2` from Python 3.12): the same digest, about 5x slower per byte (2.6 against 0.5 ms
per MiB here), so anything larger loads hashlib first. `judge grade` imports hashlib itself while
its first server boots, before it fingerprints every case (cli/grading.py).
"""

from __future__ import annotations

import sys
from typing import Any, Protocol

#: Past this many bytes a digest is worth loading OpenSSL for (its own start is about 2.5 ms).
SMALL = 256 * 1024


class Hash(Protocol):
    """What hashlib's and the built-in SHA-256 objects both offer."""

    def update(self, data: bytes, /) -> None:
        """Add bytes."""

    def digest(self) -> bytes:
        """The digest so far."""

    def hexdigest(self) -> str:
        """The digest so far, in hex."""


def sha256(data: bytes = b"") -> Hash:
    """A SHA-256 object of `data`: hashlib's where it is loaded (or `data` is large), else the built-in one."""
    # Its constructor, once hashlib has made it: a module another thread is still importing is in
    # sys.modules already, without it (the review: AttributeError in 19 runs of 20 of such a race).
    loaded = getattr(sys.modules.get("hashlib"), "sha256", None)
    if loaded is None and (_builtin is None or len(data) > SMALL):
        import hashlib  # waits for another thread's import of it to finish

        loaded = hashlib.sha256
    made: Hash = loaded(data) if loaded is not None else _builtin(data)
    return made


def _find_builtin() -> Any:
    """CPython's own SHA-256 class (None where this interpreter has none)."""
    for name in ("_sha256", "_sha2"):
        try:
            return __import__(name).sha256
        except (ImportError, AttributeError):
            continue
    return None


_builtin = _find_builtin()
