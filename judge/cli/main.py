"""The command line: argument parsing and dispatch; the one place errors become exit codes.

Exit codes: 0 everything accepted (or the package verified), 1 some submission not accepted (or a
verify mismatch), 2 bad usage or bad input (a one-line message naming the file and what is
wrong), 3 a bug in the judge itself, 130 interrupted.

The commands live in judge/cli/ (grading, cluster, package, results, toolchains) and are imported only when
run: a `judge grade` with no random cases never imports hypothesis, and none but `leaderboard
--format html` imports Jinja2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from judge import __version__, defaults, heap, shutdown
from judge.cli import COMMANDS
from judge.cli.common import EXIT_BUG, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, Parser
from judge.errors import JudgeError
from judge.results.text import terminal

REQUIRE_HELP = ("fail (exit 2) instead of running submissions with resource limits only when no sandbox works here, "
                "or without the cgroups that limit and measure each box from outside")
#: The commands that run submissions (each has --require-sandbox): the sandbox's self-test starts the
#: moment one is named, before the parser is built (3 ms sooner); a test keeps this in step with build_parser().
SANDBOXED = frozenset({"grade", "regrade", "compare", "strength", "verify"})
DB_HELP = "results store (default: $JUDGE_DB or .judge/results.sqlite3)"
BROKER_HELP = "the Redis broker, redis://[:PASSWORD@]HOST:PORT/DB or rediss://... (default: $JUDGE_BROKER)"
SHOW_SECRET_HELP = ("the instructor's own view: show every case's inputs, expected answer, answer and output "
                    "(default: problem.yaml's `visibility`; secret cases by name and verdict only)")
LEADERBOARD_FORMATS = ["terminal", "markdown", "csv", "json", "junit", "html", "gradescope", "gradebook"]
ROSTER_HELP = ("a CSV of the students (columns file,id,name,email[,submitted_at]): names each file's or folder's "
               "author, before every other rule (see README, Authors)")
DEADLINE_HELP = "the deadline, ISO 8601 with a UTC offset (2026-03-01T23:59:00+01:00): later hand-ins are late"


def seed(text: str) -> int:
    """A --seed: an integer the store can hold (SQLite's 64 bits; one past them was exit 3, round 29)."""
    value = int(text)
    if not -2**63 <= value < 2**63:
        raise ValueError(text)
    return value


class _Unbuilt:
    """The parser of a subcommand the command line does not name: every call on it is ignored."""

    def __getattr__(self, name: str) -> Callable[..., _Unbuilt]:
        return self._ignored

    def _ignored(self, *args: object, **kwargs: object) -> _Unbuilt:
        return self


class _Only:
    """Subparsers that build only `command`'s parser: argparse makes a help formatter for each of the
    ~100 options of all the commands (6-16 ms), where `judge grade` reads its own 25."""

    def __init__(self, sub: Any, command: str):
        self.sub, self.command = sub, command

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        """The subcommand's parser when it is the one named, else one that ignores what it is given."""
        return self.sub.add_parser(name, **kwargs) if name == self.command else _Unbuilt()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every subcommand and its options (only `command`'s, when given: a command line that names one);
    `run` names the function as MODULE:FUNCTION."""
    parser = Parser(prog="judge", description="Grade submissions against a problem package.")
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    sub: Any = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    if command is not None:
        sub = _Only(sub, command)
    jobs = os.cpu_count() or 1

    g = sub.add_parser("grade", help="grade submissions on a problem's cases",
                       description="Grade submission files (or folders of them) on a problem's cases.")
    g.add_argument("problem", help="a name under problems/ or a path to a problem folder")
    g.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="a file, or a folder searched recursively")
    g.add_argument("--json", action="store_true", help="print one JSON document instead of the table "
                                                       "(the same as --format json)")
    g.add_argument("--format", "-f", choices=["text", "json", "gradescope"], default="text",
                   help="text: the table and the failures (default); json: one JSON document; gradescope: "
                        "Gradescope's results.json of the one submission given")
    g.add_argument("--gradescope-results", metavar="FILE",
                   help="also write Gradescope's results.json of the one submission given to FILE (when there is "
                        "not exactly one, a results.json with score 0 that says why, and exit 2)")
    g.add_argument("--show-secret", action="store_true",
                   help="with --format gradescope or --gradescope-results (what students see): every case's "
                        "inputs, expected answer, answer and output (default: problem.yaml's `visibility`; secret "
                        "cases by name and verdict only). text and json are the grader's own view: everything")
    g.add_argument("--jobs", "-j", type=int, default=jobs, help="submissions graded at once (default: cores)")
    g.add_argument("--keep-going", action="store_true",
                   help="run every case even after a TLE or MLE (default: skip the rest of that submission)")
    g.add_argument("--db", metavar="PATH", help=DB_HELP)
    g.add_argument("--author", help="the author of every submission given that the roster does not name "
                                    "(default: an LMS's file or folder name, else a header comment 'author: NAME', "
                                    "else the folder below the one given, else the file name; see README, Authors); "
                                    "an LMS-like file name's student id, name and email are then not taken")
    g.add_argument("--no-cache", action="store_true",
                   help="grade every submission again even when an unchanged result is stored")
    g.add_argument("--no-store", action="store_true", help="neither read nor record the results store")
    g.add_argument("--roster", metavar="FILE", help=ROSTER_HELP)
    g.add_argument("--deadline", metavar="ISO", help=DEADLINE_HELP + " (kept with the run for the leaderboard)")
    _random_options(g)
    g.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    g.add_argument("--broker", metavar="URL", default=os.environ.get("JUDGE_BROKER") or None,
                   help="grade on the workers of this Redis broker, redis://[:PASSWORD@]HOST:PORT/DB or "
                        "rediss://... (default: $JUDGE_BROKER; none: grade here)")
    g.set_defaults(run="grading:cmd_grade")

    w = sub.add_parser("worker", help="grade the jobs of a broker on this machine (a Celery worker)",
                       description="Serve `judge grade --broker` jobs from a Redis broker: a Celery worker that "
                                   "grades each submission in the sandbox against its own copy of the problem "
                                   "packages. It refuses to start without a sandbox (unless --allow-unsandboxed) "
                                   "or without the toolchain of a language it is told to serve.")
    w.add_argument("--broker", metavar="URL", default=os.environ.get("JUDGE_BROKER") or None, help=BROKER_HELP)
    w.add_argument("--concurrency", "-c", type=int, default=jobs, metavar="N",
                   help="submissions graded at once (default: cores)")
    w.add_argument("--languages", metavar="LANG,LANG...",
                   help="serve only these (python,cpp,java,go,javascript,typescript; default: every language "
                        "whose toolchain is installed here)")
    w.add_argument("--allow-unsandboxed", action="store_true",
                   help="run submissions with resource limits only when no sandbox works here")
    w.add_argument("--time-limit", type=float, default=defaults.CLUSTER_TIME_LIMIT, metavar="SECONDS",
                   help=f"hard limit on one submission's grading: past it, it gets JE (default: "
                        f"{defaults.CLUSTER_TIME_LIMIT:g}); the job of a worker that died goes to another this "
                        f"long + 10 s after it was taken (give every worker of a broker the same)")
    w.set_defaults(run="cluster:cmd_worker")

    ws = sub.add_parser("workers", help="list the live workers of a broker",
                        description="Ask the broker's workers who is alive: languages, sandbox, time limit, "
                                    "load (submissions being graded of its concurrency).")
    ws.add_argument("--broker", metavar="URL", default=os.environ.get("JUDGE_BROKER") or None, help=BROKER_HELP)
    ws.add_argument("--json", action="store_true")
    ws.set_defaults(run="cluster:cmd_workers")

    b = sub.add_parser("leaderboard", help="rank the stored results of a problem",
                       description="Rank each author's best stored submission: by score, then speed relative to "
                                   "the reference, then the earliest submission.")
    b.add_argument("problem", nargs="?", help="a problem name or path (default: the only problem in the store)")
    b.add_argument("--format", "-f", choices=LEADERBOARD_FORMATS, default="terminal")
    b.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    b.add_argument("--db", metavar="PATH", help=DB_HELP)
    b.add_argument("--author", help="for --format gradescope: whose results.json to write")
    b.add_argument("--show-secret", action="store_true", help=SHOW_SECRET_HELP)
    b.add_argument("--roster", metavar="FILE", help="the students (CSV, as for grade): those without a submission are "
                                                    "listed as missing (default: the newest --roster a run was given)")
    b.add_argument("--deadline", metavar="ISO", help=DEADLINE_HELP + " (default: the newest a run was given, else "
                                                                      "problem.yaml's late.deadline)")
    b.set_defaults(run="results:cmd_leaderboard")

    rg = sub.add_parser("regrade", help="grade every stored submission of a problem again on its current cases",
                        description="Grade again, on the package's current cases, every stored submission of "
                                    "PROBLEM whose file is still on disk unchanged, keeping its author and hand-in "
                                    "facts: after add-case, or to bring authors graded on an older test set (another "
                                    "--fuzz or --seed) onto one leaderboard. Random cases: the latest run's count "
                                    "and seed unless --fuzz/--seed are given.")
    rg.add_argument("problem")
    rg.add_argument("--db", metavar="PATH", help=DB_HELP)
    rg.add_argument("--jobs", "-j", type=int, default=jobs, help="submissions graded at once (default: cores)")
    rg.add_argument("--keep-going", action="store_true", help="as for grade")
    rg.add_argument("--fuzz", type=int, metavar="N", help="random cases (default: as many as the latest run drew)")
    rg.add_argument("--seed", type=seed, metavar="S", help="their seed (default: the latest run's)")
    rg.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    rg.set_defaults(run="regrade:cmd_regrade")

    f = sub.add_parser("fuzz", help="search for a small input where a submission and the reference disagree",
                       description="Generate random valid inputs with the problem's hypothesis strategy until the "
                                   "submission and the reference disagree (wrong answer, crash, time-out), then "
                                   "shrink that input to a minimal counterexample. Exit 0: none found; 1: found.")
    f.add_argument("problem")
    f.add_argument("submission", metavar="SUBMISSION", help="one submission file")
    f.add_argument("--examples", "-n", type=int, default=200, help="inputs tried before shrinking (default: 200)")
    f.add_argument("--seed", type=seed, default=defaults.SEED, help=f"search seed (default: {defaults.SEED})")
    f.add_argument("--save", action="store_true",
                   help="append the counterexample to the secret cases (cases/secret/added.yaml)")
    f.set_defaults(run="package:cmd_fuzz")

    c = sub.add_parser("compare", help="compare submissions with each other on the same cases",
                       description="Grade submissions on the fixed and random cases, then group those whose answers "
                                   "agree everywhere, count pairwise disagreements, and warn about every case where "
                                   "a clear majority disagrees with the reference. Exit 1 when there is a warning.")
    c.add_argument("problem")
    c.add_argument("submissions", nargs="+", metavar="SUBMISSION")
    c.add_argument("--json", action="store_true")
    c.add_argument("--jobs", "-j", type=int, default=jobs)
    c.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    _random_options(c)
    c.set_defaults(run="grading:cmd_compare", keep_going=False)

    s = sub.add_parser("strength", help="measure how many mutants of the reference the cases kill",
                       description="Make small wrong variants (mutants) of the reference, or of an accepted Python "
                                   "solution, run them in the box on the fixed and random cases, class the survivors "
                                   "as equivalent or not by differential testing, and print the kill rate of each case "
                                   "file, the fixed, the random and all cases, with every survivor's diff and the "
                                   "smallest input where it differs. Exit 1 when a non-equivalent mutant survives.")
    s.add_argument("problem")
    s.add_argument("--source", metavar="FILE", help="mutate this accepted Python solution (default: the reference)")
    s.add_argument("--json", action="store_true", help="print one JSON document instead of the report")
    s.add_argument("--save", action="store_true",
                   help="add a case that kills each survivor to the secret cases (cases/secret/added.yaml)")
    s.add_argument("--sample", type=int, metavar="K", help="run K of the mutants, chosen by the seed (default: all)")
    s.add_argument("--mutants", metavar="N,N...",
                   help="run only the mutants of these numbers (as the report gives them)")
    s.add_argument("--max-size", type=int, default=defaults.STRENGTH_MAX_SIZE, metavar="N",
                   help=f"equivalence: every valid input up to this size, when the package enumerates them "
                        f"(default: {defaults.STRENGTH_MAX_SIZE})")
    s.add_argument("--draws", type=int, default=defaults.STRENGTH_DRAWS, metavar="N",
                   help=f"equivalence: this many generator inputs of the seed (default: {defaults.STRENGTH_DRAWS})")
    s.add_argument("--jobs", "-j", type=int, default=jobs, help="mutants run at once (default and most: cores)")
    s.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    _random_options(s)
    s.set_defaults(run="strength:cmd_strength")

    a = sub.add_parser("add-case", help="add a test case to a problem (validated, answered by the reference)",
                       description="Add a case: one option per parameter of the problem's signature (see "
                                   "`judge add-case PROBLEM --help`), or YAML cases with --from FILE (- for stdin).")
    a.add_argument("problem")
    a.add_argument("rest", nargs=argparse.REMAINDER, default=[], metavar="...",
                   help="the problem's own options: see judge add-case PROBLEM --help")
    a.set_defaults(run="package:cmd_add_case")

    v = sub.add_parser("verify", help="check a problem package end to end",
                       description="Validate cases, check expected answers against the reference, and check "
                                   "that every known submission gets its folder's verdict.")
    v.add_argument("problem")
    v.add_argument("--jobs", "-j", type=int, default=jobs)
    v.add_argument("--json", action="store_true")
    v.add_argument("--require-sandbox", action="store_true", help=REQUIRE_HELP)
    v.set_defaults(run="package:cmd_verify", keep_going=False)

    pr = sub.add_parser("problems", help="list the problem packages found, with their signatures and cases",
                        description="List the problem packages in the problems folders ($JUDGE_PROBLEMS, "
                                    "./problems, the judge's own problems/) and in FOLDER: id, title, the entry "
                                    "point's signature, how many cases each group has, and where it is.")
    pr.add_argument("folder", nargs="?", metavar="FOLDER", help="a package, or a folder of packages, to list too")
    pr.set_defaults(run="package:cmd_problems")

    sv = sub.add_parser("serve", help="serve a contest: an HTTP API, pages to submit, a live scoreboard",
                        description="Serve a contest (or, without --contest, every problem found, open to anyone "
                                    "who registers) over HTTP: a JSON API with its docs at /docs, pages to submit "
                                    "and follow verdicts, and a live scoreboard. Submissions are stored before "
                                    "they are acknowledged and graded in the box by worker processes.")
    sv.add_argument("--contest", metavar="FILE", help="the contest file (README: judge serve)")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8529, help="the port (default: 8529)")
    sv.add_argument("--workers", type=int, default=2, help="worker processes grading at once (default: 2)")
    sv.add_argument("--broker", metavar="URL", default=os.environ.get("JUDGE_BROKER") or None,
                    help="grade on the `judge worker`s of this Redis broker instead of worker processes of "
                         "its own: " + BROKER_HELP)
    sv.add_argument("--db", metavar="PATH", help=DB_HELP)
    sv.set_defaults(run="serve:cmd_serve")

    gs = sub.add_parser("gradescope", help="write the autograder bundle Gradescope expects for a problem",
                        description="Write Gradescope's autograder bundle: setup.sh (Ubuntu's toolchains and the "
                                    "judge's libraries), run_autograder (grades /autograder/submission and writes "
                                    "/autograder/results/results.json), the judge and the problem package. Upload "
                                    "the .zip as the assignment's autograder.")
    gs.add_argument("problem", help="a name under problems/ or a path to a problem folder")
    gs.add_argument("--output", "-o", required=True, metavar="DIR|FILE.zip",
                    help="a .zip file to upload, or a new (or empty) folder")
    gs.add_argument("--show-secret", action="store_true",
                    help="let students see every case's inputs and answers on Gradescope (default: problem.yaml's "
                         "`visibility`; secret cases by name and verdict only, after grades are published)")
    _random_options(gs)
    gs.set_defaults(run="gradescope:cmd_gradescope")

    lang = sub.add_parser("languages", help="list the languages, their toolchains and self-tests",
                          description="For each language: its toolchain, version, and whether a trivial solution "
                                      "compiles and runs through the judge's real path.")
    lang.add_argument("--json", action="store_true")
    lang.set_defaults(run="toolchains:cmd_languages")

    sim = sub.add_parser("similarity", help="rank pairs of submissions by code similarity, with what they share",
                         description="Compare every pair of submissions in the same language (JavaScript with "
                                     "TypeScript) with copydetect (winnowed fingerprints of the tokens: renamed "
                                     "variables and reordered functions still match), most similar first, with "
                                     "the shared fragments.")
    sim.add_argument("problem", help="a name under problems/ or a path to a problem folder")
    sim.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="a file, or a folder searched recursively")
    sim.add_argument("--format", "-f", choices=["terminal", "html", "json"], default="terminal")
    sim.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of stdout")
    sim.add_argument("--threshold", type=float, default=0.5, metavar="X",
                     help="show pairs whose similarity (the mean of the two shares) is at least X, "
                          "between 0 and 1 (default: 0.5)")
    sim.set_defaults(run="similarity:cmd_similarity")

    setup = sub.add_parser("setup", help="install the npm packages the judge needs (TypeScript's compiler)",
                           description="Install TypeScript's compiler, pinned by the package-lock.json shipped with "
                                       "the judge, into the judge's cache ($JUDGE_CACHE/npm) with npm ci, unless a "
                                       "checkout's ./node_modules or an earlier setup has it. Needs node and npm.")
    setup.set_defaults(run="toolchains:cmd_setup")
    return parser


def _random_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fuzz", type=int, default=defaults.RANDOM_CASES, metavar="N",
                        help=f"random cases added after the fixed ones (default: {defaults.RANDOM_CASES}; 0: none)")
    parser.add_argument("--seed", type=seed, default=defaults.SEED, metavar="S",
                        help=f"seed of the random cases: the same seed gives the same cases everywhere "
                             f"(default: {defaults.SEED})")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; turn the judge's errors into one line and an exit code, and a Ctrl-C at any point of
    it (its arguments still being read too) into `judge: interrupted` and 130."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("judge: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    if argv is None:  # the process's own command: no collection while it starts (heap.py)
        heap.pause()
        if sys.argv[1:2] and sys.argv[1] in SANDBOXED:
            from judge.sandbox.box import detect_soon

            detect_soon()
    given = list(sys.argv[1:] if argv is None else argv)
    # A command line that starts with a command needs no other command's parser (`judge --help`,
    # a misspelt command and the rest get them all)
    args = build_parser(given[0] if given and given[0] in COMMANDS else None).parse_args(given)
    if argv is None and getattr(args, "run", "") == "grading:cmd_grade":
        _lanes_ahead(args)
    if hasattr(args, "require_sandbox"):  # a command that runs submissions: test the sandbox while loading
        from judge.sandbox.box import detect_soon

        detect_soon()
    try:
        module, function = args.run.split(":")
        command: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(f"judge.cli.{module}"), function)
        if argv is None:  # a command that starts in bulk (grade) pauses the collector again itself
            heap.settle()
        return command(args)
    except JudgeError as exc:
        print(f"judge: error: {terminal(exc)}", file=sys.stderr)  # it may quote a file name or a submission
        return exc.exit_code
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        if _store_failed(exc):  # the store failed after it was opened (disk full, locked too long, corrupt page)
            print(f"judge: error: {terminal(getattr(args, 'db_path', 'the results store'))}: {terminal(exc)}",
                  file=sys.stderr)
            return EXIT_USAGE
        # a bug: say so in one line, with how to see more
        print(f"judge: internal error (a bug in the judge, please report it): {type(exc).__name__}: {terminal(exc)}",
              file=sys.stderr)
        if "JUDGE_DEBUG" in os.environ:
            raise
        return EXIT_BUG


def _lanes_ahead(args: argparse.Namespace) -> None:
    """`judge grade` of several submissions on several lanes: start the other lanes' processes now,
    before this process's own imports, on a core that is idle meanwhile (lane_process.spawn). Not
    for a broker's workers, nor where the store may hold the results (a re-grade starts no lane)."""
    if args.jobs < 2 or args.broker:
        return
    if not (args.no_store or args.no_cache):
        from judge.results.store import db_path

        if db_path(args.db).is_file():
            return
    count = 0  # submissions, at most: a folder's entries (a student's folder, a file) count one each
    for raw in args.submissions:
        path = Path(raw)
        try:
            count += sum(1 for entry in os.scandir(path) if not entry.name.startswith(".")) if path.is_dir() else 1
        except OSError:
            count += 1
        if count >= args.jobs:
            break
    if count > 1:
        from judge.grading import lane_process

        lane_process.spawn(min(args.jobs, count) - 1)


def run() -> NoReturn:
    """`python -m judge` and the `judge` script: main(), then the process ends at once (shutdown.end)."""
    shutdown.end(main())


def _store_failed(exc: Exception) -> bool:
    """Whether `exc` is sqlite3's, without importing sqlite3: only a command that opened the store
    has imported it, and only then can it have raised."""
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(exc, sqlite3.Error)


if __name__ == "__main__":
    raise SystemExit(main())
