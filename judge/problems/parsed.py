"""YAML text parsed once: the data of text whose exact bytes were parsed before comes back from the
cache as JSON, and PyYAML (about 10 ms to import) is imported only to parse text never seen.

A one-submission run spent more on importing PyYAML and parsing 50 x 50 boards than on running its
cases. An entry (`parsed/` under $JUDGE_CACHE) is keyed by the sha256 of the text and FORMAT, and
holds the data and the line of each top-level list item (case files name cases by line). Data that
JSON does not carry exactly (a date, a set, a key that is not a string, NaN) is never cached: that
text is parsed every time. The parser's version is not in the key: YAML 1.1 as PyYAML reads it has
not changed in years, as the validated-file markers keyed by bytes alone already assume.

Every YAML file of a package (problem.yaml, case files, files given to add-case) is read here, so a
duplicated key is refused in this one place: PyYAML keeps the last value silently, and a case whose
`expected` is given twice would be judged on whichever came last. `line_of` finds where a key is,
for messages about what the YAML says (an unknown key, a wrong type), parsing again only then.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judge import cache
from judge.defaults import CACHE_ROOT
from judge.digest import sha256

#: Part of every key: entries of another layout never match.
#: parsed-2: duplicate keys are refused (an entry of parsed-1 may hold text that had some).
FORMAT = b"parsed-2"


#: The most values a text may stand for once its aliases are written out: nine aliases of nine aliases
#: of ... (a "billion laughs") are a few lines that every later step (this cache's JSON, a validator)
#: would expand, to gigabytes. A real case file of 50 x 50 boards holds about 2,600 values a board.
MAX_VALUES = 50_000_000
#: The most text its strings may add up to once its aliases are written out, past the text's own size:
#: 300 aliases of one 200 KB string (a 263 KB file) wrote a 60 MB case file and cache entry (round 28).
#: Without aliases a text's strings are never longer than the text itself.
MAX_ALIASED_TEXT = 4 << 20


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
    digest = sha256(FORMAT + text.encode("utf-8", "surrogatepass"))
    return CACHE_ROOT / "parsed" / f"{digest.hexdigest()}.json"


def _parse(text: str, libyaml: bool) -> tuple[Any, list[int] | None]:
    """(data, item lines) from one parse; libyaml's loader when asked and present (10x faster on big case sets)."""
    import yaml

    loader = _strict_loader(libyaml)(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        _check_size(data, len(text))
    except yaml.YAMLError as exc:
        raise Malformed(exc) from None
    except RecursionError:
        raise Malformed(ValueError("nested too deeply")) from None
    finally:
        loader.dispose()
    where = [item.start_mark.line + 1 for item in node.value] if isinstance(data, list) and node is not None else None
    return data, where


def _check_size(data: Any, text_size: int) -> None:
    """Malformed when `data`, its aliases written out, holds more than MAX_VALUES values, or strings of more
    than its text's size plus MAX_ALIASED_TEXT characters (counted once per shared list or mapping, so a
    bomb is measured without being expanded)."""
    sizes: dict[int, int] = {}
    chars: dict[int, int] = {}  # the characters of each list's or mapping's strings, written out
    cap = text_size + MAX_ALIASED_TEXT

    def size(value: Any) -> int:
        if not isinstance(value, (list, dict)):
            return 1
        known = sizes.get(id(value))
        if known is not None:
            return known
        sizes[id(value)], chars[id(value)] = 1, 0  # a mapping that contains itself counts once
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        total = 1 + sum(size(item) for item in items)
        if total > MAX_VALUES:
            raise Malformed(ValueError(f"its aliases make it more than {MAX_VALUES:,} values"))
        written = sum(len(item) if isinstance(item, str) else chars.get(id(item), 0) for item in items)
        if written > cap:
            raise Malformed(ValueError(f"its aliases make its strings more than {cap:,} characters"))
        sizes[id(value)], chars[id(value)] = total, written
        return total

    size(data)
    if isinstance(data, str) and len(data) > cap:
        raise Malformed(ValueError(f"its aliases make its strings more than {cap:,} characters"))


def _keep(entry: Path, data: Any, where: list[int] | None) -> None:
    """Write the entry when JSON gives back exactly this data; a cache that cannot be written is only slower."""
    try:
        text = json.dumps({"data": data, "lines": where}, allow_nan=False)
        if json.loads(text)["data"] != data:
            return
    except (TypeError, ValueError, RecursionError):
        return
    cache.keep(entry, text)


def line_of(text: str, path: tuple[str | int, ...]) -> int | None:
    """The 1-based line of the node at `path` (mapping keys and list indexes; a key's own line for the
    last step of a mapping), or None when the text has no such node."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = node.start_mark.line + 1 if node is not None else None
    for step in path:
        if isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if k.value == step), None)
            if found is None:
                return line
            line, node = found[0].start_mark.line + 1, found[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
            line = node.start_mark.line + 1
        else:
            return line
    return line


_LOADERS: dict[bool, Any] = {}


def _strict_loader(libyaml: bool) -> Any:
    """A SafeLoader (libyaml's when asked and present) that refuses a key given twice in one mapping."""
    if libyaml not in _LOADERS:
        import yaml

        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader) if libyaml else yaml.SafeLoader

        class Strict(base):  # type: ignore[misc, valid-type]
            def construct_mapping(self, node: Any, deep: bool = False) -> Any:
                if isinstance(node, yaml.MappingNode):
                    seen: dict[Any, Any] = {}
                    for key_node, _ in node.value:  # before merges (<<) are flattened: a key may override one
                        if key_node.tag == "tag:yaml.org,2002:merge":
                            continue
                        key = self.construct_object(key_node, deep=True)
                        try:
                            first = seen.setdefault(key, key_node)
                        except TypeError:  # an unhashable key: SafeConstructor says so below
                            continue
                        if first is not key_node:
                            raise yaml.constructor.ConstructorError(
                                "while constructing a mapping", node.start_mark,
                                f"duplicate key {key!r:.60} (first given on line {first.start_mark.line + 1})",
                                key_node.start_mark)
                return super().construct_mapping(node, deep=deep)

        _LOADERS[libyaml] = Strict
    return _LOADERS[libyaml]
