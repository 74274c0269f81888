"""What a participant sees of their own graded submission: problem.yaml's `visibility` policy
(judge/results/visibility.py, the one the exports apply), here on the stored JSON the API and pages show.

A group shown in full: verdict, time, message, the checker's words and the first failing case drawn;
by verdict: the case's name and verdict only; hidden: not listed at all (nor its first failure). A
submission's own message (a compile error) stays: it is about the source.
"""

from __future__ import annotations

from typing import Any

from judge.results.visibility import DEFAULT, FULL, HIDDEN, Policy

FULL_FIELDS = ("name", "group", "verdict", "time_ms", "cpu_ms", "memory_kb", "message", "diff", "output")
VERDICT_FIELDS = ("name", "group", "verdict")


def shown_cases(cases: list[dict[str, Any]], policy: Policy = DEFAULT) -> list[dict[str, Any]]:
    """A result's cases (as grade --json gives them) as their author may see them: hidden groups left out."""
    shown = []
    for case in cases:
        level = policy.level(str(case.get("group")))
        if level != HIDDEN:
            shown.append({k: case.get(k) for k in (FULL_FIELDS if level == FULL else VERDICT_FIELDS)})
    return shown


def shown_failure(failure: dict[str, Any] | None, policy: Policy = DEFAULT) -> dict[str, Any] | None:
    """The first failing case with its inputs and answers, only when its group is shown in full."""
    if failure is None or policy.level(str(failure.get("group"))) != FULL:
        return None
    return failure


def shown_message(result: dict[str, Any]) -> str:
    """The submission's own message (a compiler's or the judge's words): about the source, so shown."""
    return str(result.get("message", ""))
