"""`judge verify`'s checks of a package, one at a time (the whole command: test_cli.py)."""

from judge.grading import verify
from judge.problems.problem import load_problem


def test_a_missing_or_empty_statement_is_a_warning(problem_copy):
    """Red-team round 32: a package without its statement (or with `parts.statement` naming no file) passed
    verify without a word; problemtools refuses it. Nothing grades with it, so it is a warning, not an error."""
    statement = problem_copy / "statement.md"
    report = verify.Report()
    verify._check_statement(load_problem(str(problem_copy)), report)
    assert report.warnings == [] and report.ok
    statement.write_text("  \n")
    verify._check_statement(load_problem(str(problem_copy)), report)
    assert report.warnings == [f"{statement}: the statement is empty"] and report.ok
    statement.unlink()
    report = verify.Report()
    verify._check_statement(load_problem(str(problem_copy)), report)
    assert len(report.warnings) == 1 and report.warnings[0].startswith(f"{statement}: no statement") and report.ok
