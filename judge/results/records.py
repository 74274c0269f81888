"""The results layer's records: what the store holds (runs, graded submissions, the reference's
times) and a comparison of submissions.

Only judge/results/store.py maps these to and from rows, and only judge/results/serialize.py to
and from JSON; everything else reads their fields. The ground floor's records (judge/verdict.py:
CaseResult, SubmissionResult, FirstFailure, Recording) are what grading returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from judge.verdict import FirstFailure, Verdict


def now() -> str:
    """The current UTC time as ISO 8601 with microseconds (sorts as text): the records' timestamps."""
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class Handin:
    """Who handed a submission in and when, as the roster or the LMS says (judge/grading/authors.py)."""

    student_id: str = ""
    name: str = ""
    email: str = ""
    submitted_at: str = ""       # ISO 8601 with offset: roster, LMS timestamp, else the file's mtime
    marked_late: bool = False    # the LMS marked it late (Canvas's `_LATE_`)
    time_from: str = ""          # where submitted_at came from: roster | gradescope | mtime


@dataclass(frozen=True)
class StoredRun:
    """One grading run as the store recorded it."""

    id: int                      # the store's handle for it; never shown
    started_at: str
    finished_at: str | None
    status: str                  # running | finished | interrupted
    problem: str
    problem_path: str | None
    test_set_hash: str
    cases: int                   # how many cases its submissions were graded on (random ones included)
    seed: int | None             # the seed of its random cases; None when it drew none
    judge_version: str
    deadline: str = ""           # its --deadline (ISO 8601), if any
    roster: str = ""             # the path of its --roster, if any


@dataclass(frozen=True)
class StoredSubmission:
    """One graded submission as the store holds it; its cases are read on demand (Store.cases)."""

    id: int                      # the store's handle for it (Store.cases, Store.result); never shown
    run_id: int                  # the store's handle of the run that recorded it
    problem: str                 # of its run
    test_set_hash: str           # of its run
    graded_at: str
    name: str
    path: str
    author: str
    sha256: str
    language: str
    toolchain: str | None
    verdict: Verdict
    passed: int
    total: int
    score: float
    max_score: float
    message: str
    cached_from: int | None      # the submission it was reused from (None: graded for real)
    first_failure: FirstFailure | None
    handin: Handin = Handin()    # who handed it in and when (v4 stores; older rows: empty)


@dataclass(frozen=True)
class ReferenceTime:
    """The reference's median times on one case of a test set."""

    cpu_ms: float | None
    wall_ms: float | None
    repeats: int
    toolchain: str | None
    measured_at: str


@dataclass(frozen=True)
class Suspect:
    """A case where most submissions agree on an answer the reference does not give."""

    case: str
    agreeing: tuple[str, ...]     # the submissions that gave the majority answer
    voters: int                   # submissions that answered the case
    answer: str                   # the majority's answer: the fingerprint of its class's first answer

    def message(self) -> str:
        """One line for the report."""
        return (f"case {self.case}: {len(self.agreeing)} of {self.voters} submissions agree on an answer the "
                f"reference does not give ({', '.join(self.agreeing[:4])}{', ...' if len(self.agreeing) > 4 else ''}); "
                f"check the reference and the case")


@dataclass(frozen=True)
class Comparison:
    """Groups of identical behaviour, pairwise disagreement counts, and suspect cases."""

    submissions: list[str]
    cases: list[str]
    groups: list[list[str]] = field(default_factory=list)
    matrix: list[list[int]] = field(default_factory=list)
    suspects: list[Suspect] = field(default_factory=list)
    # Answers agree when "hash": identical; "checker": the checker accepts one for the other.
    agreement: str = "hash"


def utc(when: str) -> str:
    """An ISO 8601 time in UTC with microseconds, as the judge's own times are, so that times with
    different offsets compare as text in time order ('' for '' or a time without an offset)."""
    try:
        parsed = datetime.fromisoformat(when)
    except ValueError:
        return ""
    if parsed.tzinfo is None:
        return ""
    return parsed.astimezone(timezone.utc).isoformat(timespec="microseconds")
