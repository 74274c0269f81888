"""What a participant sees of their own graded submission: the one place that decides it.

The rule for now: sample cases in full (verdict, time, message, the checker's words, the first
failing one drawn); every other group only by case name and verdict. Issue 12's visibility policy
(classroom) replaces this function's body when it lands; callers stay as they are.
"""

from __future__ import annotations

from typing import Any

SHOWN_GROUPS = frozenset({"sample"})
HIDDEN_FIELDS = ("name", "group", "verdict")


def shown_case(case: dict[str, Any]) -> dict[str, Any]:
    """One case of a result (as grade --json gives it) as its author may see it."""
    if case.get("group") in SHOWN_GROUPS:
        return {k: case.get(k) for k in ("name", "group", "verdict", "time_ms", "cpu_ms", "memory_kb", "message",
                                          "diff", "output")}
    return {k: case.get(k) for k in HIDDEN_FIELDS}


def shown_failure(failure: dict[str, Any] | None) -> dict[str, Any] | None:
    """The first failing case with its inputs and answers, only when its group is shown."""
    if failure is None or failure.get("group") not in SHOWN_GROUPS:
        return None
    return failure


def shown_message(result: dict[str, Any]) -> str:
    """The submission's own message (a compiler's or the judge's words): about the source, so shown."""
    return str(result.get("message", ""))
