"""A submission's score: each case weighs 1, or its group's weight from problem.yaml's `scoring`.

    scoring:
      groups: {sample: 0, secret: 1}   # samples are free, each secret case is worth 1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.errors import ProblemError
from judge.problems.cases import check_group_names
from judge.problems.problem import Problem
from judge.verdict import CaseResult, Verdict


def weights(problem: Problem) -> dict[str, float]:
    """The weight of one case of each group named in problem.yaml (groups not named weigh 1)."""
    scoring = problem.data.get("scoring")
    if scoring is None:
        return {}
    groups = scoring.get("groups") if isinstance(scoring, dict) else None
    if not isinstance(groups, dict) or set(scoring) - {"groups"}:
        raise ProblemError(f"{problem.yaml_path}: scoring: expected {{groups: {{GROUP: WEIGHT, ...}}}}")
    out = {}
    for group, weight in groups.items():
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight < 0:
            raise ProblemError(f"{problem.yaml_path}: scoring.groups.{group}: expected a number >= 0, got {weight!r}")
        out[str(group)] = float(weight)
    check_group_names(problem, groups, "scoring.groups")
    return out


def score(cases: Iterable[CaseResult], group_weights: Mapping[str, float]) -> tuple[float, float]:
    """(score, max_score): the weights of the passed cases, and of all cases."""
    got = total = 0.0
    for case in cases:
        weight = group_weights.get(case.group, 1.0)
        total += weight
        if case.verdict is Verdict.AC:  # CaseResult.passed, without a call per case (a re-grade scores 20,000)
            got += weight
    return got, total
