"""Ranking the stored submissions of a problem: each author's best, by score, speed, then hand-in time.

The rules (README "Leaderboard" says the same):
1. Only submissions graded on the problem's latest test set are ranked (an older set had other
   cases); authors graded only on an older set are listed apart as stale, and a roster's students
   with no submission as missing.
2. A submission is the pair (author, content hash); graded several times, it keeps its first
   grading, and the per-case median of its CPU times over every real (not cached) grading; its
   score comes from its cases and the package's current weights.
3. Each author is ranked by their best submission: higher score first (cases passed, or the
   problem's group weights, less the late penalty), then lower speed ratio, then the earlier
   hand-in time, then the author's name.
4. Speed ratio: for each case the submission passed, its CPU time less its language's harness
   overhead on that case (a null solution's, judge/grading/overhead.py), divided by the reference's
   (the median of 3 runs on the same machine) less Python's overhead, then the median over those
   cases. Only cases where the reference needs at least 5 ms net count, when there are any.
   Ratios are compared rounded to one decimal, so a difference of a few percent (noise) ties.
   A submission that passed no timed case has no speed and ranks after those that have one.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath

from judge.errors import JudgeError, UsageError
from judge.problems import checkers
from judge.problems.problem import Problem, load_problem
from judge.results import lateness, scoring
from judge.results.records import StoredRun, StoredSubmission, utc
from judge.results.roster import Roster, Student, nfc
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
    speed: float | None          # CPU time ratio to the reference, harness overheads taken off (lower is faster)
    submitted_at: str            # when handed in (roster, LMS, file time), else when first graded; UTC
    sha256: str
    attempts: int                # distinct submissions of this author on this test set
    cases: tuple[CaseResult, ...] = ()
    first_failure: FirstFailure | None = None
    student_id: str = ""         # from the roster or the LMS's naming
    name: str = ""
    email: str = ""
    graded_at: str = ""          # when it was first graded
    late: bool = False
    late_days: int = 0           # started days after the deadline (and grace)
    penalty: float = 0.0         # fraction of the score lost to lateness
    score_before_penalty: float | None = None  # None: the same as score
    missing: bool = False        # a roster student with no submission (verdict SKIPPED, score 0)
    stale: bool = False          # graded only on an older test set (test_set says which)
    test_set: str = ""           # the test set it was graded on
    #: The level each case is shown at, once redacted (visibility.redact_entry): its group's, or lower for
    #: a result on another set; empty before redaction.
    levels: tuple[str, ...] = ()

    def key(self) -> tuple[float, float, str, str]:
        """The sort key of the ranking rules."""
        speed = math.inf if self.speed is None else round(self.speed, SPEED_DECIMALS)
        return (-self.score, speed, self.submitted_at, self.author)

    @property
    def raw_score(self) -> float:
        """The score before the late penalty."""
        return self.score if self.score_before_penalty is None else self.score_before_penalty


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
    stale: Sequence[Entry] = ()      # authors graded only on an older test set, newest set first (unranked)
    missing: Sequence[Entry] = ()    # roster students without a submission (unranked)
    deadline: str = ""               # the deadline applied, if any
    overheads_measured: bool = False  # harness overheads were taken off the speeds
    package_changed: bool = False    # the package's cases no longer give the latest run's test set
    by_position: bool = True         # the checker compares place by place (not `unordered`): wrong squares are marked
    store_option: str = ""           # ` --db PATH` when the store was named so: the hints' commands need it too

    @property
    def unmeasured(self) -> str:
        """Why the reference has no time on the ranked test set (speeds unknown)."""
        if self.package_changed:  # it is timed on the package's cases, which no longer give this set
            return "the reference is timed on the package's current cases, which changed since this test set was graded"
        return "the reference could not be run on this test set"

    @property
    def regrade_command(self) -> str:
        """The command that grades the stored submissions on the current cases, for the board's hints."""
        return f"judge regrade {self.problem}{self.store_option}"

    @property
    def everyone(self) -> list[Entry]:
        """The ranked entries, then the stale ones, then the missing students."""
        return [*self.entries, *self.stale, *self.missing]


def rank(store: Store, problem: str, tests: str, policy: lateness.Policy | None = None,
         weights: Mapping[str, float] | None = None) -> list[Entry]:
    """Every author's best submission on a test set, in ranking order with ranks set; scored with the
    package's current `weights` when given (a changed `scoring:` applies to what was graded before),
    else as stored."""
    policy = policy or lateness.Policy()
    overheads = language_overheads(store, tests)
    reference = {}
    python = overheads.get("python", {})
    for name, t in store.reference_times(tests).items():
        raw = t.cpu_ms or t.wall_ms
        reference[name] = None if raw is None else max(raw - case_overhead(python, name), 0.0)
    # One entry per author and student id: a file whose header only claims a roster student's name (no id)
    # is not merged into the entry of that student's own hand-in, where its better score was taken as theirs.
    by_author: dict[tuple[str, str, str], dict[str, list[StoredSubmission]]] = {}
    for stored in store.submissions(problem, tests):
        key = _who(stored.author, stored.handin.student_id, stored.handin.name)
        by_author.setdefault(key, {}).setdefault(stored.sha256, []).append(stored)
    entries = []
    for (author, _, _), versions in by_author.items():
        candidates = []
        for graded in versions.values():
            first = graded[0]  # oldest first: the time it was first submitted
            measured = [g for g in graded if g.cached_from is None] or [first]
            cases = _median_times(store, measured, store.cases(first.id))
            handin = first.handin
            when = utc(handin.submitted_at) or first.graded_at
            late = lateness.assess(policy, handin.submitted_at, handin.marked_late)
            score, max_score = (first.score, first.max_score) if weights is None else scoring.score(cases, weights)
            candidates.append(Entry(
                rank=0, author=author, submission=first.name, language=first.language,
                verdict=first.verdict, passed=first.passed, total=first.total,
                # rounded: 100.8, not 100.80000000000001 in the CSV and the JSON
                score=round(score * (1 - late.penalty), 6), max_score=round(max_score, 6),
                speed=speed_ratio(cases, reference, overheads.get(first.language, {})),
                submitted_at=when, sha256=first.sha256, attempts=len(versions), cases=cases,
                first_failure=first.first_failure, student_id=handin.student_id, name=handin.name,
                email=handin.email, graded_at=first.graded_at, late=late.late, late_days=late.days,
                penalty=late.penalty, score_before_penalty=score, test_set=tests))
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


def language_overheads(store: Store, tests: str) -> dict[str, dict[str, float]]:
    """Each measured language's harness overhead on a test set, case by case: its null solution's CPU ms
    (per case, since decoding a 2,000-pair input costs a harness several times what a tiny one does)."""
    out = {}
    for language, cases in store.overheads(tests).items():
        known = {name: t for name, t in cases.items() if t is not None}
        if known:
            out[language] = known
    return out


def case_overhead(overheads: Mapping[str, float] | float, case: str) -> float:
    """A case's overhead: its own measurement, else the median over the measured cases (a case added
    since, say), else nothing; a plain number is every case's."""
    if isinstance(overheads, (int, float)):
        return float(overheads)
    if case in overheads:
        return overheads[case]
    return statistics.median(overheads.values()) if overheads else 0.0


def speed_ratio(cases: Sequence[CaseResult], reference: Mapping[str, float | None],
                overhead: Mapping[str, float] | float = 0.0) -> float | None:
    """The median, over passed cases, of (CPU time less the language's overhead on that case) / the
    reference's (timed cases only); `reference` has Python's overhead taken off already. Timed: the
    cases where the reference needs at least TIMED_MIN_MS, else (a fast reference) those where it
    needs at least half its slowest case's time, where the solution's work outweighs the noise."""
    known = {n: t for n, t in reference.items() if t}
    timed = {n for n, t in known.items() if t >= TIMED_MIN_MS}
    slowest = max(known.values(), default=0.0)
    usable = timed or {n for n, t in known.items() if t >= slowest / 2}
    ratios = []
    for case in cases:
        ref = reference.get(case.name)
        mine = case.cpu_ms if case.cpu_ms is not None else case.time_ms
        if case.verdict is Verdict.AC and case.name in usable and ref and mine is not None:
            ratios.append(max(mine - case_overhead(overhead, case.name), 0.0) / ref)
    return statistics.median(ratios) if ratios else None


@dataclass(frozen=True)
class Target:
    """Which stored problem a leaderboard is for: its id, its package when it can be loaded, its latest run."""

    problem_id: str
    problem: Problem | None
    latest: StoredRun            # the latest grading run of the problem
    problem_error: str = ""      # why the package could not be loaded, when it could not
    moved: str = ""              # the folder it was last graded from, gone: `problem` is another package of its id


def locate(store: Store, problem_arg: str | None) -> Target:
    """The problem a leaderboard is for: by name, by path, or the only one stored."""
    stored = store.problems()
    problem = None
    if problem_arg is None:
        if len(stored) != 1:
            raise UsageError(f"{store.path}: " + (f"several problems are stored ({', '.join(stored)}); name one"
                                                 if stored else "no grading runs stored yet; run judge grade first"))
        problem_id = stored[0]
    elif problem_arg in stored and not PurePath(problem_arg).parent.parts:
        # A stored id: the package it was last graded from, below; not the problems folder's package of
        # that id, which a copy of a package kept under its id (its own cases, weights, deadline) is not.
        problem_id = problem_arg
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
    error = ""
    there = problem is None and latest.problem_path is not None and Path(latest.problem_path).is_dir()
    if there:
        # There but broken (a typo in problem.yaml): the stored results rank without a package, and
        # regrade names its error. Falling back to the problems folders' package of that id ranked on
        # other cases, and a regrade there made the store forget the copy for good.
        try:
            problem = load_problem(str(latest.problem_path))
        except JudgeError as exc:
            problem, error = None, str(exc)
        if problem is not None and problem.id != problem_id:  # another problem lives there now
            problem, there = None, False
    moved = ""
    if problem is None and not there:
        try:
            problem = load_problem(problem_id)
        except JudgeError as exc:
            problem, error = None, str(exc)
        # The copy it was graded from moved or removed: the problems folder's package of that id is another one
        # (its own cases), and regrade graded everyone there without a word (round 29).
        gone = latest.problem_path
        if problem is not None and gone and not Path(gone).is_dir() and Path(gone).resolve() != problem.root.resolve():
            moved = gone
    return Target(problem_id, problem, latest, error, moved)


def build(store: Store, target: Target, deadline: str | None = None, roster: Roster | None = None,
          package_changed: bool = False) -> Leaderboard:
    """The leaderboard of a located problem, from what the store holds (the reference's times included):
    `deadline` (--deadline) overrides the newest one a run was given, which overrides problem.yaml's;
    `roster` lists the missing."""
    problem, tests = target.problem, target.latest.test_set_hash
    measured = bool(store.reference_times(tests))
    policy = lateness.policy(problem, deadline or store.last_given(target.problem_id)[0] or None)
    weights = scoring.weights(problem) if problem is not None else None
    entries = rank(store, target.problem_id, tests, policy, weights)
    if problem is not None and weights is not None and entries:  # weights changed since: 0 of 0 for all
        scoring.check_weighed(problem, weights, (c.group for c in entries[0].cases))
    names = [c.name for c in entries[0].cases] if entries else []
    title = problem.title if problem is not None else target.problem_id
    seen = {_who(e.author, e.student_id, e.name) for e in entries}
    stale: list[Entry] = []
    for older in store.test_sets(target.problem_id):
        if older == tests:
            continue
        for entry in rank(store, target.problem_id, older, policy, weights):
            if _who(entry.author, entry.student_id, entry.name) not in seen:
                seen.add(_who(entry.author, entry.student_id, entry.name))
                stale.append(replace(entry, rank=0, stale=True))
    present = [*entries, *stale]
    # Out of the test set's most, as everyone's score is (the CSV said 0 of 0 where the gradebook said 0 of 24).
    top = max((e.max_score for e in entries), default=0.0)
    missing = [replace(missing_entry(s), max_score=top)
               for s in (roster.students if roster else ()) if not _handed_in(s, present)]
    return Leaderboard(target.problem_id, title, tests, entries, names, measured, weights or {}, stale, missing,
                       policy.deadline, bool(store.overheads(tests)), package_changed,
                       problem is None or checkers.by_position(problem.checker))


def _handed_in(student: Student, entries: Sequence[Entry]) -> bool:
    """Whether any entry is this student's."""
    return any(is_students(student, e) for e in entries)


def is_students(student: Student, entry: Entry) -> bool:
    """Whether an entry is a roster student's (by how_students)."""
    return how_students(student, entry) is not None


def _who(author: str, student_id: str, name: str) -> tuple[str, str, str]:
    """Whose an entry is: the author, and the student id and name it was matched by (a roster's, an LMS's;
    none for a header's claim). A file whose header only claims a student's name is not theirs: merged by
    name alone, its score became that student's, and their own hand-in was not even listed as stale."""
    return author, student_id, name


def how_students(student: Student, entry: Entry) -> int | None:
    """How surely an entry is a roster student's, strongest first: 0 by id, 1 (for an entry no LMS named)
    by the roster's `file` among its submission's file and folder names, 2 by the name the roster gives
    (which a header comment, the student's own words, may claim); None when it is not theirs."""
    if student.id and entry.student_id == student.id:
        return 0
    if not entry.student_id and student.file and student.file in map(nfc, PurePath(entry.submission).parts):
        return 1  # (below an LMS's folder the names are its student's choice: they name nobody else)
    if nfc(entry.author) == student.author:  # (a store's older rows may hold a name as the file spelled it)
        return 2
    return None


def missing_entry(student: Student) -> Entry:
    """The entry of a roster student with no submission: unranked, score 0."""
    return Entry(rank=0, author=student.author, submission="", language="", verdict=Verdict.SKIPPED, passed=0,
                 total=0, score=0.0, max_score=0.0, speed=None, submitted_at="", sha256="", attempts=0,
                 student_id=student.id, name=student.name, email=student.email, missing=True)
