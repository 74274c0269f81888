"""`judge gradescope`: the autograder bundle Gradescope expects (judge/results/autograder.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.common import EXIT_OK, check_fuzz
from judge.errors import JudgeError
from judge.problems.cases import load_cases
from judge.problems.problem import load_problem


def cmd_gradescope(args: argparse.Namespace) -> int:
    """`judge gradescope PROBLEM --output DIR|FILE.zip`."""
    from judge.results import autograder, visibility

    problem = load_problem(args.problem)
    load_cases(problem)  # a package that cannot grade is refused now, not on every hand-in
    visibility.policy(problem)
    check_fuzz(args.fuzz)
    options = ["--fuzz", str(args.fuzz), "--seed", str(args.seed)] + (["--show-secret"] if args.show_secret else [])
    try:
        written = autograder.write(problem, Path(args.output), options)
    except OSError as exc:
        raise JudgeError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    print(f"wrote {written}: upload it as the Gradescope assignment's autograder "
          f"(setup.sh and run_autograder at its root; grading {problem.id})")
    return EXIT_OK
