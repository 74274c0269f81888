"""`judge verify`, `judge add-case` and `judge fuzz`: checking and growing a problem package."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge import files
from judge.cli.common import EXIT_NOT_ACCEPTED, EXIT_OK, make_options, options
from judge.errors import JudgeError, UsageError
from judge.problems.cases import MAX_CASE_FILE_BYTES, SAMPLE, SECRET
from judge.problems.problem import load_problem
from judge.results import report, serialize
from judge.results.text import table, terminal


def cmd_verify(args: argparse.Namespace) -> int:
    """`judge verify PROBLEM`."""
    from judge.grading.verify import verify

    problem = load_problem(args.problem)
    opts = options(args)
    assert opts.box is not None  # options() finds one
    result = verify(problem, opts)
    if args.json:
        print(serialize.dumps(serialize.verify_document(problem.id, opts.box.name, result.ok, result.errors,
                                                        result.warnings, result.notes, result.submissions)))
    else:
        print(f"verifying {problem.id} ({problem.root}); sandbox: {opts.box.describe()}")
        for note in result.notes:
            print(f"  ok: {note}")
        if result.submissions:
            rows = [[terminal(r.submission), e.value, r.verdict.value, f"{r.passed}/{r.total}",
                     "ok" if r.verdict is e else "MISMATCH"] for e, r in result.submissions]
            print()
            print(table(rows, ["submission", "expected", "got", "passed", "check"]))
            print()
        for warning in result.warnings:
            print(f"  warning: {terminal(warning)}")
        for error in result.errors:
            print(f"  error: {terminal(error)}")
        print("verified: OK" if result.ok else f"verify FAILED: {len(result.errors)} problem(s)")
    return EXIT_OK if result.ok else EXIT_NOT_ACCEPTED


def cmd_problems(args: argparse.Namespace) -> int:
    """`judge problems [FOLDER]`: every package found, one row each; a broken one shows its error."""

    from judge.grading.grade import display_name
    from judge.problems.cases import count_by_group, load_cases
    from judge.problems.problem import find_packages

    folder = Path(args.folder) if args.folder is not None else None
    if folder is not None and not folder.is_dir():
        raise UsageError(f"{folder}: no such folder")
    rows = []
    for path in find_packages(folder):
        try:
            problem = load_problem(str(path))
            row = [problem.id, problem.title, problem.signature.declaration(),
                   count_by_group(load_cases(problem, validate=False))]
        except JudgeError as exc:
            row = [path.name, "", f"error: {str(exc).replace(str(path) + '/', '')}", ""]
        rows.append([terminal(cell) for cell in row] + [terminal(display_name(path))])
    if not rows:
        print("no problem packages found (a package is a folder with a problem.yaml)")
        return EXIT_OK
    print(table(rows, ["problem", "title", "signature", "cases", "folder"]))
    return EXIT_OK


def cmd_fuzz(args: argparse.Namespace) -> int:
    """`judge fuzz PROBLEM SUBMISSION`."""
    from judge.grading import addcase, fuzz
    from judge.grading.grade import display_name, find_submissions
    from judge.verdict import SubmissionResult

    problem = load_problem(args.problem)
    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    source = find_submissions([args.submission])
    if len(source) != 1:
        raise UsageError(f"{args.submission}: give one submission file ({len(source)} found)")
    opts = make_options()
    outcome = fuzz.search(problem, source[0], args.examples, args.seed, opts)
    name = display_name(source[0])
    shown = terminal(name)
    stats = f"{outcome.examples} inputs run in {outcome.seconds:.1f} s (seed {args.seed})"
    if outcome.stopped_verdict is not None:
        print(f"{shown}: {outcome.stopped_verdict.value}, nothing to fuzz: {terminal(outcome.stopped)}")
        return EXIT_NOT_ACCEPTED
    if outcome.found is None:
        print(f"{shown}: no disagreement with the reference; {stats}")
        return EXIT_OK
    found = outcome.found
    result = SubmissionResult(submission=name, path=str(source[0].resolve()), language="", verdict=found.result.verdict,
                              cases=(found.result,))
    print(f"{shown}: counterexample found and shrunk; {stats}")
    for note in outcome.notes:
        print(f"note: {note}")
    print(report.failure_details(problem, [found.case], result))
    if args.save:
        item = {**found.case.args, "name": found.case.name, "description": found.case.description}
        new = addcase.prepare(problem, [item], "judge fuzz", opts)
        path = addcase.target(problem, "secret", None)
        addcase.append(problem, path, "secret", new)
        print(f"saved as case {new[0].name} in {path}")
    return EXIT_NOT_ACCEPTED


def cmd_add_case(args: argparse.Namespace) -> int:
    """`judge add-case PROBLEM --<param> VALUE... | --from FILE`: options come from the signature."""
    from judge.cli.common import Parser
    from judge.grading import addcase
    from judge.problems import values

    problem = load_problem(args.problem)
    parser = Parser(prog=f"judge add-case {problem.id}",
                    description=f"Add a case to {problem.id}: validated, its expected answer computed by the "
                                f"reference, written to cases/secret/added.yaml (or cases/sample/ with --sample, "
                                f"cases/GROUP/ with --group).")
    fixed = {"name", "description", "sample", "group", "file", "from"}
    flags, valued = {}, {"--name", "--description", "--group", "--file", "--from"}
    for p in problem.signature.params:
        flag = p.name if p.name not in fixed else f"arg-{p.name}"
        flags[p.name] = flag.replace("-", "_")
        valued.add(f"--{flag}")
        parser.add_argument(f"--{flag}", metavar=p.name.upper(), help=f"{p.type}: {values.text_hint(p.type)}")
    parser.add_argument("--name", help="the case name (default: added-<hash of the inputs>)")
    parser.add_argument("--description", help="one line saying what the case tests")
    parser.add_argument("--sample", action="store_true", help="add to the samples instead of the secret cases")
    parser.add_argument("--group", help="add to this group, a folder of cases/ (default: secret)")
    parser.add_argument("--file", help=f"the case file in the group's folder (default: {addcase.DEFAULT_FILE})")
    parser.add_argument("--from", dest="source", metavar="FILE",
                        help="read cases in the case-file format from FILE (- for stdin); `expected` optional")
    given = parser.parse_args(_attached(args.rest, valued))
    typed = {p: getattr(given, flag) for p, flag in flags.items()}
    if given.source is not None:
        if any(v is not None for v in typed.values()):
            raise UsageError("give either --from or the parameter options, not both")
        if given.source == "-":
            text, where = sys.stdin.read(), "<stdin>"
        else:
            try:
                raw = files.read_capped(Path(given.source), MAX_CASE_FILE_BYTES, "the case file")
                text, where = raw.decode("utf-8"), given.source
            except OSError as exc:  # /dev/zero read without end (round 28): regular files only
                raise UsageError(f"{given.source}: cannot read: {exc.strerror or exc}") from None
            except UnicodeDecodeError as exc:
                raise UsageError(f"{given.source}: cannot read: {exc}") from None
        items = addcase.from_yaml_text(problem, text, where)
        for option, value in (("name", given.name), ("description", given.description)):
            if value is None:
                continue
            if len(items) != 1:  # it was ignored: the cases were added under the file's own names
                raise UsageError(f"{where}: --{option} is for one case, and this input holds {len(items)}; "
                                 f"give each case its {option} in the file")
            items[0][option] = value
    else:
        items, where = addcase.from_options(problem, typed, given.name, given.description), "add-case"
    if given.sample and given.group not in (None, SAMPLE):
        raise UsageError("give either --sample or --group, not both")
    group = SAMPLE if given.sample else given.group or SECRET
    path = addcase.target(problem, group, given.file)
    new = addcase.prepare(problem, items, where, make_options())
    addcase.append(problem, path, group, new)
    for case in new:
        print(f"added case {terminal(case.name)} to {terminal(str(path))}")  # the name is as given: escaped
    return EXIT_OK


def _attached(argv: list[str], valued: set[str]) -> list[str]:
    """`--nums -3,4,1` as `--nums=-3,4,1`: the value after an option that takes one is that value, even
    when it starts with '-' (argparse would take `-3,4,1` for an option)."""
    out: list[str] = []
    tokens = iter(argv)
    for token in tokens:
        if token in valued:
            value = next(tokens, None)
            out.append(token if value is None else f"{token}={value}")
        else:
            out.append(token)
    return out
