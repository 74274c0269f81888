"""The store's case tables: one text per submission, read back as the records they were made from."""

from __future__ import annotations

import dataclasses
import sys

from judge.results import case_table
from judge.verdict import CaseResult, Verdict

CASES = (
    CaseResult("a", "sample", Verdict.AC, 1.5, 0.25, 1024, answer="0123456789abcdef"),
    CaseResult("b", "secret", Verdict.WA, 2.0, None, None, "cell (0,0) differs", ("one", "two"), answer="fedcba"),
    CaseResult("c", "secret", Verdict.TLE, 3000.0, 1001.0, 2048, "CPU time limit", answer="TLE"),
)


def test_a_table_reads_back_as_the_constructors_records_equal_and_hashed_alike():
    """decode() builds records without CaseResult's __init__: each must be the record __init__ makes."""
    back = case_table.decode(case_table.encode(CASES, diff_lines=10))
    assert back == CASES and [hash(r) for r in back] == [hash(r) for r in CASES]
    assert all(type(r) is CaseResult and vars(r) == vars(c) for r, c in zip(back, CASES, strict=True))


def test_every_field_of_a_record_is_set_by_the_fast_reader_in_the_classs_order():
    """A field added to CaseResult must be set by case_table._record too, and in the class's order: the
    instance dictionaries then share their keys (each record 160 bytes, as the constructor's, not 464)."""
    record = case_table._record("n", "g", Verdict.AC, 0.0, None, None, "", (), "")
    made = CaseResult("n", "g", Verdict.AC)
    assert list(vars(record)) == [f.name for f in dataclasses.fields(CaseResult)]
    assert sys.getsizeof(vars(record)) <= sys.getsizeof(vars(made))
