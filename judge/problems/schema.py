"""The shape of problem.yaml and of a case: which keys exist, and the type of each value.

A typo (`limts:`) used to be ignored, the default taking its place without a word; here every key
must be known, and every value of the right YAML type, before the loaders read what it means (a
positive time, a known neutral type: problem.py and values.py check those). The walk is a few
lines over a table rather than jsonschema (a test dependency): importing jsonschema costs about
50 ms, five times PyYAML, on every command, for messages we would reword anyway ("did you mean").

`check` raises Mismatch with the path of the offending key; the loaders turn it into
`file:line: ...` with the line from parsed.line_of.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.problems import parsed

Path = tuple[str | int, ...]


class Mismatch(ValueError):
    """Data not of the schema's shape: `path` to the key or item, `message` what is wrong there."""

    def __init__(self, path: Path, message: str, named: Path | None = None):
        super().__init__(message)
        self.path, self.message = path, message
        self.named = path if named is None else named  # an unknown key is named by its mapping's path

    def located(self, file: object, text: str, base: Path = (), label: str = "") -> str:
        """`file:line: limits.time: expected a number, got ...`, the line from the text (data at `base`);
        `label` follows the line (" (case NAME)")."""
        line = parsed.line_of(text, (*base, *self.path))
        dotted = ""
        for step in self.named:
            dotted += f"[{step}]" if isinstance(step, int) else (f".{step}" if dotted else str(step))
        return f"{file}{f':{line}' if line else ''}{label}: {f'{dotted}: ' if dotted else ''}{self.message}"


@dataclass(frozen=True)
class Kind:
    """A scalar of one of `types`, named `label` in messages ("a number")."""

    label: str
    types: tuple[type, ...]


@dataclass(frozen=True)
class Fields:
    """A mapping with these keys only, each of its spec; `required` must be present."""

    fields: Mapping[str, Spec]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapOf:
    """A mapping of string keys (any) to values of one spec."""

    values: Spec


@dataclass(frozen=True)
class ListOf:
    """A list of items of one spec."""

    items: Spec


@dataclass(frozen=True)
class Choice:
    """One of a few strings."""

    words: tuple[str, ...]


@dataclass(frozen=True)
class Either:
    """Any one of `options` (tried in order; the message names them all)."""

    options: tuple[Spec, ...] = field(default=())


Spec = Kind | Fields | MapOf | ListOf | Choice | Either

TEXT = Kind("a string", (str,))
# An id or a title may be written bare and read by YAML as a number (`id: 2048`): it is used as text.
NAME = Kind("a string", (str, int, float))
NUMBER = Kind("a number", (int, float))
FLAG = Kind("true or false", (bool,))
NULL = Kind("null", (type(None),))
WHEN = Kind("a date and time", (str, datetime.date))
ANY = Either(())  # no option to fail: anything goes
SCALAR = Kind("a number or a string", (int, float, str))

PROBLEM = Fields({
    "id": NAME, "title": NAME, "source": NAME, "submissions": TEXT,
    "limits": Fields({"time": NUMBER, "wall_time": NUMBER, "memory": NUMBER, "output": NUMBER}),
    "signature": Fields({
        "class": Either((TEXT, NULL)), "function": TEXT, "returns": TEXT, "inplace": Either((TEXT, NULL)),
        "params": ListOf(Fields({"name": TEXT, "type": TEXT}, required=("name", "type"))),
    }, required=("function", "params")),
    "parts": Fields({k: TEXT for k in ("statement", "reference", "validator", "checker", "generator", "cases")}),
    # A name, or {name: ..., options}: checkers.build knows each checker's options.
    "checker": Either((TEXT, MapOf(Either((TEXT, NUMBER, FLAG))))),
    "scoring": Fields({"groups": MapOf(NUMBER)}, required=("groups",)),
    # Read by the deadline and late-policy code (README: deadlines); only the shape is checked here.
    "late": Fields({"deadline": WHEN, "penalty": SCALAR, "cap": SCALAR, "grace": SCALAR}),
    # Per case group: what student-facing exports show of its cases (README: visibility).
    "visibility": MapOf(Choice(("full", "verdict", "hidden"))),
}, required=("signature",))


def case(params: list[str]) -> Fields:
    """A case's keys: name, description, one per parameter, expected (inputs' values: values.py)."""
    return Fields({"name": TEXT, "description": Either((TEXT, NULL)), **{p: ANY for p in params},
                   "expected": ANY}, required=("name", *params, "expected"))


def check(data: Any, spec: Spec, path: Path = ()) -> None:
    """Mismatch for the first key or value of `data` not of `spec`'s shape."""
    if isinstance(spec, Either):
        if not spec.options:  # ANY
            return
        for option in spec.options:
            try:
                check(data, option, path)
                return
            except Mismatch as mismatch:
                if mismatch.path != path:  # the right type with a wrong part: that part is the news
                    raise
        raise Mismatch(path, f"expected {' or '.join(describe(o) for o in spec.options)}, got {_shown(data)}")
    if isinstance(spec, Kind):
        if isinstance(data, spec.types) and not (isinstance(data, bool) and bool not in spec.types):
            return
        hint = ""
        if float in spec.types and isinstance(data, str) and _YAML_11_FLOAT.fullmatch(data.strip()):
            # YAML 1.1 (PyYAML) reads 1e9 as text: a float needs a dot there (round 29)
            hint = f" (YAML reads {data.strip()} as text: write {_with_dot(data.strip())})"
        raise Mismatch(path, f"expected {spec.label}, got {_shown(data)}{hint}")
    if isinstance(spec, Choice):
        if data in spec.words:
            return
        raise Mismatch(path, f"expected one of {', '.join(spec.words)}, got {_shown(data)}")
    if isinstance(spec, ListOf):
        if not isinstance(data, list):
            raise Mismatch(path, f"expected a list, got {_shown(data)}")
        for i, item in enumerate(data):
            check(item, spec.items, (*path, i))
        return
    if not isinstance(data, dict):
        raise Mismatch(path, f"expected a mapping, got {_shown(data)}")
    if isinstance(spec, MapOf):
        for key, value in data.items():
            if not isinstance(key, str):
                raise Mismatch(path, f"expected string keys, got {_shown(key)}")
            check(value, spec.values, (*path, key))
        return
    for key, value in data.items():
        if key not in spec.fields:
            raise Mismatch((*path, str(key)), f"unknown key {str(key)!r:.60}{_suggest(str(key), spec.fields)}", path)
        check(value, spec.fields[key], (*path, key))
    missing = [k for k in spec.required if k not in data]
    if missing:
        raise Mismatch(path, f"missing {', '.join(missing)}")


#: A number in exponent form without a dot, which YAML 1.1 does not read as a float (`1e9`, `-2E-3`).
_YAML_11_FLOAT = re.compile(r"[-+]?[0-9]+[eE][-+]?[0-9]+")


def _with_dot(text: str) -> str:
    """`1e9` as YAML 1.1 reads it as a float: `1.0e9`."""
    mantissa, _, exponent = text.partition("e") if "e" in text else text.partition("E")
    return f"{mantissa}.0e{exponent}"


def describe(spec: Spec) -> str:
    """What a spec accepts, for messages: "a string", "a mapping", "a list"."""
    if isinstance(spec, Kind):
        return spec.label
    if isinstance(spec, Choice):
        return "one of " + ", ".join(spec.words)
    if isinstance(spec, ListOf):
        return "a list"
    if isinstance(spec, Either):
        return " or ".join(describe(o) for o in spec.options) or "anything"
    return "a mapping"


def _suggest(key: str, known: Mapping[str, Any]) -> str:
    import difflib  # only for an unknown key: off every command's start (0.6 ms)

    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(known)})"


def _shown(value: Any) -> str:
    kind = {dict: "a mapping", list: "a list", type(None): "null", bool: "a boolean", str: "a string",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)
    return kind if isinstance(value, (dict, list)) or value is None else f"{kind} {value!r:.40}"
