"""The late policy: problem.yaml's `late`, --deadline over it, started days, grace, cap, LMS marks."""

import pytest

from judge.errors import ProblemError, UsageError
from judge.problems.problem import load_problem
from judge.results import lateness
from judge.results.lateness import Policy, assess


def with_late(problem_copy, block: str):
    yaml = problem_copy / "problem.yaml"
    yaml.write_text(yaml.read_text() + block)
    return load_problem(str(problem_copy))


def test_policy_from_problem_yaml_and_the_option_overrides_its_deadline(problem_copy):
    problem = with_late(problem_copy, "late:\n  deadline: 2026-03-01T23:59:00+01:00\n  penalty: 0.1\n"
                                      "  cap: 0.5\n  grace: 15\n")
    assert lateness.policy(problem) == Policy("2026-03-01T23:59:00+01:00", 0.1, 0.5, 15.0)
    assert lateness.policy(problem, "2026-03-08T12:00:00Z").deadline == "2026-03-08T12:00:00+00:00"
    assert lateness.policy(None) == Policy()


@pytest.mark.parametrize("block, message", [
    ("late: 3\n", "expected a mapping"),
    ("late:\n  penalty: 0.1\n  typo: 1\n", "unknown key 'typo'"),
    ("late:\n  penalty: 2\n", "late.penalty: expected a fraction"),
    ("late:\n  grace: -1\n", "late.grace: expected a number >= 0"),
    ("late:\n  grace: .inf\n", "late.grace: expected a number >= 0, got inf"),  # crashed every grade (exit 3)
    ("late:\n  grace: 600000\n", "late.grace: 600000 minutes is more than a year"),
    ("late:\n  penalty: .nan\n", "late.penalty: expected a number >= 0, got nan"),
    ("late:\n  deadline: 2026-03-01 23:59:00\n", "no UTC offset"),
    ("late:\n  deadline: soon\n", "not an ISO 8601 time"),
])
def test_a_bad_policy_names_the_file_and_key(problem_copy, block, message):
    with pytest.raises(ProblemError) as caught:  # the package's schema or the policy's own checks
        lateness.policy(with_late(problem_copy, block))
    assert "problem.yaml" in str(caught.value) and message in str(caught.value)


def test_a_bad_deadline_option_is_a_usage_error():
    with pytest.raises(UsageError, match="--deadline"):
        lateness.policy(None, "tomorrow")


def test_started_days_grace_cap_and_the_lms_mark():
    policy = Policy("2026-03-01T23:59:00+01:00", penalty=0.1, cap=0.25, grace_minutes=10)
    assert assess(policy, "2026-03-01T23:00:00+01:00") == lateness.Lateness(False, 0, 0.0)
    assert assess(policy, "2026-03-02T00:05:00+01:00").late is False            # within the grace
    assert assess(policy, "2026-03-01T23:10:00+00:00") == lateness.Lateness(True, 1, 0.1)  # another zone: 61 min late
    assert assess(policy, "2026-03-03T00:10:00+01:00") == lateness.Lateness(True, 2, 0.2)
    assert assess(policy, "2026-03-09T00:00:00+01:00").penalty == 0.25          # the cap
    assert assess(policy, "2026-03-01T22:00:00+01:00", marked_late=True) == lateness.Lateness(True, 1, 0.1)
    assert assess(Policy(), "2030-01-01T00:00:00+00:00").late is False            # no deadline: never late
    assert assess(Policy(), "", marked_late=True) == lateness.Lateness(True, 1, 0.0)  # marked, no penalty set
    assert assess(policy, "not a time").late is False
