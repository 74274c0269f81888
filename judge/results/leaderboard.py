"""Ranking the stored submissions of a problem: each author's best, by score, speed, then time.

The rules (README "Leaderboard" says the same):
1. Only submissions graded on the problem's latest test set count (an older set had other cases).
2. A submission is the pair (author, content hash); graded several times, it keeps the time it was
   first graded, and the per-case median of its CPU times over every real (not cached) grading.
3. Each author is ranked by their best submission: higher score first (cases passed, or the
   problem's group weights), then lower speed ratio, then the earliest submission.
4. Speed ratio: for each case the submission passed, its CPU time divided by the reference's
   (the median of 3 runs of the reference on the same machine), then the median over those
   cases. Only cases where the reference needs at least 5 ms count, when there are any: below
   that a case's CPU time is mostly the harness's (decoding, fresh globals), not the solution's.
   Ratios are compared rounded to one decimal, so a difference of a few percent (noise) ties and the
   earlier submission wins.
   A submission that passed no timed case has no speed and ranks after those that have one.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from judge.errors import JudgeError, UsageError
from judge.problems.problem import Problem, load_problem
from judge.results import scoring
from judge.results.records import StoredRun, StoredSubmission
from judge.results.store import Store
from judge.verdict import CaseResult, FirstFailure, Verdict

TIMED_MIN_MS = 5.0
SPEED_DECIMALS = 1


@dataclass(frozen=True)
class Entry:
    """One author's best submission, ranked."""

    rank: int
    author: str
    submission: str
    language: str
    verdict: Verdict
    passed: int
    total: int
    score: float
    max_score: float
    speed: float | None          # CPU time ratio to the reference (lower is faster)
    submitted_at: str
    sha256: str
    attempts: int                # distinct submissions of this author on this test set
    cases: tuple[CaseResult, ...] = ()
    first_failure: FirstFailure | None = None

    def key(self) -> tuple[float, float, str]:
        """The sort key of the ranking rules."""
        speed = math.inf if self.speed is None else round(self.speed, SPEED_DECIMALS)
        return (-self.score, speed, self.submitted_at)


@dataclass(frozen=True)
class Leaderboard:
    """A problem's leaderboard: the ranked entries and the cases they were graded on."""

    problem: str
    title: str
    test_set_hash: str
    entries: Sequence[Entry]
    case_names: Sequence[str]
    reference_measured: bool
    weights: Mapping[str, float] = field(default_factory=dict)  # per case group, from problem.yaml's scoring


def rank(store: Store, problem: str, tests: str) -> list[Entry]:
    """Every author's best submission on a test set, in ranking order with ranks set."""
    reference = {name: t.cpu_ms or t.wall_ms for name, t in store.reference_times(tests).items()}
    by_author: dict[str, dict[str, list[StoredSubmission]]] = {}
    for stored in store.submissions(problem, tests):
        by_author.setdefault(stored.author, {}).setdefault(stored.sha256, []).append(stored)
    entries = []
    for author, versions in by_author.items():
        candidates = []
        for graded in versions.values():
            first = graded[0]  # oldest first: the time it was first submitted
            measured = [g for g in graded if g.cached_from is None] or [first]
            cases = _median_times(store, measured, store.cases(first.id))
            candidates.append(Entry(
                rank=0, author=author, submission=first.name, language=first.language,
                verdict=first.verdict, passed=first.passed, total=first.total, score=first.score,
                max_score=first.max_score, speed=speed_ratio(cases, reference),
                submitted_at=first.graded_at, sha256=first.sha256, attempts=len(versions), cases=cases,
                first_failure=first.first_failure))
        entries.append(min(candidates, key=Entry.key))
    entries.sort(key=Entry.key)
    return [replace(entry, rank=i) for i, entry in enumerate(entries, 1)]


def _median_times(store: Store, graded: list[StoredSubmission], cases: tuple[CaseResult, ...]
                  ) -> tuple[CaseResult, ...]:
    """The cases with each CPU time replaced by its median over every real grading of the same content."""
    if len(graded) < 2:
        return cases
    samples: dict[str, list[float]] = {}
    for stored in graded:
        for c in store.cases(stored.id):
            if c.verdict is Verdict.AC and c.cpu_ms is not None:
                samples.setdefault(c.name, []).append(c.cpu_ms)
    return tuple(replace(c, cpu_ms=statistics.median(samples[c.name])) if samples.get(c.name) else c for c in cases)


def speed_ratio(cases: Sequence[CaseResult], reference: Mapping[str, float | None]) -> float | None:
    """The median, over passed cases, of CPU time / the reference's (timed cases only, when any)."""
    timed = {n for n, t in reference.items() if t is not None and t >= TIMED_MIN_MS}
    usable = timed or {n for n, t in reference.items() if t}
    ratios = []
    for case in cases:
        ref = reference.get(case.name)
        mine = case.cpu_ms if case.cpu_ms is not None else case.time_ms
        if case.verdict is Verdict.AC and case.name in usable and ref and mine is not None:
            ratios.append(mine / ref)
    return statistics.median(ratios) if ratios else None


@dataclass(frozen=True)
class Target:
    """Which stored problem a leaderboard is for: its id, its package when it can be loaded, its latest run."""

    problem_id: str
    problem: Problem | None
    latest: StoredRun            # the latest grading run of the problem


def locate(store: Store, problem_arg: str | None) -> Target:
    """The problem a leaderboard is for: by name, by path, or the only one stored."""
    stored = store.problems()
    problem = None
    if problem_arg is None:
        if len(stored) != 1:
            raise UsageError(f"{store.path}: " + (f"several problems are stored ({', '.join(stored)}); name one"
                                                 if stored else "no grading runs stored yet; run judge grade first"))
        problem_id = stored[0]
    else:
        try:
            problem = load_problem(problem_arg)
            problem_id = problem.id
        except JudgeError:
            if problem_arg not in stored:
                raise
            problem_id = problem_arg
    latest = store.latest_run(problem_id)
    if latest is None:
        raise UsageError(f"{store.path}: no graded submissions of {problem_id!r} stored yet; run judge grade first")
    if problem is None:
        try:
            problem = load_problem(latest.problem_path or problem_id)
        except JudgeError:
            problem = None
    return Target(problem_id, problem, latest)


def build(store: Store, target: Target) -> Leaderboard:
    """The leaderboard of a located problem, from what the store holds (the reference's times included)."""
    problem, tests = target.problem, target.latest.test_set_hash
    measured = bool(store.reference_times(tests))
    entries = rank(store, target.problem_id, tests)
    names = [c.name for c in entries[0].cases] if entries else []
    title = problem.title if problem is not None else target.problem_id
    weights = scoring.weights(problem) if problem is not None else {}
    return Leaderboard(target.problem_id, title, tests, entries, names, measured, weights)
