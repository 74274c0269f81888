"""Language-neutral types of a problem's signature (`char[][]`, `int[]`, ...) and their values.

Values travel as JSON-ready Python values: `int`/`long` as int, `double` as float, `bool` as bool,
`char` and `string` as str, arrays as lists. In YAML a `char[]` may be written as one string and a
`char[][]` as a list of row strings, so that boards stay readable.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from itertools import chain
from typing import Any

from judge.digest import sha256

SCALARS = ("int", "long", "double", "bool", "char", "string")
_TYPE = re.compile(r"^(int|long|double|bool|char|string)((?:\[\])*)$")


def parse_type(text: Any) -> tuple[str, int]:
    """Split a neutral type into (scalar, array depth); ValueError if it is not one."""
    match = _TYPE.match(str(text).replace(" ", ""))
    if not match:
        raise ValueError(f"unknown type {text!r} (known: {', '.join(SCALARS)}, each with one [] per array level, "
                         f"as in int[] or char[][])")
    return match.group(1), len(match.group(2)) // 2


def from_yaml(value: Any, type_: str, where: str = "value") -> Any:
    """Turn a value as written in YAML into the neutral value; ValueError naming `where`."""
    scalar, depth = parse_type(type_)
    return _convert(value, scalar, depth, where)


def _convert(value: Any, scalar: str, depth: int, where: str) -> Any:
    if scalar == "char" and depth == 2 and type(value) is list and all(type(row) is str for row in value):
        # A board written as row strings, as case files write them: each row's place is named only when
        # one is wrong, which none of these can be (50 x 50 boards: 7.4 to 5.7 ms for the peers' 50 cases).
        return [list(row) for row in value]
    if depth == 0:
        return _scalar(value, scalar, where)
    if scalar == "char" and depth == 1 and isinstance(value, str):
        return list(value)
    if scalar == "char" and depth == 1 and isinstance(value, (int, float)) and not isinstance(value, bool):
        return list(str(value))  # an unquoted row of digits such as 111 read by YAML as a number
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list, got {type(value).__name__} {value!r:.40}")
    return [_convert(item, scalar, depth - 1, f"{where}[{i}]") for i, item in enumerate(value)]


def _scalar(value: Any, scalar: str, where: str) -> Any:
    if scalar in ("int", "long"):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{where}: expected an integer, got {value!r:.40}")
        return value
    if scalar == "double":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{where}: expected a number, got {value!r:.40}")
        try:
            return float(value)
        except OverflowError:  # an integer past a double's range (a case file's 10**400)
            raise ValueError(f"{where}: {str(value)[:40]}... is too large for a double") from None
    if scalar == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"{where}: expected true or false, got {value!r:.40}")
        return value
    if scalar == "char":
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or len(value) != 1:
            raise ValueError(f"{where}: expected one character, got {value!r:.40}")
        return value
    if not isinstance(value, str):
        raise ValueError(f"{where}: expected a string, got {value!r:.40}")
    return value


#: The largest integer a double holds (beyond it float() raises OverflowError).
_LARGEST = int(sys.float_info.max)
#: The JSON-decoded Python types each scalar takes, exactly (bool is not an int here).
_EXACT: dict[str, set[type]] = {"int": {int}, "long": {int}, "double": {int, float}, "bool": {bool},
                                "char": {str}, "string": {str}}


def mismatch(value: Any, type_: str, where: str = "answer") -> str:
    """Why a decoded value is not of a neutral type ("" when it is): strict, no conversions."""
    scalar, depth = parse_type(type_)
    if _conforms(value, scalar, depth):
        return ""
    return _mismatch(value, scalar, depth, where) or f"{where} is not {article(type_)} {type_}"


def article(type_: str) -> str:
    """'an' before a type that starts with a vowel sound (int[], int), else 'a'."""
    return "an" if type_[:1] in "aeiou" else "a"


def _conforms(value: Any, scalar: str, depth: int) -> bool:
    """The usual answer's quick yes, level by level at C speed (a 50x50 board in some 50 us)."""
    level = [value]
    for _ in range(depth):
        if not set(map(type, level)) <= {list}:
            return False
        level = list(chain.from_iterable(level))
    if scalar in ("char", "string"):
        try:
            joined = "".join(level)  # TypeError unless every item is a string
        except TypeError:
            return False
        # Strings whose lengths add up to their count, none empty: each is one character.
        return scalar == "string" or (len(joined) == len(level) and "" not in level)
    if not set(map(type, level)) <= _EXACT[scalar]:
        return False
    try:
        return scalar != "double" or all(map(math.isfinite, level))
    except OverflowError:  # a Python int past a double's range: no double (JE, blamed on the judge, before)
        return False


def _mismatch(value: Any, scalar: str, depth: int, where: str) -> str:
    if depth == 0:
        return _scalar_mismatch(value, scalar, where)
    if type(value) is not list:
        return f"{where} is {_what(value)}, not a list"
    for i, item in enumerate(value):
        wrong = _mismatch(item, scalar, depth - 1, f"{where}[{i}]")
        if wrong:
            return wrong
    return ""


def _scalar_mismatch(value: Any, scalar: str, where: str) -> str:
    if type(value) not in _EXACT[scalar]:
        return f"{where} is {_what(value)}, not {'a ' + scalar if scalar != 'int' else 'an int'}"
    if scalar == "char" and len(value) != 1:
        return f"{where} is the string {_short(value, 20)}, not one character"
    if scalar == "double" and type(value) is int and not -_LARGEST <= value <= _LARGEST:
        return f"{where} is the integer {_short(value, 20)}, too large for a double"
    if scalar == "double" and not math.isfinite(value):
        return f"{where} is {value}, not a finite number"
    return ""


def _what(value: Any) -> str:
    """A JSON value in a few words: its kind and a short look at it."""
    kinds = {bool: "the boolean", int: "the integer", float: "the number", str: "the string", list: "a list",
             dict: "an object", type(None): "null"}
    kind = kinds.get(type(value), type(value).__name__)
    if value is None or isinstance(value, (list, dict)):
        return kind
    if isinstance(value, bool):
        return f"{kind} {'true' if value else 'false'}"
    return f"{kind} {_short(value, 20)}"


#: Every integer up to this size is a double; past it, a language whose numbers are doubles
#: (JavaScript) holds the nearest double instead.
DOUBLE_EXACT = 2 ** 53


def as_doubles(value: Any, type_: str) -> Any:
    """A value as a language whose numbers are doubles holds it: each integer past 2^53 of an `int` or
    `long` type becomes the nearest double's integer (9007199254740993 -> 9007199254740992)."""
    scalar, depth = parse_type(type_)
    if scalar not in ("int", "long"):
        return value
    return _round_integers(value, depth)


def _round_integers(value: Any, depth: int) -> Any:
    if depth and isinstance(value, list):
        return [_round_integers(item, depth - 1) for item in value]
    if type(value) is int and not -DOUBLE_EXACT <= value <= DOUBLE_EXACT:
        try:
            return int(float(value))
        except OverflowError:  # beyond any double: no double holds it, nothing to round to
            return value
    return value


def to_yaml(value: Any, type_: str) -> Any:
    """The readable YAML form of a neutral value: char arrays become strings of rows."""
    scalar, depth = parse_type(type_)
    if scalar == "char" and depth == 1 and _all_chars(value):
        return "".join(value)
    if scalar == "char" and depth == 2 and isinstance(value, list) and all(_all_chars(r) for r in value):
        return ["".join(row) for row in value]
    return value


def _all_chars(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) and len(c) == 1 for c in value)


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def json_scalar(value: Any, string: Callable[[str], str]) -> str:
    """A scalar as JSON writes it (`null`, `true`, `12`, `2.5`), a string as `string` quotes it;
    `<type>` for anything else. An integer too long to print is named by its size."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        try:
            return str(value)
        except ValueError:  # more digits than Python converts; its size is what matters
            return f"<an integer of {value.bit_length()} bits>"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return string(value)
    return f"<{type(value).__name__}>"


def fingerprint(value: Any) -> str:
    """A short stable hash of a JSON-ready value: two answers agree when their fingerprints do."""
    return digest(canonical(value))


def canonical(value: Any) -> bytes:
    """A JSON-ready value as the one text its fingerprint is taken of (compact, keys sorted)."""
    plain = plain_json(value, ",")
    return (plain if plain is not None else _CANONICAL.encode(value)).encode()


def plain_json(value: Any, comma: str = ", ") -> str | None:
    """json.dumps' text, items parted by `comma`, of a non-empty list, or list of non-empty lists, of
    strings that JSON writes as they are (printable ASCII but `"` and `\\`): a board. Byte for byte
    the encoder's, in two thirds of its time (it makes an object per cell, this one per row; the judge
    writes each case's board and expected board while the box starts). None for anything else."""
    # The Python harness writes its answers with the same rules (python_server._plain_answer): a copy of
    # its own, since the box runs the harness alone, importing nothing of the judge.
    if type(value) is not list or not value:
        return None
    try:
        if set(map(type, value)) == {list}:
            if 0 in map(len, value):
                return None
            cells = sum(map(len, value))
            body = f'"]{comma}["'.join([f'"{comma}"'.join(row) for row in value])
            head, tail = '[["', '"]]'
        else:
            cells = len(value)
            body = f'"{comma}"'.join(value)
            head, tail = '["', '"]'
    except TypeError:  # not all strings
        return None
    # The separators hold two quotes per pair of cells: any more are a cell's own, which JSON escapes.
    if not (body.isascii() and body.isprintable()) or "\\" in body or body.count('"') != 2 * (cells - 1):
        return None
    return head + body + tail


def digest(text: bytes) -> str:
    """The fingerprint of a value from its canonical text."""
    return sha256(text).hexdigest()[:16]


#: json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False), made once.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def equal_means_same(type_: str) -> bool:
    """Whether two values of this type that compare equal are the same JSON, hence have the same
    fingerprint: text and arrays of it. Numbers are not (1 == 1.0 == True)."""
    try:
        return parse_type(type_)[0] in ("char", "string")
    except ValueError:
        return False


def from_text(text: str, type_: str, where: str = "value") -> Any:
    """A value typed on the command line: rows split by '/', array items by ',', or JSON; ValueError.
    A `string` is the text itself, spaces and brackets kept (`[abc` is a string, not broken JSON), or a
    JSON string when it is one (`"json"` is `json`, as "any value also as JSON" promises)."""
    if parse_type(type_) == ("string", 0):
        if text.startswith('"'):
            try:
                decoded = json.loads(text)
            except json.JSONDecodeError:
                decoded = None
            if isinstance(decoded, str):
                text = decoded
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate, or a byte the shell's locale could not decode
            raise ValueError(f"{where}: not UTF-8 text ({exc.reason} at character {exc.start})") from None
        return from_yaml(text, type_, where)
    text = text.strip()
    if text.startswith("[") or text.startswith("{"):
        try:
            return from_yaml(json.loads(text), type_, where)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{where}: not valid JSON: {exc.msg}") from None
    scalar, depth = parse_type(type_)
    return from_yaml(_split(text, scalar, depth), type_, where)


def _split(text: str, scalar: str, depth: int) -> Any:
    if depth == 0:
        return _scalar_text(text, scalar)
    if depth == 1 and scalar == "char":
        return list(text)
    if depth == 1:
        return [_scalar_text(part.strip(), scalar) for part in text.split(",")] if text else []
    # '' is no rows (an empty list of pairs, as prerequisites often is), not one empty row.
    return [_split(part, scalar, depth - 1) for part in text.split("/")] if text else []


def _scalar_text(text: str, scalar: str) -> Any:
    if scalar in ("int", "long"):
        # ASCII digits only: int() also takes "３" (full-width) and "1_0" (10), which nobody means as a number
        return int(text) if re.fullmatch(r"[+-]?[0-9]+", text) else text  # from_yaml names what was expected
    if scalar == "double":
        try:
            return float(text) if text.isascii() and "_" not in text else text  # as for int, above
        except ValueError:
            return text
    if scalar == "bool":
        return {"true": True, "false": False}.get(text.lower(), text)
    return text


#: What one value of a scalar type is, as a person types it.
_SCALAR_HINT = {"int": "an integer", "long": "an integer (64-bit)", "double": "a number", "bool": "true or false",
                "char": "one character", "string": "a string"}
_PLURAL_HINT = {"int": "integers", "long": "integers", "double": "numbers", "bool": "true/false values",
                "char": "characters", "string": "strings"}


#: An example of each one-dimensional array as typed (a string[] shows how to type an empty string).
_EXAMPLES = {"int": " (e.g. -3,4,1)", "long": " (e.g. -3,4,1)", "double": " (e.g. 1.5,-2)",
             "bool": " (e.g. true,false)",
             "string": " (e.g. eat,,tea for 'eat', '', 'tea'; or JSON, for a string with a comma)"}


def text_hint(type_: str) -> str:
    """How to type a value of this type on the command line: `int[]` -> "integers separated by ',' (e.g. -3,4,1)"."""
    scalar, depth = parse_type(type_)
    if depth == 0:
        return _SCALAR_HINT[scalar]
    if depth == 1 and scalar == "char":
        return "a string of characters"
    if depth == 1:
        return f"{_PLURAL_HINT[scalar]} separated by ','{_EXAMPLES.get(scalar, '')}"
    if depth == 2 and scalar == "char":
        return "rows of characters separated by '/' (e.g. abc/def; or JSON)"
    if depth == 2:
        return f"rows separated by '/' of {_PLURAL_HINT[scalar]} separated by ',' (e.g. 1,2/3,4; '' for none; or JSON)"
    return "JSON"
