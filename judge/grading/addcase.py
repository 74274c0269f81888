"""Adding cases to a package: validated, expected answer from the reference, appended as text.

Cases come from typed values (`judge add-case PROBLEM --<param> VALUE ...`, one option per parameter of
the signature) or from YAML in the case-file format. Nothing is written unless every new case is
valid, new (neither its name nor its inputs are already used) and, when it states an `expected`,
agrees with the reference. The file is appended to, never re-emitted, so comments and formatting
stay; the new text is loaded back and checked before it atomically replaces the old file.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from judge import files
from judge.errors import CaseError, UsageError
from judge.problems import parsed, schema, values
from judge.problems.cases import RANDOM_GROUP, RANDOM_NAME, Case, load_cases, load_file, validate_args
from judge.problems.problem import Problem, package_code

if TYPE_CHECKING:  # grade and fuzz are imported when cases are answered: this module stays light
    from judge.grading.grade import Options

DEFAULT_FILE = "added.yaml"
HEADER = ("# Cases added with `judge add-case` and `judge fuzz --save`. Case generators leave this file alone;\n"
          "# edit it by hand like any other case file.\n")
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")


@dataclass(frozen=True)
class NewCase:
    """A case about to be written: inputs by parameter, the reference's answer."""

    name: str
    args: dict[str, Any]
    expected: Any
    description: str = ""


def answer_type(problem: Problem) -> str:
    """The neutral type of an answer (the in-place parameter's when the entry point returns nothing)."""
    sig = problem.signature
    if sig.returns != "void":
        return sig.returns
    return next(p.type for p in sig.params if p.name == sig.inplace)


def from_options(problem: Problem, typed: dict[str, str | None], name: str | None,
                 description: str | None) -> list[dict[str, Any]]:
    """One case from command-line text per parameter; UsageError names the missing or bad option."""
    missing = [f"--{p.name}" for p in problem.signature.params if typed.get(p.name) is None]
    if missing:
        raise UsageError(f"add-case {problem.id}: missing {', '.join(missing)} (or give --from FILE)")
    item: dict[str, Any] = {}
    for p in problem.signature.params:
        text = typed[p.name]
        assert text is not None  # none is missing
        try:
            item[p.name] = values.from_text(text, p.type, f"--{p.name}")
        except ValueError as exc:
            raise UsageError(f"add-case {problem.id}: {exc} ({values.text_hint(p.type)})") from None
    if name is not None:
        item["name"] = name
    if description:
        item["description"] = description
    return [item]


def from_yaml_text(problem: Problem, text: str, source: str) -> list[dict[str, Any]]:
    """Cases in the case-file format (a list, or one mapping); `expected` and `name` optional."""
    try:
        data = parsed.load(text)[0]  # as case files are read: a key given twice is refused
    except parsed.Malformed as failure:
        exc = failure.error
        mark = getattr(exc, "problem_mark", None)
        raise CaseError(f"{source}{f':{mark.line + 1}' if mark else ''}: malformed YAML: "
                        f"{getattr(exc, 'problem', None) or exc}") from None
    items = [data] if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise CaseError(f"{source}: expected a case mapping or a list of them")
    params = {p.name: p.type for p in problem.signature.params}
    shape = schema.case(list(params))
    shape = schema.Fields(shape.fields, required=tuple(params))  # name and expected may be left to the judge
    out = []
    for k, item in enumerate(items, 1):
        where = f"{source}: case {k}"
        if not isinstance(item, dict):
            raise CaseError(f"{where}: expected a mapping, got {type(item).__name__}")
        try:
            schema.check(item, shape)
        except schema.Mismatch as mismatch:  # where in the text: the item's index, unless it was the only one
            base = (k - 1,) if isinstance(data, list) else ()
            raise CaseError(mismatch.located(source, text, base, f" (case {k})")) from None
        try:
            case = {p: values.from_yaml(item[p], t, p) for p, t in params.items()}
            if "expected" in item:
                case["expected"] = values.from_yaml(item["expected"], answer_type(problem), "expected")
        except ValueError as exc:
            raise CaseError(f"{where}: {exc}") from None
        for key in ("name", "description"):
            if item.get(key) is not None:
                case[key] = str(item[key])
        out.append(case)
    return out


def target(problem: Problem, group: str, file: str | None) -> Path:
    """The case file to append to: `cases/<group>/<file>` (default added.yaml), inside the package; a group
    is any folder of cases/ (a new one is made), except the random cases' own."""
    if not _PLAIN.match(group) or group == RANDOM_GROUP:
        raise UsageError(f"--group {group}: expected a folder name of cases/ such as secret (not {RANDOM_GROUP})")
    name = file or DEFAULT_FILE
    if "/" in name or "\\" in name or name.startswith(".") or Path(name).suffix not in (".yaml", ".yml"):
        raise UsageError(f"--file {name}: expected a file name such as added.yaml inside cases/{group}/")
    return problem.cases_dir / group / name


def prepare(problem: Problem, items: list[dict[str, Any]], source: str, options: Options | None = None,
            prefix: str = "added") -> list[NewCase]:
    """Validate, name, de-duplicate and answer new cases; CaseError (nothing written) on the first problem."""
    from judge.grading.fuzz import reference_answers  # fuzz imports grade; keep this module light to import

    by_name, by_input = _taken(problem)
    params = [p.name for p in problem.signature.params]
    new: list[NewCase] = []
    for k, item in enumerate(items, 1):
        args = {p: item[p] for p in params}
        key = values.fingerprint(args)
        name = item.get("name") or f"{prefix}-{key[:10]}"
        where = f"{source}: case {name}"
        if not name.strip() or not name.isprintable():  # as the case files' own names (cases.load_file)
            raise CaseError(f"{source}: case {name!r:.80}: a case name must be one non-empty line of printable "
                            "characters")
        if RANDOM_NAME.fullmatch(name):
            raise CaseError(f"{where}: the name is taken by the judge's random cases ({RANDOM_GROUP}-SEED-N); "
                            f"give it another")
        complaints = validate_args(problem, args)
        if complaints:
            raise CaseError(f"{where}: invalid input: {complaints[0]}"
                            + (f" (and {len(complaints) - 1} more)" if len(complaints) > 1 else ""))
        if name in by_name:
            raise CaseError(f"{where}: the name is already used by the case at {_where(by_name[name])}")
        if key in by_input:
            raise CaseError(f"{where}: the same inputs are already the case at {_where(by_input[key])}")
        ghost = Case(name=name, group="new", args=args, expected=None, file=Path(source), line=k)
        by_name[name] = by_input[key] = ghost
        new.append(NewCase(name, args, None, item.get("description", "")))
    answers = reference_answers(problem, [c.args for c in new], [c.name for c in new], options)
    checked = []
    for case, item, answer in zip(new, items, answers, strict=True):
        if "expected" in item:
            try:
                with package_code():
                    ok, why = problem.checker.compare(answer, item["expected"], case.args)
            except (Exception, SystemExit) as exc:  # the package's checker: its failure is the package's error
                raise CaseError(f"{source}: case {case.name}: the checker failed on its expected answer: "
                                f"{type(exc).__name__}: {exc}") from None
            if not ok:
                # The checker's words are an answer's against the expected one: here the file's against the
                # reference's, which read backwards ("expected false, got true" for a file saying false, round 32).
                raise CaseError(f"{source}: case {case.name}: its expected answer is not the reference's "
                                f"(the checker, given the reference's as expected and the file's as the answer: "
                                f"{(list(why) or ['different'])[0]})")
        checked.append(NewCase(case.name, case.args, answer, case.description))
    return checked


def _taken(problem: Problem) -> tuple[dict[str, Case], dict[str, Case]]:
    """The package's cases by name and by the fingerprint of their inputs: what a new case may not repeat."""
    existing = load_cases(problem, required=False)  # a new package's first case is added here too (round 32)
    return {c.name: c for c in existing}, {values.fingerprint(c.args): c for c in existing}


def _where(case: Case) -> str:
    return f"{case.file}:{case.line} ({case.name})" if case.group != "new" else f"{case.file} ({case.name})"


def append(problem: Problem, path: Path, group: str, cases: list[NewCase]) -> None:
    """Append the cases' text to `path` (created with a header if new); check it loads back; replace atomically
    (a symbolic link's target, the link staying a link). One add-case at a time per package: four at once
    each said "added" and one case was lost, or two took one name (round 28); the names and inputs are
    checked again once the package is held, against what another one added meanwhile."""
    problem.cases_dir.mkdir(parents=True, exist_ok=True)
    held = os.open(problem.cases_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the fd is closed, however this ends
        by_name, by_input = _taken(problem)
        for case in cases:
            if case.name in by_name:
                raise CaseError(f"case {case.name}: the name is already used by the case at "
                                f"{_where(by_name[case.name])}; nothing was written")
            if values.fingerprint(case.args) in by_input:
                raise CaseError(f"case {case.name}: the same inputs are already the case at "
                                f"{_where(by_input[values.fingerprint(case.args)])}; nothing was written")
        _append(problem, path, group, cases)
    finally:
        os.close(held)


def _append(problem: Problem, path: Path, group: str, cases: list[NewCase]) -> None:
    path = files.target(path)
    if path.exists() and not path.is_file():  # a device or a FIFO behind a link is no case file, nor replaced
        raise CaseError(f"{path}: not a regular file; nothing was written")
    # As it is, line ends included: a file written on Windows keeps its CRLF, and the new cases get them too
    # (read as text, every CR was dropped from the old cases as they were rewritten, round 31).
    old_text = HEADER
    if path.exists():
        with open(path, encoding="utf-8", newline="") as fh:
            old_text = fh.read()
    old = load_file(problem, path, group) if path.exists() else []
    end = "\r\n" if old_text.split("\n", 1)[0].endswith("\r") else "\n"
    chunks = [format_case(problem, c) for c in cases]
    text = old_text
    if text and not text.endswith("\n"):
        text += end
    if old:
        text += end  # a blank line between cases, as in the generated files
    text += ("\n\n".join(chunks) + "\n").replace("\n", end)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            loaded = load_file(problem, Path(tmp), group)
        except CaseError as exc:
            raise CaseError(f"{path}: cannot append without rewriting the file ({str(exc).split(': ', 1)[-1]}); "
                            f"nothing was written") from None
        if not _same(loaded[:len(old)], old) or not _same_new(loaded[len(old):], cases):
            raise CaseError(f"{path}: the appended text does not load back as written; nothing was written")
        files.settle_mode(tmp, path)  # not tempfile's 0600: the file is for people (README: file modes)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _same(a: list[Case], b: list[Case]) -> bool:
    return ([(c.name, c.args, c.expected, c.description) for c in a]
            == [(c.name, c.args, c.expected, c.description) for c in b])


def _same_new(loaded: list[Case], cases: list[NewCase]) -> bool:
    return [(c.name, c.args, c.expected, c.description) for c in loaded] == \
        [(c.name, c.args, c.expected, c.description) for c in cases]


def format_case(problem: Problem, case: NewCase) -> str:
    """The case as YAML text in the house style: grids as lists of quoted row strings."""
    lines = [f"- name: {_scalar(case.name)}"]
    if case.description:
        lines.append(f"  description: {_scalar(case.description)}")
    fields = [(p.name, case.args[p.name], p.type) for p in problem.signature.params]
    fields.append(("expected", case.expected, answer_type(problem)))
    for key, value, type_ in fields:
        shown = values.to_yaml(value, type_)
        board = values.parse_type(type_) == ("char", 2)  # a string[] is a list of words, not a board's rows
        if board and isinstance(shown, list) and shown and all(isinstance(r, str) for r in shown):
            lines.append(f"  {key}:")
            lines += [f"    - {_quoted(r)}" for r in shown]
        elif isinstance(shown, list) and shown and all(isinstance(r, list) for r in shown):
            lines.append(f"  {key}:")  # any other grid: one row a line, as people write it, a long row wrapped
            lines += [f"    - {_flow(r, indent=8)}" for r in shown]
        elif isinstance(shown, str):
            lines.append(f"  {key}: {_quoted(shown)}")
        elif isinstance(shown, list):
            lines.append(f"  {key}: {_flow(shown)}")
        else:
            lines.append(f"  {key}: {json.dumps(shown)}")  # JSON is YAML's flow style
    return "\n".join(lines)


def _flow(items: list[Any], width: int = 100, indent: int = 4) -> str:
    """A list as JSON (YAML's flow style), wrapped between items so that 2000 numbers are not one line;
    `indent`: the spaces before a continuation line."""
    parts = [json.dumps(item) for item in items]
    rows, row = [], ""
    for part in parts:
        if row and len(row) + len(part) + 2 > width:
            rows.append(row + ",")
            row = ""
        row = f"{row}, {part}" if row else part
    rows.append(row)
    return "[" + ("\n" + " " * indent).join(rows) + "]"


def _scalar(text: str) -> str:
    return text if _PLAIN.match(text) and yaml.safe_load(text) == text else _quoted(text)


def _quoted(text: str) -> str:
    if text.isprintable():
        return "'" + text.replace("'", "''") + "'"
    return json.dumps(text)  # control characters: a double-quoted (JSON) string is valid YAML
