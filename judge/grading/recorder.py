"""Grading with the results store: reuse unchanged results, record each submission once graded.

grade.py knows nothing of the store; this module wraps it. A run row is written first, then every
submission as soon as grade() reports it finished (one transaction each), then the run is marked
finished, or interrupted when anything (Ctrl-C, SIGTERM, a crash) stops it on the way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from judge import __version__, files, languages
from judge.grading.authors import identify, root_of
from judge.grading.grade import Options, display_name, execute, grade
from judge.languages.base import content_hash
from judge.languages.python import LANGUAGE as PYTHON
from judge.problems.cases import Case, load_cases
from judge.problems.problem import Problem
from judge.results import lateness, scoring, visibility
from judge.results.records import Handin, ReferenceTime, StoredRun, now, utc
from judge.results.roster import Roster
from judge.verdict import CaseResult, FirstFailure, Recording, SubmissionResult

if TYPE_CHECKING:  # sqlite3 is imported only by a run that opens the store
    from judge.results.store import Store

REFERENCE_REPEATS = 3

#: What grades the submissions the store does not hold: grade.grade here, or the cluster's sender
#: (judge/cluster/client.py), which takes the same arguments and returns the same records.
Grader = Callable[[Problem, Sequence[Case], Sequence[Path], Options, Callable[[SubmissionResult], None]],
                  list[SubmissionResult]]


@cache
def toolchain_version(language: str) -> str:
    """The toolchain's version line, asked once per process (it may start a compiler)."""
    return languages.by_name(language).toolchain().version or "unknown"


#: The judge's files that can change a verdict: its code, the harnesses, the TypeScript compiler's lock.
BUILD_SUFFIXES = (".py", ".cpp", ".java", ".go", ".js", ".ts", ".json")


@cache
def judge_build() -> str:
    """A sha256 of the judge's own code and harnesses (some 125 files, 3 ms), so that a result graded
    by another judge (an upgrade, a harness fixed) is graded again: it was reused, and a fixed bug's
    verdicts stood in the store for ever."""
    import hashlib
    import os

    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[1]
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if d not in ("__pycache__", "node_modules"))
        for name in sorted(names):
            if name.endswith(BUILD_SUFFIXES):
                path = Path(folder, name)
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_key(sha256: str, language: str, problem: Problem, tests: str, options: Options) -> str:
    """What must be unchanged for a stored result to stand: source, toolchain, test set, checker, limits,
    the entry point's signature, the box, the judge itself, and the policy."""
    # What the box enforced, not only its kind: a result graded without the cgroups or the system call
    # filter was reused under --require-sandbox, which demands them.
    box = "unknown" if options.box is None else \
        f"{options.box.name}\0{options.box.shortfall()}\0{options.box.unfiltered()}\0{options.box.groups()}"
    return content_hash(sha256, language, toolchain_version(language), tests, problem.checker_fingerprint,
                        json.dumps(asdict(problem.limits), sort_keys=True),
                        json.dumps(asdict(problem.signature), sort_keys=True), f"box={box}", judge_build(),
                        f"skip_after_limit={options.skip_after_limit}")


def first_failure(result: SubmissionResult, cases: Sequence[Case]) -> FirstFailure | None:
    """What the reports need to draw the first failing case: its result, inputs and expected answer."""
    first = result.first_failure
    if first is None:
        return None
    case = next((c for c in cases if c.name == first.name), None)
    return FirstFailure(first, case.args if case else None, case.expected if case else None)


@dataclass
class Recorder:
    """One grading run's bookkeeping: authors, cache keys, and writing results as they come."""

    store: Store | None
    problem: Problem
    cases: Sequence[Case]
    options: Options
    author: str | None = None
    use_cache: bool = True
    seed: int | None = None
    run_id: int | None = None
    given: Sequence[str | Path] = ()     # the files and folders named on the command line (authors by folder)
    roster: Roster | None = None
    deadline: str | None = None          # --deadline, kept with the run
    #: Who wrote each file and when it was handed in, by absolute path, known already (a re-grade
    #: keeps what was stored); the others are found by judge/grading/authors.py.
    known: dict[str, tuple[str, Handin]] = field(default_factory=dict)
    grader: Grader = grade

    def __post_init__(self) -> None:
        self.tests = visibility.graded_set_hash(self.problem, self.cases)
        self.weights = scoring.weights(self.problem)
        scoring.check_weighed(self.problem, self.weights, (c.group for c in self.cases))
        self.lateness = lateness.policy(self.problem, self.deadline)  # a malformed `late:` stops the run first
        self.info: dict[str, dict[str, Any]] = {}  # by absolute path: author, cache key, ...
        self.finished: list[SubmissionResult] = []  # recorded so far, in the order they finished
        # Results reused from one stored result share its cases (one tuple): each tuple is scored and
        # searched for its first failure once (a re-grade of 20 copies of 5 files: 5 of 20 x 1,106).
        self._scored: dict[int, tuple[tuple[CaseResult, ...], tuple[float, float]]] = {}
        self._failures: dict[int, tuple[tuple[CaseResult, ...], FirstFailure | None]] = {}

    def grade(self, sources: Sequence[Path], progress: Callable[[SubmissionResult], None] | None = None
              ) -> list[SubmissionResult]:
        """Grade (or reuse) every submission, recording each; results in the order given."""
        if self.store is not None:
            self.run_id = self.store.start_run(
                self.problem.id, self.tests, len(self.cases), __version__, seed=self.seed,
                problem_path=str(self.problem.root), deadline=self.deadline,
                roster=str(self.roster.path.resolve()) if self.roster is not None else None)
        status = "interrupted"
        try:
            results = self._grade(sources, progress)
            status = "finished"
            return results
        finally:
            if self.store is not None and self.run_id is not None:
                self.store.finish_run(self.run_id, status)

    def _grade(self, sources: Sequence[Path], progress: Callable[[SubmissionResult], None] | None
               ) -> list[SubmissionResult]:
        done: dict[str, SubmissionResult] = {}
        todo = []
        for source in sources:
            key = str(Path(source).resolve())
            sha = files.source_digest(Path(source))
            language = languages.for_path(Path(source)).name
            author, handin = self.known.get(key) or identify(
                Path(source), root_of(Path(source), self.given), self.roster, self.author)
            # Only a store looks a result up by its key, and the key hashes the judge's own code (judge_build)
            self.info[key] = {"author": author, "handin": handin,
                              "cache_key": None if self.store is None else
                              cache_key(sha, language, self.problem, self.tests, self.options)}
            hit = self.store.cached(self.info[key]["cache_key"]) if self.store and self.use_cache else None
            if hit and self.store:
                if self.options.warm is not None and self.options.warm.serves(self.problem, source, None):
                    self.options.warm.close()  # its server was started ahead for nothing: it stops
                reused = replace(self.store.result(hit), submission=display_name(Path(source)), path=key)
                result = self._annotate(reused, cached=True)
                self._record(result, cached_from=hit.id)
                done[key] = result
                self.finished.append(result)
                if progress:
                    progress(result)
            else:
                todo.append(source)

        def finished(result: SubmissionResult) -> None:
            result = done[result.path] = self._annotate(result, cached=False)
            self._record(result)
            self.finished.append(result)
            if progress:
                progress(result)

        if todo:
            self.grader(self.problem, self.cases, todo, self.options, finished)
        return [done[str(Path(s).resolve())] for s in sources]

    def _annotate(self, result: SubmissionResult, cached: bool) -> SubmissionResult:
        got, total = _once(self._scored, result.cases, lambda: scoring.score(result.cases, self.weights))
        handin: Handin = self.info[result.path]["handin"]
        late = lateness.assess(self.lateness, handin.submitted_at, handin.marked_late).late
        return replace(result, recording=Recording(self.info[result.path]["author"], cached, now(), got, total,
                                                   handin.student_id, utc(handin.submitted_at), late))

    def _record(self, result: SubmissionResult, cached_from: int | None = None) -> None:
        if self.store is None:
            return
        assert self.run_id is not None  # grade() started the run
        failure = _once(self._failures, result.cases, lambda: first_failure(result, self.cases))
        self.store.record(self.run_id, result, cache_key=self.info[result.path]["cache_key"],
                          toolchain=toolchain_version(result.language), first_failure=failure,
                          cached_from=cached_from, handin=self.info[result.path]["handin"])


T = TypeVar("T")


def _once(memo: dict[int, tuple[tuple[CaseResult, ...], T]], cases: tuple[CaseResult, ...], make: Callable[[], T]) -> T:
    """`make()` for these very cases, worked out once: memo holds each value with its cases, which keeps the
    tuple alive and its id from being reused."""
    known = memo.get(id(cases))
    if known is not None and known[0] is cases:
        return known[1]
    value = make()
    memo[id(cases)] = (cases, value)
    return value


def measure_reference(store: Store, problem: Problem, cases: Sequence[Case], options: Options | None = None,
                      repeats: int = REFERENCE_REPEATS) -> dict[str, ReferenceTime]:
    """Run the reference `repeats` times and store each case's median CPU and wall time."""
    import statistics

    inputs = [c.arg_list(problem) for c in cases]
    samples: dict[str, list[tuple[float | None, float]]] = {c.name: [] for c in cases}
    for _ in range(repeats):
        execution = execute(problem, problem.reference_path, inputs, options, PYTHON)
        for case, outcome in zip(cases, execution.outcomes, strict=False):  # fewer when the reference failed to run
            if outcome is not None and outcome.verdict is None:
                samples[case.name].append((outcome.cpu_ms, outcome.wall_ms))
    times = {}
    for name, runs in samples.items():
        if runs:
            cpus = [c for c, _ in runs if c is not None]
            times[name] = (statistics.median(cpus) if cpus else None, statistics.median(w for _, w in runs))
    tests = visibility.graded_set_hash(problem, cases)
    store.save_reference_times(tests, times, repeats, toolchain_version(PYTHON.name))
    return store.reference_times(tests)


def run_cases(problem: Problem, run: StoredRun) -> list[Case] | None:
    """The cases a stored run was graded on, drawn again from the package (its random ones from the
    run's seed), or None when the package no longer gives them (its test-set hash differs)."""
    cases = load_cases(problem)
    drawn = (run.cases or 0) - len(cases)
    if drawn > 0 and run.seed is not None:
        from judge.grading import fuzz  # hypothesis is a heavy import: only when there are random cases

        cases += fuzz.random_cases(problem, drawn, run.seed)
    return cases if visibility.graded_set_hash(problem, cases) == run.test_set_hash else None


def ensure_reference_times(store: Store, problem: Problem | None, latest: StoredRun) -> bool:
    """Time the reference on a stored run's cases unless done already; whether the store now has its times.

    The run's random cases are drawn again from its seed; nothing is measured when the package no
    longer has the cases the run was graded on (its test-set hash differs).
    """
    tests = latest.test_set_hash
    if store.reference_times(tests):
        return True
    if problem is None:
        return False
    cases = run_cases(problem, latest)
    if cases is None:
        return False
    measure_reference(store, problem, cases)
    return True


def ensure_overheads(store: Store, problem: Problem | None, latest: StoredRun) -> bool:
    """Measure the harness overhead of every language graded on a stored run's test set (and Python's,
    the reference's) unless done already; whether every one of them is now known."""
    from judge.grading import overhead

    tests = latest.test_set_hash
    wanted = {s.language for s in store.submissions(latest.problem, tests)} | {PYTHON.name}
    if not wanted - set(store.overheads(tests)):
        return True
    if problem is None:
        return False
    cases = run_cases(problem, latest)
    if cases is None:
        return False
    overhead.measure(store, problem, cases, wanted)
    return not wanted - set(store.overheads(tests))
