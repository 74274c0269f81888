"""A test set's strength against mutants of the reference: the records `judge strength` fills, and its text.

judge/grading/strength.py makes and runs the mutants; serialize.strength_document turns these records
into JSON. What a mutant's status means: `killed` (some case gives it a verdict other than AC),
`survived` (no case does, yet an input was found where it differs from the reference), `equivalent`
(no input tried differs: see StrengthReport.equivalence), `not run` (the judge could not run it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.results.text import terminal
from judge.verdict import Verdict

KILLED, SURVIVED, EQUIVALENT, NOT_RUN = "killed", "survived", "equivalent", "not run"
RANDOM = "random"  # the random cases' group, and their one unit


@dataclass(frozen=True)
class Kill:
    """The first case of one case file (or of the random cases) on which a mutant fails."""

    cases: str       # the case file, e.g. "secret/edges.yaml", or "random"
    case: str        # the case's name
    verdict: Verdict


@dataclass(frozen=True)
class Difference:
    """An input where a surviving mutant and the reference disagree: the smallest one found."""

    args: dict[str, Any]
    expected: Any
    got: Any                      # the mutant's answer, None when it gave none
    verdict: Verdict
    explanation: tuple[str, ...]
    found_by: str                 # how it was found (the shrinker, enumeration, a generator draw)
    saved_as: str | None = None   # the case it became with --save


@dataclass(frozen=True)
class MutantResult:
    """One mutant: what it changes, and what the cases did to it."""

    number: int
    operator: str
    line: int
    change: str
    diff: tuple[str, ...]
    status: str
    kills: tuple[Kill, ...] = ()
    difference: Difference | None = None
    message: str = ""            # why it was not run

    def killed_in(self, groups: tuple[str, ...], units: dict[str, str]) -> bool:
        """Whether a case of one of these groups kills it (`units`: case file -> its group)."""
        return any(units.get(k.cases) in groups for k in self.kills)


@dataclass(frozen=True)
class Rate:
    """How many of the non-equivalent mutants a set of cases kills."""

    name: str
    cases: int
    killed: int
    of: int

    @property
    def percent(self) -> float:
        """The kill rate in percent (100 when there is nothing to kill)."""
        return 100.0 * self.killed / self.of if self.of else 100.0


@dataclass(frozen=True)
class StrengthReport:
    """Everything `judge strength` measured."""

    problem: str
    source: str
    seed: int
    random_count: int
    sandbox: str
    made: int                                     # distinct mutants of the source (before any sample)
    mutants: tuple[MutantResult, ...]
    units: tuple[tuple[str, str, int], ...]       # (case file or "random", its group, its number of cases)
    equivalence: dict[str, int] = field(default_factory=dict)  # max_size, enumerated, drawn
    seconds: float = 0.0

    def count(self, status: str) -> int:
        """How many mutants have this status."""
        return sum(m.status == status for m in self.mutants)

    @property
    def non_equivalent(self) -> list[MutantResult]:
        """The mutants that differ from the reference somewhere: killed or survived."""
        return [m for m in self.mutants if m.status in (KILLED, SURVIVED)]

    @property
    def fixed_groups(self) -> tuple[str, ...]:
        """The groups of the package's own cases (sample, secret, ...), in test order."""
        return tuple(dict.fromkeys(g for _, g, _ in self.units if g != RANDOM))

    def rates(self) -> list[Rate]:
        """Kill rates: each case file (and the random cases), each group of case files, fixed, all."""
        groups = {name: group for name, group, _ in self.units}
        targets = self.non_equivalent
        rows = [Rate(name, size, sum(any(k.cases == name for k in m.kills) for m in targets), len(targets))
                for name, _, size in self.units]
        covering: list[tuple[str, tuple[str, ...]]] = [(g, (g,)) for g in self.fixed_groups]
        covering += [("fixed", self.fixed_groups), ("all", self.fixed_groups + (RANDOM,))]
        for name, covered in covering:
            size = sum(s for _, g, s in self.units if g in covered)
            rows.append(Rate(name, size, sum(m.killed_in(covered, groups) for m in targets), len(targets)))
        return rows

    def missed_by(self, covered: tuple[str, ...]) -> list[MutantResult]:
        """Non-equivalent mutants that no case of these groups kills."""
        groups = {name: group for name, group, _ in self.units}
        return [m for m in self.non_equivalent if not m.killed_in(covered, groups)]


def text(report: StrengthReport) -> str:
    """The report for a terminal: counts, the rates table, then every mutant some cases miss."""
    eq = report.equivalence
    chosen = f"{len(report.mutants)} of the {report.made}" if len(report.mutants) < report.made else f"{report.made}"
    lines = [(f"strength of {terminal(report.problem)}'s cases: {chosen} mutants of {terminal(report.source)}; "
              f"sandbox: {report.sandbox}"),
             f"  not equivalent: {len(report.non_equivalent)}; equivalent: {report.count(EQUIVALENT)} "
             + (f"(no difference on {eq.get('enumerated', 0):,} enumerated inputs up to size "
                f"{eq.get('max_size', 0)} and {eq.get('drawn', 0):,} generator inputs of seed {report.seed})"
                if report.count(EQUIVALENT) or report.count(SURVIVED) else "(every mutant was killed)")
             + (f"; not run: {report.count(NOT_RUN)}" if report.count(NOT_RUN) else ""),
             "", f"  {'cases':34} {'killed':>11} {'kill rate':>9}"]
    for rate in report.rates():
        label = f"{rate.name} ({rate.cases})" if rate.name != RANDOM else f"random ({rate.cases}, seed {report.seed})"
        lines.append(f"  {terminal(label):34} {f'{rate.killed}/{rate.of}':>11} {rate.percent:>8.1f}%")
    lines.append("")
    present = {group for _, group, _ in report.units}
    views = (("missed by the fixed cases", report.fixed_groups), ("missed by the random cases", (RANDOM,)))
    for title, covered in views:
        missed = [m for m in report.missed_by(covered) if m.status == KILLED] if present & set(covered) else []
        if missed:
            lines.append(f"{title} (killed by the others): " + ", ".join(_label(m) for m in missed))
    for mutant in report.mutants:
        if mutant.status == NOT_RUN:
            lines.append(f"not run: mutant {mutant.number}: {terminal(mutant.message)}")
    survivors = [m for m in report.mutants if m.status == SURVIVED]
    lines.append(f"survivors: {len(survivors)}" + ("" if survivors else " (every non-equivalent mutant is killed)"))
    lines.append(f"{report.seconds:.1f} s")
    return "\n".join(lines)


def survivor_heading(mutant: MutantResult) -> str:
    """`survivor 12 (constant, line 24: 0 -> -1)`, and its diff."""
    lines = [f"survivor {_label(mutant)}"] + [f"  {terminal(line)}" for line in mutant.diff]
    if mutant.difference is not None:
        found = mutant.difference
        lines.append(f"  differs on the input below ({found.found_by})"
                     + (f"; saved as case {terminal(found.saved_as)}" if found.saved_as else ""))
    return "\n".join(lines)


def _label(mutant: MutantResult) -> str:
    return f"{mutant.number} ({mutant.operator}, line {mutant.line}: {terminal(mutant.change)})"
