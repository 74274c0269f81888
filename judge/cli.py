"""The command line: argument parsing and output only; the one place errors become exit codes.

Exit codes: 0 everything accepted (or the package verified), 1 some submission not accepted (or a
verify mismatch), 2 bad usage or bad input (a one-line message naming the file and what is
wrong), 3 a bug in the judge itself, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from judge import __version__, report
from judge.cases import load_cases
from judge.errors import JudgeError, SetupError
from judge.grade import Options, default_jobs, find_submissions, grade
from judge.problem import load_problem
from judge.sandbox import Box, detect
from judge.verdict import Verdict
from judge.verify import verify

EXIT_OK, EXIT_NOT_ACCEPTED, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


REQUIRE_HELP = "fail (exit 2) instead of running submissions with resource limits only when no sandbox works here"


class Parser(argparse.ArgumentParser):
    """argparse with exit code 2 and a one-line message on bad usage."""

    def error(self, message: str) -> None:  # noqa: D401 - argparse's hook
        """Report bad usage the way every other error is reported."""
        self.exit(EXIT_USAGE, f"judge: error: {message} (see judge {self.prog.split()[-1]} --help)\n"
                  if " " in self.prog else f"judge: error: {message} (see judge --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """Every subcommand and its options."""
    parser = Parser(prog="judge", description="Grade submissions against a problem package.")
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    g = sub.add_parser("grade", help="grade submissions on a problem's cases",
                       description="Grade submission files (or folders of them) on a problem's cases.")
    g.add_argument("problem", help="a name under problems/ or a path to a problem folder")
    g.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="a file, or a folder searched recursively")
    g.add_argument("--json", action="store_true", help="print one JSON document instead of the table")
    g.add_argument("--jobs", "-j", type=int, default=default_jobs(), help="submissions graded at once (default: cores)")
    g.add_argument("--keep-going", action="store_true",
                   help="run every case even after a TLE or MLE (default: skip the rest of that submission)")
    g.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    g.set_defaults(func=cmd_grade)

    v = sub.add_parser("verify", help="check a problem package end to end",
                       description="Validate cases, check expected answers against the reference, and check "
                                   "that every known submission gets its folder's verdict.")
    v.add_argument("problem")
    v.add_argument("--jobs", "-j", type=int, default=default_jobs())
    v.add_argument("--json", action="store_true")
    v.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    v.set_defaults(func=cmd_verify)
    return parser


def _options(args: argparse.Namespace) -> Options:
    if args.jobs < 1:
        raise JudgeError("--jobs must be at least 1")
    return Options(jobs=args.jobs, skip_after_limit=not getattr(args, "keep_going", False), box=_box(args))


def _box(args: argparse.Namespace) -> Box:
    """The sandbox, or the rlimits-only box with one plain warning (an error under --require-sandbox)."""
    box = detect()
    if not box.isolated:
        if args.require_sandbox:
            raise SetupError(f"no sandbox: {box.reason}; install bubblewrap (bash setup.sh) or drop --require-sandbox")
        print(f"judge: warning: no sandbox ({box.reason}): submissions run with resource limits only and "
              f"can read and write what the judge's user can", file=sys.stderr)
    return box


def cmd_grade(args: argparse.Namespace) -> int:
    """`judge grade PROBLEM SUBMISSION...`."""
    problem = load_problem(args.problem)
    cases = load_cases(problem)
    sources = find_submissions(args.submissions)
    options = _options(args)
    results = grade(problem, cases, sources, options)
    box = options.box
    if args.json:
        print(report.json_report(problem, results, {"sandbox": box.name, "sandbox_detail": box.describe(),
                                                    "isolated": box.isolated, "cases": len(cases)}))
    else:
        samples = sum(c.group == "sample" for c in cases)
        header = (f"problem {problem.id}: {len(cases)} cases ({samples} sample, {len(cases) - samples} secret); "
                  f"sandbox: {box.describe()}\n")
        print(report.text_report(problem, cases, results, header))
    return EXIT_OK if all(r.verdict is Verdict.AC for r in results) else EXIT_NOT_ACCEPTED


def cmd_verify(args: argparse.Namespace) -> int:
    """`judge verify PROBLEM`."""
    problem = load_problem(args.problem)
    options = _options(args)
    result = verify(problem, options)
    if args.json:
        print(json.dumps({
            "problem": problem.id, "sandbox": options.box.name, "ok": result.ok, "errors": result.errors, "warnings": result.warnings,
            "notes": result.notes,
            "submissions": [{"expected": e.value, **r.to_dict(with_cases=False)} for e, r in result.submissions],
        }, indent=2))
    else:
        print(f"verifying {problem.id} ({problem.root}); sandbox: {options.box.describe()}")
        for note in result.notes:
            print(f"  ok: {note}")
        if result.submissions:
            rows = [[r.submission, e.value, r.verdict.value, f"{r.passed}/{r.total}", "ok" if r.verdict is e else "MISMATCH"]
                    for e, r in result.submissions]
            print()
            print(report.tabulate(rows, headers=["submission", "expected", "got", "passed", ""], tablefmt="simple"))
            print()
        for warning in result.warnings:
            print(f"  warning: {warning}")
        for error in result.errors:
            print(f"  error: {error}")
        print("verified: OK" if result.ok else f"verify FAILED: {len(result.errors)} problem(s)")
    return EXIT_OK if result.ok else EXIT_NOT_ACCEPTED


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; turn the judge's errors into one line and an exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except JudgeError as exc:
        print(f"judge: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("judge: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: say so in one line, with how to see more
        print(f"judge: internal error (a bug in the judge, please report it): {type(exc).__name__}: {exc}",
              file=sys.stderr)
        if "JUDGE_DEBUG" in __import__("os").environ:
            raise
        return EXIT_BUG


if __name__ == "__main__":
    raise SystemExit(main())
