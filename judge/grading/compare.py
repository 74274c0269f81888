"""Submissions against each other, on the cases they all ran: groups, a disagreement matrix, and warnings.

Two submissions agree on a case when their answers have the same fingerprint (a hash of the answer,
or the verdict when there was no answer: RE, TLE, SKIPPED, ...). The reference's answer to a case
is its expected answer. When a clear majority of the submissions that answered a case agree with
each other and not with the reference, the case is flagged: the reference or the case may be wrong.
An answer the checker accepted agrees with the reference, whatever its bytes (a pair in the other
order under `unordered`, a number within tolerance under `float`).
"""

from __future__ import annotations

from typing import Sequence

from judge.problems import values
from judge.problems.cases import Case
from judge.results.records import Comparison, Suspect
from judge.results.text import terminal
from judge.verdict import SubmissionResult, Verdict

#: A majority is clear when at least this many submissions answered the case ...
MIN_VOTERS = 3
#: ... and at least this share of them gave the same answer.
MAJORITY = 2 / 3
#: Fingerprints that are not answers (nothing to vote with): a case without an answer keeps its
#: verdict's name as its fingerprint (grade.check), an answer a 16-hex hash.
NOT_ANSWERS = {""} | {v.value for v in Verdict}


def compare(cases: Sequence[Case], results: Sequence[SubmissionResult]) -> Comparison:
    """Compare submissions case by case on the cases every one of them has a result for."""
    names = [r.submission for r in results]
    answers = [{x.name: x.answer for x in r.cases} for r in results]
    shared = [c for c in cases if all(c.name in a for a in answers)]
    vectors = [tuple(a.get(c.name, "") for c in shared) for a in answers]
    groups: dict[tuple, list[str]] = {}
    for name, vector in zip(names, vectors):
        groups.setdefault(vector, []).append(name)
    distinct = {v: None for v in vectors}  # identical answer vectors are compared once
    diff = {(a, b): sum(x != y for x, y in zip(a, b)) for a in distinct for b in distinct}
    accepted = [{x.name for x in r.cases if x.verdict is Verdict.AC} for r in results]
    suspects = []
    for k, case in enumerate(shared):
        votes = [(n, v[k]) for n, v, ok in zip(names, vectors, accepted) if case.name not in ok]
        suspects.append(_suspect(case, votes, voters=sum(v[k] not in NOT_ANSWERS for v in vectors)))
    return Comparison(submissions=names, cases=[c.name for c in shared],
                      groups=sorted(groups.values(), key=lambda g: (-len(g), names.index(g[0]))),
                      matrix=[[diff[a, b] for b in vectors] for a in vectors],
                      suspects=[s for s in suspects if s is not None])


def _suspect(case: Case, votes: list[tuple[str, str]], voters: int) -> Suspect | None:
    """`votes`: the answers the checker did not accept; `voters`: how many answered at all."""
    answered = [(n, a) for n, a in votes if a not in NOT_ANSWERS]
    if voters < MIN_VOTERS or not answered:
        return None
    tally: dict[str, list[str]] = {}
    for name, answer in answered:
        tally.setdefault(answer, []).append(name)
    answer, agreeing = max(tally.items(), key=lambda kv: len(kv[1]))
    if answer == values.fingerprint(case.expected) or len(agreeing) < MAJORITY * voters:
        return None
    return Suspect(case.name, tuple(agreeing), voters, answer)


def render(comparison: Comparison) -> str:
    """Groups, the matrix (submissions numbered, with a legend), and the warnings, as text."""
    from tabulate import tabulate  # 20-30 ms to import: only when a matrix is drawn

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
