"""`judge leaderboard`: the stored results, ranked, in every format."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.common import EXIT_OK, emit
from judge.cli.grading import load_roster, open_store
from judge.errors import JudgeError, StoreError


def cmd_leaderboard(args: argparse.Namespace) -> int:
    """`judge leaderboard [PROBLEM]`."""
    from judge.grading.recorder import ensure_overheads, ensure_reference_times, run_cases
    from judge.results import exports, leaderboard, visibility
    from judge.results.roster import parse_time
    from judge.results.store import db_path

    path = db_path(args.db)
    if not path.exists():
        raise StoreError(f"{path}: no results store here yet; run judge grade first (or give --db)")
    deadline = parse_time(args.deadline, "--deadline") if args.deadline else None
    roster = load_roster(args.roster)
    with open_store(args) as store:
        target = leaderboard.locate(store, args.problem)
        remembered = store.last_given(target.problem_id)[1]
        if roster is None and remembered and Path(remembered).is_file():
            roster = load_roster(remembered)  # the newest roster a run was graded with
        try:
            changed = target.problem is not None and run_cases(target.problem, target.latest) is None
        except JudgeError:  # a package broken since: the stored results still rank, without that note
            changed = False
        if ensure_reference_times(store, target.problem, target.latest):
            ensure_overheads(store, target.problem, target.latest)
        board = leaderboard.build(store, target, deadline, roster, changed)
    # The one place the visibility policy is applied: every format below is drawn from this board.
    policy = visibility.EVERYTHING if args.show_secret else visibility.policy(target.problem)
    # Results on a set the package no longer grades (stale ones; all, after problem.yaml or the cases
    # changed) may have run a case now shown in full in a server that had seen the others: by verdict.
    sure = None if target.problem is None else (set() if changed else {target.latest.test_set_hash})
    board = visibility.redact(board, policy, sure)
    if args.format == "html":
        from judge.results import html as report_html

        text = report_html.html(board)
    elif args.format == "gradescope":
        text = exports.gradescope(board, args.author, policy)
    elif args.format == "gradebook":
        from judge.results import gradebook

        text = gradebook.to_csv(board, roster)
    else:
        text = exports.FORMATS[args.format](board)
    emit(text, args.output)
    return EXIT_OK
