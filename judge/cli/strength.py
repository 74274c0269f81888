"""`judge strength PROBLEM`: how many mutants of the reference the package's cases kill."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from judge.cli.common import EXIT_NOT_ACCEPTED, EXIT_OK, box, make_options
from judge.errors import UsageError
from judge.problems.problem import Problem, load_problem
from judge.results import mutation, serialize
from judge.results.mutation import SURVIVED, MutantResult
from judge.results.text import terminal


def cmd_strength(args: argparse.Namespace) -> int:
    """`judge strength PROBLEM [--source FILE] [--seed S] [--json] [--save]`; exit 1 when a mutant survives."""
    from judge.grading import strength

    problem = load_problem(args.problem)
    for flag, value, least in (("--fuzz", args.fuzz, 0), ("--max-size", args.max_size, 0), ("--draws", args.draws, 0),
                               ("--sample", args.sample, 1), ("--jobs", args.jobs, 1)):
        if value is not None and value < least:
            raise UsageError(f"{flag} must be at least {least}")
    try:
        only = tuple(int(n) for n in args.mutants.split(",")) if args.mutants else ()
    except ValueError:
        raise UsageError(f"--mutants {args.mutants}: expected numbers separated by commas") from None
    settings = strength.Settings(seed=args.seed, count=args.fuzz, sample=args.sample, only=only,
                                 max_size=args.max_size, draws=args.draws, jobs=args.jobs, save=args.save)
    options = make_options(found=box(args.require_sandbox))
    source = Path(args.source) if args.source else None
    tick = _ticker() if not args.json and sys.stderr.isatty() else None
    report = strength.measure(problem, source, settings, options, tick)
    if tick is not None:
        print(file=sys.stderr)
    if args.json:
        print(serialize.dumps(serialize.strength_document(report)))
    else:
        print(mutation.text(report))
        for mutant in report.mutants:
            if mutant.status == SURVIVED:
                print()
                print(survivor(problem, mutant))
    return EXIT_NOT_ACCEPTED if report.count(SURVIVED) else EXIT_OK


def survivor(problem: Problem, mutant: MutantResult) -> str:
    """A survivor: its diff, the input where it differs as a case (what `judge add-case --from` reads), its answer."""
    from judge.grading.addcase import NewCase, format_case
    from judge.problems import values

    lines = [mutation.survivor_heading(mutant)]
    found = mutant.difference
    if found is None:
        return lines[0]
    name = found.saved_as or f"strength-{values.fingerprint(found.args)[:10]}"
    shown = format_case(problem, NewCase(name, found.args, found.expected))
    lines += [f"    {terminal(line)}" for line in shown.splitlines()]
    lines.append(f"  the mutant: {found.verdict.value}" + (f", answering {terminal(_flat(found.got))}"
                                                           if found.got is not None else ""))
    lines += [f"    {terminal(line)}" for line in found.explanation[:8]]
    return "\n".join(lines)


def _flat(value: object) -> str:
    """A grid as rows joined by `/` (how add-case takes it), anything else as it prints."""
    if isinstance(value, list) and value and all(
            isinstance(r, list) and all(isinstance(x, str) for x in r) for r in value):
        return "/".join("".join(r) for r in value)
    return str(value)


def _ticker() -> Callable[[int, int], None]:
    """A one-line count of finished mutants on a terminal's stderr."""
    def tick(done: int, total: int) -> None:
        print(f"\rmutants run: {done}/{total}", end="", file=sys.stderr, flush=True)
    return tick
