"""Submissions against each other, on the cases they all ran: groups, a disagreement matrix, and warnings.

Two submissions agree on a case when they gave the same answer, or the same verdict when there was
no answer (RE, TLE, SKIPPED, ...). What "the same answer" means is the checker's to say: two answers
are the same when the checker, given one as the expected answer, accepts the other (a pair in the
other order under `unordered`, numbers within tolerance under `float`), and an accepted answer is
the reference's own. Each case keeps its answers' classes, so the checker compares a new answer
only with one answer of each class, and an answer seen before not at all. A checker that declares
itself `exact` (it accepts exactly the answers equal to the expected one) keeps the fast path:
answers are the same when their fingerprints (a hash of the answer) are. A wrong answer whose value
is not at hand (a result reused from the store keeps only its fingerprint) is compared by its
fingerprint too.

When a clear majority of the submissions that answered a case agree with each other and not with
the reference, the case is flagged: the reference or the case may be wrong.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from judge.problems import values
from judge.problems.cases import Case
from judge.problems.problem import Problem, package_code
from judge.results.records import Comparison, Suspect
from judge.results.text import table, terminal
from judge.verdict import CaseResult, SubmissionResult, Verdict

#: A majority is clear when at least this many submissions answered the case ...
MIN_VOTERS = 3
#: ... and at least this share of them gave the same answer.
MAJORITY = 2 / 3
#: Fingerprints that are not answers (nothing to vote with): a case without an answer keeps its
#: verdict's name as its fingerprint (grade.check), an answer a 16-hex hash.
NOT_ANSWERS = {""} | {v.value for v in Verdict}
#: The class of every accepted answer of a case: the reference's.
REFERENCE = "="


def compare(cases: Sequence[Case], results: Sequence[SubmissionResult], problem: Problem | None = None) -> Comparison:
    """Compare submissions case by case on the cases every one of them has a result for; answers are the
    same as `problem`'s checker says (by fingerprint without a problem, or when the checker is exact)."""
    names = [r.submission for r in results]
    order = [c.name for c in cases]
    # Results reused from one stored result share its cases (the same tuple): each is looked at once.
    tables = {id(r.cases): r.cases for r in results}
    in_order = all([x.name for x in table] == order for table in tables.values())
    all_passed = {key: all(x.verdict is Verdict.AC for x in table) for key, table in tables.items()}
    rows: list[Sequence[CaseResult]]
    if in_order:  # the usual run: every result on every case
        shared, rows = list(cases), [r.cases for r in results]
    else:
        by_name = [{x.name: x for x in r.cases} for r in results]
        shared = [c for c in cases if all(c.name in a for a in by_name)]
        rows = [[a[c.name] for c in shared] for a in by_name]
    by_checker = problem is not None and not getattr(problem.checker, "exact", False)
    # A submission that passed every case needs no look at each: a re-grade compares 20 x 1,106 of them.
    clean = [all_passed[id(r.cases)] for r in results]
    vectors: list[tuple[str, ...]]
    if problem is not None and by_checker:
        classes = [_Classes(problem, case) for case in shared] if not all(clean) else []
        vectors = [(REFERENCE,) * len(shared) if passed else tuple(k.of(x) for k, x in zip(classes, row, strict=True))
                   for row, passed in zip(rows, clean, strict=True)]
    else:
        vectors = [tuple([x.answer for x in row]) for row in rows]
    groups: dict[tuple[str, ...], list[str]] = {}
    for name, vector in zip(names, vectors, strict=False):
        groups.setdefault(vector, []).append(name)
    # Identical answer vectors are compared once, by their index: a vector of 1,106 answers is hashed
    # again on every lookup (a tuple keeps no hash), 400 times for 20 submissions.
    index = {v: i for i, v in enumerate(dict.fromkeys(vectors))}
    distinct, at = list(index), [index[v] for v in vectors]
    diff = [[0] * len(distinct) for _ in distinct]
    for i, a in enumerate(distinct):
        for j in range(i + 1, len(distinct)):
            diff[i][j] = diff[j][i] = sum(map(operator.ne, a, distinct[j]))
    # Only a case some submission did not pass can be suspect: the others are skipped whole. An answer not
    # of the answer's type (rows as strings, NaN) can never be right, so it is no vote against the reference.
    failed = [set() if passed else {k for k, x in enumerate(row) if x.verdict is not Verdict.AC}
              for row, passed in zip(rows, clean, strict=True)]
    suspects = []
    for k in sorted(set().union(*failed)):
        typed = [_typed(problem, row[k]) for row in rows]
        votes = [(n, v[k]) for n, v, bad, ok in zip(names, vectors, failed, typed, strict=True) if k in bad and ok]
        voters = sum(v[k] not in NOT_ANSWERS and ok for v, ok in zip(vectors, typed, strict=True))
        suspects.append(_suspect(shared[k], votes, voters))
    return Comparison(submissions=names, cases=[c.name for c in shared],
                      groups=sorted(groups.values(), key=lambda g: (-len(g), names.index(g[0]))),
                      matrix=[[diff[a][b] for b in at] for a in at],
                      suspects=[s for s in suspects if s is not None],
                      agreement="checker" if by_checker else "hash")


def _typed(problem: Problem | None, result: CaseResult) -> bool:
    """Whether a result's answer may be right: of the answer's type (null never is); True when not known."""
    if result.verdict is not Verdict.WA or problem is None or problem.signature.answer_type is None:
        return True
    if result.got is None:  # null, or an answer not kept (too large, or reused from the store)
        return result.answer != NULL
    return not values.mismatch(result.got, problem.signature.answer_type)


#: The fingerprint of a null answer (JavaScript's NaN and Infinity are sent so too): no neutral type's.
NULL = values.fingerprint(None)


class _Classes:
    """One case's answers sorted into classes of what the checker counts as the same answer."""

    def __init__(self, problem: Problem, case: Case):
        self.problem, self.case = problem, case
        self.seen: dict[str, str] = {}             # fingerprint -> class
        self.firsts: list[tuple[Any, str]] = []    # the first answer of each class, and the class

    def of(self, result: CaseResult) -> str:
        """The class of one submission's result on this case (its verdict's name when it gave no answer)."""
        if result.verdict is Verdict.AC:
            return REFERENCE
        key = result.answer
        if result.verdict is not Verdict.WA or key in NOT_ANSWERS or result.got is None:
            return key  # no answer, or no value to show the checker: the fingerprint stands for it
        if key not in self.seen:
            self.seen[key] = self._place(result.got, key)
        return self.seen[key]

    def _place(self, got: Any, key: str) -> str:
        answer_type = self.problem.signature.answer_type
        if answer_type is None or values.mismatch(got, answer_type):
            return key  # not of the answer's type: never shown to the checker as an expected answer
        for first, klass in self.firsts:
            try:
                with package_code():
                    same, _ = self.problem.checker.compare(first, got, self.case.args)
            except (Exception, SystemExit):  # a checker that fails on a wrong answer cannot vouch for it
                same = False
            if same:
                return klass
        self.firsts.append((got, key))
        return key


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
    names = comparison.submissions
    label = {n: f"#{i + 1}" for i, n in enumerate(names)}
    lines = [f"compared {len(names)} submission{'s' if len(names) != 1 else ''} on {len(comparison.cases)} "
             "shared cases", ""]
    same = "identical" if comparison.agreement == "hash" else "the same to the checker"
    lines.append(f"groups (answers {same} on every case):")
    for i, group in enumerate(comparison.groups, 1):
        lines.append(f"  group {i}: {', '.join(f'{label[n]} {terminal(n)}' for n in group)}")
    lines += ["", "cases on which each pair disagrees:"]
    rows = [[f"{label[a]} {terminal(a)}", *comparison.matrix[i]] for i, a in enumerate(names)]
    lines.append(table(rows, ["", *[label[n] for n in names]], numbers=range(1, len(names) + 1)))
    lines.append("")
    lines += warnings(comparison) or ["no case where a clear majority disagrees with the reference"]
    return "\n".join(lines)


def warnings(comparison: Comparison) -> list[str]:
    """One `warning:` line per suspect case, or per set of submissions that agree on several (two that
    share a bug made 61 lines, one a case, round 28)."""
    together: dict[tuple[tuple[str, ...], int], list[Suspect]] = {}
    for suspect in comparison.suspects:
        together.setdefault((suspect.agreeing, suspect.voters), []).append(suspect)
    lines = []
    for (agreeing, voters), suspects in together.items():
        if len(suspects) == 1:
            lines.append(f"warning: {terminal(suspects[0].message())}")
            continue
        names = ", ".join(s.case for s in suspects[:5]) + (", ..." if len(suspects) > 5 else "")
        who = ", ".join(agreeing[:4]) + (", ..." if len(agreeing) > 4 else "")
        lines.append(terminal(f"warning: {len(suspects)} cases ({names}): {len(agreeing)} of {voters} submissions "
                              f"agree on answers the reference does not give ({who}); check the reference and "
                              f"those cases"))
    return lines
