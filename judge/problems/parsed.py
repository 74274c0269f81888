"""YAML text parsed once: the data of text whose exact bytes were parsed before comes back from the
cache as JSON, and PyYAML (about 10 ms to import) is imported only to parse text never seen.

A one-submission run spent more on importing PyYAML and parsing 50 x 50 boards than on running its
cases. An entry (`parsed/` under $JUDGE_CACHE) is keyed by the sha256 of the text and FORMAT, and
holds the data and the line of each top-level list item (case files name cases by line). Data that
JSON does not carry exactly (a date, a set, a key that is not a string, NaN) is never cached: that
text is parsed every time. The parser's version is not in the key: YAML 1.1 as PyYAML reads it has
not changed in years, as the validated-file markers keyed by bytes alone already assume.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from judge import cache
from judge.defaults import CACHE_ROOT

#: Part of every key: entries of another layout never match.
FORMAT = b"parsed-1"


class Malformed(Exception):
    """The text is not YAML; `error` is what PyYAML raised (its problem_mark says where)."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


def load(text: str, lines: bool = False, libyaml: bool = True) -> tuple[Any, list[int] | None]:
    """(data, the 1-based line of each top-level list item or None); Malformed when it is not YAML.
    `libyaml`: parse with libyaml where PyYAML has it (the same data; its own wording of errors)."""
    entry = _entry(text)
    try:
        found = json.loads(entry.read_bytes())
        cache.touch(entry)
        return found["data"], found["lines"] if lines else None
    except (OSError, ValueError, KeyError, TypeError):
        pass
    data, where = _parse(text, libyaml)
    _keep(entry, data, where)
    return data, where if lines else None


def _entry(text: str) -> Path:
    digest = hashlib.sha256(FORMAT)
    digest.update(text.encode("utf-8", "surrogatepass"))
    return CACHE_ROOT / "parsed" / f"{digest.hexdigest()}.json"


def _parse(text: str, libyaml: bool) -> tuple[Any, list[int] | None]:
    """(data, item lines) from one parse; libyaml's loader when asked and present (10x faster on big case sets)."""
    import yaml

    loader = (getattr(yaml, "CSafeLoader", yaml.SafeLoader) if libyaml else yaml.SafeLoader)(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise Malformed(exc) from None
    finally:
        loader.dispose()
    where = [item.start_mark.line + 1 for item in node.value] if isinstance(data, list) and node is not None else None
    return data, where


def _keep(entry: Path, data: Any, where: list[int] | None) -> None:
    """Write the entry when JSON gives back exactly this data; a cache that cannot be written is only slower."""
    try:
        text = json.dumps({"data": data, "lines": where}, allow_nan=False)
        if json.loads(text)["data"] != data:
            return
    except (TypeError, ValueError, RecursionError):
        return
    cache.keep(entry, text)
