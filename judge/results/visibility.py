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

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from judge.digest import sha256
from judge.errors import ProblemError
from judge.problems.cases import Case, check_group_names, test_set_hash
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


def fresh_servers(policy: Policy, groups: Sequence[str]) -> frozenset[int]:
    """The cases (by position) that start a server of their own: a case of a group shown in full after a
    case shown less, in the same server. That server has run the earlier case's input and could have kept
    it (a Java static, a Go package variable: their servers keep one process across cases) to print or
    return where the later case is shown in full. By default (sample first, full) there are none."""
    fresh, unseen = set(), False   # unseen: this server has run a case its author does not see in full
    for i, group in enumerate(groups):
        shown = policy.level(group) == FULL
        if shown and unseen:
            fresh.add(i)
            unseen = False
        unseen = unseen or not shown
    return frozenset(fresh)


def grading_policy(problem: Problem) -> Policy:
    """The policy grading restarts servers by: the package's, or the default's levels where it is malformed
    (the exports refuse that one and say why)."""
    try:
        return policy(problem)
    except ProblemError:
        return DEFAULT


def graded_set_hash(problem: Problem, cases: Sequence[Case]) -> str:
    """What a set of results was graded on: the cases (test_set_hash), and the servers started afresh
    among them, when any. A result graded before a group was made `full` ran its cases in a server
    that had seen the others: it is on another set (stale, re-graded by `judge regrade`)."""
    tests = test_set_hash(list(cases))
    fresh = fresh_servers(grading_policy(problem), [c.group for c in cases])
    if not fresh:
        return tests
    return sha256(f"{tests}:fresh:{','.join(map(str, sorted(fresh)))}".encode()).hexdigest()


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


def case_levels(policy: Policy, groups: Sequence[str], sure: bool = True,
                now: Sequence[str | None] | None = None) -> list[str]:
    """The level of each case of a result, in the order its cases ran. Not `sure` (graded on another set
    than the package grades now): a case shown in full after one shown less may have run in a server
    that had seen that one (no fresh server then), so it is shown by verdict only; and a case is shown
    at the stricter of its group's level then and, `now`, the level of the group it is in now (a case
    moved out of sample/ after grading was shown whole)."""
    levels, unseen = [], False
    for i, group in enumerate(groups):
        level = policy.level(group)
        current = now[i] if now is not None and i < len(now) else None
        if not sure and current is not None:
            level = max(level, policy.level(current), key=LEVELS.index)
        elif not sure and now is not None:  # not in the package now (renamed as it moved?): by verdict at most
            level = max(level, VERDICT, key=LEVELS.index)
        if level == FULL and unseen and not sure:
            level = VERDICT
        unseen = unseen or level != FULL
        levels.append(level)
    return levels


def redact_failure_at(failure: FirstFailure | None, policy: Policy, level: str | None) -> FirstFailure | None:
    """A first failing case at `level` when its result's case_levels lowered it (none at all when hidden),
    else as the policy shows it."""
    if failure is None or level is None or LEVELS.index(level) <= LEVELS.index(policy.level(failure.case.group)):
        return redact_failure(failure, policy)
    return None if level == HIDDEN else FirstFailure(redact_case(failure.case, VERDICT))


def redact_entry(entry: Entry, policy: Policy, sure: bool = True, now: Mapping[str, str] | None = None) -> Entry:
    """An entry with its cases and first failure as the policy shows them (counts and score unchanged);
    not `sure`, `now` (each case's group in the package now, by name): see case_levels."""
    current = None if now is None else [now.get(c.name) for c in entry.cases]
    levels = case_levels(policy, [c.group for c in entry.cases], sure, current)
    by_name = {c.name: level for c, level in zip(entry.cases, levels, strict=True)}
    failure = entry.first_failure
    level = by_name.get(failure.case.name) if failure is not None else None
    return replace(entry, cases=tuple(redact_case(c, level) for c, level in zip(entry.cases, levels, strict=True)),
                   first_failure=redact_failure_at(failure, policy, level), levels=tuple(levels))


def redact(board: Leaderboard, policy: Policy, sure: Collection[str] | None = None,
           now: Mapping[str, str] | None = None) -> Leaderboard:
    """A leaderboard as students may see it: the one place the policy is applied to the exports. `sure`:
    the sets whose results were graded as the package grades now (graded_set_hash; None: every one);
    `now`: each case's group in the package now, by name."""
    def one(entry: Entry) -> Entry:
        return redact_entry(entry, policy, sure is None or entry.test_set in sure, now)

    entries = [one(e) for e in board.entries]
    names = [c.name for c in listed(entries[0].cases)] if entries else []
    return replace(board, entries=entries, case_names=names, stale=[one(e) for e in board.stale],
                   missing=[one(e) for e in board.missing])


def redact_result(result: SubmissionResult, policy: Policy) -> SubmissionResult:
    """One graded submission as the student may see it (`grade --format gradescope`)."""
    return replace(result, cases=tuple(redact_case(c, policy.level(c.group)) for c in result.cases))
