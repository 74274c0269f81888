"""`judge similarity`: pairs of submissions ranked by code similarity, with what they share."""

from __future__ import annotations

import argparse

from judge.cli.common import EXIT_OK, emit
from judge.errors import UsageError
from judge.grading.grade import display_name, find_submissions
from judge.problems.problem import load_problem

FORMATS = ["terminal", "html", "json"]


def cmd_similarity(args: argparse.Namespace) -> int:
    """`judge similarity PROBLEM SUBMISSION...`: exit 0 with the report, whatever it finds."""
    from judge.results import similarity, similarity_report

    if not 0 <= args.threshold <= 1:
        raise UsageError(f"--threshold {args.threshold:g}: expected a share between 0 and 1 (such as 0.5)")
    problem = load_problem(args.problem)
    sources = [similarity.read(path, display_name(path)) for path in find_submissions(args.submissions)]
    if len(sources) < 2:
        raise UsageError("judge similarity: give at least two submissions (files or folders)")
    report = similarity.compare(sources)
    render = {"terminal": similarity_report.terminal_text, "html": similarity_report.html,
              "json": similarity_report.json_text}[args.format]
    text = render(problem.id, report, args.threshold)
    emit(text, args.output)
    return EXIT_OK
