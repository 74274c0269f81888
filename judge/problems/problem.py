"""A problem package on disk: `problems/<id>/problem.yaml` and the parts it names."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import os
import re
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from judge import files
from judge.digest import sha256
from judge.errors import ProblemError, UsageError
from judge.problems import checkers, parsed, reserved, schema, values

#: The most a problem.yaml may hold (bytes).
MAX_PROBLEM_YAML_BYTES = 1 << 20

#: The folder of problems used when a bare name is given (overridable with JUDGE_PROBLEMS).
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PARTS = {
    "statement": "statement.md", "reference": "reference.py", "validator": "validator.py",
    "checker": "checker.py", "generator": "generator.py", "cases": "cases",
}


@dataclass(frozen=True)
class Limits:
    """Per-case limits: CPU and wall seconds, memory and output in MiB."""

    time: float = 1.0
    wall_time: float = 3.0
    memory_mb: int = 256
    output_mb: float = 1.0

    @property
    def memory_bytes(self) -> int:
        """The memory limit in bytes."""
        return int(self.memory_mb * 1024 * 1024)

    @property
    def output_bytes(self) -> int:
        """The output limit in bytes (answer, and stdout plus stderr, each)."""
        return int(self.output_mb * 1024 * 1024)


@dataclass(frozen=True)
class Param:
    """One argument of the entry point."""

    name: str
    type: str


@dataclass(frozen=True)
class Signature:
    """The entry point in neutral types, as LeetCode gives it to every language."""

    function: str
    params: tuple[Param, ...]
    returns: str
    class_name: str | None = "Solution"
    inplace: str | None = None  # judged on this argument when the entry point returns nothing

    @property
    def inplace_index(self) -> int | None:
        """The position of the in-place argument, or None."""
        names = [p.name for p in self.params]
        return names.index(self.inplace) if self.inplace in names else None

    @property
    def answer_type(self) -> str | None:
        """The neutral type of an answer: the return type, or the in-place parameter's (None if neither)."""
        if self.returns != "void":
            return self.returns
        return next((p.type for p in self.params if p.name == self.inplace), None)

    def declaration(self) -> str:
        """`int[] twoSum(int[] nums, int target)`: the entry point as people read it."""
        params = ", ".join(f"{p.type} {p.name}" for p in self.params)
        text = f"{self.returns} {self.function}({params})"
        return text + (f" (judged on {self.inplace})" if self.returns == "void" and self.inplace else "")

    def to_dict(self) -> dict[str, Any]:
        """The form harnesses read."""
        return {
            "function": self.function, "class": self.class_name, "returns": self.returns,
            "params": [{"name": p.name, "type": p.type} for p in self.params],
            "inplace": self.inplace, "inplace_index": self.inplace_index, "answer": self.answer_type,
        }


@dataclass
class Problem:
    """A loaded problem package; its Python parts are imported by path on first use."""

    id: str
    title: str
    root: Path
    limits: Limits
    signature: Signature
    parts: dict[str, Path]
    data: dict[str, Any] = field(default_factory=dict)
    standard_checker: checkers.Checker | None = None  # named by `checker:` in problem.yaml

    def __getstate__(self) -> dict[str, Any]:
        """What a grading lane in another process gets: the fields, not the modules imported from the
        package (each imports them again by path on first use)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def yaml_path(self) -> Path:
        """The package's problem.yaml."""
        return self.root / "problem.yaml"

    @property
    def reference_path(self) -> Path:
        """The reference solution, a submission like any other."""
        return self.parts["reference"]

    @property
    def cases_dir(self) -> Path:
        """The folder of case groups, one folder each (`sample/`, `secret/`, ...)."""
        return self.parts["cases"]

    @property
    def submissions_dir(self) -> Path:
        """`submissions/<id>/` beside the problems folder (Kattis keeps them in the package)."""
        configured = self.data.get("submissions")
        if configured:
            return (self.root / str(configured)).resolve()  # as the parts' paths are read
        return self.root.parent.parent / "submissions" / self.id

    @cached_property
    def validator(self) -> ModuleType:
        """The input validator module: `check(args) -> list[str]`."""
        return self._module("validator", "check")

    @cached_property
    def checker(self) -> checkers.Checker:
        """`compare(expected, got, args) -> (ok, notes)`: problem.yaml's standard checker, checker.py (called on
        copies: checkers.PackageChecker), or exact."""
        if self.standard_checker is not None:
            return self.standard_checker
        path = self.parts.get("checker")
        named = "checker" in (self.data.get("parts") or {})
        if path is not None and (named or path.is_file()):
            return checkers.PackageChecker(self._module("checker", "compare"))
        if self.signature.answer_type is None:
            raise ProblemError(f"{self.yaml_path}: the entry point returns nothing (void) and names no `inplace` "
                               f"parameter, so there is no answer to check")
        return checkers.Exact(self.signature.answer_type)

    @cached_property
    def checker_fingerprint(self) -> str:
        """What decides the checker's judgement: checker.py's bytes and the package's modules it may import
        (`helpers_fingerprint`), or problem.yaml's `checker:` entry."""
        path = self.parts.get("checker")
        if self.standard_checker is None and path is not None and path.is_file():
            return "checker.py:" + sha256(path.read_bytes() + self.helpers_fingerprint.encode()).hexdigest()
        return "standard:" + json.dumps(self.data.get("checker", "exact"), sort_keys=True, default=str)

    @cached_property
    def helpers_fingerprint(self) -> str:
        """The package's own Python modules that a part may import beside it (a checker's `import policy`, a
        validator's `from bounds import MAX_AMOUNT`), by name and bytes: a change to one changed what the
        checker or the validator decides, while a stored verdict and a case file's "validated" mark
        outlived it (red-team round 31). '' for a package without such files."""
        digest, found = sha256(), False
        for path in self.python_files():
            try:
                data = path.read_bytes()
            except OSError:
                continue
            digest.update(f"{path.relative_to(self.root)}\0{len(data)}\0".encode() + data)
            found = True
        return digest.hexdigest() if found else ""

    def python_files(self) -> list[Path]:
        """Every .py file in the package's folder and in its importable subfolders (those with an
        __init__.py; never the cases' folder), sorted: its parts and the modules they may import."""
        found, folders = [], [self.root]
        while folders:
            folder = folders.pop()
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith((".", "__pycache__")) or entry.is_symlink():
                    continue
                path = Path(entry.path)
                if entry.is_dir() and (path / "__init__.py").is_file() and path != self.cases_dir:
                    folders.append(path)
                elif entry.name.endswith(".py") and entry.is_file():
                    found.append(path)
        return sorted(found)

    @cached_property
    def grading_fingerprint(self) -> str:
        """What a package decides of a grade besides its cases: problem.yaml (signature, limits, policy)
        and the checker. A worker refuses a job sent from a package that differs (cluster/job.py)."""
        text = json.dumps({"problem.yaml": _numbers_alike(self.data), "checker": self.checker_fingerprint},
                          sort_keys=True, default=str)
        return sha256(text.encode()).hexdigest()

    @cached_property
    def generator(self) -> ModuleType:
        """The random-case module (hypothesis strategy)."""
        return self._module("generator", None)

    def _module(self, part: str, needs: str | None) -> ModuleType:
        path = self.parts[part]
        if not path.is_file():
            # Named by the file itself: problem.yaml need not name it (parts: default to these names).
            hint = (" (`judge grade` draws its random cases from it; `--fuzz 0` grades without)"
                    if part == "generator" else "")
            raise ProblemError(f"{path}: the {part} {path.name} does not exist{hint}")
        name = f"judge_problem_{self.id.replace('-', '_')}_{part}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:  # no loader for the file's extension
            raise ProblemError(f"{self.yaml_path}: the {part} {path.name} is not a Python file (.py)")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            with package_code():
                spec.loader.exec_module(module)
        except (Exception, SystemExit) as exc:  # a broken package part is the package's fault, not a crash
            # (a sys.exit() at its top level would otherwise end the judge with the part's own code)
            sys.modules.pop(name, None)
            raise ProblemError(f"{path}: cannot load the {part}: {type(exc).__name__}: {exc}") from None
        if needs and not callable(getattr(module, needs, None)):
            raise ProblemError(f"{path}: the {part} has no function {needs}()")
        return module


@contextlib.contextmanager
def package_code() -> Iterator[None]:
    """Where a package's own code runs (its parts' loading, a validator, a checker, a generator): what it
    prints goes to stderr, never into the command's output (a checker's print broke `grade --json`, round 29).
    Counted, so that threads in it at once leave stdout as it was (redirect_stdout's restores could cross)."""
    with _QUIET_LOCK:
        if not _QUIET:
            _QUIET.append(sys.stdout)
            sys.stdout = sys.stderr
        _QUIET.append(None)
    try:
        yield
    finally:
        with _QUIET_LOCK:
            _QUIET.pop()
            if len(_QUIET) == 1:
                sys.stdout = _QUIET.pop()


_QUIET: list[Any] = []   # stdout as it was, then a None for each one in package_code() now
_QUIET_LOCK = threading.Lock()


def _numbers_alike(value: Any) -> Any:
    """A parsed YAML value with every number as a float: `time: 1` and `time: 1.0` are the same limit."""
    if isinstance(value, dict):
        return {k: _numbers_alike(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_numbers_alike(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value) if abs(value) < 2 ** 53 else value
    return value


def problem_roots() -> list[Path]:
    """The folders a problem named by its id is looked for in: $JUDGE_PROBLEMS, ./problems, the checkout's problems/."""
    roots = []
    if os.environ.get("JUDGE_PROBLEMS"):
        roots.append(Path(os.environ["JUDGE_PROBLEMS"]))
    return roots + [Path.cwd() / "problems", REPO_ROOT / "problems"]


def find_packages(folder: Path | None = None) -> list[Path]:
    """Every package folder (one with a problem.yaml) in the problems folders and in `folder` (itself a
    package or a folder of them), each once, in the order found."""
    found: dict[Path, None] = {}
    for root in [*problem_roots(), *([folder] if folder is not None else [])]:
        if _has_yaml(root):
            inside = [root]
        else:
            inside = sorted(p for p in (root.iterdir() if root.is_dir() else ()) if p.is_dir() and _has_yaml(p))
        found.update((path.resolve(), None) for path in inside)
    return list(found)


def _has_yaml(folder: Path) -> bool:
    """Whether `folder` holds a problem.yaml, even one that cannot be read (a dangling or looping link is
    the package's error to say, not a reason to leave the package out of the list)."""
    return os.path.lexists(folder / "problem.yaml")


def find_problem_dir(name: str) -> Path:
    """Resolve PROBLEM: a folder with a problem.yaml, or a name under the problems folder."""
    candidate = Path(name)
    if _has_yaml(candidate):
        return candidate.resolve()
    if candidate.name == "problem.yaml" and candidate.is_file():
        return candidate.parent.resolve()
    found = _in_roots(name)
    if found is not None:
        return found
    roots = problem_roots()
    known = sorted({p.parent.name for r in roots if r.is_dir() for p in r.glob("*/problem.yaml")})
    hint = f" (known: {', '.join(known)}; `judge problems` lists them)" if known else ""
    raise UsageError(f"unknown problem {name!r}: no {name}/problem.yaml{hint}")


def find_problem_by_id(name: str) -> Path:
    """The package a grading job names: an id, looked up in the problems folders alone (never a path,
    which a job from the broker could point anywhere a problem.yaml and its checker.py can be put)."""
    if not PROBLEM_ID.fullmatch(name):
        raise UsageError(f"problem {name!r:.80} is not a problem id (letters, digits, '_', '.', '-'; not a path)")
    found = _in_roots(name)
    if found is None:
        raise UsageError(f"unknown problem {name!r}: no {name}/problem.yaml in the problems folders")
    return found


def _in_roots(name: str) -> Path | None:
    """The package folder `name` in the first problems folder that has one, or None."""
    for root in problem_roots():
        try:
            if _has_yaml(root / name):
                return (root / name).resolve()
        except OSError:  # a name the file system refuses (too long) or a folder it cannot read: not here
            continue
    return None


def load_problem(name: str) -> Problem:
    """Load a problem package by name or path; ProblemError names the file and what is wrong."""
    root = find_problem_dir(name)
    path = root / "problem.yaml"
    try:
        # Capped, and only a regular file: a FIFO in its place held every command (round 29).
        text = files.read_capped(path, MAX_PROBLEM_YAML_BYTES, "problem.yaml").decode("utf-8")
        data = parsed.load(text, libyaml=False)[0] or {}
    except parsed.Malformed as failure:
        exc = failure.error
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise ProblemError(f"{path}{where}: malformed YAML: {getattr(exc, 'problem', exc)}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise ProblemError(f"{path}: expected a mapping of keys, got {type(data).__name__}")
    try:
        schema.check(data, schema.PROBLEM)
    except schema.Mismatch as mismatch:
        raise ProblemError(mismatch.located(path, text)) from None
    try:
        return _build(root, data)
    except (KeyError, TypeError, ValueError) as exc:
        reason = _reason(exc)
        line = _line_of_key(text, reason)
        raise ProblemError(f"{path}{f':{line}' if line else ''}: {reason}") from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"missing key {exc.args[0]}"
    return str(exc)


_KEY_PATH = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[\d+\])*): ")


def _line_of_key(text: str, reason: str) -> int | None:
    """The line of the key a reason starts with (`signature.params[0].type: ...`), as the schema's errors
    give it, or None when it names none."""
    match = _KEY_PATH.match(reason)
    if not match:
        return None
    steps: list[str | int] = [int(s) if s.isdigit() else s for s in re.findall(r"[A-Za-z_]\w*|\d+", match[1])]
    return parsed.line_of(text, tuple(steps))


def _type(text: Any, key: str) -> None:
    """Check a neutral type, naming its key when it is none."""
    try:
        values.parse_type(text)
    except ValueError as exc:
        raise ValueError(f"{key}: {exc}") from None


#: A problem's id: a folder name and a word in commands, URLs and job names, never a path.
PROBLEM_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
#: A name the six languages can all declare: the entry point, its class and each parameter.
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
#: The largest limits a package may set: an hour of CPU and wall time, 64 GiB, 1 GiB of output
#: (past them a clock or an rlimit overflows: a package error, never a crash or a student's RE).
MAX_LIMITS = {"time": 3600, "wall_time": 3600, "memory": 65536, "output": 1024}


def _build(root: Path, data: dict[str, Any]) -> Problem:
    if "id" in data and not (isinstance(data["id"], str) and PROBLEM_ID.fullmatch(data["id"])):
        raise ValueError(f"id: {data['id']!r:.80} is not a problem id (letters, digits, '_', '.', '-'; "
                         f"a folder name, not a path)")
    problem_id = str(data.get("id") or root.name)
    limits_data = data.get("limits") or {}
    if not isinstance(limits_data, dict):
        raise ValueError("limits: expected a mapping")
    unknown = set(limits_data) - {"time", "wall_time", "memory", "output"}
    if unknown:
        raise ValueError(f"limits: unknown key(s) {', '.join(sorted(unknown))}")
    limits = Limits(
        time=_limit(limits_data.get("time", 1.0), "time"),
        wall_time=_limit(limits_data.get("wall_time", 3.0), "wall_time"),
        memory_mb=int(_limit(limits_data.get("memory", 256), "memory")),
        output_mb=_limit(limits_data.get("output", 1), "output"),
    )
    if limits.wall_time < limits.time:
        raise ValueError("limits.wall_time must be at least limits.time")
    sig = data["signature"]
    if not isinstance(sig, dict):
        raise ValueError("signature: expected a mapping")
    params: list[Param] = []
    for i, p in enumerate(sig.get("params") or []):
        if not isinstance(p, dict) or "name" not in p or "type" not in p:
            raise ValueError(f"signature.params[{i}]: expected {{name: ..., type: ...}}")
        _type(p["type"], f"signature.params[{i}].type")
        # Not checked for reserved words: the glue passes arguments by position, and a submission names its
        # parameters as it likes (`int`, `this`, `type` graded in every language, red-team round 32).
        _identifier(p["name"], f"signature.params[{i}].name", declared=False)
        if p["name"] in reserved.CASE_KEYS:  # LeetCode 925's `name`: a case's `name:` was both (round 32)
            raise ValueError(f"signature.params[{i}].name: {p['name']!r} is a key of every case "
                             f"({', '.join(reserved.CASE_KEYS)}), so no case file could give it; rename the parameter")
        if any(q.name == p["name"] for q in params):
            raise ValueError(f"signature.params[{i}].name: {p['name']!r} names two parameters")
        params.append(Param(str(p["name"]), str(p["type"])))
    if not params:
        raise ValueError("signature.params: at least one parameter is needed")
    returns = str(sig.get("returns", "void"))
    if returns != "void":
        _type(returns, "signature.returns")
    inplace = sig.get("inplace")
    if inplace is not None and inplace not in [p.name for p in params]:
        raise ValueError(f"signature.inplace: {inplace!r} is not a parameter")
    if inplace is not None and not next(p.type for p in params if p.name == inplace).endswith("[]"):
        # A scalar is passed by value in every language: changed in place, nobody sees it (round 31).
        raise ValueError(f"signature.inplace: {inplace!r} is not an array, so no change to it can be seen")
    if returns == "void" and inplace is None:
        raise ValueError("signature: it returns void, so `inplace` must name the parameter it is judged on")
    _identifier(sig["function"], "signature.function")
    if sig.get("class", "Solution") is not None:
        _identifier(sig.get("class", "Solution"), "signature.class")
    signature = Signature(
        function=str(sig["function"]), params=tuple(params), returns=returns,
        class_name=sig.get("class", "Solution"), inplace=inplace,
    )
    parts_data = data.get("parts") or {}
    parts = {k: (root / str(parts_data.get(k, v))).resolve() for k, v in DEFAULT_PARTS.items()}
    if not parts["reference"].is_file():
        raise ValueError(f"the reference {parts['reference'].name} does not exist")
    if parts["reference"].suffix != ".py":  # it answers random and added cases, so it runs as Python
        raise ValueError(f"parts.reference: the reference must be a Python file (a Python submission of the "
                         f"signature), got {parts['reference'].name}")
    if not parts["cases"].is_dir():
        raise ValueError(f"the cases folder {parts['cases'].name}/ does not exist")
    standard = None
    if "checker" in data:
        if parts["checker"].is_file() or "checker" in parts_data:
            raise ValueError(f"checker: names a standard checker, but the package also has "
                             f"{parts['checker'].name}; keep one of them")
        standard = checkers.build(data["checker"], signature.answer_type)
    return Problem(
        id=problem_id, title=str(data.get("title", problem_id)), root=root, limits=limits,
        signature=signature, parts=parts, data=data, standard_checker=standard,
    )


def _identifier(value: Any, key: str, declared: bool = True) -> None:
    """An identifier, and (`declared`: a name every submission declares as it is, its function's or class's)
    no reserved word of any language: ValueError naming the key otherwise."""
    if not isinstance(value, str) or not IDENTIFIER.fullmatch(value):
        raise ValueError(f"{key}: {value!r:.80} is not an identifier (a letter or '_', then letters, digits, '_')")
    where = reserved.reserved_in(value) if declared else []
    if where:  # the reference's CE said it before, naming none of this (round 31)
        raise ValueError(f"{key}: {value!r} is a reserved word in {_listed(where)}, so no submission in "
                         f"{'that language' if len(where) == 1 else 'those languages'} could declare it")


def _listed(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _limit(value: Any, key: str) -> float:
    """A limit of limits.KEY: positive, finite and at most MAX_LIMITS[KEY]."""
    number = _positive(value, f"limits.{key}")
    if number > MAX_LIMITS[key]:
        raise ValueError(f"limits.{key}: {value!r} is over the most a package may set, {MAX_LIMITS[key]}")
    return number


def _positive(value: Any, name: str) -> float:
    # `not value > 0` also refuses NaN; a limit must be finite too (YAML's .inf would be no limit at all).
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 or not math.isfinite(value):
        raise ValueError(f"{name}: expected a positive finite number, got {value!r}")
    return float(value)
