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

from judge import __version__, addcase, compare, exports, fuzz, languages, leaderboard, report, report_html, values
from judge.cases import load_cases, test_set_hash
from judge.errors import JudgeError, SetupError, StoreError, UsageError
from judge.grade import Options, default_jobs, display_name, find_submissions, grade
from judge.languages.selftest import run_selftest
from judge.problem import load_problem
from judge.progress import Progress
from judge.recorder import Recorder
from judge.store import ENV_DB, Store, db_path
from judge.sandbox import Box, detect
from judge.verdict import SubmissionResult, Verdict
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
    g.add_argument("--db", metavar="PATH", help=f"results store (default: ${ENV_DB} or .judge/results.sqlite3)")
    g.add_argument("--author", help="the author of every submission given (default: a header comment "
                                    "'author: NAME', else the folder, else the file name)")
    g.add_argument("--no-cache", action="store_true",
                   help="grade every submission again even when an unchanged result is stored")
    g.add_argument("--no-store", action="store_true", help="neither read nor record the results store")
    _random_options(g)
    g.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
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

    f = sub.add_parser("fuzz", help="search for a small input where a submission and the reference disagree",
                       description="Generate random valid inputs with the problem's hypothesis strategy until the "
                                   "submission and the reference disagree (wrong answer, crash, time-out), then "
                                   "shrink that input to a minimal counterexample. Exit 0: none found; 1: found.")
    f.add_argument("problem")
    f.add_argument("submission", metavar="SUBMISSION", help="one submission file")
    f.add_argument("--examples", "-n", type=int, default=200, help="inputs tried before shrinking (default: 200)")
    f.add_argument("--seed", type=int, default=fuzz.DEFAULT_SEED, help=f"search seed (default: {fuzz.DEFAULT_SEED})")
    f.add_argument("--save", action="store_true",
                   help="append the counterexample to the secret cases (cases/secret/added.yaml)")
    f.set_defaults(func=cmd_fuzz)

    c = sub.add_parser("compare", help="compare submissions with each other on the same cases",
                       description="Grade submissions on the fixed and random cases, then group those whose answers "
                                   "agree everywhere, count pairwise disagreements, and warn about every case where "
                                   "a clear majority disagrees with the reference. Exit 1 when there is a warning.")
    c.add_argument("problem")
    c.add_argument("submissions", nargs="+", metavar="SUBMISSION")
    c.add_argument("--json", action="store_true")
    c.add_argument("--jobs", "-j", type=int, default=default_jobs())
    _random_options(c)
    c.set_defaults(func=cmd_compare)

    a = sub.add_parser("add-case", help="add a test case to a problem (validated, answered by the reference)",
                       description="Add a case: one option per parameter of the problem's signature (see "
                                   "`judge add-case PROBLEM --help`), or YAML cases with --from FILE (- for stdin).")
    a.add_argument("problem")
    a.add_argument("rest", nargs=argparse.REMAINDER, default=[], metavar="...",
                   help="the problem's own options: see judge add-case PROBLEM --help")
    a.set_defaults(func=cmd_add_case)

    v = sub.add_parser("verify", help="check a problem package end to end",
                       description="Validate cases, check expected answers against the reference, and check "
                                   "that every known submission gets its folder's verdict.")
    v.add_argument("problem")
    v.add_argument("--jobs", "-j", type=int, default=default_jobs())
    v.add_argument("--json", action="store_true")
    v.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    v.set_defaults(func=cmd_verify)

    l = sub.add_parser("languages", help="list the languages, their toolchains and self-tests",
                       description="For each language: its toolchain, version, and whether a trivial solution "
                                   "compiles and runs through the judge's real path.")
    l.add_argument("--json", action="store_true")
    l.set_defaults(func=cmd_languages)
    return parser


def _random_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fuzz", type=int, default=fuzz.DEFAULT_COUNT, metavar="N",
                        help=f"random cases added after the fixed ones (default: {fuzz.DEFAULT_COUNT}; 0: none)")
    parser.add_argument("--seed", type=int, default=fuzz.DEFAULT_SEED, metavar="S",
                        help=f"seed of the random cases: the same seed gives the same cases everywhere "
                             f"(default: {fuzz.DEFAULT_SEED})")


def _all_cases(problem, args: argparse.Namespace, options: Options) -> tuple[list, list]:
    """The fixed cases, then the random ones: one list every submission of the run is graded on."""
    if args.fuzz < 0:
        raise UsageError("--fuzz must be 0 or more")
    fixed = load_cases(problem)
    return fixed, fixed + fuzz.random_cases(problem, args.fuzz, args.seed, options)


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
    options = _options(args)
    fixed, cases = _all_cases(problem, args, options)
    sources = find_submissions(args.submissions)
    _warn_missing_toolchains(sources)
    store = None if args.no_store else _open_store(args)
    recorder = Recorder(store, problem, cases, options, author=args.author, use_cache=not args.no_cache,
                        seed=args.seed if len(cases) > len(fixed) else None)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill marks the run interrupted, as Ctrl-C does
    try:
        with Progress(len(sources)) as tick:
            results = recorder.grade(sources, tick)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if store is not None:
            store.close()
    comparison = compare.compare(cases, results)
    box = options.box
    drawn = cases[len(fixed):]
    if args.json:
        print(report.json_report(problem, results, {
            "sandbox": box.name, "sandbox_detail": box.describe(), "isolated": box.isolated, "cases": len(cases),
            "random": {"count": len(drawn), "seed": args.seed, "hash": test_set_hash(drawn)},
            "compare": comparison.to_dict()}))
    else:
        samples = sum(c.group == "sample" for c in fixed)
        header = (f"problem {problem.id}: {len(cases)} cases ({samples} sample, {len(fixed) - samples} secret, "
                  f"{len(drawn)} random with --seed {args.seed}); sandbox: {box.describe()}\n")
        print(report.text_report(problem, cases, results, header))
        for line in compare.warnings(comparison):  # a doubtful reference is never silent
            print(line)
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


def cmd_compare(args: argparse.Namespace) -> int:
    """`judge compare PROBLEM SUBMISSION...`."""
    problem = load_problem(args.problem)
    options = _options(args)
    _, cases = _all_cases(problem, args, options)
    results = grade(problem, cases, find_submissions(args.submissions), options)
    comparison = compare.compare(cases, results)
    if args.json:
        print(json.dumps({"problem": problem.id, "seed": args.seed, **comparison.to_dict()}, indent=2))
    else:
        print(compare.render(comparison))
    return EXIT_NOT_ACCEPTED if comparison.suspects else EXIT_OK


def cmd_fuzz(args: argparse.Namespace) -> int:
    """`judge fuzz PROBLEM SUBMISSION`."""
    problem = load_problem(args.problem)
    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    source = find_submissions([args.submission])
    if len(source) != 1:
        raise UsageError(f"{args.submission}: give one submission file ({len(source)} found)")
    options = _options(argparse.Namespace(jobs=1))
    outcome = fuzz.search(problem, source[0], args.examples, args.seed, options)
    name = display_name(source[0])
    stats = f"{outcome.examples} inputs run in {outcome.seconds:.1f} s (seed {args.seed})"
    if outcome.stopped_verdict is not None:
        print(f"{name}: {outcome.stopped_verdict.value}, nothing to fuzz: {outcome.stopped}")
        return EXIT_NOT_ACCEPTED
    if outcome.found is None:
        print(f"{name}: no disagreement with the reference; {stats}")
        return EXIT_OK
    found = outcome.found
    result = SubmissionResult(submission=name, path=str(source[0].resolve()), language="", verdict=found.result.verdict,
                              cases=(found.result,))
    print(f"{name}: counterexample found and shrunk; {stats}")
    for note in outcome.notes:
        print(f"note: {note}")
    print(report.failure_details(problem, [found.case], result))
    if args.save:
        item = {**found.case.args, "name": found.case.name, "description": found.case.description}
        new = addcase.prepare(problem, [item], "judge fuzz", options)
        path = addcase.target(problem, "secret", None)
        addcase.append(problem, path, "secret", new)
        print(f"saved as case {new[0].name} in {path}")
    return EXIT_NOT_ACCEPTED


def cmd_add_case(args: argparse.Namespace) -> int:
    """`judge add-case PROBLEM --<param> VALUE... | --from FILE`: options come from the signature."""
    problem = load_problem(args.problem)
    parser = Parser(prog=f"judge add-case {problem.id}",
                    description=f"Add a case to {problem.id}: validated, its expected answer computed by the "
                                f"reference, written to cases/secret/added.yaml (or cases/sample/ with --sample).")
    fixed = {"name", "description", "sample", "file", "from"}
    flags = {}
    for p in problem.signature.params:
        flag = p.name if p.name not in fixed else f"arg-{p.name}"
        flags[p.name] = flag.replace("-", "_")
        parser.add_argument(f"--{flag}", metavar=p.name.upper(), help=f"{p.type}: {values.text_hint(p.type)}")
    parser.add_argument("--name", help="the case name (default: added-<hash of the inputs>)")
    parser.add_argument("--description", help="one line saying what the case tests")
    parser.add_argument("--sample", action="store_true", help="add to the samples instead of the secret cases")
    parser.add_argument("--file", help=f"the case file in the group's folder (default: {addcase.DEFAULT_FILE})")
    parser.add_argument("--from", dest="source", metavar="FILE",
                        help="read cases in the case-file format from FILE (- for stdin); `expected` optional")
    opts = parser.parse_args(args.rest)
    typed = {p: getattr(opts, flag) for p, flag in flags.items()}
    if opts.source is not None:
        if any(v is not None for v in typed.values()):
            raise UsageError("give either --from or the parameter options, not both")
        if opts.source == "-":
            text, where = sys.stdin.read(), "<stdin>"
        else:
            try:
                text, where = Path(opts.source).read_text(encoding="utf-8"), opts.source
            except (OSError, UnicodeDecodeError) as exc:
                raise UsageError(f"{opts.source}: cannot read: {exc}") from None
        items = addcase.from_yaml_text(problem, text, where)
        if opts.name is not None and len(items) == 1:
            items[0]["name"] = opts.name
        if opts.description and len(items) == 1:
            items[0]["description"] = opts.description
    else:
        items, where = addcase.from_options(problem, typed, opts.name, opts.description), "add-case"
    group = "sample" if opts.sample else "secret"
    path = addcase.target(problem, group, opts.file)
    new = addcase.prepare(problem, items, where, _options(argparse.Namespace(jobs=1)))
    addcase.append(problem, path, group, new)
    for case in new:
        print(f"added case {case.name} to {path}")
    return EXIT_OK


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
