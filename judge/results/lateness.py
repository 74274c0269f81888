"""Late hand-ins: the deadline, and the penalty of problem.yaml's `late` policy.

    late:
      deadline: 2026-03-01T23:59:00+01:00   # optional; --deadline overrides it
      penalty: 0.1                          # fraction of the score lost per started day late
      cap: 0.5                              # at most this fraction lost (default 1.0)
      grace: 15                             # minutes after the deadline that are not late (default 0)

A submission is late when handed in after deadline + grace, or when its LMS marked it late
(Canvas's `_LATE_` in the file name) and no time says otherwise. Its score after the penalty is
score * (1 - min(cap, penalty * started days late)); a submission marked late by its LMS without
a time after the deadline counts one started day.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from judge.errors import ProblemError, UsageError
from judge.problems.problem import Problem
from judge.results.roster import parse_time

KEYS = {"deadline", "penalty", "cap", "grace"}
#: The longest grace: past it a time computed from the deadline soon leaves what datetime can hold.
MAX_GRACE_MINUTES = 366 * 24 * 60


@dataclass(frozen=True)
class Policy:
    """When hand-ins are due and what lateness costs."""

    deadline: str = ""           # ISO 8601 with offset; empty: no deadline
    penalty: float = 0.0         # fraction lost per started day late
    cap: float = 1.0             # most fraction lost
    grace_minutes: float = 0.0


@dataclass(frozen=True)
class Lateness:
    """How late one submission is and what it costs."""

    late: bool
    days: int                    # started days late (0 on time)
    penalty: float               # fraction of the score lost


def policy(problem: Problem | None, deadline: str | None = None) -> Policy:
    """The problem's `late` policy, with `deadline` (the --deadline option) overriding its deadline."""
    data = problem.data.get("late") if problem is not None else None
    where = f"{problem.yaml_path}: late" if problem is not None else "late"
    result = Policy()
    if data is not None:
        if not isinstance(data, dict) or set(data) - KEYS:
            raise ProblemError(f"{where}: expected a mapping of {', '.join(sorted(KEYS))}")
        result = Policy(deadline=_time(data.get("deadline"), f"{where}.deadline"),
                        penalty=_fraction(data.get("penalty", 0.0), f"{where}.penalty"),
                        cap=_fraction(data.get("cap", 1.0), f"{where}.cap"),
                        grace_minutes=_minutes(data.get("grace", 0), f"{where}.grace"))
    if deadline:
        result = Policy(parse_time(deadline, "--deadline"), result.penalty, result.cap, result.grace_minutes)
    return result


def assess(policy: Policy, submitted_at: str, marked_late: bool = False) -> Lateness:
    """How late a submission handed in at `submitted_at` (ISO 8601) is under `policy`."""
    days = 0
    if policy.deadline and submitted_at:
        try:
            handed = datetime.fromisoformat(submitted_at)
        except ValueError:
            handed = None
        if handed is not None and handed.tzinfo is not None:
            over = handed - datetime.fromisoformat(policy.deadline) - timedelta(minutes=policy.grace_minutes)
            if over > timedelta(0):
                days = math.ceil(over / timedelta(days=1))
    if marked_late and days == 0:
        days = 1
    if days == 0:
        return Lateness(False, 0, 0.0)
    return Lateness(True, days, min(policy.cap, policy.penalty * days))


def _time(value: object, where: str) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):  # YAML reads an unquoted timestamp as a datetime
        if value.tzinfo is None:
            raise ProblemError(f"{where}: {value} has no UTC offset (add e.g. +01:00)")
        return value.isoformat()
    try:
        return parse_time(str(value), where)
    except UsageError as exc:
        raise ProblemError(str(exc)) from None


def _number(value: object, where: str) -> float:
    # .inf and .nan are YAML numbers: a grace of .inf crashed every `grade` (exit 3) and passed verify
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ProblemError(f"{where}: expected a number >= 0, got {value!r}")
    return float(value)


def _minutes(value: object, where: str) -> float:
    number = _number(value, where)
    if number > MAX_GRACE_MINUTES:
        raise ProblemError(f"{where}: {value!r} minutes is more than a year ({MAX_GRACE_MINUTES} minutes)")
    return number


def _fraction(value: object, where: str) -> float:
    number = _number(value, where)
    if number > 1:
        raise ProblemError(f"{where}: expected a fraction between 0 and 1, got {value!r}")
    return number
