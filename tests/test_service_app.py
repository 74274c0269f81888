"""`judge serve`'s JSON API through a real server (a subprocess on a loopback port, one for the module):
submitting and grading, what a participant may see, authorisation, limits, admin actions, and a
server killed with submissions pending."""

from __future__ import annotations

import http.client
import os
import signal
import time
from pathlib import Path

import pytest

from helpers import PROBLEM_DIR, SUBMISSIONS, copy_problem
from serving import ADMIN, GRADING_SECONDS, Server, contest_file

ALICE, BOB, FRANK = "alice-token-0123456789", "bob-token-0123456789ab", "frank-token-0123456789"
GINA, HANK = "gina-token-0123456789", "hank-token-0123456789"


def children(pid: int) -> list[int]:
    """A process's children (a worker's box, while it grades), from /proc; none once it is gone."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        return [int(c) for t in tasks for c in (t / "children").read_text().split()]
    except OSError:
        return []


def source(folder: str, name: str) -> str:
    return (SUBMISSIONS / folder / name).read_text()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    problem = copy_problem(folder)
    participants = [{"id": "alice", "name": "Alice", "token": ALICE}, {"id": "bob", "name": "Bob", "token": BOB},
                    {"id": "carol", "name": "Carol <script>", "code": "carol-code-1"},
                    {"id": "dave", "name": "Dave", "token": "dave-token-0123456789"},
                    {"id": "erin", "name": "Erin", "token": "erin-token-0123456789"},
                    {"id": "frank", "name": "Frank", "token": FRANK},
                    {"id": "gina", "name": "Gina", "token": GINA}, {"id": "hank", "name": "Hank", "token": HANK}]
    contest = contest_file(folder, problem, participants=participants,
                           limits={"source_kb": 8, "per_minute": 4, "queued": 2})
    running = Server(contest, folder / "results.sqlite3")
    yield running
    running.stop()


def test_submit_grades_in_the_box_and_shows_hidden_cases_by_verdict_only(server):
    status, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                                    "source": source("wrong_answer", "four_way.py")}, token=ALICE)
    assert status == 201 and answer["state"] == "queued", answer
    doc = server.wait_done(ALICE, answer["id"])
    assert doc["verdict"] == "WA" and 0 < doc["passed"] < doc["total"]
    samples = [c for c in doc["cases"] if c["group"] == "sample"]
    hidden = [c for c in doc["cases"] if c["group"] != "sample"]
    assert samples and hidden
    # nothing of the other groups' cases but names and verdicts (problem.yaml's default policy)
    assert all((c["message"], c["output"], c["diff"], c["time_ms"], c["memory_kb"]) == ("", "", [], 0, None)
               for c in hidden)
    assert all("time_ms" in c and "message" in c for c in samples)
    failure = doc["failure"]  # its first failing case is a secret one: named, nothing of its values given
    assert failure["group"] != "sample" and (failure["args"], failure["expected"], failure["got"]) == (None,) * 3


def test_an_accepted_solution_is_accepted_and_ranked(server):
    _, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "filename": "bfs.cpp",
                               "source": source("accepted", "bfs.cpp")}, token=BOB)
    assert server.wait_done(BOB, answer["id"])["verdict"] == "AC"
    _, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "filename": "bfs.go",
                               "source": source("accepted", "bfs.go")}, token=ALICE)
    assert server.wait_done(ALICE, answer["id"])["verdict"] == "AC"
    status, board, _ = server.call("GET", "/api/scoreboard")
    assert status == 200 and board["scoring"] == "icpc"
    rows = {r["participant"]: r for r in board["rows"]}
    # both solved it about 30 minutes in; Alice's earlier wrong answer costs her 20 minutes
    assert rows["bob"]["rank"] == 1 and rows["alice"]["rank"] == 2
    assert rows["alice"]["penalty"] - rows["bob"]["penalty"] >= 20
    assert rows["alice"]["problems"]["minesweeper"]["tries"] == 2
    assert rows["bob"]["problems"]["minesweeper"]["first"] is True


def test_a_participant_sees_only_their_own_submissions(server):
    _, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                               "source": source("accepted", "bfs_class.py")}, token=ALICE)
    status, doc, _ = server.call("GET", f"/api/submissions/{answer['id']}", token=BOB)
    assert status == 404 and "source" not in str(doc)
    _, listing, _ = server.call("GET", "/api/submissions", token=BOB)
    assert answer["id"] not in {s["id"] for s in listing}
    status, doc, _ = server.call("GET", f"/api/submissions/{answer['id']}", token=ALICE)
    assert status == 200 and doc["source"] == source("accepted", "bfs_class.py")


@pytest.mark.parametrize("token", [None, "alice-token-0123456780", "x" * 5000])
def test_no_token_or_a_forged_one_is_refused(server, token):
    status, _, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                               "source": "x = 1"}, token=token)
    assert status == 401
    assert server.call("GET", "/api/submissions", token=token)[0] == 401


@pytest.mark.parametrize("path", ["/api/admin/freeze", "/api/admin/unfreeze"])
def test_admin_endpoints_need_the_admin_token(server, path):
    assert server.call("POST", path)[0] == 403
    assert server.call("POST", path, token=ALICE)[0] == 403
    assert server.call("POST", "/api/admin/rejudge", {"problem": "minesweeper"}, token=BOB)[0] == 403
    assert server.call("POST", "/api/admin/problems/minesweeper/cases", {"yaml": "x"}, token=ALICE)[0] == 403


def test_an_oversize_source_is_refused_unstored(server):
    big = "# " + "x" * (8 * 1024) + "\n"
    status, doc, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                                 "source": big}, token=ALICE)
    assert status == 413 and "8 KiB" in doc["detail"]
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.putrequest("POST", "/api/submissions")  # a huge body announced: refused before any of it is read
    connection.putheader("Content-Length", str(50_000_000))
    connection.putheader("Authorization", f"Bearer {ALICE}")
    connection.endheaders()
    assert connection.getresponse().status == 413
    connection.close()


def test_a_flood_gets_429_with_retry_after(tmp_path):
    """Six submissions at once against a limit of 4 a minute, on a server of its own whose queue limit is out of
    the way: sent back to back, they stay within the minute however loaded the machine (waiting for each to
    be graded, as a queue limit of 2 would need, could take longer than the minute and let a fifth through)."""
    problem = copy_problem(tmp_path)
    flood = Server(contest_file(tmp_path, problem, limits={"per_minute": 4, "queued": 10}),
                   tmp_path / "results.sqlite3", workers=1)
    try:
        answers = [flood.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                              "source": "syntax error here ("}, token=ALICE) for _ in range(6)]
    finally:
        flood.stop()
    assert [status for status, _, _ in answers] == [201] * 4 + [429] * 2, answers
    for _, doc, headers in answers[4:]:
        assert int(headers["Retry-After"]) >= 1 and "minute" in doc["detail"]


def test_too_many_waiting_gets_429(server):
    looping = source("time_limit", "infinite_loop.py")
    codes = [server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                         "source": looping}, token="erin-token-0123456789")[0] for _ in range(3)]
    assert codes == [201, 201, 429]


def test_a_registration_code_gives_a_token_once(server):
    status, doc, _ = server.call("POST", "/api/register", {"code": "carol-code-1"})
    assert status == 201 and doc["participant"] == "carol"
    assert server.call("GET", "/api/me", token=doc["token"])[1]["name"] == "Carol <script>"
    assert server.call("POST", "/api/register", {"code": "carol-code-1"})[0] == 403
    assert server.call("POST", "/api/register", {"name": "Mallory"})[0] == 403  # codes only


def test_admin_adds_a_case_validated_and_rejudges(server):
    bad = "board: [['E', 'X']]\nclick: [0, 0]\n"
    status, doc, _ = server.call("POST", "/api/admin/problems/minesweeper/cases", {"yaml": bad}, token=ADMIN)
    assert status == 422 and "invalid input" in doc["detail"]
    good = "name: served-corner\nboard: [['E', 'M'], ['E', 'E']]\nclick: [1, 0]\n"
    status, doc, _ = server.call("POST", "/api/admin/problems/minesweeper/cases", {"yaml": good}, token=ADMIN)
    assert status == 201 and doc["added"] == ["served-corner"]
    _, mine, _ = server.call("GET", "/api/submissions", token=BOB)
    sid = mine[-1]["id"]
    status, doc, _ = server.call("POST", "/api/admin/rejudge", {"submission": sid}, token=ADMIN)
    assert status == 200 and doc["queued"] == 1
    regraded = server.wait_done(BOB, sid)
    assert regraded["verdict"] == "AC" and "served-corner" in {c["name"] for c in regraded["cases"]}


def test_freeze_hides_later_results_from_the_public_only(server):
    assert server.call("POST", "/api/admin/freeze", token=ADMIN)[0] == 200
    time.sleep(0.01)
    _, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                               "source": source("accepted", "bfs_class.py")}, token=FRANK)
    server.wait_done(FRANK, answer["id"])
    public = {r["participant"]: r for r in server.call("GET", "/api/scoreboard")[1]["rows"]}
    full = {r["participant"]: r for r in server.call("GET", "/api/scoreboard", token=ADMIN)[1]["rows"]}
    assert public["frank"]["solved"] == 0 and public["frank"]["problems"]["minesweeper"]["pending"] >= 1
    assert full["frank"]["solved"] == 1
    assert server.call("POST", "/api/admin/unfreeze", token=ADMIN)[0] == 200
    assert {r["participant"]: r for r in server.call("GET", "/api/scoreboard")[1]["rows"]}["frank"]["solved"] == 1


@pytest.mark.parametrize("given, kept", [("../../etc/<b>x.py", "<b>x.py"), ("..\\up.py", "up.py"),
                                         ("a\u202e.py", "solution.py"), ("x.cpp", "solution.py")])
def test_a_file_name_is_kept_as_its_last_printable_part(server, given, kept):
    _, answer, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                               "filename": given, "source": "syntax error ("}, token=GINA)
    doc = server.wait_done(GINA, answer["id"])
    assert doc["filename"] == kept and doc["verdict"] == "CE"


def test_openapi_describes_the_api(server):
    status, doc, _ = server.call("GET", "/openapi.json")
    assert status == 200 and "/api/submissions" in doc["paths"] and "/api/admin/rejudge" in doc["paths"]


def test_nothing_with_an_id_is_lost_when_the_server_is_killed(tmp_path):
    problem = copy_problem(tmp_path)
    contest = contest_file(tmp_path, problem, limits={"queued": 10, "per_minute": 10})
    db = tmp_path / "results.sqlite3"
    first = Server(contest, db, workers=1)
    try:
        ids = [first.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                          "source": source(folder, name)}, token=ALICE)[1]["id"]
               for folder, name in [("compile_error", "syntax_error.py"), ("accepted", "bfs_class.py"),
                                    ("wrong_answer", "four_way.py")]]
    finally:
        first.stop(kill=True)  # SIGKILL: no shutdown, the loop is mid-grading
    second = Server(contest, db, workers=2)
    try:
        verdicts = [second.wait_done(ALICE, sid)["verdict"] for sid in ids]
    finally:
        second.stop()
    assert verdicts == ["CE", "AC", "WA"]


def test_with_a_broker_the_celery_workers_grade(tmp_path):
    from test_cluster import Workers, start_redis, stop

    redis, url = start_redis()
    workers = Workers(url, tmp_path)
    try:
        workers.start("all")
        workers.wait_for(1)
        served = Server(contest_file(tmp_path, PROBLEM_DIR), tmp_path / "results.sqlite3", extra=("--broker", url))
        try:
            ids = [served.call("POST", "/api/submissions", {"problem": "minesweeper", "filename": name,
                               "source": source(folder, name)}, token=ALICE)[1]["id"]
                   for folder, name in [("accepted", "bfs.go"), ("wrong_answer", "miscount.js")]]
            assert [served.wait_done(ALICE, sid)["verdict"] for sid in ids] == ["AC", "WA"]
        finally:
            served.stop()
    finally:
        for p in workers.processes.values():
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(20)
        stop(redis)


def test_with_a_broker_a_restarted_redis_or_an_unserved_language_strands_nothing(tmp_path):
    """Red-team round 16: Redis restarted (it keeps its queues in memory) left every job sent before it
    `running` for good, holding its author's queue slots; a C++ submission with only a Python worker
    stayed `running` for good though the start-up warning said it gets JE."""
    import subprocess

    from test_cluster import PASSWORD, Workers, start_redis, stop

    from judge.service.contest import load_contest
    from judge.service.service import Service

    redis, url = start_redis()
    port = url.rsplit(":", 1)[1].split("/")[0]
    workers = Workers(url, tmp_path)
    service = None
    # Two seconds at its first case (the box's /tmp outlives a case, not the server): still grading at the restart.
    slow = ("import os as _os, time as _time\nif not _os.path.exists('/tmp/slept'):\n"
            "    open('/tmp/slept', 'w').close()\n    _time.sleep(2)\n") + source("accepted", "bfs_class.py")
    try:
        workers.start("python", "--languages", "python")
        workers.wait_for(1)
        service = Service(load_contest(contest_file(tmp_path, PROBLEM_DIR)), tmp_path / "db.sqlite3", ADMIN,
                          broker=url)
        service.grader.watch_every = 0.5
        service.start()
        alice = next(a for a in service.state.accounts() if a.id == "alice")
        cpp = service.submit(alice, "minesweeper", source("accepted", "bfs.cpp"), "cpp")
        waiting = [service.submit(alice, "minesweeper", slow + f"# {i}\n", "python") for i in range(2)]
        deadline = time.monotonic() + GRADING_SECONDS
        while service.state.get(waiting[0])["state"] != "running":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        stop(redis)
        redis = subprocess.Popen(["redis-server", "--bind", "127.0.0.1", "--port", port, "--save", "",
                                  "--appendonly", "no", "--requirepass", PASSWORD],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 3 * GRADING_SECONDS
        while any(service.state.get(sid)["state"] != "done" for sid in [cpp, *waiting]):
            assert time.monotonic() < deadline, [dict(service.state.get(sid)) for sid in [cpp, *waiting]]
            time.sleep(0.2)
        assert [service.state.get(sid)["verdict"] for sid in [cpp, *waiting]] == ["JE", "AC", "AC"]
        assert "no live worker serves its language" in service.state.get(cpp)["result"]
    finally:
        if service is not None:
            service.stop()
        for p in workers.processes.values():
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(20)
        stop(redis)


def test_a_worker_killed_mid_grading_loses_nothing(server):
    looping = source("time_limit", "infinite_loop.py")
    _, first, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                              "source": looping}, token=HANK)
    deadline = time.monotonic() + GRADING_SECONDS
    while True:  # until a worker runs it in the box (the pool starts its processes as jobs come; load slows that)
        _, queue, _ = server.call("GET", "/api/admin/queue", token=ADMIN)
        mine = server.call("GET", f"/api/submissions/{first['id']}", token=HANK)[1]
        if mine["state"] == "running" and any(children(pid) for pid in queue["workers"]):
            break
        assert time.monotonic() < deadline and mine["state"] != "done", mine
        time.sleep(0.1)
    for pid in queue["workers"]:  # whichever holds it: the pool breaks, its jobs go back to the queue
        os.kill(pid, signal.SIGKILL)
    _, second, _ = server.call("POST", "/api/submissions", {"problem": "minesweeper", "language": "python",
                               "source": source("accepted", "bfs_class.py")}, token=HANK)
    assert server.wait_done(HANK, first["id"])["verdict"] == "TLE"
    assert server.wait_done(HANK, second["id"])["verdict"] == "AC"
    killed = set(queue["workers"])
    _, queue, _ = server.call("GET", "/api/admin/queue", token=ADMIN)
    assert queue["workers"] and not set(queue["workers"]) & killed  # a new pool took over


def test_a_stored_submission_of_a_problem_the_new_contest_lacks_gets_je(tmp_path):
    other = copy_problem(tmp_path / "other")
    (other / "problem.yaml").write_text((other / "problem.yaml").read_text().replace("id: minesweeper", "id: sweeper2"))
    db = tmp_path / "results.sqlite3"
    first = Server(contest_file(tmp_path / "other", other), db, workers=1)
    try:
        sids = [first.call("POST", "/api/submissions", {"problem": "sweeper2", "language": "python",
                           "source": source("time_limit", "infinite_loop.py")}, token=ALICE)[1]["id"] for _ in "ab"]
    finally:
        first.stop(kill=True)
    second = Server(contest_file(tmp_path, PROBLEM_DIR), db, workers=1)
    try:
        docs = [second.wait_done(ALICE, sid) for sid in sids]
    finally:
        second.stop()
    assert [d["verdict"] for d in docs] == ["JE", "JE"] and "no longer in the contest" in docs[0]["message"]
