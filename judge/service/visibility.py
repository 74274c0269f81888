"""What a participant sees of their own graded submission: the package's visibility policy
(problem.yaml `visibility:`, judge/results/visibility.py), the same code every export goes through.

A `full` group's cases come whole; a `verdict` group's by name and verdict only (no times, messages,
output: a submission can encode its input in them); a `hidden` group's cases are not listed at all,
only counted per group (`hidden`: passed and total). The first failing case is drawn only when its
group is `full`; under `verdict` its name and verdict remain, under `hidden` nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.results import serialize, visibility as policies
from judge.results.visibility import Policy
from judge.verdict import FirstFailure


def shown(result: dict[str, Any], failure: FirstFailure | None, policy: Policy, sure: bool = True,
          now: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The cases, hidden groups' tallies and first failure of a stored result (grade --json's shape) as the
    policy lets its author see them; not `sure` (graded on another set than the problem's now, e.g. before
    its visibility changed), `now` (each case's group now, by name): results.visibility.case_levels."""
    stored = [serialize.case_from_json(c) for c in result.get("cases", [])]
    current = None if now is None else [now.get(c.name) for c in stored]
    levels = policies.case_levels(policy, [c.group for c in stored], sure, current)
    cases = [policies.redact_case(c, level) for c, level in zip(stored, levels, strict=True)]
    level_of = {c.name: level for c, level in zip(stored, levels, strict=True)}
    shown_failure = policies.redact_failure_at(failure, policy, level_of.get(failure.case.name) if failure else None)
    return {"cases": [serialize.case_to_json(c) for c in policies.listed(cases)],
            "hidden": [{"group": t.group, "passed": t.passed, "total": t.total}
                       for t in policies.hidden_tallies(cases, {})],
            "failure": None if shown_failure is None else serialize.failure_to_json(shown_failure)}


def shown_message(result: dict[str, Any]) -> str:
    """The submission's own message (a compiler's or the judge's words): about the source, so shown."""
    return str(result.get("message", ""))
