"""Verdicts and the frozen result records that grading returns.

A verdict is a `Verdict` value from grading to rendering: it is compared with `is` and becomes text
only where it is shown, stored (judge/results/store.py) or serialized (judge/results/serialize.py);
`Verdict.from_name` reads that text back. It is a plain enum, not a str, so that a comparison with a
string is never silently true.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any


class Verdict(enum.Enum):
    """The outcome of one case or one submission."""

    AC = "AC"    # accepted
    WA = "WA"    # wrong answer
    TLE = "TLE"  # time limit exceeded (CPU or wall)
    MLE = "MLE"  # memory limit exceeded
    RE = "RE"    # runtime error: exception, signal, unexpected exit
    CE = "CE"    # compile error: syntax error or missing entry point
    OLE = "OLE"  # output limit exceeded
    JE = "JE"    # judge error: the judge (or the problem package) failed, not the submission
    SKIPPED = "SKIPPED"  # not run (after a time-out); counts as failed

    def __str__(self) -> str:
        return self.value

    @property
    def description(self) -> str:
        """A few words a person reads beside the code."""
        return _META[self].description

    @property
    def colour(self) -> str:
        """The colour the HTML page and the heatmap give it."""
        return _META[self].colour

    @property
    def folder(self) -> str | None:
        """The folder of `submissions/<problem>/` whose files must get it (None: no such folder)."""
        return _META[self].folder

    @property
    def answered(self) -> bool:
        """Whether the submission gave an answer (AC or WA), as opposed to failing to give one."""
        return _META[self].answered

    @property
    def order(self) -> int:
        """Its place when verdicts are listed: AC first, then the failures, SKIPPED last."""
        return _META[self].order

    @classmethod
    def for_folder(cls, name: str) -> Verdict | None:
        """The verdict a known-submission folder stands for, or None."""
        return _BY_FOLDER.get(name)

    @classmethod
    def from_name(cls, name: object) -> Verdict:
        """The verdict whose name is `name` (as stored or serialized); ValueError for anything else."""
        try:
            return _BY_NAME[name]  # a dict look-up: Verdict(value) is slow on 20,000 stored cases
        except (KeyError, TypeError):
            raise ValueError(f"not a verdict: {name!r}") from None


@dataclass(frozen=True)
class _Meta:
    description: str
    colour: str
    folder: str | None
    answered: bool
    order: int


_META = {
    Verdict.AC: _Meta("accepted", "#2e9d4a", "accepted", True, 0),
    Verdict.WA: _Meta("wrong answer", "#d64545", "wrong_answer", True, 1),
    Verdict.TLE: _Meta("time limit exceeded", "#e0a100", "time_limit", False, 2),
    Verdict.MLE: _Meta("memory limit exceeded", "#8e44ad", "memory_limit", False, 3),
    Verdict.RE: _Meta("runtime error", "#e67e22", "runtime_error", False, 4),
    Verdict.CE: _Meta("compile error", "#7f8c8d", "compile_error", False, 5),
    Verdict.OLE: _Meta("output limit exceeded", "#b03a8c", "output_limit", False, 6),
    Verdict.JE: _Meta("judge error", "#34495e", None, False, 7),
    Verdict.SKIPPED: _Meta("skipped", "#d5d8dc", None, False, 8),
}
_BY_FOLDER = {meta.folder: verdict for verdict, meta in _META.items() if meta.folder}
_BY_NAME: dict[object, Verdict] = {verdict.value: verdict for verdict in Verdict}
#: The folders of known submissions, in verdict order.
VERDICT_FOLDERS = tuple(_BY_FOLDER)
#: How a case's message ends when its answer was too large to keep (`got` is then None): the reports
#: show it where they draw `got`.
NOT_KEPT = " (the answer itself, {size:,} bytes of JSON, is too large to keep)"


@dataclass(frozen=True)
class CaseResult:
    """What one case of one submission gave."""

    name: str
    group: str
    verdict: Verdict
    time_ms: float = 0.0          # wall time measured by the judge, outside the box
    cpu_ms: float | None = None   # CPU time reported by the kernel for the case
    memory_kb: int | None = None  # peak resident memory
    message: str = ""             # one line: the exception, the signal, the limit
    diff: tuple[str, ...] = ()    # the checker's explanations, when wrong
    got: Any = None               # the decoded answer, when there was one
    output: str = ""              # what the case printed on stdout/stderr (capped)
    answer: str = ""              # a short hash of the answer (or the verdict when none): compare's key

    @property
    def passed(self) -> bool:
        """Whether the case was accepted."""
        return self.verdict is Verdict.AC


@dataclass(frozen=True)
class FirstFailure:
    """A submission's first failing case with what it was run on: what reports draw of it."""

    case: CaseResult
    args: dict[str, Any] | None = None  # the case's inputs (None when the case is no longer known)
    expected: Any = None                # the case's expected answer


@dataclass(frozen=True)
class Recording:
    """What `judge grade` adds to a submission's result as it records it (grading/recorder.py; --no-store too)."""

    author: str
    cached: bool                 # reused from an earlier grading of the same content
    graded_at: str               # when the run recorded it (ISO 8601, UTC); a reused result: when reused
    score: float                 # the weights of the passed cases (judge/results/scoring.py)
    max_score: float
    # The hand-in facts (judge/grading/authors.py), as the leaderboard has them: grade --json carries them too.
    student_id: str = ""         # the roster's (or the LMS's) id of the author; empty when unknown
    submitted_at: str = ""       # ISO 8601: the roster's or the LMS's time, else the file's modification time
    late: bool = False           # after the deadline (--deadline or problem.yaml's `late`) and its grace


@dataclass(frozen=True)
class SubmissionResult:
    """What one submission gave over all cases."""

    submission: str              # the name shown to people (path relative to where it was given)
    path: str                    # absolute path
    language: str
    verdict: Verdict
    cases: tuple[CaseResult, ...] = ()
    message: str = ""            # for CE or JE: the compiler's or the judge's words
    sha256: str = ""
    recording: Recording | None = None  # set by `judge grade` (grading/recorder.py); None elsewhere

    @cached_property
    def passed(self) -> int:
        """How many cases were accepted."""
        return sum(c.passed for c in self.cases)

    @property
    def total(self) -> int:
        """How many cases there were."""
        return len(self.cases)

    @cached_property
    def first_failure(self) -> CaseResult | None:
        """The first case, in test order, that was not accepted."""
        return next((c for c in self.cases if not c.passed), None)

    @cached_property
    def max_time_ms(self) -> float:
        """The slowest case's wall time."""
        return max((c.time_ms for c in self.cases if c.verdict is not Verdict.SKIPPED), default=0.0)


def overall(cases: list[CaseResult] | tuple[CaseResult, ...]) -> Verdict:
    """A submission's verdict: that of its first failing case in test order, else AC."""
    for case in cases:
        if case.verdict is not Verdict.AC:
            return case.verdict
    return Verdict.AC
