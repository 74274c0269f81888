"""The command line: argument parsing and output only; the one place errors become exit codes.

Exit codes: 0 everything accepted (or the package verified), 1 some submission not accepted (or a
verify mismatch), 2 bad usage or bad input (a one-line message naming the file and what is
wrong), 3 a bug in the judge itself, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Sequence

from judge import __version__, exports, languages, leaderboard, report, report_html
from judge.cases import load_cases
from judge.errors import JudgeError, StoreError
from judge.grade import Options, default_jobs, find_submissions
from judge.languages.selftest import run_selftest
from judge.problem import load_problem
from judge.progress import Progress
from judge.recorder import Recorder
from judge.store import ENV_DB, Store, db_path
from judge.sandbox import detect
from judge.verdict import Verdict
from judge.verify import verify

EXIT_OK, EXIT_NOT_ACCEPTED, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


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
    g.add_argument("--db", metavar="PATH", help=f"results store (default: ${ENV_DB} or .judge/results.sqlite3)")
    g.add_argument("--author", help="the author of every submission given (default: a header comment "
                                    "'author: NAME', else the folder, else the file name)")
    g.add_argument("--no-cache", action="store_true",
                   help="grade every submission again even when an unchanged result is stored")
    g.add_argument("--no-store", action="store_true", help="neither read nor record the results store")
    g.set_defaults(func=cmd_grade)

    b = sub.add_parser("leaderboard", help="rank the stored results of a problem",
                       description="Rank each author's best stored submission: by score, then speed relative to "
                                   "the reference, then the earliest submission.")
    b.add_argument("problem", nargs="?", help="a problem name or path (default: the only problem in the store)")
    b.add_argument("--format", "-f", choices=[*exports.FORMATS, "html", "gradescope"], default="terminal")
    b.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    b.add_argument("--db", metavar="PATH", help=f"results store (default: ${ENV_DB} or .judge/results.sqlite3)")
    b.add_argument("--author", help="for --format gradescope: whose results.json to write")
    b.set_defaults(func=cmd_leaderboard)

    v = sub.add_parser("verify", help="check a problem package end to end",
                       description="Validate cases, check expected answers against the reference, and check "
                                   "that every known submission gets its folder's verdict.")
    v.add_argument("problem")
    v.add_argument("--jobs", "-j", type=int, default=default_jobs())
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_verify)

    l = sub.add_parser("languages", help="list the languages, their toolchains and self-tests",
                       description="For each language: its toolchain, version, and whether a trivial solution "
                                   "compiles and runs through the judge's real path.")
    l.add_argument("--json", action="store_true")
    l.set_defaults(func=cmd_languages)
    return parser


def _options(args: argparse.Namespace) -> Options:
    if args.jobs < 1:
        raise JudgeError("--jobs must be at least 1")
    return Options(jobs=args.jobs, skip_after_limit=not getattr(args, "keep_going", False), box=detect())


def cmd_grade(args: argparse.Namespace) -> int:
    """`judge grade PROBLEM SUBMISSION...`."""
    problem = load_problem(args.problem)
    cases = load_cases(problem)
    sources = find_submissions(args.submissions)
    _warn_missing_toolchains(sources)
    options = _options(args)
    store = None if args.no_store else _open_store(args)
    recorder = Recorder(store, problem, cases, options, author=args.author, use_cache=not args.no_cache,
                        seed=getattr(args, "seed", None))
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill marks the run interrupted, as Ctrl-C does
    try:
        with Progress(len(sources)) as tick:
            results = recorder.grade(sources, tick)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if store is not None:
            store.close()
    box = options.box
    if args.json:
        print(report.json_report(problem, results, {"sandbox": box.name, "cases": len(cases)}))
    else:
        samples = sum(c.group == "sample" for c in cases)
        header = (f"problem {problem.id}: {len(cases)} cases ({samples} sample, {len(cases) - samples} secret); "
                  f"sandbox: {box.name}{'' if box.isolated else ' (resource limits only, no isolation)'}\n")
        print(report.text_report(problem, cases, results, header))
    return EXIT_OK if all(r.verdict is Verdict.AC for r in results) else EXIT_NOT_ACCEPTED


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _open_store(args: argparse.Namespace) -> Store:
    args.db_path = db_path(args.db)
    return Store.open(args.db_path)


def cmd_leaderboard(args: argparse.Namespace) -> int:
    """`judge leaderboard [PROBLEM]`."""
    path = db_path(args.db)
    if not path.exists():
        raise StoreError(f"{path}: no results store here yet; run judge grade first (or give --db)")
    with _open_store(args) as store:
        board = leaderboard.build(store, args.problem)
    if args.format == "html":
        text = report_html.html(board)
    elif args.format == "gradescope":
        text = exports.gradescope(board, args.author)
    else:
        text = exports.FORMATS[args.format](board)
    if args.output:
        try:
            Path(args.output).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        except OSError as exc:
            raise JudgeError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    else:
        print(text.rstrip("\n"))
    return EXIT_OK


def cmd_verify(args: argparse.Namespace) -> int:
    """`judge verify PROBLEM`."""
    problem = load_problem(args.problem)
    result = verify(problem, _options(args))
    if args.json:
        print(json.dumps({
            "problem": problem.id, "ok": result.ok, "errors": result.errors, "warnings": result.warnings,
            "notes": result.notes,
            "submissions": [{"expected": e.value, **r.to_dict(with_cases=False)} for e, r in result.submissions],
        }, indent=2))
    else:
        print(f"verifying {problem.id} ({problem.root})")
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


def cmd_languages(args: argparse.Namespace) -> int:
    """`judge languages`: exit 0 when every self-test passes, 1 otherwise."""
    rows = []
    for lang in languages.LANGUAGES.values():
        tool = lang.toolchain()
        test = run_selftest(lang)
        rows.append({"language": lang.name, "title": lang.title, "extensions": list(lang.extensions),
                     "toolchain": tool.command, "version": tool.version, "selftest": test.ok,
                     "message": test.message if not test.ok else ""})
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        table = [[r["language"], " ".join(r["extensions"]), r["toolchain"] or "-", r["version"] or "-",
                  "ok" if r["selftest"] else f"FAILED: {r['message']}"] for r in rows]
        print(report.tabulate(table, headers=["language", "files", "toolchain", "version", "self-test"]))
    return EXIT_OK if all(r["selftest"] for r in rows) else EXIT_NOT_ACCEPTED


def _warn_missing_toolchains(sources) -> None:
    """One line per language whose toolchain is missing (its submissions get JE)."""
    for lang in {languages.for_path(s).name: languages.for_path(s) for s in sources}.values():
        tool = lang.toolchain()
        if not tool.ok:
            print(f"judge: warning: {lang.title}: {tool.message}; its submissions get JE", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; turn the judge's errors into one line and an exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except JudgeError as exc:
        print(f"judge: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except sqlite3.Error as exc:  # the store failed after it was opened (disk full, locked too long, corrupt page)
        print(f"judge: error: {getattr(args, 'db_path', 'the results store')}: {exc}", file=sys.stderr)
        return EXIT_USAGE
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
