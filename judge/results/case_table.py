"""A submission's cases as one text, column by column: the store's `case_tables` row (schema v5).

A re-grade reads back every reused submission's cases: 20 submissions of 1,106 cases were 22,120
rows, and fetching them cost as much as making the records. One JSON object with a list per column
is one row to fetch and one `json.loads` (C) to decode. Each value is kept as its case row keeps it
(the diff capped and joined by newlines; no returned value nor output, which only the first failing
case keeps), so either reading gives the same records. This is the store's format, versioned with
its schema (judge/results/store.py), not the output documents'.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from judge.verdict import CaseResult, Verdict

#: The columns, named as CaseResult's fields, in the order decode() reads them.
COLUMNS = ("name", "group", "verdict", "time_ms", "cpu_ms", "memory_kb", "message", "diff", "answer")

_VERDICTS = {verdict.value: verdict for verdict in Verdict}


def encode(cases: Sequence[CaseResult], diff_lines: int) -> str:
    """The cases as one JSON text, a list per column, each diff cut to `diff_lines` lines."""
    return json.dumps({
        "name": [c.name for c in cases], "group": [c.group for c in cases],
        "verdict": [c.verdict.value for c in cases], "time_ms": [c.time_ms for c in cases],
        "cpu_ms": [c.cpu_ms for c in cases], "memory_kb": [c.memory_kb for c in cases],
        "message": [c.message for c in cases], "diff": ["\n".join(c.diff[:diff_lines]) for c in cases],
        "answer": [c.answer for c in cases],
    }, separators=(",", ":"))


def decode(text: str) -> tuple[CaseResult, ...]:
    """encode()'s text back as records; ValueError when it is not such a text."""
    try:
        data = json.loads(text)
        columns = zip(*(data[k] for k in COLUMNS), strict=True)  # columns of unequal lengths: ValueError
        return tuple(_record(name, group, _VERDICTS.get(verdict) or Verdict.from_name(verdict), time_ms or 0.0,
                             cpu_ms, memory_kb, message, tuple(diff.split("\n")) if diff else (), answer or "")
                     for name, group, verdict, time_ms, cpu_ms, memory_kb, message, diff, answer in columns)
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


_NEW = object.__new__


def _record(name: str, group: str, verdict: Verdict, time_ms: float, cpu_ms: float | None, memory_kb: int | None,
            message: str, diff: tuple[str, ...], answer: str) -> CaseResult:
    """CaseResult(name, group, ..., got=None, output="", answer) in a third of the time: its frozen __init__
    sets each field through object.__setattr__, 1 us a record, and a re-grade reads 5,000 and more.
    Every field is given, one by one in the class's order, which keeps the instance dictionaries' shared
    keys (dict.update made each record's 464 bytes instead of 160); a test compares with the
    constructor's records, and CaseResult has no __post_init__."""
    record = _NEW(CaseResult)
    fields = record.__dict__
    (fields["name"], fields["group"], fields["verdict"], fields["time_ms"], fields["cpu_ms"], fields["memory_kb"],
     fields["message"], fields["diff"], fields["got"], fields["output"], fields["answer"]) = (
        name, group, verdict, time_ms, cpu_ms, memory_kb, message, diff, None, "", answer)
    return record
