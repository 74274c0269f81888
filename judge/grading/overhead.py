"""Each language's per-case harness overhead: a null solution served by the same harness.

The leaderboard's speed compares CPU times across languages; the raw CPU time of a case also
counts what the harness spends around the call (decoding the inputs, a fresh process or globals,
encoding the answer), which differs per language (a forked C++ child, a JVM thread, a Python
worker). A null solution, one that returns a constant of the answer's type without looking at its
inputs, is run through the real path on the same cases, 3 times; each case's median CPU time is
that language's overhead on that case, stored per test set, language and toolchain, and subtracted
by the leaderboard (judge/results/leaderboard.py) from the submissions' and the reference's times.
Measured once per machine: the cache (`overhead/` under $JUDGE_CACHE) keeps each measurement, keyed
by the test set, the language, its toolchain's version, its harness files and the null solution,
so another results store of the same cases copies it instead of running it again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path

from judge import cache, languages
from judge.defaults import CACHE_ROOT
from judge.grading.grade import Options, execute
from judge.languages.cpp import cpp_type
from judge.languages.java import java_type
from judge.problems.cases import Case
from judge.problems.problem import Problem, Signature
from judge.problems.values import parse_type
from judge.results import visibility
from judge.results.store import Store
from judge.sandbox import scratch

REPEATS = 3
#: Part of every cache key: entries of another layout never match.
FORMAT = "overhead-1"
_ZERO = {"int": "0", "long": "0", "double": "0.0", "bool": "false", "char": "'a'", "string": '""'}
_GO = {"int": "int", "long": "int64", "double": "float64", "bool": "bool", "char": "byte", "string": "string"}


def null_source(language: str, signature: Signature) -> str:
    """A solution of `signature` in `language` that does no work: it returns its first parameter of the
    return type when there is one (so the harness encodes an answer of the usual size, as it does for
    a real solution: Minesweeper returns its board), else a constant of that type (nothing when void)."""
    fn, returns = signature.function, signature.returns
    void = returns == "void"
    echo = next((i for i, p in enumerate(signature.params) if p.type == returns), None)
    name = signature.params[echo].name if echo is not None else ""
    if language == "python":
        zero = "None" if void else f"args[{echo}]" if echo is not None else _python_zero(returns)
        return f"class {signature.class_name}:\n    def {fn}(self, *args):\n        return {zero}\n"
    if language in ("javascript", "typescript"):
        zero = "" if void else f"args[{echo}]" if echo is not None else _js_zero(returns)
        typed = ": any" if language == "typescript" else ""
        head = f"function {fn}(...args{': any[]' if typed else ''}){typed}"
        return f"{head} {{ return {zero}; }}\n" if zero else f"{head} {{ }}\n"
    if language == "cpp":
        params = ", ".join(f"{cpp_type(p.type)}{'&' if parse_type(p.type)[1] else ''} {p.name}"
                           for p in signature.params)
        body = "" if void else f"return {name};" if name else "return {};"
        kind = "void" if void else cpp_type(returns)
        return f"class {signature.class_name} {{\npublic:\n    {kind} {fn}({params}) {{ {body} }}\n}};\n"
    if language == "java":
        params = ", ".join(f"{java_type(p.type)} {p.name}" for p in signature.params)
        body = "" if void else f"return {name or _java_zero(returns)};"
        kind = "void" if void else java_type(returns)
        return f"class {signature.class_name} {{\n    public {kind} {fn}({params}) {{ {body} }}\n}}\n"
    if language == "go":
        params = ", ".join(f"{p.name} {_go_type(p.type)}" for p in signature.params)
        if void:
            return f"func {fn}({params}) {{\n}}\n"
        kind = _go_type(returns)
        if name:
            return f"func {fn}({params}) {kind} {{\n    return {name}\n}}\n"
        if parse_type(returns)[1]:  # an empty slice, not nil (the harness takes nil for no answer)
            return f"func {fn}({params}) {kind} {{\n    return {kind}{{}}\n}}\n"
        return f"func {fn}({params}) {kind} {{\n    var zero {kind}\n    return zero\n}}\n"
    raise ValueError(f"no null solution for language {language!r}")


def measure(store: Store, problem: Problem, cases: Sequence[Case], names: Iterable[str],
            options: Options | None = None) -> None:
    """Measure and store the overhead of each language in `names` not yet measured on these cases."""
    tests = visibility.graded_set_hash(problem, cases)
    known = store.overheads(tests)
    inputs = [c.arg_list(problem) for c in cases]
    for name in sorted(set(names) - set(known)):
        language = languages.by_name(name)
        tool = language.toolchain()
        if not tool.ok:
            continue  # no toolchain: its submissions are JE and have no speed anyway
        entry = _cache_entry(problem, tests, name, tool.version or "")
        try:
            cached = json.loads(entry.read_text(encoding="utf-8"))
            cache.touch(entry)
        except (OSError, ValueError):
            cached = None
        if isinstance(cached, dict):  # measured on this machine already, for another store
            store.save_overheads(tests, name, {str(k): v for k, v in cached.items()}, tool.version or None)
            continue
        folder = scratch.folder("null")
        try:
            source = folder / f"null{language.extensions[0]}"
            source.write_text(null_source(name, problem.signature), encoding="utf-8")
            samples: dict[str, list[float]] = {c.name: [] for c in cases}
            for _ in range(REPEATS):
                execution = execute(problem, source, inputs, options, language)
                for case, outcome in zip(cases, execution.outcomes, strict=False):
                    if outcome is not None and outcome.verdict is None and outcome.cpu_ms is not None:
                        samples[case.name].append(outcome.cpu_ms)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        times = {n: statistics.median(v) if v else None for n, v in samples.items()}
        store.save_overheads(tests, name, times, tool.version or None)
        if all(t is not None for t in times.values()):
            cache.keep(entry, json.dumps(times))


def _cache_entry(problem: Problem, tests: str, language: str, toolchain: str) -> Path:
    """Where this machine keeps a language's overheads on a test set: keyed by all that decides them."""
    lang = languages.by_name(language)
    # Each language names its harness (and the compiled ones the files they build with).
    harness = {getattr(lang, "harness", None), *getattr(lang, "harness_files", ())} - {None}
    digest = hashlib.sha256(json.dumps([FORMAT, tests, language, toolchain, null_source(language, problem.signature),
                                        problem.limits.time, problem.limits.memory_mb]).encode())
    for path in sorted(harness):
        digest.update(path.read_bytes() if path.is_file() else b"")
    return CACHE_ROOT / "overhead" / f"{language}-{digest.hexdigest()[:32]}.json"


def _python_zero(neutral: str) -> str:
    scalar, depth = parse_type(neutral)
    if depth:
        return "[]"
    return {"bool": "False", "char": "'a'", "string": "''"}.get(scalar, "0")


def _js_zero(neutral: str) -> str:
    scalar, depth = parse_type(neutral)
    return "[]" if depth else {"char": "'a'", "string": "''"}.get(scalar, _ZERO[scalar])


def _java_zero(neutral: str) -> str:
    scalar, depth = parse_type(neutral)
    if not depth:
        return _ZERO[scalar] + ("L" if scalar == "long" else "")
    element = java_type(neutral)[:-2]  # int[][] -> new int[0][]
    return f"new {element.split('[')[0]}[0]{'[]' * (depth - 1)}"


def _go_type(neutral: str) -> str:
    scalar, depth = parse_type(neutral)
    return "[]" * depth + _GO[scalar]
