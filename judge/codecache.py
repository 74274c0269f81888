"""The code `@dataclass` generates for the judge's classes, compiled once per machine instead of per process.

As each class is made, `dataclasses` writes the source of its __init__, __repr__, __eq__, __hash__ and
the rest, and compiles it with exec(): on `judge grade`'s way to its first case that is 57 classes and
312 functions, 17 ms of its 45 ms of imports, paid again by every command. install(), the command
line's first step, has `dataclasses` compile through a table of those sources' code objects kept in
the cache folder (one marshal file per interpreter version, `code/`). A source is only ever matched
by its whole text, and compiled as exec() compiles it (no future flags of this module), so the same
text gives the same code: only the time changes. A file that does not read back whole (its CRC) is
ignored and written again. Boxes never see the cache folder; whoever can write it can already change
what the judge's own user runs.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
import zlib
from pathlib import Path
from types import CodeType
from typing import Any

from judge.defaults import CACHE_ROOT

#: Past this many sources the file keeps only those this process used (other commands add theirs back).
MAX_ENTRIES = 4000
_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_added = [0]


def path() -> Path:
    """This interpreter's file of compiled sources."""
    return CACHE_ROOT / "code" / f"dataclasses-{sys.implementation.cache_tag}.marshal"


def install() -> None:
    """Have `dataclasses` compile through the table (read once), and write the table back at exit."""
    if getattr(dataclasses, "exec", None) is _exec:
        return
    _codes.update(_read(path()))
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin by its module's code
    atexit.register(save)


def _read(file: Path) -> dict[str, CodeType]:
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
    table = _codes if len(_codes) <= MAX_ENTRIES else {k: _codes[k] for k in _used}
    file = path()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        payload = marshal.dumps(table)
        tmp = file.with_name(f".{file.name}.{os.getpid()}.tmp")
        tmp.write_bytes(zlib.crc32(payload).to_bytes(4, "little") + payload)
        os.replace(tmp, file)
    except (OSError, ValueError):  # a cache that cannot be written only makes the next start slower
        pass
