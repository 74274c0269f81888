"""Gradescope's results.json (https://gradescope-autograders.readthedocs.io/en/latest/specs/), from one
submission's cases: a test per listed case, one per hidden group, scores that add up.

The rules (README "Gradescope" says the same):
- a test's score is its case's weight (problem.yaml's `scoring`, else 1) when passed, else 0; the
  top-level `score` is the sum of the tests' scores, so the two always agree;
- visibility follows the policy (judge/results/visibility.py): a case shown in `full` is `visible`,
  a group shown by `verdict` is `after_published` (its test names the case and its verdict only), and
  a `hidden` group is one test of Gradescope's own `hidden` visibility, counting its cases;
- a failing test's output is its verdict line, then the checker's explanations (without repeating
  the line), the inputs and answers of the first failure, and what it printed: only for `full` groups;
- `execution_time` is the submission's wall time over its cases, in whole seconds rounded up;
- `leaderboard` values are numbers (a speed that is unknown is left out, never `"-"`).
Our own data go in `extra_data`, with `schema_version` (results.schema.json's `gradescope_document`
describes every field, Gradescope's as its specification gives them).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from judge.problems import checkers
from judge.problems.cases import Case
from judge.problems.problem import Problem
from judge.results import render, scoring, serialize, visibility
from judge.results.text import multiline, terminal
from judge.verdict import CaseResult, FirstFailure, SubmissionResult, Verdict

if TYPE_CHECKING:  # `judge grade --gradescope-results` need not import the leaderboard
    from judge.results.leaderboard import Entry, Leaderboard

#: Characters of what a case printed, kept in its test's output.
PRINTED = 2000


def _test_output(case: CaseResult, failure: FirstFailure | None, by_position: bool = True) -> str:
    """A failing case's verdict line, the explanations, its values when it is the first failure, what it printed."""
    if case.passed:
        return ""
    head = f"{case.verdict.value} ({case.verdict.description})"
    message = case.message.strip("\n")
    # a compile error is many lines and keeps them; any other message is one line after the verdict
    lines = [head, multiline(message)] if "\n" in message else [head + (f": {terminal(message)}" if message else "")]
    diff = [terminal(d) for d in case.diff]
    if diff and case.message.strip() == diff[0].strip():
        diff = diff[1:]  # the message is the checker's first explanation: said once
    lines += diff
    if failure is not None and failure.case.name == case.name and not visibility.is_redacted(failure):
        lines += render.failure_lines(failure, by_position)
    if case.output.strip():
        lines += ["it printed:", multiline(case.output[:PRINTED])]
    return "\n".join(lines)


def tests(cases: Sequence[CaseResult], weights: Mapping[str, float], policy: visibility.Policy,
          failure: FirstFailure | None = None, by_position: bool = True, levels: Sequence[str] = ()
          ) -> list[dict[str, Any]]:
    """Gradescope's tests: one per listed case (in test order), then one per hidden group; `levels`: the
    level each case was shown at (visibility.redact_entry), where it may be lower than its group's."""
    out: list[dict[str, Any]] = []
    for i, case in enumerate(cases):
        if not visibility.is_listed(case):
            continue
        weight = weights.get(case.group, 1.0)
        # a case moved out of a `full` group after grading is shown by verdict: tagged as such too
        full = (levels[i] if i < len(levels) else policy.level(case.group)) == visibility.FULL
        out.append({
            "name": case.name, "name_format": "text", "number": str(len(out) + 1),
            "score": weight if case.passed else 0.0, "max_score": weight,
            "status": "passed" if case.passed else "failed",
            "output": _test_output(case, failure, by_position) if full else (
                "" if case.passed else f"{case.verdict.value} ({case.verdict.description})"),
            "output_format": "text", "tags": [case.group],
            "visibility": "visible" if full else "after_published",
        })
    for tally in visibility.hidden_tallies(cases, weights):
        out.append({
            "name": f"{tally.group}: {tally.total} hidden case{'s' if tally.total != 1 else ''}",
            "name_format": "text", "number": str(len(out) + 1), "score": tally.score, "max_score": tally.max_score,
            "status": "failed" if tally.failed() else "passed",
            "output": f"{tally.passed} of {tally.total} passed", "output_format": "text", "tags": [tally.group],
            "visibility": "hidden",
        })
    return out


def _document(listed: list[dict[str, Any]], cases: Sequence[CaseResult], output: str,
              leaderboard: list[dict[str, Any]], extra: dict[str, Any]) -> dict[str, Any]:
    """The whole document; `cases` as graded (before the policy took their times out) for execution_time."""
    return {
        "score": round(sum(t["score"] for t in listed), 6),
        "execution_time": math.ceil(sum(c.time_ms for c in cases) / 1000),
        "output": output, "output_format": "text", "stdout_visibility": "hidden",
        "tests": listed, "leaderboard": leaderboard,
        "extra_data": {"schema_version": serialize.SCHEMA_VERSION, **extra},
    }


def _summary(verdict: Verdict, passed: int, total: int, message: str) -> str:
    head = f"{verdict.value} ({verdict.description}): {passed} of {total} cases passed"
    # a compile error is the submission's own text, and the only thing a student can act on
    return head + ("\n\n" + multiline(message) if verdict in (Verdict.CE, Verdict.JE) and message else "")


def entry_document(board: Leaderboard, entry: Entry, policy: visibility.Policy) -> dict[str, Any]:
    """`judge leaderboard --format gradescope`: one author's best submission, its rank as a leaderboard value."""
    listed = tests(entry.cases, board.weights, policy, entry.first_failure, board.by_position, entry.levels)
    message = next((c.message for c in entry.cases if c.verdict is Verdict.CE), "")
    board_values: list[dict[str, Any]] = [{"name": "rank", "value": entry.rank, "order": "asc"},
                                          {"name": "score", "value": entry.score, "order": "desc"}]
    if entry.speed is not None:
        board_values.append({"name": "speed", "value": round(entry.speed, 3), "order": "asc"})
    late = ""
    if entry.late:  # the grade Gradescope records is the top-level score: the leaderboard's, after the penalty
        late = (f"\nlate by {entry.late_days} day{'s' if entry.late_days != 1 else ''}: a penalty of "
                f"{entry.penalty * 100:g}%, {_number(entry.score)} of {_number(entry.raw_score)}")
    document = _document(listed, entry.cases,
                         _summary(entry.verdict, entry.passed, entry.total, message)
                         + f"\nrank {entry.rank} of {len(board.entries)}" + late,
                         board_values, {"problem": board.problem, "test_set_hash": board.test_set_hash,
                                        "entry": serialize.entry_to_json(entry, with_cases=False)})
    # The grade Gradescope records: the leaderboard's score, after any late penalty, with the weights the
    # entry was scored by (the tests' own sum weighs each case 1 when the package cannot be read).
    document["score"] = round(entry.score, 6)
    return document


def _number(value: float) -> str:
    return f"{round(value, 6):g}"


def result_document(problem_id: str, test_set_hash: str, result: SubmissionResult, weights: Mapping[str, float],
                    policy: visibility.Policy, failure: FirstFailure | None = None, by_position: bool = True
                    ) -> dict[str, Any]:
    """`judge grade --format gradescope`: one graded submission as graded (the policy is applied here; `failure`:
    its first failing case, already through the policy; `by_position`: the checker compares place by place)."""
    shown = visibility.redact_result(result, policy)
    listed = tests(shown.cases, weights, policy, failure, by_position)
    cpu = sum(c.cpu_ms if c.cpu_ms is not None else c.time_ms for c in result.cases if c.passed)
    board_values: list[dict[str, Any]] = [
        {"name": "score", "value": round(sum(t["score"] for t in listed), 6), "order": "desc"},
        {"name": "passed", "value": result.passed, "order": "desc"},
        {"name": "CPU ms of passed cases", "value": round(cpu, 3), "order": "asc"}]
    return _document(listed, result.cases, _summary(result.verdict, result.passed, result.total, result.message),
                     board_values, {"problem": problem_id, "test_set_hash": test_set_hash,
                                    "submission": serialize.submission_to_json(shown, with_cases=False)})


def submission_document(problem: Problem, cases: Sequence[Case], result: SubmissionResult,
                        policy: visibility.Policy) -> dict[str, Any]:
    """`judge grade --format gradescope` (and run_autograder): one submission graded on `cases`, as policy shows it."""
    first = result.first_failure
    failure = None
    if first is not None:
        case = next((c for c in cases if c.name == first.name), None)
        failure = FirstFailure(first) if case is None else FirstFailure(
            first, {p.name: case.args[p.name] for p in problem.signature.params}, case.expected)
    return result_document(problem.id, visibility.graded_set_hash(problem, cases), result, scoring.weights(problem),
                           policy, visibility.redact_failure(failure, policy), checkers.by_position(problem.checker))


def failure_document(problem_id: str, message: str) -> dict[str, Any]:
    """A results.json for a hand-in that could not be graded (no submission file, or several): score 0."""
    return {"score": 0.0, "execution_time": 0, "output": terminal(message), "output_format": "text",
            "stdout_visibility": "hidden", "tests": [], "leaderboard": [],
            "extra_data": {"schema_version": serialize.SCHEMA_VERSION, "problem": problem_id, "error": message}}
