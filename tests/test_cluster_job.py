"""judge/cluster/job.py: the job's JSON both ways, strictly, and a job graded here as a local run grades it."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from judge.cluster.job import Job, case_set, grade_job, result_from_json, result_to_json
from judge.errors import JobError, UsageError
from judge.grading import session
from judge.grading.grade import Options, grade_one
from judge.problems.problem import find_problem_by_id, load_problem

ROOT = Path(__file__).resolve().parent.parent
SUBMISSIONS = ROOT / "submissions" / "minesweeper"


@pytest.fixture(scope="module")
def problem():
    return load_problem("minesweeper")


@pytest.fixture(scope="module")
def cases(problem):
    return case_set(problem, 3, 7)


def first(folder: str, suffix: str = ".py") -> Path:
    return next(p for p in sorted((SUBMISSIONS / folder).iterdir()) if p.suffix == suffix)


def test_round_trip_keeps_every_field(problem, cases):
    path = first("accepted")
    job = Job.for_file(path, "accepted/x.py", problem.id, cases.tests, problem.grading_fingerprint, author="Ada",
                       fuzz=3, seed=7, keep_going=True)
    again = Job.from_json(job.to_json())
    assert again == job
    assert again.source_bytes() == path.read_bytes()
    assert again.path == str(path.resolve()) and again.language == "python"


def test_a_file_that_is_not_utf8_crosses_as_its_bytes(tmp_path, problem, cases):
    path = tmp_path / "latin.py"
    path.write_bytes(b"# caf\xe9\nclass Solution: pass\n")
    job = Job.from_json(Job.for_file(path, "latin.py", problem.id, cases.tests, problem.grading_fingerprint).to_json())
    assert job.encoding == "base64" and job.source_bytes() == path.read_bytes()


@pytest.mark.parametrize("change, says", [
    (lambda d: "[1, 2]", "must be a JSON object"),
    (lambda d: "{not json", "not JSON"),
    (lambda d: {**d, "version": 99}, "version"),
    (lambda d: {k: v for k, v in d.items() if k != "source"}, "without `source`"),
    (lambda d: {**d, "extra": 1}, "unknown fields: extra"),
    (lambda d: {**d, "fuzz": True}, "`fuzz` must be int"),
    (lambda d: {**d, "fuzz": -1}, "fuzz must be 0 to 100,000"),
    (lambda d: {**d, "fuzz": 10**9}, "fuzz must be 0 to 100,000"),
    (lambda d: {**d, "keep_going": "yes"}, "`keep_going` must be bool"),
    (lambda d: {**d, "language": "cobol"}, "unknown language"),
    (lambda d: {**d, "name": "../../etc/passwd"}, "not a python file"),
    (lambda d: {**d, "name": "dir/"}, "no usable file name"),
    (lambda d: {**d, "name": "sol.cpp"}, "not a python file"),
    (lambda d: {**d, "encoding": "base64", "source": "!!"}, "does not decode"),
    (lambda d: {**d, "encoding": "rot13"}, "encoding must be"),
    (lambda d: {k: v for k, v in d.items() if k != "package"}, "without `package`"),
    # A path would let a job load any folder holding a problem.yaml, and import its checker.py unboxed.
    (lambda d: {**d, "problem": "/tmp/evil"}, "not a problem id"),
    (lambda d: {**d, "problem": "../problems/minesweeper"}, "not a problem id"),
    (lambda d: {**d, "problem": ".."}, "not a problem id"),
])
def test_a_bad_job_is_refused_with_what_is_wrong(problem, cases, change, says):
    package = problem.grading_fingerprint
    good = json.loads(Job.for_file(first("accepted"), "a.py", problem.id, cases.tests, package).to_json())
    bad = change(good)
    with pytest.raises(JobError, match=says):
        Job.from_json(bad if isinstance(bad, str) else json.dumps(bad))


def test_an_unknown_test_set_hash_is_refused(problem):
    job = Job.for_file(first("accepted"), "a.py", problem.id, "0" * 64, problem.grading_fingerprint, fuzz=0)
    with pytest.raises(JobError, match="no cases here with test-set hash 0000"):
        grade_job(job, problem)


def test_a_job_from_another_version_of_the_package_is_refused(problem, cases):
    """Red-team round 16: a worker whose package had another checker (or limits) graded the same
    cases with it: a WA here came back AC through the broker, with nothing said."""
    job = Job.for_file(first("accepted"), "a.py", problem.id, cases.tests, "f" * 64, fuzz=3, seed=7)
    with pytest.raises(JobError, match="package differs from the sender's"):
        grade_job(job, problem)


def test_a_worker_finds_a_package_by_its_id_alone(tmp_path, monkeypatch):
    """The worker looks a job's problem up by id in its problems folders, never as a path."""
    evil = tmp_path / "evil"
    evil.mkdir()
    (evil / "problem.yaml").write_text(f"id: {evil}\n")
    monkeypatch.chdir(tmp_path)
    assert find_problem_by_id("minesweeper") == load_problem("minesweeper").root
    for name in (str(evil), "../" + evil.name, "", ".", "-x", ".hidden", "\U0001f600" * 100, "~"):
        with pytest.raises(UsageError, match="not a problem id"):
            find_problem_by_id(name)
    with pytest.raises(UsageError, match="unknown problem 'evil'"):
        find_problem_by_id("evil")  # in the working folder, not in a problems folder


def test_a_job_for_another_problem_is_refused(problem, cases):
    job = Job.for_file(first("accepted"), "a.py", "other", cases.tests, problem.grading_fingerprint, fuzz=3, seed=7)
    with pytest.raises(JobError, match="problem 'other'"):
        grade_job(job, problem)


@pytest.mark.parametrize("folder", ["wrong_answer", "compile_error"])
def test_a_job_grades_as_a_local_run_and_comes_back_whole(problem, cases, folder):
    path = first(folder)
    package = problem.grading_fingerprint
    job = Job.from_json(Job.for_file(path, "named/" + path.name, problem.id, cases.tests, package, fuzz=3,
                                     seed=7).to_json())
    data = json.loads(json.dumps(grade_job(job, problem)))  # as it crosses the broker
    # Its box is gone when the job returns: a Celery prefork child may exit without joining threads.
    assert not session._CLOSING and not any(t.name == "judge-close" for t in threading.enumerate())
    remote = result_from_json(data)
    local = grade_one(problem, cases.cases, path, Options())
    assert remote.submission == "named/" + path.name and remote.path == str(path.resolve())
    assert (remote.verdict, remote.sha256, remote.language) == (local.verdict, local.sha256, local.language)
    assert [(c.name, c.verdict, c.answer, c.got, c.diff) for c in remote.cases] == \
        [(c.name, c.verdict, c.answer, c.got, c.diff) for c in local.cases]
    assert result_to_json(remote)["cases"] == data["cases"]


def test_a_malformed_result_is_a_job_error():
    with pytest.raises(JobError, match="malformed"):
        result_from_json({"submission": "x"})


def test_the_fingerprint_is_of_what_the_package_means_and_a_worker_sees_a_changed_checker(tmp_path):
    """Round 17: `time: 1` against `time: 1.0` was "package differs"; and a worker that had loaded the
    package kept its old fingerprint after checker.py alone changed, refusing an identical sender."""
    import shutil

    from judge.cluster import app

    package = tmp_path / "minesweeper"
    shutil.copytree(ROOT / "problems" / "minesweeper", package, ignore=shutil.ignore_patterns("__pycache__"))
    yaml_path = package / "problem.yaml"
    before = load_problem(str(package)).grading_fingerprint
    yaml_path.write_text(yaml_path.read_text().replace("time: 1.0", "time: 1"))
    assert load_problem(str(package)).grading_fingerprint == before
    loaded = app._problem(package).grading_fingerprint
    with (package / "checker.py").open("a") as f:
        f.write("\n# a comment the sender has too\n")
    again = app._problem(package).grading_fingerprint
    assert again != loaded and again == load_problem(str(package)).grading_fingerprint


def test_a_long_running_worker_sweeps_what_killed_jobs_left_now_and_then(tmp_path, monkeypatch, problem, cases):
    """A Celery child killed at its hard time limit (SIGKILL) left its job's folder, the student's source in
    it; a worker swept only as it started. A job sweeps when its process has not for STALE_AFTER seconds."""
    import os
    import subprocess
    import sys
    import time

    from judge.sandbox import scratch

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    old = time.time() - 2 * scratch.STALE_AFTER

    def left(suffix: str) -> Path:
        path = tmp_path / f"judge-job-{child.pid}-a1b2c3-{suffix}"  # as a job of that (gone) process named it
        path.mkdir()
        os.utime(path, (old, old))
        return path

    path = first("accepted")
    job = Job.for_file(path, path.name, problem.id, cases.tests, problem.grading_fingerprint, fuzz=3, seed=7)
    monkeypatch.setattr(scratch, "_swept", [0.0])
    first_left = left("first123")
    grade_job(job, problem)
    assert not first_left.exists()
    second_left = left("second12")
    grade_job(job, problem)
    assert second_left.exists()  # swept a moment ago: not again for every job
    monkeypatch.setattr(scratch, "_swept", [time.monotonic() - scratch.STALE_AFTER - 1])
    grade_job(job, problem)
    assert not second_left.exists()
