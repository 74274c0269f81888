"""Records to and from JSON: the one module that knows the judge's JSON documents.

Every document the judge prints or exports as JSON is built here and carries `schema_version`;
schema/results.schema.json (JSON Schema, draft 2020-12) describes each of them, field by field:
`judge grade --json`, `judge verify --json`, `judge compare --json`, `judge strength --json`,
`judge leaderboard --format json`, `judge similarity --format json`; and the `extra_data` of
Gradescope's results.json (gradescope.py builds the rest of that document, Gradescope's own fields).
The schema allows no field it does not describe, so bump SCHEMA_VERSION (and the schema's `const`)
whenever a document changes shape: a field added, renamed, retyped or removed.

The rules the schema holds: a verdict is its name; `diff` is always a list of strings; times are
milliseconds rounded to 3 decimals; the store's names (row ids, `idx`, `grp`) never appear.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.defaults import COMPILE_OUTPUT, KEEP_OUTPUT
from judge.results import mutation, visibility
from judge.results.mutation import MutantResult, StrengthReport
from judge.results.records import Comparison
from judge.verdict import CaseResult, FirstFailure, Recording, SubmissionResult, Verdict, overall

if TYPE_CHECKING:  # only for the hints: `judge grade --json` need not import the leaderboard
    from judge.results.leaderboard import Entry, Leaderboard
    from judge.results.similarity import Pair, Report as SimilarityReport, Source

SCHEMA_VERSION = 5
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "results.schema.json"


#: Objects and arrays this deep or deeper are written on one line (a case, a diff, an answer).
ONE_LINE_DEPTH = 4
#: json's C encoder: an `indent` makes json.dumps encode in pure Python, 3-4x slower (50 ms for
#: 20 submissions x 306 cases, all of it on one core after the grading).
_ONE_LINE = json.JSONEncoder(separators=(", ", ": "))


def dumps(document: dict[str, Any]) -> str:
    """A document as the judge prints it: indented by two spaces down to ONE_LINE_DEPTH, each deeper
    value (a case's result, say) on one line; the same JSON values as json.dumps gives."""
    return _dumps(document, 0)


def _dumps(value: Any, level: int) -> str:
    if level >= ONE_LINE_DEPTH or not value or not isinstance(value, (dict, list)):
        return _ONE_LINE.encode(value)
    pad = "\n" + "  " * (level + 1)
    if isinstance(value, list):
        body = ("," + pad).join(_dumps(item, level + 1) for item in value)
        return "[" + pad + body + "\n" + "  " * level + "]"
    body = ("," + pad).join(f"{_key(k)}: {_dumps(v, level + 1)}" for k, v in value.items())
    return "{" + pad + body + "\n" + "  " * level + "}"


def _key(key: Any) -> str:
    """A key as json.dumps writes it: a string is quoted; 1, True, None become "1", "true", "null"."""
    return _ONE_LINE.encode(key) if isinstance(key, str) else _ONE_LINE.encode({key: 0})[1:-4]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


# ------------------------------------------------------------------ records to JSON

def case_to_json(case: CaseResult) -> dict[str, Any]:
    """One case's result (`got` stays out: compare's `answer` fingerprint stands for it)."""
    return {
        "name": case.name, "group": case.group, "verdict": case.verdict.value, "time_ms": round(case.time_ms, 3),
        "cpu_ms": _ms(case.cpu_ms), "memory_kb": case.memory_kb, "message": case.message, "diff": list(case.diff),
        "output": case.output, "answer": case.answer,
    }


def recording_to_json(recording: Recording) -> dict[str, Any]:
    """The facts of grading through the store, flat beside the submission's own fields."""
    return {"author": recording.author, "cached": recording.cached, "graded_at": recording.graded_at,
            "score": recording.score, "max_score": recording.max_score, "student_id": recording.student_id,
            "submitted_at": recording.submitted_at, "late": recording.late}


def submission_to_json(result: SubmissionResult, with_cases: bool = True) -> dict[str, Any]:
    """One submission's result; `first_failure` is the name of its first failing case (its data is in `cases`)."""
    first = result.first_failure
    data: dict[str, Any] = {
        "submission": result.submission, "path": result.path, "language": result.language,
        "verdict": result.verdict.value, "passed": result.passed, "total": result.total,
        "message": result.message, "sha256": result.sha256, "max_time_ms": round(result.max_time_ms, 3),
        "first_failure": first.name if first else None,
    }
    if with_cases:
        data["cases"] = [case_to_json(c) for c in result.cases]
    if result.recording is not None:
        data.update(recording_to_json(result.recording))
    return data


def result_to_json(result: SubmissionResult) -> dict[str, Any]:
    """A submission's result as `grade --json` gives it, each case with the answer it returned (`got`):
    what crosses from where it was graded (a worker, a grading lane) to where it is recorded."""
    data = submission_to_json(result)
    for case, out in zip(result.cases, data["cases"], strict=True):
        out["got"] = case.got
    return data


def failure_to_json(first: FirstFailure) -> dict[str, Any]:
    """A first failing case with its inputs, expected and returned answers (what the HTML page draws)."""
    case = first.case
    return {"name": case.name, "group": case.group, "verdict": case.verdict.value, "message": case.message,
            "diff": list(case.diff), "got": case.got, "output": case.output, "args": first.args,
            "expected": first.expected}


def comparison_to_json(comparison: Comparison) -> dict[str, Any]:
    """A comparison of submissions: groups, pairwise disagreements, warnings."""
    names = comparison.submissions
    return {
        "cases": len(comparison.cases), "submissions": list(names), "answers_agree_by": comparison.agreement,
        "groups": [list(g) for g in comparison.groups],
        "disagreements": {a: {b: comparison.matrix[i][j] for j, b in enumerate(names)} for i, a in enumerate(names)},
        "warnings": [{"case": s.case, "agreeing": list(s.agreeing), "voters": s.voters, "message": s.message()}
                     for s in comparison.suspects],
    }


def entry_to_json(entry: Entry, with_cases: bool = True, weights: Mapping[str, float] | None = None
                  ) -> dict[str, Any]:
    """One ranked author: their best submission, and with_cases its listed cases, the tally of each hidden
    group (judge/results/visibility.py) and its first failing case."""
    data = {
        "rank": entry.rank, "author": entry.author, "submission": entry.submission, "language": entry.language,
        "verdict": entry.verdict.value, "passed": entry.passed, "total": entry.total, "score": entry.score,
        "max_score": entry.max_score, "speed": None if entry.speed is None else round(entry.speed, 3),
        "submitted_at": entry.submitted_at, "sha256": entry.sha256, "attempts": entry.attempts,
        "student_id": entry.student_id, "name": entry.name, "email": entry.email, "graded_at": entry.graded_at,
        "late": entry.late, "late_days": entry.late_days, "penalty": entry.penalty,
        "score_before_penalty": entry.raw_score, "test_set_hash": entry.test_set,
    }
    if with_cases:
        data["cases"] = [case_to_json(c) for c in visibility.listed(entry.cases)]
        data["hidden"] = [{"group": t.group, "passed": t.passed, "total": t.total}
                          for t in visibility.hidden_tallies(entry.cases, weights or {})]
        data["first_failure"] = None if entry.first_failure is None else failure_to_json(entry.first_failure)
    return data


# ------------------------------------------------------------------ documents

def grade_document(problem_id: str, title: str, results: Sequence[SubmissionResult], comparison: Comparison, *,
                   sandbox: str, sandbox_detail: str, isolated: bool, cases: int, random_count: int,
                   seed: int | None, random_hash: str) -> dict[str, Any]:
    """`judge grade --json`: the run (sandbox, cases, random cases), the comparison, every submission."""
    return {
        "schema_version": SCHEMA_VERSION, "problem": problem_id, "title": title, "sandbox": sandbox,
        "sandbox_detail": sandbox_detail, "isolated": isolated, "cases": cases,
        "random": {"count": random_count, "seed": seed, "hash": random_hash},
        "compare": comparison_to_json(comparison), "results": [submission_to_json(r) for r in results],
    }


def verify_document(problem_id: str, sandbox: str, ok: bool, errors: Sequence[str], warnings: Sequence[str],
                    notes: Sequence[str], submissions: Sequence[tuple[Verdict, SubmissionResult]]) -> dict[str, Any]:
    """`judge verify --json`: the checks' findings and each known submission with the verdict its folder expects."""
    return {
        "schema_version": SCHEMA_VERSION, "problem": problem_id, "sandbox": sandbox, "ok": ok,
        "errors": list(errors), "warnings": list(warnings), "notes": list(notes),
        "submissions": [{"expected": expected.value, **submission_to_json(result, with_cases=False)}
                        for expected, result in submissions],
    }


def compare_document(problem_id: str, seed: int | None, comparison: Comparison) -> dict[str, Any]:
    """`judge compare --json`."""
    return {"schema_version": SCHEMA_VERSION, "problem": problem_id, "seed": seed, **comparison_to_json(comparison)}


def leaderboard_document(board: Leaderboard) -> dict[str, Any]:
    """`judge leaderboard --format json`: the ranking with every case of each ranked submission."""
    return {
        "schema_version": SCHEMA_VERSION, "problem": board.problem, "title": board.title,
        "test_set_hash": board.test_set_hash, "reference_measured": board.reference_measured,
        "cases": list(board.case_names), "entries": [entry_to_json(e, weights=board.weights) for e in board.entries],
        "deadline": board.deadline or None, "package_changed": board.package_changed,
        "stale": [entry_to_json(e, with_cases=False) for e in board.stale],
        "missing": [{"student_id": e.student_id, "name": e.name or e.author, "email": e.email} for e in board.missing],
    }


def strength_document(report: StrengthReport) -> dict[str, Any]:
    """`judge strength --json`: the mutants' counts, the kill rates, and every mutant with what killed it."""
    return {
        "schema_version": SCHEMA_VERSION, "problem": report.problem, "source": report.source, "seed": report.seed,
        "sandbox": report.sandbox, "random_count": report.random_count, "made": report.made,
        "equivalence": {key: report.equivalence.get(key, 0) for key in ("max_size", "enumerated", "drawn")},
        "counts": {status.replace(" ", "_"): report.count(status)
                   for status in (mutation.KILLED, mutation.SURVIVED, mutation.EQUIVALENT, mutation.NOT_RUN)},
        "rates": [{"cases": r.name, "size": r.cases, "killed": r.killed, "of": r.of, "percent": round(r.percent, 2)}
                  for r in report.rates()],
        "mutants": [_mutant_to_json(m) for m in report.mutants], "seconds": round(report.seconds, 3),
    }


def _mutant_to_json(mutant: MutantResult) -> dict[str, Any]:
    found = mutant.difference
    return {
        "number": mutant.number, "operator": mutant.operator, "line": mutant.line, "change": mutant.change,
        "status": mutant.status, "message": mutant.message, "diff": list(mutant.diff),
        "kills": [{"cases": k.cases, "case": k.case, "verdict": k.verdict.value} for k in mutant.kills],
        "difference": None if found is None else {
            "args": found.args, "expected": found.expected, "got": found.got, "verdict": found.verdict.value,
            "explanation": list(found.explanation), "found_by": found.found_by, "saved_as": found.saved_as},
    }


def similarity_document(problem_id: str, report: SimilarityReport, threshold: float,
                        pairs: Sequence[Pair]) -> dict[str, Any]:
    """`judge similarity --format json`: the pairs shown (at or above the threshold), with both shares and the
    shared spans (character offsets and the lines they touch)."""
    def side(source: Source, share: float, spans: tuple[tuple[int, int], ...]) -> dict[str, Any]:
        return {"submission": source.name, "language": source.language, "share": round(share, 4),
                "fragments": [{"start": s, "end": e, "first_line": source.text.count("\n", 0, s) + 1,
                               "last_line": source.text.count("\n", 0, max(s, e - 1)) + 1} for s, e in spans]}

    return {"schema_version": SCHEMA_VERSION, "problem": problem_id, "compared": report.compared,
            "threshold": threshold, "alone": [s.name for s in report.alone],
            "pairs": [{"similarity": round(p.similarity, 4), "shared_tokens": p.shared_tokens,
                       "a": side(p.left, p.left_share, p.left_spans),
                       "b": side(p.right, p.right_share, p.right_spans)} for p in pairs]}


# ------------------------------------------------------------------ JSON to records

def results_from_document(document: Any) -> list[SubmissionResult]:
    """The submissions of a `judge grade --json` document as records; ValueError when it is not one.

    What the document leaves out stays empty: each case's `got` (only its fingerprint is kept).
    """
    if not isinstance(document, dict) or document.get("schema_version") != SCHEMA_VERSION:
        raise ValueError(f"not a judge document of schema version {SCHEMA_VERSION}")
    return [submission_from_json(r) for r in _get(document, "results", list)]


#: What a result read back (a `judge worker`'s, a lane's) keeps of the texts whose length a package's
#: checker, a compiler or a submission decides: past these they are cut, never refused (a lane's own
#: result of a long explanation is as good as a serial run's). A fingerprint (`answer`) or a hash the
#: judge makes itself past MAX_ANSWER_CHARS is malformed.
MAX_OUTPUT_CHARS = KEEP_OUTPUT
MAX_MESSAGE_CHARS = COMPILE_OUTPUT
MAX_DIFF_LINES = 10_000
MAX_DIFF_LINE_CHARS = 10_000
MAX_ANSWER_CHARS = 200


def submission_from_json(data: Any) -> SubmissionResult:
    """One submission's result from its JSON (see submission_to_json); ValueError on anything else,
    a verdict that is not its cases' (an AC over wrong cases) included."""
    data = _object(data, "a submission")
    recording = None
    if "author" in data:
        recording = Recording(_get(data, "author", str), _get(data, "cached", bool), _get(data, "graded_at", str),
                              _number(data, "score"), _number(data, "max_score"), _get(data, "student_id", str),
                              _get(data, "submitted_at", str), _get(data, "late", bool))
    submission, path, language = _get(data, "submission", str), _get(data, "path", str), _get(data, "language", str)
    verdict = Verdict.from_name(data.get("verdict"))
    cases = tuple(case_from_json(c) for c in _get(data, "cases", list))
    if cases and verdict is not overall(cases):
        raise ValueError(f"verdict {verdict.value}, but its cases' is {overall(cases).value}")
    return SubmissionResult(submission=submission, path=path, language=language, verdict=verdict, cases=cases,
                            message=_cut(_get(data, "message", str), MAX_MESSAGE_CHARS),
                            sha256=_text(data, "sha256", 64), recording=recording)


def result_from_json(data: Any) -> SubmissionResult:
    """The result record from result_to_json's data, answers included; ValueError when malformed."""
    try:
        result = submission_from_json(data)
        gots = [case.get("got") for case in data["cases"]]
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(str(exc)) from None
    cases = tuple(replace(case, got=got) if got is not None else case
                  for case, got in zip(result.cases, gots, strict=True))
    return replace(result, cases=cases)


def case_from_json(data: Any) -> CaseResult:
    """One case's result from its JSON (see case_to_json); ValueError on anything else."""
    data = _object(data, "a case")
    cpu, memory = data.get("cpu_ms"), data.get("memory_kb")
    diff = _get(data, "diff", list)
    if not all(isinstance(line, str) for line in diff):
        raise ValueError("a case's diff: expected a list of strings")
    diff = [_cut(line, MAX_DIFF_LINE_CHARS) for line in diff[:MAX_DIFF_LINES]]
    if memory is not None and (isinstance(memory, bool) or not isinstance(memory, int) or memory < 0):
        raise ValueError(f"memory_kb: expected a count of KiB, got {memory!r:.60}")
    return CaseResult(
        _get(data, "name", str), _get(data, "group", str), Verdict.from_name(data.get("verdict")),
        time_ms=_measure(data, "time_ms"), cpu_ms=None if cpu is None else _measure(data, "cpu_ms"),
        memory_kb=memory, message=_cut(_get(data, "message", str), MAX_MESSAGE_CHARS), diff=tuple(diff),
        output=_cut(_get(data, "output", str), MAX_OUTPUT_CHARS), answer=_text(data, "answer", MAX_ANSWER_CHARS))


def _object(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"{what}: expected an object, got {type(data).__name__}")
    return data


def _get(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    # bool is an int to Python, never to JSON
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{key}: expected {kind.__name__}, got {value!r:.60}")
    return value


def _number(data: dict[str, Any], key: str) -> float:
    value = data.get(key)
    # NaN and Infinity are numbers to Python's json, never to a judge (a time of nan ms showed as such)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{key}: expected a number, got {value!r:.60}")
    return float(value)


def _measure(data: dict[str, Any], key: str) -> float:
    """A time: a finite number, never below zero."""
    value = _number(data, key)
    if value < 0:
        raise ValueError(f"{key}: expected a time, got {value!r:.60}")
    return value


def _text(data: dict[str, Any], key: str, limit: int) -> str:
    value: str = _get(data, key, str)
    if len(value) > limit:
        raise ValueError(f"{key}: {len(value)} characters, over the {limit} a judge makes")
    return value


def _cut(text: str, limit: int) -> str:
    """The text, or its first `limit` characters and how many more there were."""
    return text if len(text) <= limit else f"{text[:limit]} ... ({len(text) - limit} more characters not kept)"
