"""`judge grade` and `judge compare`: submissions on the fixed and random cases."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from judge import languages
from judge.cli.common import EXIT_NOT_ACCEPTED, EXIT_OK, options_and_cases
from judge.grading.grade import find_submissions, grade
from judge.problems.cases import count_by_group, test_set_hash
from judge.problems.problem import Problem, load_problem
from judge.verdict import Verdict

if TYPE_CHECKING:  # the store is imported when it is opened, the rest when a command runs
    from judge.grading.warm import Warm
    from judge.results.store import Store


def cmd_grade(args: argparse.Namespace) -> int:
    """`judge grade PROBLEM SUBMISSION...`."""
    from judge.grading.warm import Warm

    problem = load_problem(args.problem)
    sources = find_submissions(args.submissions)
    # The first server starts now, on its thread, while the rest is imported and the cases load.
    warm = Warm(problem, sources[0]) if sources else None
    try:
        return _grade(args, problem, sources, warm)
    finally:
        if warm is not None:
            warm.close()


def _grade(args: argparse.Namespace, problem: Problem, sources: list[Path], warm: Warm | None) -> int:
    from judge.cli.progress import Progress
    from judge.grading import compare
    from judge.grading.recorder import Recorder

    if not args.json:  # the table's tabulate (20-30 ms to import) loads while the first server boots
        from judge.results import report
    opts, fixed, cases = options_and_cases(problem, args)
    opts = replace(opts, warm=warm)
    warn_missing_toolchains(sources)
    store = None if args.no_store else open_store(args)
    recorder = Recorder(store, problem, cases, opts, author=args.author, use_cache=not args.no_cache,
                        seed=args.seed if len(cases) > len(fixed) else None)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill marks the run interrupted, as Ctrl-C does
    try:
        with Progress(len(sources)) as tick:
            results = recorder.grade(sources, tick)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if store is not None:
            store.close()
    comparison = compare.compare(cases, results, problem)
    box = opts.box
    assert box is not None  # options() finds one
    drawn = cases[len(fixed):]
    if args.json:
        from judge.results import serialize

        print(serialize.dumps(serialize.grade_document(
            problem.id, problem.title, results, comparison, sandbox=box.name, sandbox_detail=box.describe(),
            isolated=box.isolated, cases=len(cases), random_count=len(drawn), seed=args.seed,
            random_hash=test_set_hash(drawn))))
    else:
        header = (f"problem {problem.id}: {len(cases)} cases ({count_by_group(fixed)}, "
                  f"{len(drawn)} random with --seed {args.seed}); sandbox: {box.describe()}\n")
        print(report.text_report(problem, cases, results, header))
        for line in compare.warnings(comparison):  # a doubtful reference is never silent
            print(line)
    return EXIT_OK if all(r.verdict is Verdict.AC for r in results) else EXIT_NOT_ACCEPTED


def cmd_compare(args: argparse.Namespace) -> int:
    """`judge compare PROBLEM SUBMISSION...`."""
    from judge.grading import compare

    problem = load_problem(args.problem)
    opts, _, cases = options_and_cases(problem, args)
    results = grade(problem, cases, find_submissions(args.submissions), opts)
    comparison = compare.compare(cases, results, problem)
    if args.json:
        from judge.results import serialize

        print(serialize.dumps(serialize.compare_document(problem.id, args.seed, comparison)))
    else:
        print(compare.render(comparison))
    return EXIT_NOT_ACCEPTED if comparison.suspects else EXIT_OK


def open_store(args: argparse.Namespace) -> Store:
    """The results store named by --db (or $JUDGE_DB, or the default), opened and migrated."""
    from judge.results.store import Store, db_path

    args.db_path = db_path(args.db)
    return Store.open(args.db_path)


def warn_missing_toolchains(sources: Iterable[Path]) -> None:
    """One line per language whose toolchain is missing (its submissions get JE)."""
    for lang in {languages.for_path(s).name: languages.for_path(s) for s in sources}.values():
        tool = lang.toolchain()
        if not tool.ok:
            print(f"judge: warning: {lang.title}: {tool.message}; its submissions get JE", file=sys.stderr)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
