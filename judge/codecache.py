"""The code `@dataclass` generates for the judge's classes, compiled once per machine instead of per process.

As each class is made, `dataclasses` writes the source of its __init__, __repr__, __eq__, __hash__ and
the rest, and compiles it with exec(): on `judge grade`'s way to its first case that is 57 classes and
312 functions, 17 ms of its 45 ms of imports, paid again by every command. install(), the command
line's first step, has `dataclasses` compile through a table of those sources' code objects kept in
the cache folder (`code/`: one marshal file per interpreter's bytecode and per command). One table
for every command read them all each time: `judge serve` (pydantic's classes, Redis's) and the test
suite had grown it to 1,721 sources, 5.5-8 ms to read, of which `judge grade` uses about 370 (a
one-submission command: 115 to 108 ms); each command's own table is read in about 1.5. A source is
only ever matched by its whole text, and compiled as exec() compiles it (no future flags of this
module), so the same text gives the same code: only the time changes. A file that does not read back whole (its CRC) is
ignored and written again.

The table is code the judge runs outside any box, so it is read only from a file and a folder that
belong to the judge's own user and that no one else may write (a cache folder shared with others, or
group-writable, is not trusted: everything is compiled, as without the table). Boxes never see the
cache folder; compiled submissions in it only ever run in a box.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import stat
import sys
import zlib
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from judge.defaults import CACHE_ROOT

#: Past this many sources a table keeps only those this process used (later runs add theirs back).
MAX_ENTRIES = 1500
_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_added = [0]


_profile = [""]


def path() -> Path:
    """The file of compiled sources of this interpreter (its bytecode's magic number and optimization
    level) and of the installed profile (a command's name; '': any other program)."""
    profile = _profile[0] or "any"
    name = f"dataclasses-{sys.implementation.cache_tag}-{MAGIC_NUMBER.hex()}-O{sys.flags.optimize}-{profile}"
    return CACHE_ROOT / "code" / name


def install(profile: str = "") -> None:
    """Have `dataclasses` compile through `profile`'s table (a command's name, read once), and write the
    table back at exit."""
    if getattr(dataclasses, "exec", None) is _exec:
        return
    # A name, not a path: lower-case letters and dashes only (anything else is any other program's).
    _profile[0] = profile if profile.replace("-", "").isalpha() and profile.islower() else ""
    _codes.update(_read(path()))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin by its module's code
    atexit.register(save)


def _trusted(file: Path) -> bool:
    """Whether the file and its folder are the judge's user's own, and writable by no one else."""
    try:
        for item in (file.parent, file):
            info = os.stat(item, follow_symlinks=False)
            if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) or stat.S_ISLNK(info.st_mode):
                return False
    except OSError:
        return False
    return True


def _read(file: Path) -> dict[str, CodeType]:
    if not _trusted(file):
        return {}
    try:
        data = file.read_bytes()
        if len(data) < 4 or zlib.crc32(data[4:]).to_bytes(4, "little") != data[:4]:
            return {}
        table = marshal.loads(data[4:])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in table.items() if type(k) is str and type(v) is CodeType}


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """exec() as `dataclasses` calls it, a source text's code taken from the table when there."""
    if type(source) is str:
        code = _codes.get(source)
        if code is None:
            code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _added[0] += 1
        _used.add(source)
        source = code
    builtins.exec(source, globals, locals)


def save() -> None:
    """Write the table if this process compiled anything new (atomically: judges may share the folder)."""
    if not _added[0]:
        return
    _added[0] = 0
    file = path()
    try:
        codes = dict(_codes)  # a snapshot: a daemon thread may still be making a class
        table = codes if len(codes) <= MAX_ENTRIES else {k: codes[k] for k in set(_used) if k in codes}
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _trusted(file) and file.exists():
            return  # not ours to replace (and not read either: _read)
        payload = marshal.dumps(table)
        tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
        descriptor = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(zlib.crc32(payload).to_bytes(4, "little") + payload)
        os.replace(tmp, file)
    except (OSError, ValueError, RuntimeError):  # a cache that cannot be written only makes the next start slower
        pass
