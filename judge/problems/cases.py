"""YAML case files -> Case records, in test order (samples first), validated.

A case file is a YAML list of mappings: `name`, optional `description`, one key per parameter of
the signature, and `expected`. Files live in the folders of the package's `cases/`, one group each:
`sample/` (the visible one) first, then the others (`secret/`, or any a package makes) in name order.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from judge import __version__, cache, files, heap
from judge.defaults import CACHE_ROOT
from judge.digest import sha256
from judge.errors import CaseError, ProblemError
from judge.problems import parsed, schema, values
from judge.problems.problem import Problem, package_code

#: The visible group, first in test order; and the group cases are added to unless told otherwise.
SAMPLE, SECRET = "sample", "secret"
#: The group of the judge's random cases: no folder of cases/ may take its name.
RANDOM_GROUP = "random"
#: The names of the judge's random cases (fuzz.case_name: random-SEED-N), which no case of a package may take.
RANDOM_NAME = re.compile(rf"{RANDOM_GROUP}-\d+-\d+")
#: The largest case file read (a set of 300,000 boards is 24 MB); past it the file is refused unread.
MAX_CASE_FILE_BYTES = 256 << 20


@dataclass(frozen=True)
class Case:
    """One test: named inputs by parameter, and the expected answer."""

    name: str
    group: str
    args: dict[str, Any]
    expected: Any
    file: Path
    line: int
    description: str = ""
    #: Where the case's data comes from, exactly enough to stand for it: the sha256 of the bytes it
    #: was read or drawn from, its group and its name ('' when made otherwise). See test_set_hash:
    #: a case made from another (dataclasses.replace, other inputs) must not keep it.
    origin: str = field(default="", compare=False, repr=False)

    @property
    def where(self) -> str:
        """`file:line (case NAME)` for messages."""
        return f"{self.file}:{self.line} (case {self.name})"

    def arg_list(self, problem: Problem) -> list[Any]:
        """The arguments in signature order."""
        return [self.args[p.name] for p in problem.signature.params]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the case's data."""
        return {"name": self.name, "group": self.group, "args": self.args, "expected": self.expected}


class Deferred:
    """The values of many cases as one JSON text (a list of `{"args": ..., "expected": ...}`), decoded
    whole the first time any of them is read: a re-grade that reuses every stored result reads none
    of its 1,000 random boards, whose decoding cost 10-20 ms of it. The text is one the judge wrote
    and checked by its digest (fuzz.py); `pairs` when the values are already at hand."""

    def __init__(self, text: str, pairs: list[tuple[dict[str, Any], Any]] | None = None):
        """Keep `text` (and `pairs`, its values, when known)."""
        self.text, self.pairs = text, pairs

    def all(self) -> list[tuple[dict[str, Any], Any]]:
        """Every case's (args, expected), decoding the text on first use."""
        pairs = self.pairs
        if pairs is None:  # two threads may both decode: the same values, either one kept
            with heap.paused():
                pairs = [(item["args"], item["expected"]) for item in json.loads(self.text)]
            self.pairs = pairs
        return pairs

    def pair(self, index: int) -> tuple[dict[str, Any], Any]:
        """Case `index`'s (args, expected)."""
        return self.all()[index]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as the text alone (a lane decodes it once, if it needs it)."""
        return {"text": self.text, "pairs": None}


class _Slot:
    """Where a deferred case's value is: case `at` of `values`."""

    __slots__ = ("values", "at")

    def __init__(self, values: Deferred, at: int):
        self.values, self.at = values, at


class _Read:
    """A Case field that a DeferredCase reads from its Deferred the first time it is used."""

    def __init__(self, part: int):
        self.part, self.name = part, ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name]
        if type(value) is _Slot:
            value = obj.__dict__[self.name] = value.values.pair(value.at)[self.part]
        return value

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.name] = value  # the frozen dataclass's __init__ comes here, and only it


class DeferredCase(Case):
    """A Case whose `args` and `expected` are read from a Deferred when first used (random cases)."""

    args = _Read(0)
    expected = _Read(1)

    def __deepcopy__(self, memo: dict[int, Any]) -> DeferredCase:
        """A copy with copies of the values (read first), sharing nothing with this case."""
        return type(self)(**{f.name: copy.deepcopy(getattr(self, f.name), memo) for f in fields(self)})

    @classmethod
    def of(cls, values: Deferred, index: int, **given: Any) -> DeferredCase:
        """Case `index` of `values`, with the other fields `given`."""
        slot: Any = _Slot(values, index)  # what _Read turns into the value
        return cls(args=slot, expected=slot, **given)


def check_group_names(problem: Problem, names: Iterable[object], where: str) -> None:
    """ProblemError unless every name is a case group of the package or the random cases' (problem.yaml's
    `visibility` and `scoring` name them: a misspelt one would silently weigh or show nothing)."""
    known = [*groups(problem), RANDOM_GROUP]
    for name in names:
        if str(name) not in known:
            raise ProblemError(f"{problem.yaml_path}: {where}.{name}: no case group of that name "
                               f"(the groups: {', '.join(known)})")


def groups(problem: Problem) -> list[str]:
    """The case groups: the folders of cases/, sample first, then the others in name order; CaseError for
    a folder named like the random cases' group."""
    try:
        folders = sorted(p.name for p in problem.cases_dir.iterdir()
                         if p.is_dir() and not p.name.startswith((".", "_")))  # not .git, __pycache__
    except OSError as exc:
        raise CaseError(f"{problem.cases_dir}: cannot read: {exc.strerror or exc}") from None
    if RANDOM_GROUP in folders:
        raise CaseError(f"{problem.cases_dir / RANDOM_GROUP}: `{RANDOM_GROUP}` is the group of the judge's random "
                        f"cases; give the folder another name")
    return sorted(folders, key=lambda group: group != SAMPLE)


def case_files(problem: Problem) -> list[tuple[str, Path]]:
    """(group, file) for every case file, samples first, each group's files in name order."""
    found = []
    for group in groups(problem):
        folder = problem.cases_dir / group
        try:  # listed, not globbed: a folder that cannot be read would be an empty group, its cases lost
            names = sorted(os.listdir(folder))
        except OSError as exc:
            raise CaseError(f"{folder}: cannot read: {exc.strerror or exc}") from None
        for name in names:
            _refuse_passed_over(folder / name)
        found += [(group, folder / n) for n in names if n.endswith((".yaml", ".yml"))]
    try:
        top = sorted(os.listdir(problem.cases_dir))
    except OSError:
        top = []  # groups() has read it already
    for name in top:
        if name.lower().endswith((".yaml", ".yml")):
            raise CaseError(f"{problem.cases_dir / name}: a case file directly in cases/ belongs to no group, and "
                            f"would never be loaded: move it into cases/secret/ (or another group's folder)")
    return found


def _refuse_passed_over(path: Path) -> None:
    """CaseError for what a setter means as cases but the loader would pass over without a word (red-team
    round 31: `verify` said OK on a package whose secret/hard/ folder and extra.YAML were never loaded)."""
    name = path.name
    if name.startswith((".", "_")):
        return
    if name.lower().endswith((".yaml", ".yml")) and not name.endswith((".yaml", ".yml")):
        raise CaseError(f"{path}: case files end in .yaml or .yml, in lower case; rename it, or it is never loaded")
    if path.is_dir() and not name.endswith((".yaml", ".yml")):  # odd.yaml/: load_file says why
        raise CaseError(f"{path}: a folder inside a group is no group of its own, and its files would never be "
                        f"loaded: move them up into {path.parent.name}/ (or into a group folder of their own)")


def load_cases(problem: Problem, validate: bool = True, required: bool = True) -> list[Case]:
    """All cases of a problem in test order; CaseError for the first bad file or case, and (`required`)
    for none at all.

    A file whose bytes and validator are unchanged since it last passed is not validated again
    (a marker in the cache, keyed by both): validating 50 x 50 boards costs more than loading them."""
    cases: list[Case] = []
    seen: dict[str, Case] = {}
    for group, path in case_files(problem):
        marker = _validated_marker(problem, path) if validate else None
        for case in load_file(problem, path, group):
            if case.name in seen:
                raise CaseError(f"{case.where}: duplicate case name, first used at {seen[case.name].where}")
            seen[case.name] = case
            if marker is not None and not marker.exists():
                check_case(problem, case)
            cases.append(case)
        if marker is not None:
            if marker.exists():
                cache.touch(marker)  # used: the last to go when the cache is pruned
            else:
                _touch(marker)
    if not cases and required:
        raise CaseError(f"{problem.cases_dir}: no cases (expected YAML files in its folders, such as sample/ "
                        f"and secret/)")
    return cases


def load_file(problem: Problem, path: Path, group: str) -> list[Case]:
    """The cases of one file, with their line numbers; CaseError on malformed YAML or fields."""
    try:
        text = files.read_capped(path, MAX_CASE_FILE_BYTES, "the case file").decode("utf-8")
    except OSError as exc:  # a FIFO or a link to a device in its place, too: refused, never waited on
        raise CaseError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CaseError(f"{path}: cannot read: {exc}") from None
    try:
        # Parsed once: the same bytes come back from the cache without PyYAML (judge/problems/parsed.py).
        data, lines = parsed.load(text, lines=True)
    except parsed.Malformed as failure:
        error = failure.error
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise CaseError(f"{path}{where}: malformed YAML: {getattr(error, 'problem', None) or error}") from None
    if data is None:
        return []
    if not isinstance(data, list):
        raise CaseError(f"{path}:1: expected a list of cases, got {type(data).__name__}")
    shape = schema.case([p.name for p in problem.signature.params])
    # The text read, and the signature its values are read as: all a case of this file depends on.
    source = sha256(json.dumps(problem.signature.to_dict(), sort_keys=True).encode() + b"\0"
                    + text.encode("utf-8", "surrogatepass")).hexdigest()
    cases = []
    for index, (item, line) in enumerate(zip(data, lines or (), strict=False)):
        if not isinstance(item, dict):
            raise CaseError(f"{path}:{line}: expected a case mapping, got {type(item).__name__}")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CaseError(f"{path}:{line}: the case has no name")
        if not name.isprintable():  # a newline split the table's row, an ESC[2J cleared the screen (round 29)
            raise CaseError(f"{path}:{line}: a case name must be one line of printable characters, not {name!r:.80}")
        if RANDOM_NAME.fullmatch(name):  # two cases of one name: times and levels keyed by it were mixed (round 31)
            raise CaseError(f"{path}:{line}: the case name {name!r:.80} is taken by the judge's random cases "
                            f"({RANDOM_GROUP}-SEED-N); give it another")
        try:
            schema.check(item, shape)
        except schema.Mismatch as mismatch:  # at the key's own line: the text is parsed again only to say where
            raise CaseError(mismatch.located(path, text, (index,), f" (case {name})")) from None
        cases.append(_case(problem, path, group, item, line, source))
    return cases


def _case(problem: Problem, path: Path, group: str, item: dict[str, Any], line: int, source: str = "") -> Case:
    name = item["name"]
    where = f"{path}:{line} (case {name})"
    try:
        args = {p.name: values.from_yaml(item[p.name], p.type, p.name) for p in problem.signature.params}
        returns = problem.signature.returns
        if returns == "void":
            returns = next(p.type for p in problem.signature.params if p.name == problem.signature.inplace)
        expected = values.from_yaml(item["expected"], returns, "expected")
    except ValueError as exc:
        raise CaseError(f"{where}: {exc}") from None
    return Case(name=name, group=group, args=args, expected=expected, file=path, line=line,
                description=str(item.get("description") or ""), origin=f"{source}:{group}:{name}" if source else "")


def _validated_marker(problem: Problem, path: Path) -> Path | None:
    """Where the cache notes that this file's exact bytes passed this exact validator; None when the
    file cannot be read (load_file then says why)."""
    try:  # capped, and only a regular file: a FIFO held every command, a link to /dev/zero ate the machine (round 29)
        digest = sha256(files.read_capped(path, MAX_CASE_FILE_BYTES, "the case file"))
        validator = problem.parts["validator"]
        digest.update(validator.read_bytes() if validator.is_file() else b"")
        digest.update(problem.helpers_fingerprint.encode())  # the modules it may import beside it
    except OSError:
        return None
    return CACHE_ROOT / "validated" / digest.hexdigest()


def _touch(marker: Path) -> None:
    """Leave a marker; a cache that cannot be written only means validating again next time."""
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        return
    cache.wrote(0)


def check_case(problem: Problem, case: Case) -> None:
    """Run the problem's validator on a case's inputs; CaseError with its first complaint."""
    problems = validate_args(problem, case.args)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CaseError(f"{case.where}: invalid input: {problems[0]}{more}")


#: How validate_args says the validator itself failed.
VALIDATOR_CRASHED = "the validator crashed"


def validate_args(problem: Problem, args: dict[str, Any]) -> list[str]:
    """The validator's complaints about one input, as a list of strings (empty when valid)."""
    try:
        # A copy: a validator that changed its args changed the case that then ran (a verdict that depended on
        # whether the validated marker was there, round 29). What it prints goes to stderr, as a checker's does.
        with package_code():
            result = problem.validator.check(copy.deepcopy(args))
    # The validator must not crash on any input; if it does, say so. sys.exit() in it ended grade and
    # verify at once, with its code and no word (exit 0 for a WA, round 28).
    except ProblemError:  # no validator to run (a missing or broken validator.py): the package's one line
        raise
    except (Exception, SystemExit) as exc:
        return [f"{VALIDATOR_CRASHED}: {type(exc).__name__}: {exc}"]
    if not isinstance(result, (list, tuple)) or not all(isinstance(p, str) for p in result):
        # None (no `return`) passed every case, a string was its characters, an int crashed the judge
        return [f"the validator's check() returned {_kind(result)}, not a list of strings (empty when valid)"]
    return list(result)


def _kind(value: Any) -> str:
    """`None`, `an int`, `a list holding an int`: what a package part returned, for its message."""
    if value is None:
        return "None"
    if isinstance(value, (list, tuple)):
        odd = next((v for v in value if not isinstance(v, str)), None)
        return f"a {type(value).__name__} holding {_kind(odd)}"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def count_by_group(cases: list[Case]) -> str:
    """`10 sample, 96 secret`: how many cases each group holds, in test order."""
    counts: dict[str, int] = {}
    for case in cases:
        counts[case.group] = counts.get(case.group, 0) + 1
    return ", ".join(f"{n} {group}" for group, n in counts.items())


def test_set_hash(cases: list[Case]) -> str:
    """A stable hash of every case's name, group, inputs and expected answer.

    Worked out once per set of case origins and kept in the cache (`testsets/`): a re-grade of
    1,000 cases and more skips encoding them all. An origin is the sha256 of the very bytes a case
    was read or drawn from, with its group and name, so the same origins are the same cases; a set
    with any case of no origin is hashed every time."""
    origins = [case.origin for case in cases]
    memo = None
    if origins and all(origins):
        # json: unambiguous, whatever a name holds
        key = sha256(f"{_MEMO_FORMAT}\0{__version__}\0".encode() + json.dumps(origins).encode())
        memo = CACHE_ROOT / "testsets" / key.hexdigest()
        try:
            known = memo.read_text()
        except (OSError, UnicodeDecodeError):
            known = ""
        if _HEX64.fullmatch(known):
            cache.touch(memo)  # used: the last to go when the cache is pruned
            return known
    import hashlib  # every case's bytes: OpenSSL's, not the built-in one (judge/digest.py)

    digest = hashlib.sha256()
    for case in cases:
        digest.update(_CANONICAL.encode(case.to_dict()).encode())
    found = digest.hexdigest()
    if memo is not None:
        cache.keep(memo, found)
    return found


#: json.dumps(..., sort_keys=True, separators=(",", ":")), made once: a re-grade hashes 1,000 cases and more.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
#: Part of every memo's key: memos of another layout never match.
_MEMO_FORMAT = "test-set-hash 1"
_HEX64 = re.compile(r"[0-9a-f]{64}")
