"""`judge grade` and `judge compare`: submissions on the fixed and random cases."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from judge import files, heap, languages
from judge.cli.common import EXIT_INTERRUPTED, EXIT_NOT_ACCEPTED, EXIT_OK, options_and_cases, write_output
from judge.errors import UsageError
from judge.grading.grade import find_submissions, grade, short_path
from judge.problems.cases import count_by_group, test_set_hash
from judge.problems.problem import Problem, load_problem
from judge.results.text import terminal
from judge.verdict import SubmissionResult, Verdict

if TYPE_CHECKING:  # the store is imported when it is opened, the rest when a command runs
    from judge.grading.warm import Warm
    from judge.results.roster import Roster
    from judge.results.store import Store


#: How long `judge grade` waits for its first server's process to be started before going on (seconds).
LAUNCH_WAIT = 0.05


def cmd_grade(args: argparse.Namespace) -> int:
    """`judge grade PROBLEM SUBMISSION...`."""
    from judge.grading.warm import Warm

    problem = load_problem(args.problem)
    fmt = "json" if args.json else args.format
    sources = _one_for_gradescope(problem.id, args, fmt)
    # The first server starts now, on its thread, while the rest is imported and the cases load (not when
    # the workers of a broker grade, nor when the store already holds that file's result: a re-grade).
    early = bool(sources) and not args.broker and not _stored_before(args, problem, sources[0])
    warm = Warm(problem, sources[0]) if early else None
    try:  # from here on the started server is ended however the command ends
        if warm is not None:
            # Its steps up to the server's fork are short Python between system calls, each of which waited
            # for the GIL while this thread imported beside it (12 ms for 3 of work): this thread waits for
            # them, then imports while the box boots (one submission on the peers' 50 cases: 148 to 140 ms).
            warm.launched.wait(LAUNCH_WAIT)
        if early and args.jobs > 1:  # the other lanes start their first boxes now too (or let go, for one)
            from judge.grading import lane_process
            from judge.sandbox.box import detect

            lane_process.prepare(problem, sources, args.jobs, detect())  # tested already: the first server needed it
        return _grade(args, problem, sources, fmt, warm)
    finally:
        if warm is not None:
            warm.close()


def _stored_before(args: argparse.Namespace, problem: Problem, source: Path) -> bool:
    """Whether the store already holds a result of this file's bytes for the problem (most likely reused)."""
    if args.no_store or args.no_cache:
        return False
    from judge.results.store import Store, db_path

    try:
        digest = files.source_digest(Path(source))
    except OSError:
        return False
    return Store.graded_before(db_path(args.db), problem.id, digest)


def _grade(args: argparse.Namespace, problem: Problem, sources: list[Path], fmt: str, warm: Warm | None) -> int:
    with heap.paused():  # the command's own imports and its cases: objects that live until it ends (heap.py)
        from judge.cli.progress import Progress
        from judge.grading import compare
        from judge.grading.recorder import Recorder
        from judge.results.roster import parse_time

        if fmt == "text":  # the table's tabulate (20-30 ms to import) loads while the first server boots
            import tabulate  # noqa: F401 - text.table imports it when the table is drawn: then it is there

            from judge.results import report
    cluster, served = None, {}
    if args.broker:  # Celery is imported only here: a local run never pays for it
        from judge.cluster.client import Cluster

        # a broker that is down, or no worker alive: one clear error before anything is drawn or written
        cluster = Cluster(args.broker)
        served = cluster.ready({languages.for_path(s).name for s in sources}, args.require_sandbox, _warn)
    opts, fixed, cases = options_and_cases(problem, args)
    # problem.yaml's visibility checked before anything is graded or stored: a misspelt group was graded and
    # kept, and then no export of that class could be made (round 29)
    from judge.results import visibility

    visibility.policy(problem)
    opts = replace(opts, warm=warm)
    if cluster is None:  # the workers' toolchains are what counts there, and ready() told of those
        warn_missing_toolchains(sources)
    roster = load_roster(args.roster)
    deadline = parse_time(args.deadline, "--deadline") if args.deadline else None
    store = None if args.no_store else open_store(args)
    recorder = Recorder(store, problem, cases, opts, author=args.author, use_cache=not args.no_cache,
                        seed=args.seed if len(cases) > len(fixed) else None, given=args.submissions,
                        roster=roster, deadline=deadline)
    if cluster is not None:
        recorder.grader = cluster.grader(served, tests=recorder.tests, fuzz=args.fuzz, seed=args.seed,
                                         keep_going=args.keep_going, author=args.author, warn=_warn)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill marks the run interrupted, as Ctrl-C does
    interrupted = False
    try:
        with Progress(len(sources)) as tick:
            results = recorder.grade(sources, tick)
    except KeyboardInterrupt:
        # What was graded is kept in the store; show it rather than nothing (README: interrupting a run).
        interrupted, results = True, _in_given_order(recorder.finished, sources)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if store is not None:
            store.close()
    comparison = compare.compare(cases, results, problem)
    box = opts.box
    assert box is not None  # options() finds one
    drawn = cases[len(fixed):]
    if (fmt == "gradescope" or args.gradescope_results) and results:  # none when interrupted at once
        from judge.results import gradescope, serialize, visibility

        policy = visibility.EVERYTHING if args.show_secret else visibility.policy(problem)
        results_json = serialize.dumps(gradescope.submission_document(problem, cases, results[0], policy))
        if args.gradescope_results:
            write_output(args.gradescope_results, results_json)
        if fmt == "gradescope":
            print(results_json)
    if fmt == "json":
        from judge.results import serialize

        print(serialize.dumps(serialize.grade_document(
            problem.id, problem.title, results, comparison, sandbox=box.name, sandbox_detail=box.describe(),
            isolated=box.isolated, cases=len(cases), random_count=len(drawn), seed=args.seed,
            random_hash=test_set_hash(drawn))))
    elif fmt == "text":
        header = (f"problem {problem.id}: {len(cases)} cases ({count_by_group(fixed)}, "
                  f"{len(drawn)} random with --seed {args.seed}); sandbox: {box.describe()}\n")
        print(report.text_report(problem, cases, results, header))
        for line in compare.warnings(comparison):  # a doubtful reference is never silent
            print(line)
    if interrupted:  # last, under the table of what was graded
        sys.stdout.flush()
        kept = " (kept in the store)" if store is not None and results else ""
        print(f"judge: interrupted after {len(results)} of {len(sources)} submissions{kept}", file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_OK if all(r.verdict is Verdict.AC for r in results) else EXIT_NOT_ACCEPTED


def _one_for_gradescope(problem_id: str, args: argparse.Namespace, fmt: str) -> list[Path]:
    """The submission files given; for Gradescope exactly one, else (--gradescope-results) a results.json
    with score 0 that says why, since Gradescope shows a student nothing but that file."""
    try:
        sources = find_submissions(args.submissions, _passed_over)
        if (fmt == "gradescope" or args.gradescope_results) and len(sources) != 1:
            names = ", ".join(s.name for s in sources[:10]) + (", ..." if len(sources) > 10 else "")
            raise UsageError(f"Gradescope's results.json describes one submission: found {len(sources)} "
                             f"submission files ({names}); hand in exactly one")
    except UsageError as exc:
        if args.gradescope_results:
            from judge.results import gradescope, serialize

            write_output(args.gradescope_results, serialize.dumps(gradescope.failure_document(problem_id, str(exc))))
        raise
    return sources


def _in_given_order(finished: list[SubmissionResult], sources: list[Path]) -> list[SubmissionResult]:
    """The finished results in the order the submissions were given, as a whole run shows them."""
    order = {str(p.resolve()): i for i, p in enumerate(sources)}
    return sorted(finished, key=lambda r: order.get(r.path, len(order)))


def cmd_compare(args: argparse.Namespace) -> int:
    """`judge compare PROBLEM SUBMISSION...`."""
    from judge.grading import compare

    problem = load_problem(args.problem)
    opts, _, cases = options_and_cases(problem, args)
    results = grade(problem, cases, find_submissions(args.submissions, _passed_over), opts)
    comparison = compare.compare(cases, results, problem)
    if args.json:
        from judge.results import serialize

        print(serialize.dumps(serialize.compare_document(problem.id, args.seed, comparison)))
    else:
        print(compare.render(comparison))
    return EXIT_NOT_ACCEPTED if comparison.suspects else EXIT_OK


def load_roster(path: str | None) -> Roster | None:
    """The --roster CSV, loaded, or None."""
    from judge.results import roster

    return roster.load(path) if path else None


def open_store(args: argparse.Namespace) -> Store:
    """The results store named by --db (or $JUDGE_DB, or the default), opened and migrated."""
    from judge.results.store import Store, db_path

    args.db_path = db_path(args.db)
    return Store.open(args.db_path)


def warn_missing_toolchains(sources: Iterable[Path]) -> None:
    """One line per language whose toolchain is missing (its submissions get JE)."""
    for lang in {languages.for_path(s).name: languages.for_path(s) for s in sources}.values():
        tool = lang.toolchain()
        if not tool.ok:
            print(f"judge: warning: {lang.title}: {tool.message}; its submissions get JE", file=sys.stderr)


def _warn(line: str) -> None:
    print(f"judge: warning: {terminal(line)}", file=sys.stderr)  # it may quote a submission's name


def _passed_over(path: Path, why: str) -> None:
    _warn(f"{short_path(path)}: {why}")


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
