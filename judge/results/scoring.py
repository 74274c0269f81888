"""A submission's score: each case weighs 1, or its group's weight from problem.yaml's `scoring`.

    scoring:
      groups: {sample: 0, secret: 1}   # samples are free, each secret case is worth 1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.errors import ProblemError
from judge.problems.cases import RANDOM_GROUP, check_group_names, groups as case_groups
from judge.problems.problem import Problem
from judge.verdict import CaseResult, Verdict

#: The most one case may weigh: sums of many stay exact enough to rank by.
MAX_WEIGHT = 1e6


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
        # .nan passed `< 0` and made every score NaN, which sorts anyhow; .inf made them inf/inf
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 <= weight <= MAX_WEIGHT:
            raise ProblemError(f"{problem.yaml_path}: scoring.groups.{group}: expected a number from 0 to "
                               f"{MAX_WEIGHT:g}, got {weight!r}")
        out[str(group)] = float(weight)
    check_group_names(problem, groups, "scoring.groups")
    if not any(out.get(group, 1.0) for group in (*case_groups(problem), RANDOM_GROUP)):
        raise ProblemError(f"{problem.yaml_path}: scoring.groups: every group weighs 0, so every submission "
                           f"would score 0 of 0")
    return out


def check_weighed(problem: Problem, group_weights: Mapping[str, float], groups: Iterable[str]) -> None:
    """ProblemError when every case of a run (its cases' groups) weighs 0: every score would be 0 of 0.
    The package check counts the random cases, which weigh 1 unless named, and a run may have none."""
    seen = set(groups)
    if seen and not any(group_weights.get(group, 1.0) for group in seen):
        raise ProblemError(f"{problem.yaml_path}: scoring.groups: every case of this run weighs 0, so every "
                           f"submission would score 0 of 0 (only the random cases weigh: grade with --fuzz N)")


def score(cases: Iterable[CaseResult], group_weights: Mapping[str, float]) -> tuple[float, float]:
    """(score, max_score): the weights of the passed cases, and of all cases."""
    got = total = 0.0
    for case in cases:
        weight = group_weights.get(case.group, 1.0)
        total += weight
        if case.verdict is Verdict.AC:  # CaseResult.passed, without a call per case (a re-grade scores 20,000)
            got += weight
    return got, total
