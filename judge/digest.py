"""SHA-256 for the judge's keys and fingerprints, without loading OpenSSL on a command's way to its first box.

`import hashlib` loads OpenSSL's libcrypto and its BLAKE2 (about 2.5 ms, the largest single import
on `judge grade`'s way to starting its first server) even for one SHA-256 of a problem.yaml. Until
something imports hashlib, sha256() of a small text is CPython's built-in implementation instead
(`_sha256`; `_sha2` from Python 3.12): the same digest, about 5x slower per byte (2.6 against 0.5 ms
per MiB here), so anything larger, or past that much hashed in all, loads hashlib first: `judge
grade` on 50 cases never loads it, on 1,106 it does after the first hundred fingerprints.
"""

from __future__ import annotations

import sys
from typing import Any, Protocol

#: Past this many bytes, in one digest or all of them so far, a digest is worth loading OpenSSL for: its
#: start (2.5 ms on the fast machines here, 5.5 on the slow ones) is what the built-in SHA-256 takes for
#: 0.8-1.2 MiB more than OpenSSL's (2.6 against 0.5 ms per MiB, or 7.7 against 1.0).
SMALL = 1024 * 1024


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
    if loaded is None:
        # Once the built-in one has hashed SMALL bytes in all, OpenSSL's start is worth it: `judge grade`
        # on the peers' 50 cases (about 550 KB: case files, fingerprints) never pays it, on 1,106 it does
        # after a few hundred. (Threads may race on the sum: it only decides a little sooner or later.)
        global _hashed
        _hashed += len(data)
        if _builtin is None or _hashed > SMALL:
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
_hashed = 0  # bytes given to the built-in SHA-256 so far in this process
