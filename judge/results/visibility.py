"""Who sees what of a case: problem.yaml's `visibility`, applied in one place to everything students get.

    visibility:
      sample: full        # inputs, expected answer, what came back, what it printed
      secret: verdict     # the case's name and verdict only (the default of every group but sample)
      stress: hidden      # counted in the score, never listed

A submission controls its exception messages, what it prints and how long it takes, so on a case
shown by verdict only those go too (a solution could print its input, or sleep for as many
milliseconds as its first number); a compile error is the submission's own text and stays. Totals
(the score, the speed, Gradescope's execution_time) are computed before the policy applies.

`redact` (a leaderboard) and `redact_result` (one graded submission) are the only places the policy
is applied: every student-facing export (HTML, JSON, JUnit, Gradescope, Markdown, CSV) is drawn from
what they return; `--show-secret` (the instructor's own view) skips them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from judge.errors import ProblemError
from judge.problems.cases import check_group_names
from judge.problems.problem import Problem
from judge.verdict import CaseResult, FirstFailure, SubmissionResult, Verdict

if TYPE_CHECKING:  # `judge grade --gradescope-results` redacts one result and need not import the leaderboard
    from judge.results.leaderboard import Entry, Leaderboard

FULL, VERDICT, HIDDEN = "full", "verdict", "hidden"
LEVELS = (FULL, VERDICT, HIDDEN)
#: The group shown in full unless problem.yaml says otherwise.
SAMPLE = "sample"


@dataclass(frozen=True)
class Policy:
    """How much of each group's cases is shown: full, verdict or hidden."""

    groups: Mapping[str, str] = field(default_factory=dict)
    default: str | None = None  # of the groups not named; None: full for sample, verdict for the others

    def level(self, group: str) -> str:
        """The level of a group: as named, else the default (full for sample, verdict for every other group)."""
        return self.groups.get(group, self.default or (FULL if group == SAMPLE else VERDICT))


#: problem.yaml's default: sample in full, every other group by verdict.
DEFAULT = Policy()
#: The instructor's own view (`--show-secret`): everything.
EVERYTHING = Policy(default=FULL)


def policy(problem: Problem | None) -> Policy:
    """The policy of problem.yaml's `visibility` (the default when it has none); ProblemError when malformed."""
    data: Any = None if problem is None else problem.data.get("visibility")
    if data is None:
        return DEFAULT
    assert problem is not None
    if not isinstance(data, dict):
        raise ProblemError(f"{problem.yaml_path}: visibility: expected {{GROUP: full|verdict|hidden, ...}}, "
                           f"got {data!r:.60}")
    for group, level in data.items():
        if level not in LEVELS:
            raise ProblemError(f"{problem.yaml_path}: visibility.{group}: expected one of {', '.join(LEVELS)}, "
                               f"got {level!r:.60}")
    check_group_names(problem, data, "visibility")
    return Policy({str(group): str(level) for group, level in data.items()})


def is_listed(case: CaseResult) -> bool:
    """Whether a case may be listed (a case of a hidden group, once redacted, has no name)."""
    return bool(case.name)


def listed(cases: Iterable[CaseResult]) -> list[CaseResult]:
    """The cases that may be listed, in order."""
    return [c for c in cases if is_listed(c)]


@dataclass(frozen=True)
class Tally:
    """The cases of one hidden group: how many passed, and their weights."""

    group: str
    passed: int
    total: int
    score: float
    max_score: float

    def failed(self) -> bool:
        """Whether a case of the group failed."""
        return self.passed < self.total


def hidden_tallies(cases: Iterable[CaseResult], weights: Mapping[str, float]) -> list[Tally]:
    """Per hidden group, in order of first appearance: passed and total cases, score and max score."""
    found: dict[str, list[CaseResult]] = {}
    for case in cases:
        if not is_listed(case):
            found.setdefault(case.group, []).append(case)
    tallies = []
    for group, group_cases in found.items():
        weight = weights.get(group, 1.0)
        passed = sum(c.passed for c in group_cases)
        tallies.append(Tally(group, passed, len(group_cases), weight * passed, weight * len(group_cases)))
    return tallies


def is_redacted(failure: FirstFailure) -> bool:
    """Whether a first failure's values were taken out (nothing of its inputs or answers may be drawn)."""
    return failure.args is None and failure.expected is None and failure.case.got is None and not failure.case.diff


def redact_case(case: CaseResult, level: str) -> CaseResult:
    """A case as its level shows it: whole, by name and verdict only, or without even a name."""
    if level == FULL:
        return case
    message = case.message if case.verdict is Verdict.CE else ""  # a compile error is the submission's own
    # Times and memory go too: a submission could sleep or allocate by its input's values and read them back.
    shown = replace(case, message=message, diff=(), got=None, output="", answer="", time_ms=0.0, cpu_ms=None,
                    memory_kb=None)
    return shown if level == VERDICT else replace(shown, name="")


def redact_failure(failure: FirstFailure | None, policy: Policy) -> FirstFailure | None:
    """A first failing case as its level shows it: whole, without its values, or none at all (hidden)."""
    if failure is None:
        return None
    level = policy.level(failure.case.group)
    if level == FULL:
        return failure
    if level == HIDDEN:
        return None
    return FirstFailure(redact_case(failure.case, level))


def redact_entry(entry: Entry, policy: Policy) -> Entry:
    """An entry with its cases and first failure as the policy shows them (counts and score unchanged)."""
    return replace(entry, cases=tuple(redact_case(c, policy.level(c.group)) for c in entry.cases),
                   first_failure=redact_failure(entry.first_failure, policy))


def redact(board: Leaderboard, policy: Policy) -> Leaderboard:
    """A leaderboard as students may see it: the one place the policy is applied to the exports."""
    entries = [redact_entry(e, policy) for e in board.entries]
    names = [c.name for c in listed(entries[0].cases)] if entries else []
    return replace(board, entries=entries, case_names=names, stale=[redact_entry(e, policy) for e in board.stale],
                   missing=[redact_entry(e, policy) for e in board.missing])


def redact_result(result: SubmissionResult, policy: Policy) -> SubmissionResult:
    """One graded submission as the student may see it (`grade --format gradescope`)."""
    return replace(result, cases=tuple(redact_case(c, policy.level(c.group)) for c in result.cases))
