"""`judge serve` follows the package's visibility policy (problem.yaml `visibility:`), the same code as
every export: through a real server, every API answer and page a participant can reach is searched for
the values of a secret case and a hidden group that appear nowhere else; the admin's view must show
them, so the search can fail.
"""

from __future__ import annotations

import pytest
from test_visibility import EXPECTED_VALUE, HIDDEN_VALUE, SECRET_VALUE, leaky_package

from serving import ADMIN, Server, contest_file

ALICE = "alice-token-0123456789"
# Right on the samples (small numbers), so its first failure is a secret case; prints and raises with
# its input, so a slip in any field (output, message, diff, time) would carry the values out.
SNEAKY = """
import time

class Solution:
    def transpose(self, matrix):
        print("SNEAKY", matrix)
        if any(v > 1000 for row in matrix for v in row):
            if matrix[0][0] == int("777" + "000111"):  # not the value itself: the source is shown
                raise ValueError("leaked " + str(matrix))
            time.sleep(min(v for row in matrix for v in row) / 1000.0)
            return matrix
        return [list(r) for r in zip(*matrix)]
"""
VALUES = (SECRET_VALUE, HIDDEN_VALUE, EXPECTED_VALUE)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A server on a package with a `verdict` secret group and a `hidden` stress group, and one graded submission."""
    folder = tmp_path_factory.mktemp("servevis")
    package = leaky_package(folder)
    server = Server(contest_file(folder, package, scoring="ioi"), folder / "results.sqlite3")
    try:
        status, answer, _ = server.call("POST", "/api/submissions", {"problem": "transpose", "language": "python",
                                        "source": SNEAKY}, token=ALICE)
        assert status == 201, answer
        yield server, answer["id"], server.wait_done(ALICE, answer["id"])
    finally:
        server.stop()


def test_secret_cases_by_verdict_hidden_groups_only_counted(graded):
    _, _, doc = graded
    names = {c["name"]: c for c in doc["cases"]}
    assert {"example-1", "example-2", "secret-leak"} <= set(names)
    assert not any(name.startswith("stress") for name in names) and all(c["name"] for c in doc["cases"])
    assert doc["hidden"] == [{"group": "stress", "passed": 1, "total": 2}]
    assert doc["total"] == len(doc["cases"]) + 2  # the hidden cases are counted in the totals
    leak = names["secret-leak"]
    assert leak["verdict"] == "WA" and (leak["diff"], leak["output"], leak["message"]) == ([], "", "")
    assert (leak["time_ms"], leak["cpu_ms"], leak["memory_kb"], leak["answer"]) == (0, None, None, "")
    sample = names["example-1"]
    assert sample["verdict"] == "AC" and sample["output"].startswith("SNEAKY")  # sample: in full
    # the first failure is the secret case: its name and verdict, none of its values
    failure = doc["failure"]
    assert failure["name"] == "secret-leak" and failure["verdict"] == "WA"
    assert (failure["args"], failure["expected"], failure["got"], failure["diff"]) == (None, None, None, [])


def test_no_answer_or_page_shows_a_secret_or_hidden_value(graded):
    server, sid, _ = graded
    seen = {}
    for path in ("/api/contest", "/api/me", "/api/submissions", f"/api/submissions/{sid}", "/api/scoreboard"):
        status, body, _ = server.call("GET", path, token=ALICE)
        assert status == 200, (path, body)
        seen[path] = str(body)
    for path in ("/", "/my", f"/my/{sid}", "/submit", "/scoreboard", "/static/live.js"):
        status, body, _ = server.call("GET", path, headers={"Cookie": f"judge_token={ALICE}"})
        assert status == 200, (path, body)
        seen[path] = str(body)
    assert "secret-leak" in seen[f"/my/{sid}"] and "Hidden group" in seen[f"/my/{sid}"]
    for path, text in seen.items():
        for value in VALUES:
            assert value not in text, (path, value)
        assert "stress-one" not in text and "stress-two" not in text, path
        assert "leaked [" not in text, path


def test_the_admin_sees_everything(graded):
    server, sid, _ = graded
    status, doc, _ = server.call("GET", f"/api/submissions/{sid}", token=ADMIN)
    assert status == 200
    text = str(doc)
    assert SECRET_VALUE in text and HIDDEN_VALUE in text and "stress-one" in text


STASH = """
import builtins

class Solution:
    def updateBoard(self, board, click):
        seen = builtins.__dict__.setdefault("_seen_rows", [])
        if len(seen) > 10 and "".join(board[1]) == "EEMEE":
            raise ValueError("PREV" "IOUS " + seen[-1])  # split: the source, shown, does not hold the word
        seen.append("|".join("".join(row) for row in board))
        return board
"""


def test_a_result_graded_before_a_group_was_made_full_shows_it_by_verdict(tmp_path):
    """Red-team round 20: the participant API applied the problem's current policy to every stored result;
    one graded while `zz` (after `secret`) was `verdict` kept a secret input in Python's builtins and
    raised it in zz-example-1, and once `zz` was made full a restarted server showed that message."""
    import shutil
    from pathlib import Path

    package = tmp_path / "msv"
    shutil.copytree(Path(__file__).resolve().parent.parent / "problems" / "minesweeper", package)
    yaml_path = package / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text().replace("id: minesweeper", "id: msv", 1))
    (package / "cases" / "zz").mkdir()
    (package / "cases" / "zz" / "one.yaml").write_text(
        (package / "cases" / "sample" / "examples.yaml").read_text().replace("example-", "zz-example-"))
    contest, db = contest_file(tmp_path, package, scoring="ioi"), tmp_path / "results.sqlite3"
    server = Server(contest, db)
    try:
        status, answer, _ = server.call("POST", "/api/submissions", {"problem": "msv", "language": "python",
                                        "source": STASH}, token=ALICE)
        assert status == 201, answer
        sid = answer["id"]
        before = server.wait_done(ALICE, sid)
        assert "PREVIOUS" not in str(before)   # zz is shown by verdict: no message
        status, admin, _ = server.call("GET", f"/api/submissions/{sid}", token=ADMIN)
        assert "PREVIOUS" in str(admin)        # the secret input is there to leak
    finally:
        server.stop()
    yaml_path.write_text(yaml_path.read_text() + "visibility: {zz: full}\n")
    server = Server(contest, db)
    try:
        status, after, _ = server.call("GET", f"/api/submissions/{sid}", token=ALICE)
        assert status == 200 and "PREVIOUS" not in str(after), after
        zz = [c for c in after["cases"] if c["name"].startswith("zz-")]
        assert zz and all(c["message"] == "" and c["output"] == "" for c in zz)
        status, page, _ = server.call("GET", f"/my/{sid}", headers={"Cookie": f"judge_token={ALICE}"})
        assert status == 200 and "PREVIOUS" not in str(page)
    finally:
        server.stop()
