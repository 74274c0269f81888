"""`judge regrade PROBLEM`: every stored submission still on disk, graded again on the current cases."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge import defaults
from judge.cli.common import EXIT_NOT_ACCEPTED, EXIT_OK, options_and_cases
from judge.cli.grading import load_roster, open_store, warn_missing_toolchains
from judge.errors import StoreError, UsageError
from judge.results.text import terminal
from judge.verdict import Verdict


def cmd_regrade(args: argparse.Namespace) -> int:
    """`judge regrade PROBLEM [--db PATH] [--fuzz N] [--seed S]`."""
    from judge.cli.progress import Progress
    from judge.grading import regrade
    from judge.grading.recorder import Recorder
    from judge.problems.problem import load_problem
    from judge.results import leaderboard
    from judge.results.store import db_path
    from judge.results.visibility import graded_set_hash

    path = db_path(args.db)
    if not path.exists():
        raise StoreError(f"{path}: no results store here yet; run judge grade first (or give --db)")
    with open_store(args) as store:
        target = leaderboard.locate(store, args.problem)
        if target.moved:
            raise UsageError(f"{target.moved}: the package {target.problem_id!r} was last graded from is not there "
                             f"any more (moved or removed); give its path: judge regrade PATH")
        # Loaded again where it was graded from, so that what is wrong with it now is said (a malformed
        # problem.yaml read "unknown problem 'ms'" for a package graded by its path).
        problem = target.problem or load_problem(target.latest.problem_path or args.problem)
        latest = target.latest
        if args.fuzz is None:
            args.fuzz = regrade.random_count(store, latest)
        if args.seed is None:
            args.seed = latest.seed if latest.seed is not None else defaults.SEED
        todo = regrade.plan(store, target.problem_id)
        for name, why in todo.skipped:
            print(f"judge: warning: {terminal(name)}: not graded again: {why}", file=sys.stderr)
        if not todo.files:
            print(f"{problem.id}: no stored submission is still on disk unchanged; nothing graded")
            return EXIT_OK
        opts, fixed, cases = options_and_cases(problem, args)
        warn_missing_toolchains(todo.files)
        deadline, remembered = store.last_given(target.problem_id)  # kept with the new run for the leaderboard
        roster = load_roster(remembered) if remembered and Path(remembered).is_file() else None
        recorder = Recorder(store, problem, cases, opts, seed=args.seed if len(cases) > len(fixed) else None,
                            deadline=deadline or None, known=todo.known, roster=roster)
        with Progress(len(todo.files)) as tick:
            results = recorder.grade(todo.files, tick)
    accepted = sum(r.verdict is Verdict.AC for r in results)
    print(f"{problem.id}: {len(results)} submission(s) graded on test set {graded_set_hash(problem, cases)[:12]} "
          f"({len(fixed)} fixed cases, {len(cases) - len(fixed)} random with --seed {args.seed}): {accepted} accepted; "
          f"{len(todo.skipped)} left out; see judge leaderboard {problem.id}")
    return EXIT_OK if accepted == len(results) else EXIT_NOT_ACCEPTED
