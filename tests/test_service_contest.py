"""The contest file: a good one loads; each mistake is one line naming the file and the key (exit 2 in the CLI)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
import yaml

from helpers import PROBLEM_DIR, run_judge
from judge.errors import ProblemError
from judge.service.contest import default_contest, load_contest

GOOD = {
    "name": "Lab", "problems": [str(PROBLEM_DIR)], "start": "2026-11-30T10:00:00Z", "end": "2026-11-30T13:00:00Z",
    "scoring": "icpc", "freeze": 60, "registration": "codes", "limits": {"per_minute": 3},
    "participants": [{"id": "alice", "name": "Alice", "token": "a" * 16}, {"id": "bob", "code": "bob-code"}],
}


def write(tmp_path, **changes):
    data = {**GOOD, **changes}
    for key in [k for k, v in changes.items() if v is None]:
        del data[key]
    path = tmp_path / "contest.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_good_contest_loads(tmp_path):
    contest = load_contest(write(tmp_path))
    assert list(contest.problems) == ["minesweeper"] and contest.scoring == "icpc"
    assert contest.freeze_at == datetime(2026, 11, 30, 12, 0, tzinfo=timezone.utc)
    assert contest.limits.per_minute == 3 and contest.limits.queued == 3
    assert [p.id for p in contest.participants] == ["alice", "bob"] and contest.participants[1].name == "bob"
    assert contest.open_at(datetime(2026, 11, 30, 9, 59, tzinfo=timezone.utc)).startswith("the contest starts")
    assert contest.open_at(datetime(2026, 11, 30, 11, tzinfo=timezone.utc)) is None


@pytest.mark.parametrize("changes, message", [
    ({"scoring": "acm"}, "scoring: expected one of ioi, icpc"),
    ({"end": "2026-11-30T09:00:00Z"}, "end: must be after start"),
    ({"start": "tomorrow"}, "start: expected an ISO 8601 time"),
    ({"freeze": 500}, "freeze: expected minutes before the end"),
    ({"problems": ["no-such-problem"]}, "problems: unknown problem 'no-such-problem'"),
    ({"participants": [{"id": "a b", "token": "x" * 16}]}, "participants[1].id: expected letters"),
    ({"participants": [{"id": "a", "token": "short"}]}, "participants[1].token: expected a string of at least 16"),
    ({"participants": [{"id": "a", "token": "x" * 16, "code": "y" * 8}]}, "participants[1]: give exactly one"),
    ({"participants": [{"id": "a", "code": "c" * 8}, {"id": "a", "code": "d" * 8}]}, "participants[2].id: a is used"),
    ({"limits": {"source_kb": 0}}, "limits.source_kb: expected a whole number >= 1"),
    ({"colour": "red"}, "unknown key(s) colour"),
    ({"end": None}, "missing key end"),
])
def test_each_mistake_names_the_key(tmp_path, changes, message):
    path = write(tmp_path, **changes)
    with pytest.raises(ProblemError) as caught:
        load_contest(path)
    assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)


def test_the_cli_says_it_in_one_line_with_exit_2(tmp_path):
    path = write(tmp_path, scoring="acm")
    done = run_judge("serve", "--contest", path, "--port", "0", timeout=180)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [f"judge: error: {path}: scoring: expected one of ioi, icpc, got 'acm'"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("problems: [\n")
    done = run_judge("serve", "--contest", broken, timeout=180)
    assert done.returncode == 2 and f"{broken}:" in done.stderr and "malformed YAML" in done.stderr


def test_without_a_contest_file_every_problem_is_open_to_anyone():
    contest = default_contest(datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert "minesweeper" in contest.problems and contest.registration == "open" and contest.end is None


def test_a_contest_problem_whose_cases_all_weigh_0_is_refused(tmp_path):
    """Red-team round 21: the service grades the fixed cases only, so weights leaving them all at 0 (the
    random cases weigh 1 unless named) scored every participant 0 of 0."""
    import shutil
    from pathlib import Path

    from judge.problems.problem import load_problem
    from judge.service.service import Service

    package = tmp_path / "coin_change"
    shutil.copytree(Path(__file__).resolve().parent.parent / "problems" / "coin_change", package)
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text()
                                          + "scoring:\n  groups: {sample: 0, secret: 0}\n")
    with pytest.raises(ProblemError, match="every case of this run weighs 0"):
        Service._info(load_problem(str(package)))


def test_a_restart_after_the_weights_changed_scores_the_stored_submissions_again(tmp_path):
    """Review of the day: `judge leaderboard` scores stored results with the package's current weights, but
    judge serve's scoreboard kept each submission's score from its grading, so after `scoring:` changed
    between two starts the two disagreed (73.58% against 176/204) and the board mixed both weightings."""
    import shutil
    from pathlib import Path

    from judge.results import serialize
    from judge.service.service import Service
    from judge.verdict import CaseResult, SubmissionResult, Verdict
    from serving import ADMIN, contest_file

    package = tmp_path / "minesweeper"
    shutil.copytree(Path(__file__).resolve().parent.parent / "problems" / "minesweeper", package)
    contest, db = load_contest(contest_file(tmp_path, package, scoring="ioi")), tmp_path / "db.sqlite3"
    service = Service(contest, db, ADMIN)
    try:
        sid = service.submit(service.state.accounts()[0], "minesweeper", "x = 1", "python")
        cases = (CaseResult("example-1", "sample", Verdict.AC), CaseResult("s1", "secret", Verdict.WA))
        result = SubmissionResult(verdict=Verdict.WA, cases=cases, submission="x.py", path="serve:1",
                                  language="python", sha256="0" * 64)
        service.state._write("UPDATE serve_submissions SET state = 'running' WHERE id = ?", (sid,))
        service.state.finish(sid, "WA", 1.0, 2.0, "t", json.dumps(
            {"result": serialize.submission_to_json(result), "failure": None}))
    finally:
        service.state.close()
        service.store.close()
    (package / "problem.yaml").write_text((package / "problem.yaml").read_text()
                                          + "scoring:\n  groups: {sample: 50, secret: 1}\n")
    service = Service(load_contest(contest_file(tmp_path, package, scoring="ioi")), db, ADMIN)
    try:
        row = service.state.get(sid)
        assert (row["score"], row["max_score"]) == (50.0, 51.0)
    finally:
        service.state.close()
        service.store.close()
