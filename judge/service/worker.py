"""Grading one stored submission in an embedded worker process: issue 13's job contract
(judge/cluster/job.py), so a submission is graded exactly as a Celery worker and `judge grade` grade it
(grade_one in the box, the problem's checker) on the fixed cases.

The job carries the source; the worker writes it to a fresh temp folder under the job's file name,
never a path the submitter chose (Job.check refuses a name that is not a plain file of its language).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge import languages
from judge.cluster.job import Job, grade_job
from judge.problems.problem import Problem, load_problem

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")
_problems: dict[str, Problem] = {}


def file_name(filename: str, language: str) -> str:
    """A file name for the box: the submitter's stem made safe (Java wants its class name), the language's extension."""
    stem = _SAFE.sub("_", Path(filename).stem)[:60].lstrip(".") or "solution"
    return stem + languages.by_name(language).extensions[0]


def grade(job_json: str, root: str) -> dict[str, Any]:
    """Grade one job (its JSON) against the package at `root`, loaded once per process: one element of
    `grade --json`'s results, every case with its `got`."""
    job = Job.from_json(job_json)
    problem = _problems.get(root)
    if problem is None:
        problem = _problems[root] = load_problem(root)
    return grade_job(job, problem)
