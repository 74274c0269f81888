"""`judge leaderboard`: the stored results, ranked, in every format."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge import files
from judge.cli.common import EXIT_OK
from judge.cli.grading import open_store
from judge.errors import JudgeError, StoreError


def cmd_leaderboard(args: argparse.Namespace) -> int:
    """`judge leaderboard [PROBLEM]`."""
    from judge.grading.recorder import ensure_reference_times
    from judge.results import exports, leaderboard
    from judge.results.store import db_path

    path = db_path(args.db)
    if not path.exists():
        raise StoreError(f"{path}: no results store here yet; run judge grade first (or give --db)")
    with open_store(args) as store:
        target = leaderboard.locate(store, args.problem)
        ensure_reference_times(store, target.problem, target.latest)
        board = leaderboard.build(store, target)
    if args.format == "html":
        from judge.results import html as report_html

        text = report_html.html(board)
    elif args.format == "gradescope":
        text = exports.gradescope(board, args.author)
    else:
        text = exports.FORMATS[args.format](board)
    if args.output:
        try:
            files.write_text(Path(args.output), text if text.endswith("\n") else text + "\n")
        except OSError as exc:
            raise JudgeError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    else:
        print(text.rstrip("\n"))
    return EXIT_OK
