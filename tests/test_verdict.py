"""Verdict values and result records."""

import dataclasses

import pytest

from judge.results.serialize import submission_to_json
from judge.verdict import CaseResult, FirstFailure, Recording, SubmissionResult, Verdict, overall


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
    data = submission_to_json(result)
    assert data["verdict"] == "TLE" and data["first_failure"] == "b" and len(data["cases"]) == 3
    assert str(Verdict.MLE) == "MLE" and Verdict.OLE.description == "output limit exceeded"


def test_verdicts_are_values_not_strings():
    assert Verdict.AC != "AC" and "AC" not in {Verdict.AC} and not isinstance(Verdict.WA, str)
    assert [Verdict.from_name(v.value) for v in Verdict] == list(Verdict)
    for bad in ("ac", "OK", "", None, ["AC"], 1):
        with pytest.raises(ValueError, match="not a verdict"):
            Verdict.from_name(bad)
    assert sorted(Verdict, key=lambda v: v.order)[0] is Verdict.AC and Verdict.SKIPPED.order == len(Verdict) - 1
    assert [v for v in Verdict if v.answered] == [Verdict.AC, Verdict.WA]
    assert Verdict.for_folder("time_limit") is Verdict.TLE and Verdict.JE.folder is None


def test_records_are_frozen_and_recording_is_typed():
    case = CaseResult("a", "sample", Verdict.AC)
    result = SubmissionResult("s.py", "/s.py", "python", Verdict.AC, (case,),
                              recording=Recording("ada", True, "2024-01-01T00:00:00+00:00", 1.0, 1.0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.recording.cached = False
    with pytest.raises(dataclasses.FrozenInstanceError):
        case.verdict = Verdict.WA
    assert FirstFailure(case, {"x": 1}, 2).case is case
    assert submission_to_json(result)["author"] == "ada" and submission_to_json(result)["cached"] is True
