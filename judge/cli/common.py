"""The subcommands, one module per group; each imports what it needs when it runs, so that a
command pays only for its own imports (hypothesis, Jinja2, the store). Shared helpers live here."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from judge.errors import JudgeError, SetupError, UsageError

if TYPE_CHECKING:  # only for the annotations: each command imports what it needs when it runs
    from judge.grading.grade import Options
    from judge.problems.cases import Case
    from judge.problems.problem import Problem
    from judge.sandbox.box import Box

EXIT_OK, EXIT_NOT_ACCEPTED, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class Parser(argparse.ArgumentParser):
    """argparse with exit code 2 and a one-line message on bad usage."""

    def error(self, message: str) -> NoReturn:  # noqa: D401 - argparse's hook
        """Report bad usage the way every other error is reported, naming the help of this very command."""
        self.exit(EXIT_USAGE, f"judge: error: {message} (see {self.prog} --help)\n")


def options(args: argparse.Namespace, found: Box | None = None) -> Options:
    """Grading options from a grading command's arguments: jobs, the policy after a limit, the box."""
    return make_options(args.jobs, not args.keep_going, found if found is not None else box(args.require_sandbox))


def make_options(jobs: int = 1, skip_after_limit: bool = True, found: Box | None = None) -> Options:
    """Grading options; without a box, the sandbox found here (with the warning when there is none)."""
    from judge.grading.grade import Options

    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    # A command's one lane may poll for answers (grade() keeps that only where a core is to spare);
    # JUDGE_POLL=0 says the cores are someone else's too.
    poll = os.environ.get("JUDGE_POLL", "1") != "0"
    return Options(jobs=jobs, skip_after_limit=skip_after_limit, box=found if found is not None else box(), poll=poll)


def box(require_sandbox: bool = False) -> Box:
    """The sandbox, or the rlimits-only box with one plain warning (an error under --require-sandbox)."""
    from judge.sandbox.box import detect

    found = detect()
    if not found.isolated:
        if require_sandbox:
            raise SetupError(f"no sandbox: {found.reason}; install bubblewrap (bash setup.sh) "
                             f"or drop --require-sandbox")
        print(f"judge: warning: no sandbox ({found.reason}): submissions run with resource limits only and "
              f"can read and write what the judge's user can, the judge's cache and files too (README, Security)",
              file=sys.stderr)
    lacking = found.shortfall()
    if lacking:
        if require_sandbox:
            raise SetupError(f"no cgroup for the boxes: {lacking}; see README, Security, or drop --require-sandbox")
        print(f"judge: warning: no full cgroup for the boxes ({lacking}): what it lacks is measured and limited "
              f"inside the box, where a submission can change it", file=sys.stderr)
    unfiltered = found.unfiltered()
    if unfiltered:
        if require_sandbox:
            raise SetupError(f"no system call filter for the boxes: {unfiltered}; see README, Security, "
                             f"or drop --require-sandbox")
        print(f"judge: warning: no system call filter for the boxes ({unfiltered}): a submission can reach the "
              f"kernel keyrings of the judge's user", file=sys.stderr)
    return found


def options_and_cases(problem: Problem, args: argparse.Namespace) -> tuple[Options, list[Case], list[Case]]:
    """The options and all the cases of a run; the sandbox's self-test (a real box started and
    checked) runs in the background while the judge imports and the case files load (main.py starts it)."""
    from judge.problems.cases import load_cases

    check_fuzz(args.fuzz)
    # The checker is loaded before anything runs: a broken one is the package's error (exit 2), where
    # it used to make every case JE, stored as such, before the comparison of the answers found it.
    problem.checker  # noqa: B018 - the load is the point
    fixed = load_cases(problem)
    opts = options(args)
    return opts, *all_cases(problem, args, opts, fixed)


def all_cases(problem: Problem, args: argparse.Namespace, opts: Options,
              fixed: list[Case] | None = None) -> tuple[list[Case], list[Case]]:
    """The fixed cases, then the random ones: one list every submission of the run is graded on."""
    from judge.problems.cases import load_cases

    check_fuzz(args.fuzz)
    fixed = load_cases(problem) if fixed is None else fixed
    if not args.fuzz:
        return fixed, fixed
    from judge.grading import fuzz  # hypothesis is a heavy import: only when there are random cases

    return fixed, fixed + fuzz.random_cases(problem, args.fuzz, args.seed, opts)


def check_fuzz(count: int) -> None:
    """UsageError unless `count` random cases is a number a run can draw."""
    if count < 0:
        raise UsageError("--fuzz must be 0 or more")
    from judge.defaults import MAX_RANDOM_CASES

    if count > MAX_RANDOM_CASES:
        raise UsageError(f"--fuzz must be at most {MAX_RANDOM_CASES:,} (each random case is drawn, run by the "
                         f"reference, kept in the cache and run by every submission)")


def write_output(path: str | Path, text: str) -> None:
    """Write a command's output file whole, ending in one newline, its folder made if need be, with the
    mode any program would give it (judge/files.py); JudgeError naming the file when it cannot be."""
    from judge import files

    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        files.write_text(path, text if text.endswith("\n") else text + "\n")
    except OSError as exc:
        raise JudgeError(f"{path}: cannot write: {exc.strerror or exc}") from None


def emit(text: str, output: str | None) -> None:
    """A command's document: to the file `--output` names, else to standard output."""
    if output:
        write_output(output, text)
    else:
        print(text.rstrip("\n"))
