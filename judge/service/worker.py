"""Grading one stored submission: what an embedded worker process runs, the same code path as
`judge grade` (grade_one in the box, the problem's checker, the same scoring), on the fixed cases.

It runs in a child process (Grader's pool): the source goes to a fresh temp folder under a safe
name with the language's extension, never to a path the submitter chose.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from judge import languages
from judge.grading.grade import Options, grade_one
from judge.grading.recorder import first_failure
from judge.problems.cases import Case, load_cases, test_set_hash
from judge.problems.problem import Problem, load_problem
from judge.results import scoring, serialize
from judge.sandbox.box import detect

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")
_loaded: dict[str, tuple[Problem, list[Case], str]] = {}


def safe_name(filename: str, language: str) -> str:
    """A file name for the box: the submitter's stem made safe (Java wants its class name), the language's extension."""
    lang = languages.by_name(language)
    stem = _SAFE.sub("_", Path(filename).stem)[:60].lstrip(".") or "solution"
    return stem + lang.extensions[0]


def problem_and_cases(root: str, tests: str | None = None) -> tuple[Problem, list[Case], str]:
    """The problem at `root` and its fixed cases, loaded once per process; again when the wanted test set
    (`tests`, a hash) is not the one loaded, as after an admin added a case."""
    held = _loaded.get(root)
    if held is None or (tests is not None and held[2] != tests):
        problem = load_problem(root)
        cases = load_cases(problem)
        held = _loaded[root] = (problem, cases, test_set_hash(cases))
    return held


def grade_job(job: dict[str, Any]) -> dict[str, Any]:
    """Grade one submission ({problem_root, tests, language, filename, source}); a JSON-safe document:
    the result as `grade --json` gives it, its first failing case drawn, the score and the test set."""
    problem, cases, tests = problem_and_cases(job["problem_root"], job.get("tests"))
    folder = Path(tempfile.mkdtemp(prefix="judge-serve-"))
    try:
        path = folder / safe_name(job["filename"], job["language"])
        path.write_text(job["source"], encoding="utf-8")
        result = grade_one(problem, cases, path, Options(jobs=1, box=detect()))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    got, total = scoring.score(result.cases, scoring.weights(problem))
    failure = first_failure(result, cases)
    document = serialize.submission_to_json(result)
    document["submission"], document["path"] = job["filename"], job["filename"]  # not the temp folder's name
    return {"result": document, "failure": None if failure is None else serialize.failure_to_json(failure),
            "score": got, "max_score": total, "tests": tests}
