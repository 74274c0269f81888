"""A test set's strength: how many mutants of the reference its cases kill (`judge strength`).

Mutants (judge/grading/mutate.py) of the reference, or of another accepted Python solution, run in
the box like any submission, one server each serving all its cases. Each case file, and the random
cases, is a unit: a mutant's run over a unit stops at the unit's first case that kills it (any
verdict but AC), since a kill rate needs no more. A mutant no case kills is run on the equivalence
inputs, smallest first, until one differs from the reference's answer:
- every valid input up to `max_size` that the package's generator enumerates, when it has an
  `enumerate(max_size)` function (Minesweeper's size is the number of squares);
- the first `draws` inputs of the generator's strategy for the same seed.
A mutant that differs on one of them survived; one that differs on none is called equivalent. That
is a test, not a proof: a mutant that differs only on inputs larger than `max_size` that the
generator does not draw is called equivalent wrongly. Each survivor's input is then shrunk by
`judge fuzz`'s search, and the smaller of the two is reported.

Speed: at most one worker thread per core, each with its mutant's server; the reference's answers
to the fixed and random cases are their expected answers, and its answers to the equivalence
inputs are computed once and kept in the cache (drawn random cases are cached by fuzz.py).
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import os
import random
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judge import cache as cache_folder, defaults, languages
from judge.defaults import CACHE_ROOT
from judge.errors import ProblemError, UsageError
from judge.grading import fuzz, mutate
from judge.grading.grade import Options, check, execute
from judge.grading.session import Outcome, Session
from judge.languages.python import LANGUAGE as PYTHON
from judge.problems import values
from judge.problems.cases import Case, load_cases, validate_args
from judge.problems.problem import Problem, package_code
from judge.results.mutation import (
    EQUIVALENT,
    KILLED,
    NOT_RUN,
    RANDOM,
    SURVIVED,
    Difference,
    Kill,
    MutantResult,
    StrengthReport,
)
from judge.sandbox import scratch
from judge.sandbox.box import detect
from judge.verdict import Verdict

DEFAULT_MAX_SIZE = defaults.STRENGTH_MAX_SIZE
DEFAULT_DRAWS = defaults.STRENGTH_DRAWS
SHRINK_EXAMPLES = 200


@dataclass(frozen=True)
class Unit:
    """Cases whose kills are counted together: one case file, or the random cases."""

    name: str
    group: str
    cases: tuple[Case, ...]


@dataclass(frozen=True)
class Settings:
    """What a strength run measures with."""

    seed: int = fuzz.DEFAULT_SEED
    count: int = fuzz.DEFAULT_COUNT    # random cases
    sample: int | None = None          # run only this many mutants, chosen by the seed
    only: tuple[int, ...] = ()         # run only the mutants of these numbers
    max_size: int = DEFAULT_MAX_SIZE
    draws: int = DEFAULT_DRAWS
    jobs: int = 1
    save: bool = False


def units(fixed: Sequence[Case], drawn: Sequence[Case]) -> list[Unit]:
    """The fixed cases by file (in test order), then the random cases as one unit."""
    found: dict[str, list[Case]] = {}
    for case in fixed:
        found.setdefault(f"{case.group}/{Path(case.file).name}", []).append(case)
    out = [Unit(name, cases[0].group, tuple(cases)) for name, cases in found.items()]
    if drawn:
        out.append(Unit(RANDOM, RANDOM, tuple(drawn)))
    return out


def _checker_accepts(problem: Problem, case: Case) -> None:
    """ProblemError unless the checker accepts a case's own expected answer: one that raised killed no mutant
    and ran none, and strength said "every mutant was killed", 100%, exit 0 (round 29)."""
    path = problem.parts.get("checker")
    where = path if path is not None and path.is_file() else problem.yaml_path
    try:
        with package_code():
            ok, _ = problem.checker.compare(case.expected, copy.deepcopy(case.expected), case.args)
    except (Exception, SystemExit) as exc:
        raise ProblemError(f"{where}: the checker fails on case {case.name}'s own answer: "
                           f"{type(exc).__name__}: {exc}") from None
    if not ok:
        raise ProblemError(f"{where}: the checker rejects case {case.name}'s own expected answer")


def measure(problem: Problem, source: Path | None = None, settings: Settings | None = None,
            options: Options | None = None, progress: Callable[[int, int], None] | None = None) -> StrengthReport:
    """Make the mutants of `source` (default: the reference), run them on every unit, class and report them."""
    settings = settings or Settings()
    options = options or Options()
    started = time.perf_counter()
    source = Path(source) if source is not None else problem.reference_path
    original = _python_source(source)
    try:
        made = mutate.mutants(original, source.name)
    except RecursionError:  # nesting deeper than the judge's own stack: a solution no one wrote by hand
        raise UsageError(f"{source}: nested too deeply to mutate") from None
    chosen = made
    if settings.only:
        unknown = sorted(set(settings.only) - {m.number for m in made})
        if unknown:
            raise UsageError(f"no mutant {', '.join(map(str, unknown))}: {source.name} has mutants 1 to {len(made)}")
        chosen = [m for m in made if m.number in settings.only]
    if settings.sample is not None and settings.sample < len(chosen):
        chosen = sorted(random.Random(settings.seed).sample(chosen, settings.sample), key=lambda m: m.number)
    fixed = load_cases(problem)
    _checker_accepts(problem, fixed[0])
    drawn = fuzz.random_cases(problem, settings.count, settings.seed, options)
    parts = units(fixed, drawn)
    if source.resolve() != problem.reference_path.resolve():
        _accepted(problem, source, [c for u in parts for c in u.cases], options)
    jobs = max(1, min(settings.jobs, os.cpu_count() or 1))
    with tempfile.TemporaryDirectory(prefix=scratch.prefix("strength")) as folder:
        paths = {m.number: _write(Path(folder), m) for m in chosen}
        done, lock = [0], threading.Lock()

        def run(mutant: mutate.Mutant) -> MutantResult:
            result = _run_units(problem, mutant, original, source.name, paths[mutant.number], parts, options)
            with lock:
                done[0] += 1
                if progress:
                    progress(done[0], len(chosen))
            return result

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(run, chosen))
        counts = {"max_size": 0, "enumerated": 0, "drawn": 0}
        if any(r.status == SURVIVED for r in results):
            extra, counts = equivalence_inputs(problem, settings, {c.name for c in drawn}, options)
            results = _class_survivors(problem, results, paths, extra, settings.seed, jobs, options)
    if settings.save:
        results = _save(problem, results, _shown(source), options)
    return StrengthReport(problem=problem.id, source=_shown(source), seed=settings.seed, random_count=len(drawn),
                          sandbox=(options.box or detect()).name, made=len(made),
                          mutants=tuple(results), units=tuple((u.name, u.group, len(u.cases)) for u in parts),
                          equivalence=counts, seconds=time.perf_counter() - started)


def _class_survivors(problem: Problem, results: list[MutantResult], paths: dict[int, Path], extra: Sequence[Case],
                     seed: int, jobs: int, options: Options) -> list[MutantResult]:
    """Each mutant no case killed: equivalent, or survived with the smallest input found where it differs."""
    pending = [r for r in results if r.status == SURVIVED]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        firsts = list(pool.map(lambda r: _classify(problem, paths[r.number], extra, options), pending))
    classed: dict[int, MutantResult] = {}
    for r, first in zip(pending, firsts, strict=False):
        if first is None:
            classed[r.number] = replace(r, status=EQUIVALENT)
        else:
            classed[r.number] = replace(r, difference=_smallest(problem, paths[r.number], first, seed, options))
    return [classed.get(r.number, r) for r in results]


def _python_source(source: Path) -> str:
    if not source.is_file():
        raise UsageError(f"{source}: no such file")
    if languages.for_path(source).name != PYTHON.name:
        raise UsageError(f"{source}: mutants are made of Python solutions only")
    try:
        text = source.read_text(encoding="utf-8")
        ast.parse(text, str(source))
    except (UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise UsageError(f"{source}: cannot be parsed as Python: {type(exc).__name__}: {exc}") from None
    return text


def _accepted(problem: Problem, source: Path, cases: list[Case], options: Options) -> None:
    """A given solution must be accepted on every case: mutants of a wrong one measure nothing."""
    execution = execute(problem, source, [c.arg_list(problem) for c in cases], options, PYTHON)
    failure = execution.compile_error or execution.judge_error
    if failure is not None:
        raise UsageError(f"{source}: not accepted: {failure.splitlines()[0] if failure else 'it does not run'}")
    for case, outcome in zip(cases, execution.outcomes, strict=False):
        verdict = check(problem, case, outcome).verdict
        if verdict is not Verdict.AC:
            raise UsageError(f"{source}: not accepted: {verdict.value} on case {case.name}; give an accepted solution")


def _write(folder: Path, mutant: mutate.Mutant) -> Path:
    path = folder / f"mutant_{mutant.number}.py"
    path.write_text(mutant.source, encoding="utf-8")
    return path


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _run_units(problem: Problem, mutant: mutate.Mutant, original: str, name: str, path: Path,
               parts: Sequence[Unit], options: Options) -> MutantResult:
    """One mutant on each unit until that unit's first kill; SURVIVED (for now) when none kills it."""
    base = MutantResult(mutant.number, mutant.operator, mutant.line, mutant.change, tuple(mutant.diff(original, name)),
                        status=SURVIVED)
    kills: list[Kill] = []
    with Session(problem, path, PYTHON, options.box) as session:
        for unit in parts:
            for case in unit.cases:
                outcome = session.run(case.arg_list(problem))
                if session.judge_error is not None:
                    return replace(base, status=NOT_RUN, message=session.judge_error)
                verdict = check(problem, case, outcome).verdict
                if verdict is Verdict.JE:
                    return replace(base, status=NOT_RUN, message=outcome.message or "the judge failed on it")
                if verdict is not Verdict.AC:
                    kills.append(Kill(unit.name, case.name, verdict))
                    break
    return replace(base, status=KILLED if kills else SURVIVED, kills=tuple(kills))


def _classify(problem: Problem, path: Path, extra: Sequence[Case], options: Options) -> tuple[Case, Outcome] | None:
    """The first equivalence input where the mutant differs from the reference, or None."""
    with Session(problem, path, PYTHON, options.box) as session:
        for case in extra:
            outcome = session.run(case.arg_list(problem))
            if check(problem, case, outcome).verdict is not Verdict.AC:
                return case, outcome
    return None


def _smallest(problem: Problem, path: Path, first: tuple[Case, Outcome], seed: int, options: Options) -> Difference:
    """The smaller of the first differing equivalence input and what `judge fuzz` shrinks to."""
    case, outcome = first
    found_by = "the smallest enumerated input" if case.group == "enumerated" else f"generator input {case.name}"
    result = check(problem, case, outcome)
    searched = fuzz.search(problem, path, SHRINK_EXAMPLES, seed, options)
    if searched.found is not None and size(searched.found.case.args) <= size(case.args):
        case, result, found_by = searched.found.case, searched.found.result, "judge fuzz, shrunk"
    return Difference(args=case.args, expected=case.expected, got=result.got, verdict=result.verdict,
                      explanation=tuple(result.diff) or ((result.message,) if result.message else ()),
                      found_by=found_by)


def size(value: Any) -> int:
    """The number of scalars in a value (a board's squares plus the click's two numbers)."""
    if isinstance(value, dict):
        return sum(size(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(size(v) for v in value)
    return 1


# ------------------------------------------------------------------ equivalence inputs

def equivalence_inputs(problem: Problem, settings: Settings, skip: set[str], options: Options
                       ) -> tuple[list[Case], dict[str, int]]:
    """The enumerated inputs (smallest first) then the generator's, each with the reference's answer."""
    enumerated = enumerated_cases(problem, settings.max_size, options)
    drawn = [c for c in fuzz.random_cases(problem, settings.draws, settings.seed, options) if c.name not in skip]
    counts = {"max_size": settings.max_size if enumerated or _enumerator(problem) else 0,
              "enumerated": len(enumerated), "drawn": settings.draws}
    return enumerated + drawn, counts


def _enumerator(problem: Problem) -> Callable[[int], Iterable[dict[str, Any]]] | None:
    found = getattr(problem.generator, "enumerate", None)
    return found if callable(found) else None


def enumerated_cases(problem: Problem, max_size: int, options: Options | None = None) -> list[Case]:
    """Every valid input up to `max_size` the package enumerates, answered by the reference; cached."""
    enumerate_inputs = _enumerator(problem)
    if enumerate_inputs is None or max_size <= 0:
        return []
    path = _cache_path(problem, max_size)
    kept, _ = fuzz.read_cached(path)
    if kept is not None:
        pairs = kept.all()
        cache_folder.touch(path)
    else:
        params = [p.name for p in problem.signature.params]
        inputs = []
        for k, args in enumerate(enumerate_inputs(max_size)):
            if not isinstance(args, dict) or any(p not in args for p in params):
                raise ProblemError(f"{problem.parts['generator']}: enumerate() gave {type(args).__name__} "
                                   f"without every parameter ({', '.join(params)}) at item {k}") from None
            complaints = validate_args(problem, {p: args[p] for p in params})
            if complaints:
                raise ProblemError(f"{problem.parts['generator']}: enumerate() gave an invalid input at item {k}: "
                                   f"{complaints[0]}") from None
            inputs.append({p: args[p] for p in params})
        answers = fuzz.reference_answers(problem, inputs, [f"enumerated-{k}" for k in range(len(inputs))], options)
        pairs = list(zip(inputs, answers, strict=False))
        fuzz.keep_cached(path, [{"args": a, "expected": e} for a, e in pairs])
    where = problem.parts["generator"]
    return [Case(name=f"enumerated-{max_size}-{k}", group="enumerated", args=args, expected=answer, file=where,
                 line=0, description=f"enumerated input {k} up to size {max_size}")
            for k, (args, answer) in enumerate(pairs)]


def _cache_path(problem: Problem, max_size: int) -> Path:
    digest = hashlib.sha256()
    for part in ("generator", "validator", "reference"):
        digest.update(problem.parts[part].read_bytes() if problem.parts[part].is_file() else b"")
    digest.update(json.dumps([problem.signature.to_dict(), max_size]).encode())
    return CACHE_ROOT / "enumerated" / f"{problem.id}-{max_size}-{digest.hexdigest()[:24]}.json"


# ------------------------------------------------------------------ --save

def _save(problem: Problem, results: list[MutantResult], shown: str, options: Options) -> list[MutantResult]:
    """Add each survivor's input as a secret case, through the same path as `judge add-case`."""
    from judge.grading import addcase

    items: dict[str, dict[str, Any]] = {}
    for r in results:
        if r.status == SURVIVED and r.difference is not None:
            key = values.fingerprint(r.difference.args)
            items.setdefault(key, {**r.difference.args,
                                   "description": f"kills mutant {r.number} of {shown} ({r.operator}, line "
                                                  f"{r.line}: {r.change}); found by judge strength"})
    if not items:
        return results
    new = addcase.prepare(problem, list(items.values()), "judge strength", options, prefix="strength")
    path = addcase.target(problem, "secret", None)
    addcase.append(problem, path, "secret", new)
    names = {values.fingerprint(c.args): c.name for c in new}
    return [replace(r, difference=_saved(r.difference, names)) if r.status == SURVIVED and r.difference else r
            for r in results]


def _saved(found: Difference, names: dict[str, str]) -> Difference:
    return replace(found, saved_as=names.get(values.fingerprint(found.args)))
