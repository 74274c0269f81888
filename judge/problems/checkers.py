"""Standard checkers that problem.yaml can name (`checker: unordered`) instead of shipping checker.py.

Each one compares the judge's neutral values (values.py) of the answer's type and has the interface
of a package's checker.py: `compare(expected, got, args) -> (ok, explanations)`. `expected` is the
case's (trusted) answer; `got` is whatever a submission returned, decoded from JSON, so it may be
anything: the checkers never raise on it, and say where it first differs in a few bounded lines.
Their values are shown as `repr` shows strings, so control characters in an answer stay escaped.

A checker may declare itself `exact` (a checker.py: `exact = True`): it accepts exactly the answers
equal to the expected one, so `judge compare` may take two answers for the same when their hashes
are (grading/compare.py); otherwise it asks the checker.
"""

from __future__ import annotations

import copy
import marshal
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from judge.problems import values

#: Explanation lines for one wrong answer (the rest are counted in a last line).
MAX_LINES = 8
#: Characters of one value shown in an explanation.
MAX_VALUE = 60
#: How many values a `missing`/`unexpected` line of `unordered` lists.
MAX_LISTED = 5
#: The tolerances of `checker: float` when it names none (DMOJ's default precision of 6 digits).
DEFAULT_TOLERANCE = 1e-6


class Checker(Protocol):
    """What grading calls: a package's checker.py module or a standard checker."""

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """(whether got is right, explanations when it is not)."""


class PackageChecker:
    """A package's checker.py, called on copies of what it is given. Its compare() may change them (a
    multiset check that removes each index it finds from `expected`): the next submission was then judged
    against what it left, and two identical files got AC and WA (red-team round 31). Its module's other
    names (`exact`) are read through it."""

    def __init__(self, module: Any):
        self.module = module

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """checker.py's compare() on fresh copies of the three."""
        result: tuple[bool, list[str]] = self.module.compare(fresh(expected), fresh(got), fresh(args))
        return result


def fresh(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, strings, numbers), as marshal makes it: ten times faster than
    copy.deepcopy (a 50x50 board: 38 against 460 us); deepcopy for anything marshal does not take."""
    try:
        return marshal.loads(marshal.dumps(value))
    except (ValueError, TypeError):
        return copy.deepcopy(value)


def accepts_only_equal(checker: object) -> bool:
    """Whether a checker says an answer is right exactly when it equals the expected one (a standard
    `exact` checker but on doubles, a checker.py with `exact = True`): one equal to it needs no call."""
    return getattr(checker, "exact", False) is True


# ---------------------------------------------------------------------------------------- showing

_KIND = {"int": "an integer", "long": "an integer", "double": "a number", "bool": "a boolean",
         "char": "a character", "string": "a string"}


def show(value: Any, limit: int = MAX_VALUE) -> str:
    """A value as people read it (JSON-like; strings quoted and escaped by repr), cut at `limit` characters."""
    out: list[str] = []
    _emit(value, out, [limit + 1], 0)
    text = "".join(out)
    return text if len(text) <= limit else text[:max(limit - 3, 0)] + "..."


def _emit(value: Any, out: list[str], budget: list[int], depth: int) -> None:
    """Append pieces of `value` until the budget of characters is spent (a huge answer costs little)."""
    if budget[0] <= 0:
        return
    if isinstance(value, (list, dict)):
        if depth >= 16:
            piece = "[...]" if isinstance(value, list) else "{...}"
            out.append(piece)
            budget[0] -= len(piece)
            return
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        out.append("{" if isinstance(value, dict) else "[")
        budget[0] -= 1
        for i, (key, item) in enumerate(items):
            if budget[0] <= 0:
                return
            if i:
                out.append(", ")
                budget[0] -= 2
            if isinstance(value, dict):
                _emit(key, out, budget, depth + 1)
                out.append(": ")
                budget[0] -= 2
            _emit(item, out, budget, depth + 1)
        out.append("}" if isinstance(value, dict) else "]")
        budget[0] -= 1
        return
    piece = _scalar_text(value, budget[0])
    out.append(piece)
    budget[0] -= len(piece)


def _scalar_text(value: Any, limit: int) -> str:
    # a string cut first: repr of a megabyte string costs a megabyte
    return values.json_scalar(value, lambda text: repr(text[:limit + 1]))


def describe(value: Any) -> str:
    """'an integer 5', "a string '5'", 'null': what a value is, then the value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        kind = "a boolean"
    elif isinstance(value, int):
        kind = "an integer"
    elif isinstance(value, float):
        kind = "a number"
    elif isinstance(value, str):
        kind = "a string"
    elif isinstance(value, list):
        kind = "a list"
    elif isinstance(value, dict):
        kind = "an object"
    else:
        kind = type(value).__name__
    return f"{kind} {show(value)}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _where(path: tuple[int, ...]) -> str:
    """'' at the top, 'element 3: ' in a list, 'element [2][1]: ' deeper."""
    if not path:
        return ""
    if len(path) == 1:
        return f"element {path[0]}: "
    return "element " + "".join(f"[{i}]" for i in path) + ": "


class _Found:
    """The differences found so far: the first MAX_LINES kept, all of them counted."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.count = 0

    def add(self, path: tuple[int, ...], why: str) -> None:
        self.count += 1
        if len(self.lines) < MAX_LINES:
            self.lines.append((_where(path) + why)[:300])

    def explanations(self) -> list[str]:
        more = self.count - len(self.lines)
        return self.lines + ([f"... and {_plural(more, 'more difference')}"] if more > 0 else [])


# ---------------------------------------------------------------------------------------- leaves

#: The Python types a leaf of each scalar type may have once decoded from JSON. A double may come
#: as an int (JavaScript and Go write 3.0 as 3); bool is never a number here, although Python says
#: True == 1.
_LEAF_TYPES = {"int": (int,), "long": (int,), "double": (int, float), "bool": (bool,),
               "char": (str,), "string": (str,)}


def _is_leaf(value: Any, scalar: str) -> bool:
    """Whether a value has the Python type of a leaf of this scalar type."""
    if isinstance(value, bool):
        return scalar == "bool"
    return isinstance(value, _LEAF_TYPES[scalar])


def _as_float(value: Any) -> float | None:
    """A number as a double, or None when it is not one (or too large to be one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        return float(value)
    except OverflowError:
        return None


def _wrong_type(expected: Any, got: Any, scalar: str) -> str:
    hint = ""
    if scalar == "double" and got is None:
        hint = " (how some languages send NaN or infinity)"
    elif scalar == "double" and isinstance(got, int) and not isinstance(got, bool):
        hint = " (too large for a double)"
    return f"expected {_KIND[scalar]} {show(expected)}, got {describe(got)}{hint}"


def _exact_leaf(scalar: str) -> Callable[[Any, Any], str | None]:
    """Equality of one leaf, types included; NaN equals NaN (it is the answer), -0.0 equals 0.0."""
    def leaf(expected: Any, got: Any) -> str | None:
        if not _is_leaf(got, scalar):
            return _wrong_type(expected, got, scalar)
        if scalar == "double":
            e, g = _as_float(expected), _as_float(got)
            if e is not None and g is not None and (e == g or (math.isnan(e) and math.isnan(g))):
                return None
        elif got == expected:
            return None
        return f"expected {show(expected)}, got {show(got)}"
    return leaf


def _matches_exactly(expected: Any, got: Any, scalar: str, depth: int) -> bool:
    """The fast path: Python's == on the whole value, then the leaves' types (True == 1 in Python)."""
    if got != expected:
        return False
    leaves = [got]
    for _ in range(depth):
        if not all(isinstance(row, list) for row in leaves):
            return False  # not of the type's shape: the walk says where
        leaves = [item for row in leaves for item in row]
    if scalar == "double":
        return not any(isinstance(x, bool) for x in leaves)
    if scalar == "bool":
        return all(isinstance(x, bool) for x in leaves)
    if scalar in ("int", "long"):
        return all(type(x) is int for x in leaves)
    return True  # a string equals only a string


def _walk(expected: Any, got: Any, depth: int, leaf: Callable[[Any, Any], str | None],
          path: tuple[int, ...], found: _Found) -> None:
    """Record where got differs from expected, a value of the answer's type `depth` arrays deep.

    Recursion goes only as deep as the type, however deep a hostile answer is nested."""
    if depth == 0 or not isinstance(expected, list):
        why = leaf(expected, got)
        if why:
            found.add(path, why)
        return
    if not isinstance(got, list):
        found.add(path, f"expected a list of {_plural(len(expected), 'element')}, got {describe(got)}")
        return
    if len(got) != len(expected):
        found.add(path, f"expected {_plural(len(expected), 'element')}, got {len(got)}")
    for i, (e, g) in enumerate(zip(expected, got, strict=False)):  # a length apart is explained above
        _walk(e, g, depth - 1, leaf, path + (i,), found)


# ---------------------------------------------------------------------------------------- checkers

def _leaf_by_leaf(answer_type: str, expected: Any, got: Any,
                  leaf: Callable[[Any, Any], str | None]) -> tuple[bool, list[str]]:
    """A checker that compares scalar by scalar: equal answers at once, else every leaf `leaf` objects to."""
    scalar, depth = values.parse_type(answer_type)
    if _matches_exactly(expected, got, scalar, depth):
        return True, []
    found = _Found()
    _walk(expected, got, depth, leaf, (), found)
    return (True, []) if not found.count else (False, found.explanations())


@dataclass(frozen=True)
class Exact:
    """Deep equality, types included: an integer answer is not 1.0 and a boolean is not 1."""

    answer_type: str
    name: ClassVar[str] = "exact"
    options: ClassVar[tuple[str, ...]] = ()

    @property
    def exact(self) -> bool:
        """Whether it accepts only identical answers: not with doubles (3 for 3.0, -0.0 for 0.0)."""
        return values.parse_type(self.answer_type)[0] != "double"

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """(ok, where got first differs from expected)."""
        return _leaf_by_leaf(self.answer_type, expected, got, _exact_leaf(values.parse_type(self.answer_type)[0]))


@dataclass(frozen=True)
class Unordered:
    """An array compared as a multiset at the top level; `nested` compares inner arrays as multisets too."""

    answer_type: str
    nested: bool = False
    name: ClassVar[str] = "unordered"
    exact: ClassVar[bool] = False
    options: ClassVar[tuple[str, ...]] = ("nested",)

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """(ok, the element counts and which elements are missing or unexpected)."""
        scalar, depth = values.parse_type(self.answer_type)
        if not isinstance(expected, list):  # not the case's answer of this type: only equality vouches
            return Exact(self.answer_type).compare(expected, got, args)
        if _matches_exactly(expected, got, scalar, depth):
            return True, []
        if not isinstance(got, list):
            return False, [f"expected a list of {_plural(len(expected), 'element')}, got {describe(got)}"]
        want_keys = [_key(item, scalar, depth - 1, self.nested) for item in expected]
        have_keys = [_key(item, scalar, depth - 1, self.nested) for item in got]
        want_count, have_count = Counter(want_keys), Counter(have_keys)
        if want_count == have_count:
            return True, []
        lines = []
        if len(got) != len(expected):
            lines.append(f"expected {_plural(len(expected), 'element')}, got {len(got)}")
        missing = want_count - have_count
        unexpected = have_count - want_count
        # Shown: the first occurrence of each value (zipped backwards, the first one is written last).
        if missing:
            lines.append(_listing("missing", missing, dict(zip(reversed(want_keys), reversed(expected), strict=True))))
        if unexpected:
            lines.append(_listing("unexpected", unexpected, dict(zip(reversed(have_keys), reversed(got), strict=True))))
        return False, lines


def _listing(label: str, counts: Counter[str], shown: dict[str, Any]) -> str:
    """'missing 3 elements: [1, 2], [3, 4] (2 times)', the first MAX_LISTED distinct ones."""
    parts = [show(shown[key]) + (f" ({n} times)" if n > 1 else "") for key, n in list(counts.items())[:MAX_LISTED]]
    rest = len(counts) - MAX_LISTED
    text = f"{label} {_plural(sum(counts.values()), 'element')}: " + ", ".join(parts)
    if rest > 0:
        text += f" and {rest} other distinct value{'s' if rest != 1 else ''}"
    return text[:400]


def _key(value: Any, scalar: str, depth: int, nested: bool) -> str:
    """A string equal for two values exactly when the checker counts them as the same element.

    Valid leaves get keys starting i, d, t, f or a quote, arrays '['; anything else (a wrong type,
    a hostile object) gets '!', so it never matches an expected element."""
    if depth == 0:
        if not _is_leaf(value, scalar):
            return "!" + show(value)
        if scalar == "double":
            number = _as_float(value)
            return "!" + show(value) if number is None else "d" + repr(number + 0.0)  # -0.0 + 0.0 is 0.0
        if scalar in ("int", "long"):
            return f"i{value:x}"  # hex: no limit on digits, unlike str()
        if scalar == "bool":
            return "t" if value else "f"
        return repr(value)
    if not isinstance(value, list):
        return "!" + show(value)
    keys = [_key(item, scalar, depth - 1, nested) for item in value]
    if nested:
        keys.sort()
    return "[" + ",".join(keys) + "]"


@dataclass(frozen=True)
class Float:
    """Every double within `absolute` or within `relative` x |expected|; NaN matches only NaN, inf only itself."""

    answer_type: str
    absolute: float = 0.0
    relative: float = 0.0
    name: ClassVar[str] = "float"
    exact: ClassVar[bool] = False
    options: ClassVar[tuple[str, ...]] = ("absolute", "relative")

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """(ok, where a number is off and by how much)."""
        return _leaf_by_leaf(self.answer_type, expected, got, self._leaf)

    def _leaf(self, expected: Any, got: Any) -> str | None:
        e, g = _as_float(expected), _as_float(got)
        if g is None:
            return _wrong_type(expected, got, "double")
        if e is None:  # the case's own answer is not a number: only equality can vouch for got
            return None if got == expected else f"expected {show(expected)}, got {show(got)}"
        if math.isnan(e) or math.isnan(g):
            return None if math.isnan(e) and math.isnan(g) else f"expected {show(expected)}, got {show(got)}"
        if math.isinf(e) or math.isinf(g):
            return None if e == g else f"expected {show(expected)}, got {show(got)}"
        off = abs(g - e)
        if off <= self.absolute or off <= self.relative * abs(e):
            return None
        return f"expected {show(expected)}, got {show(got)} (off by {off:.3g}; allowed {self.allowed})"

    @property
    def allowed(self) -> str:
        """'1e-06 absolute or 1e-06 relative': the tolerance in words."""
        parts = [f"{self.absolute:g} absolute" if self.absolute else "",
                 f"{self.relative:g} relative" if self.relative else ""]
        return " or ".join(p for p in parts if p) or "no error"


@dataclass(frozen=True)
class Tokens:
    """Strings compared token by token: any run of whitespace equals any other; optionally ignoring case."""

    answer_type: str
    case_sensitive: bool = True
    name: ClassVar[str] = "tokens"
    exact: ClassVar[bool] = False
    options: ClassVar[tuple[str, ...]] = ("case_sensitive",)

    def compare(self, expected: Any, got: Any, args: Any = None) -> tuple[bool, list[str]]:
        """(ok, the first differing token of each wrong string)."""
        return _leaf_by_leaf(self.answer_type, expected, got, self._leaf)

    def _leaf(self, expected: Any, got: Any) -> str | None:
        if not isinstance(got, str) or not isinstance(expected, str):
            return _wrong_type(expected, got, "string")
        want, have = expected.split(), got.split()
        same: Callable[[str, str], bool] = ((lambda a, b: a == b) if self.case_sensitive
                                            else (lambda a, b: a.casefold() == b.casefold()))
        for i, (e, g) in enumerate(zip(want, have, strict=False)):  # the counts are compared below
            if not same(e, g):
                return f"token {i}: expected {show(e)}, got {show(g)}"
        if len(want) == len(have):
            return None
        extra = (f"first missing: {show(want[len(have)])}" if len(want) > len(have)
                 else f"first extra: {show(have[len(want)])}")
        return f"expected {_plural(len(want), 'token')}, got {len(have)} ({extra})"


# ---------------------------------------------------------------------------------------- problem.yaml

STANDARD: dict[str, type[Exact | Unordered | Float | Tokens]] = {c.name: c for c in (Exact, Unordered, Float, Tokens)}


def by_position(checker: object) -> bool:
    """Whether a checker compares answers place by place, so that marking the places where two grids differ
    tells what is wrong: every standard checker but `unordered`, and a checker.py that says `exact = True`
    (one that is not may accept another order, as Course Schedule's does)."""
    if isinstance(checker, Unordered):
        return False
    return isinstance(checker, (Exact, Float, Tokens)) or accepts_only_equal(checker)


def build(spec: Any, answer_type: str | None) -> Checker:
    """problem.yaml's `checker:` (a name, or {name: ..., options}) -> a standard checker; ValueError names the key."""
    known = ", ".join(STANDARD)
    if isinstance(spec, str):
        name, options = spec, {}
    elif isinstance(spec, dict):
        options = dict(spec)
        name = options.pop("name", None)
        if not isinstance(name, str):
            raise ValueError(f"checker.name: expected the name of a standard checker ({known}), got {name!r:.60}")
    else:
        raise ValueError(f"checker: expected a standard checker's name ({known}) or a mapping with `name` "
                         f"and its options, got {type(spec).__name__}")
    if name not in STANDARD:
        raise ValueError(f"checker: unknown standard checker {name!r:.60} (known: {known})")
    cls = STANDARD[name]
    for key in options:
        if key not in cls.options:
            allowed = f"its options are {', '.join(cls.options)}" if cls.options else "it has no options"
            raise ValueError(f"checker.{key}: not an option of the {name} checker ({allowed})")
    if answer_type is None:
        raise ValueError("checker: the entry point returns nothing (void) and names no `inplace` parameter, "
                         "so there is no answer to check")
    scalar, depth = values.parse_type(answer_type)
    if name == "unordered":
        nested = _flag(options, "nested", False)
        if depth == 0:
            raise ValueError(f"checker: unordered compares an array, but the answer's type is {answer_type}")
        if nested and depth < 2:
            raise ValueError(f"checker.nested: needs an array of arrays, but the answer's type is {answer_type}")
        return Unordered(answer_type, nested=nested)
    if name == "float":
        if scalar != "double":
            raise ValueError(f"checker: float compares doubles, but the answer's type is {answer_type}")
        if "absolute" not in options and "relative" not in options:
            return Float(answer_type, absolute=DEFAULT_TOLERANCE, relative=DEFAULT_TOLERANCE)
        return Float(answer_type, absolute=_tolerance(options, "absolute"), relative=_tolerance(options, "relative"))
    if name == "tokens":
        if scalar != "string":
            raise ValueError(f"checker: tokens compares strings, but the answer's type is {answer_type}")
        return Tokens(answer_type, case_sensitive=_flag(options, "case_sensitive", True))
    return Exact(answer_type)


def _flag(options: dict[str, Any], key: str, default: bool) -> bool:
    value = options.get(key, default)
    if not isinstance(value, bool):
        raise ValueError(f"checker.{key}: expected true or false, got {value!r:.60}")
    return value


def _tolerance(options: dict[str, Any], key: str) -> float:
    value = options.get(key, 0.0)
    if isinstance(value, str):  # PyYAML (YAML 1.1) reads `1e-6`, without a dot, as a string
        try:
            value = float(value)
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"checker.{key}: expected a number >= 0, got {value!r:.60}")
    return float(value)
