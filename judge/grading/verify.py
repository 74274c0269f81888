"""`judge verify`: the package checks Kattis' verifyproblem makes, as values to report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judge.errors import CaseError, ProblemError, UsageError
from judge.grading.grade import Options, check, execute, find_submissions, grade
from judge.languages.python import LANGUAGE as PYTHON
from judge.problems import cases as cases_mod, values
from judge.problems.cases import Case
from judge.problems.problem import Problem
from judge.verdict import VERDICT_FOLDERS, SubmissionResult, Verdict

#: Folders of known submissions and the verdict each file in them must get.
EXPECTED_FOLDERS = {name: verdict for name in VERDICT_FOLDERS if (verdict := Verdict.for_folder(name)) is not None}
#: Kattis' rule: the time limit must leave this factor over the slowest accepted case.
TIME_MARGIN = 5.0


@dataclass
class Report:
    """What verify found: problems (fatal), warnings, and the graded known submissions."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    submissions: list[tuple[Verdict, SubmissionResult]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the package passed."""
        return not self.errors


def verify(problem: Problem, options: Options | None = None) -> Report:
    """Check cases, the reference, the known submissions and the time limit."""
    report = Report()
    _check_settings(problem, report)
    _check_statement(problem, report)
    cases = _check_cases(problem, report)
    if not cases:
        return report
    slowest = _check_reference(problem, cases, report, options)
    _check_random(problem, report, options)
    _check_submissions(problem, cases, report, options, slowest)
    return report


def _check_random(problem: Problem, report: Report, options: Options | None) -> None:
    """The random cases `judge grade` draws by default: the generator there, each one valid, each answered
    by the reference (a package verify passed was refused by every grade, for want of a generator)."""
    from judge import defaults
    from judge.grading import fuzz

    try:
        drawn = fuzz.random_cases(problem, defaults.RANDOM_CASES, defaults.SEED, options)
    except (ProblemError, CaseError) as exc:
        report.errors.append(str(exc))
        return
    report.notes.append(f"{len(drawn)} random cases (seed {defaults.SEED}, as `judge grade` draws them): "
                        f"valid, and the reference answers each")


def _check_settings(problem: Problem, report: Report) -> None:
    """problem.yaml's `visibility`, `scoring` and `late`, read as every leaderboard, score and grade reads them."""
    from judge.results import lateness, scoring, visibility

    for read in (visibility.policy, scoring.weights, lateness.policy):
        try:
            read(problem)
        except (ProblemError, CaseError, UsageError) as exc:
            report.errors.append(str(exc))


def _check_statement(problem: Problem, report: Report) -> None:
    """A statement to read: nothing grades with it, so it is a warning (round 32: a missing one passed unsaid)."""
    path = problem.parts["statement"]
    try:
        empty = not path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        report.warnings.append(f"{path}: no statement (the problem's rules, for people: students read it, and "
                               f"`judge gradescope` bundles it)")
        return
    if empty:
        report.warnings.append(f"{path}: the statement is empty")


def _check_cases(problem: Problem, report: Report) -> list[Case]:
    try:
        cases = cases_mod.load_cases(problem, validate=False)
    except CaseError as exc:
        report.errors.append(str(exc))
        return []
    invalid = 0
    first: dict[str, Case] = {}
    for case in cases:
        problems = cases_mod.validate_args(problem, case.args)
        if problems:
            invalid += 1
            report.errors.append(f"{case.where}: invalid input: {'; '.join(problems[:3])}")
        # The same input twice tests nothing more (add-case refuses it; a hand-edited file may hold it),
        # as problemtools warns of identical input files (red-team round 31).
        key = values.fingerprint(case.args)
        if key in first:
            report.warnings.append(f"{case.where}: the same input as {first[key].where}")
        else:
            first[key] = case
    passing = f"{len(cases) - invalid} pass the validator" if not invalid else f"{invalid} fail the validator"
    report.notes.append(f"{len(cases)} cases ({cases_mod.count_by_group(cases)}), {passing}, names unique")
    return [] if invalid else cases


def _check_reference(problem: Problem, cases: list[Case], report: Report, options: Options | None) -> float:
    """Every expected answer equals the reference's; returns its slowest case CPU time (ms)."""
    execution = execute(problem, problem.reference_path, [c.arg_list(problem) for c in cases],
                  options, PYTHON)
    if execution.compile_error or execution.judge_error:
        report.errors.append(f"{problem.reference_path}: the reference does not run: "
                             f"{execution.compile_error or execution.judge_error}")
        return 0.0
    wrong = 0
    for case, outcome in zip(cases, execution.outcomes, strict=True):
        result = check(problem, case, outcome)
        if result.verdict is not Verdict.AC:
            wrong += 1
            report.errors.append(f"{case.where}: the reference gives {result.verdict.value}: {result.message}")
    slowest = max((r.cpu_ms or r.wall_ms for r in execution.outcomes if r), default=0.0)
    # The notes are what checked out ("ok: ..."): a reference that disagrees is an error, said once more in sum.
    summary = f"reference: {len(cases) - wrong}/{len(cases)} expected answers match; slowest case {slowest:.1f} ms CPU"
    (report.errors if wrong else report.notes).append(summary)
    return slowest


def _check_submissions(problem: Problem, cases: list[Case], report: Report, options: Options | None,
                       reference_ms: float) -> None:
    root = problem.submissions_dir
    if not root.is_dir():
        report.warnings.append(f"{root}: no known submissions to check")
        return
    planned: list[tuple[Verdict, Path]] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if folder.name not in EXPECTED_FOLDERS:
            report.warnings.append(f"{folder}: not a verdict folder ({', '.join(EXPECTED_FOLDERS)}); ignored")
            continue
        planned += [(EXPECTED_FOLDERS[folder.name], p) for p in find_submissions([folder])]
    results = grade(problem, cases, [p for _, p in planned], options)
    slowest_ac = reference_ms
    for (expected, _), result in zip(planned, results, strict=True):
        report.submissions.append((expected, result))
        if result.verdict is not expected:
            why = result.message or (result.first_failure.message if result.first_failure else "")
            report.errors.append(f"{result.submission}: expected {expected.value}, got {result.verdict.value}"
                                 + (f" ({why.splitlines()[0][:160]})" if why else ""))
        if expected is Verdict.AC and result.verdict is Verdict.AC:
            slowest_ac = max(slowest_ac, max((c.cpu_ms or c.time_ms for c in result.cases), default=0.0))
    limit_ms = problem.limits.time * 1000
    if slowest_ac * TIME_MARGIN > limit_ms:
        report.errors.append(f"{problem.yaml_path}: limits.time {problem.limits.time:g} s is tight: the slowest "
                             f"accepted case takes {slowest_ac:.0f} ms CPU, and the limit should be at least "
                             f"{TIME_MARGIN:g}x that")
    else:
        report.notes.append(f"time limit {problem.limits.time:g} s CPU: {limit_ms / max(slowest_ac, 0.001):.0f}x the "
                            f"slowest accepted case ({slowest_ac:.1f} ms); at least {TIME_MARGIN:g}x is required")
