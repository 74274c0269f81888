"""Verdict values and result records."""

from judge.verdict import CaseResult, SubmissionResult, Verdict, overall


def test_overall_is_the_first_failure_in_test_order():
    cases = [CaseResult("a", "sample", Verdict.AC), CaseResult("b", "secret", Verdict.RE),
             CaseResult("c", "secret", Verdict.WA)]
    assert overall(cases) is Verdict.RE
    assert overall(cases[:1]) is Verdict.AC


def test_submission_result_counts_and_dict():
    cases = (CaseResult("a", "sample", Verdict.AC, 5.0), CaseResult("b", "secret", Verdict.TLE, 3000.0),
             CaseResult("c", "secret", Verdict.SKIPPED))
    result = SubmissionResult("s.py", "/s.py", "python", Verdict.TLE, cases)
    assert (result.passed, result.total) == (1, 3)
    assert result.first_failure.name == "b"
    assert result.max_time_ms == 3000.0
    data = result.to_dict()
    assert data["verdict"] == "TLE" and data["first_failure"] == "b" and len(data["cases"]) == 3
    assert str(Verdict.MLE) == "MLE" and Verdict.OLE.description == "output limit exceeded"
