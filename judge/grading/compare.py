"""Submissions against each other, on the cases they all ran: groups, a disagreement matrix, and warnings.

Two submissions agree on a case when their answers have the same fingerprint (a hash of the answer,
or the verdict when there was no answer: RE, TLE, SKIPPED, ...). The reference's answer to a case
is its expected answer. When a clear majority of the submissions that answered a case agree with
each other and not with the reference, the case is flagged: the reference or the case may be wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from tabulate import tabulate

from judge.problems import values
from judge.problems.cases import Case
from judge.results.text import terminal
from judge.verdict import SubmissionResult

#: A majority is clear when at least this many submissions answered the case ...
MIN_VOTERS = 3
#: ... and at least this share of them gave the same answer.
MAJORITY = 2 / 3
#: Fingerprints that are not answers (nothing to vote with).
NOT_ANSWERS = {"", "CE", "JE", "SKIPPED", "TLE", "MLE", "RE", "OLE", "WA"}


@dataclass(frozen=True)
class Suspect:
    """A case where most submissions agree on an answer the reference does not give."""

    case: str
    agreeing: tuple[str, ...]     # the submissions that gave the majority answer
    voters: int                   # submissions that answered the case
    answer: str                   # the majority's fingerprint

    def message(self) -> str:
        """One line for the report."""
        return (f"case {self.case}: {len(self.agreeing)} of {self.voters} submissions agree on an answer the "
                f"reference does not give ({', '.join(self.agreeing[:4])}{', ...' if len(self.agreeing) > 4 else ''}); "
                f"check the reference and the case")


@dataclass
class Comparison:
    """Groups of identical behaviour, pairwise disagreement counts, and suspect cases."""

    submissions: list[str]
    cases: list[str]
    groups: list[list[str]] = field(default_factory=list)
    matrix: list[list[int]] = field(default_factory=list)
    suspects: list[Suspect] = field(default_factory=list)

    def to_dict(self) -> dict:
        """A JSON-ready dict (the `compare` key of `judge grade --json`)."""
        return {
            "cases": len(self.cases), "submissions": self.submissions, "groups": self.groups,
            "disagreements": {a: {b: self.matrix[i][j] for j, b in enumerate(self.submissions)}
                              for i, a in enumerate(self.submissions)},
            "warnings": [{"case": s.case, "agreeing": list(s.agreeing), "voters": s.voters, "message": s.message()}
                         for s in self.suspects],
        }


def compare(cases: Sequence[Case], results: Sequence[SubmissionResult]) -> Comparison:
    """Compare submissions case by case on the cases every one of them has a result for."""
    names = [r.submission for r in results]
    answers = [{x.name: x.answer for x in r.cases} for r in results]
    shared = [c for c in cases if all(c.name in a for a in answers)]
    vectors = [tuple(a.get(c.name, "") for c in shared) for a in answers]
    comparison = Comparison(submissions=names, cases=[c.name for c in shared])
    groups: dict[tuple, list[str]] = {}
    for name, vector in zip(names, vectors):
        groups.setdefault(vector, []).append(name)
    comparison.groups = sorted(groups.values(), key=lambda g: (-len(g), names.index(g[0])))
    distinct = {v: None for v in vectors}  # identical answer vectors are compared once
    diff = {(a, b): sum(x != y for x, y in zip(a, b)) for a in distinct for b in distinct}
    comparison.matrix = [[diff[a, b] for b in vectors] for a in vectors]
    for k, case in enumerate(shared):
        suspect = _suspect(case, [(n, v[k]) for n, v in zip(names, vectors)])
        if suspect:
            comparison.suspects.append(suspect)
    return comparison


def _suspect(case: Case, votes: list[tuple[str, str]]) -> Suspect | None:
    answered = [(n, a) for n, a in votes if a not in NOT_ANSWERS]
    if len(answered) < MIN_VOTERS:
        return None
    tally: dict[str, list[str]] = {}
    for name, answer in answered:
        tally.setdefault(answer, []).append(name)
    answer, agreeing = max(tally.items(), key=lambda kv: len(kv[1]))
    if answer == values.fingerprint(case.expected) or len(agreeing) < MAJORITY * len(answered):
        return None
    return Suspect(case.name, tuple(agreeing), len(answered), answer)


def render(comparison: Comparison) -> str:
    """Groups, the matrix (submissions numbered, with a legend), and the warnings, as text."""
    names = comparison.submissions
    label = {n: f"#{i + 1}" for i, n in enumerate(names)}
    lines = [f"compared {len(names)} submission{'s' if len(names) != 1 else ''} on {len(comparison.cases)} shared cases", ""]
    lines.append("groups (identical answers on every case):")
    for i, group in enumerate(comparison.groups, 1):
        lines.append(f"  group {i}: {', '.join(f'{label[n]} {terminal(n)}' for n in group)}")
    lines += ["", "cases on which each pair disagrees:"]
    rows = [[f"{label[a]} {terminal(a)}", *comparison.matrix[i]] for i, a in enumerate(names)]
    lines.append(tabulate(rows, headers=["", *[label[n] for n in names]], tablefmt="simple"))
    lines.append("")
    lines += warnings(comparison) or ["no case where a clear majority disagrees with the reference"]
    return "\n".join(lines)


def warnings(comparison: Comparison) -> list[str]:
    """One `warning:` line per suspect case."""
    return [f"warning: {terminal(s.message())}" for s in comparison.suspects]
