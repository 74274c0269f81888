"""`judge leaderboard`: the stored results, ranked, in every format."""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from judge.cli.common import EXIT_OK, emit
from judge.cli.grading import load_roster, open_store
from judge.errors import JudgeError, StoreError
from judge.problems.problem import Problem
from judge.results.text import terminal


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
        unsure = False  # whether the package can say which set it grades now
        try:
            changed = target.problem is not None and run_cases(target.problem, target.latest) is None
        except JudgeError:  # a package broken since: the stored results still rank, without that note
            changed, unsure = False, True
        # Guarded as run_cases above: one malformed case file made every format fail, exit 2, no board (round 29).
        if not unsure:
            try:
                if ensure_reference_times(store, target.problem, target.latest):
                    ensure_overheads(store, target.problem, target.latest)
            except JudgeError as exc:
                unsure = True
                print(f"judge: warning: the reference's times cannot be measured: {terminal(str(exc))}",
                      file=sys.stderr)
        board = leaderboard.build(store, target, deadline, roster, changed)
    if args.db:  # the hints' `judge regrade` must grade into this same store (else it found none, or another)
        board = replace(board, store_option=f" --db {shlex.quote(args.db)}")
    if target.moved:
        print(f"judge: warning: {terminal(target.moved)}: the package {terminal(target.problem_id)} was last graded "
              f"from is not there any more: {terminal(str(target.problem.root) if target.problem else '')} of that id "
              f"is used (give the moved package's path for its own)", file=sys.stderr)
    # The one place the visibility policy is applied: every format below is drawn from this board.
    if args.show_secret:
        policy = visibility.EVERYTHING
    elif target.problem is None:
        # No package to read `visibility` from (gone, or broken since): what students see shows no case at
        # all; the default policy listed a `hidden` group's cases and a `sample: hidden` one whole.
        policy = visibility.Policy(default=visibility.HIDDEN)
        print(f"judge: warning: {terminal(target.problem_id)}: its package cannot be read"
              f"{': ' + terminal(target.problem_error) if target.problem_error else ''}; no case is shown "
              f"(--show-secret shows them)", file=sys.stderr)
    else:
        policy = visibility.policy(target.problem)
    # Results on a set the package no longer grades (stale ones; all, after problem.yaml or the cases
    # changed, or when the package cannot say) may have run a case now shown in full in a server that
    # had seen the others: such a case is shown by verdict only.
    sure = set() if changed or unsure else {target.latest.test_set_hash}
    board = visibility.redact(board, policy, sure, _groups_now(target.problem))
    if args.format == "html":
        from judge.results import html as report_html

        text = report_html.html(board)
    elif args.format == "gradescope":
        text = exports.gradescope(board, args.author, policy)
    elif args.format == "gradebook":
        from judge.results import gradebook

        text = gradebook.to_csv(board, roster)
        if roster is not None:
            for entry in gradebook.unmatched(board, roster):
                # Its row would be silently absent: a roster id typo, or a student who is not on the roster.
                print(f"judge: warning: {terminal(entry.author)} ({terminal(entry.submission)}): graded, but "
                      f"matches no student of the roster {terminal(str(roster.path))}: not in the gradebook",
                      file=sys.stderr)
    else:
        text = exports.FORMATS[args.format](board)
    emit(text, args.output)
    return EXIT_OK


def _groups_now(problem: Problem | None) -> dict[str, str] | None:
    """Each case's group in the package now, by name (a case moved out of sample/ since it was graded
    is shown at its new group's level); None when the cases cannot be read."""
    if problem is None:
        return None
    from judge.problems.cases import load_cases

    try:
        return {c.name: c.group for c in load_cases(problem)}
    except JudgeError:
        return None
