"""The results store: schema and migrations, recording, the cache, interruption, concurrent writers."""

import dataclasses
import hashlib
import io
import json
import multiprocessing
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import tokenize
from pathlib import Path

import pytest

from helpers import copy_problem
from judge.grading import authors
from judge.results import case_table, store as store_mod
from judge.results.store import SCHEMA_VERSION, Store
from judge.verdict import CaseResult, FirstFailure, Recording, SubmissionResult, Verdict

ROOT = Path(__file__).resolve().parent.parent
SUBS = ROOT / "submissions" / "minesweeper"
REFERENCE = ROOT / "problems" / "minesweeper" / "reference.py"


def judge(*args, db=None, timeout=120, **kw):
    """Run the real CLI from the worktree root."""
    cmd = [sys.executable, "-m", "judge", *map(str, args)] + (["--db", str(db)] if db else [])
    if args and args[0] == "grade":
        cmd += ["--fuzz", "0"]  # these tests are about the store: the 106 fixed cases are enough
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, **kw)


def variant(folder: Path, name: str, sleep: float = 0.0, note: str = "") -> Path:
    """A correct submission (the reference's code) with its own content, optionally slow per case."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    code = REFERENCE.read_text() + f"\n# variant {name} {note}\n"
    if sleep:
        code += f"import time as _t\n_orig = updateBoard\ndef updateBoard(board, click):\n" \
                f"    _t.sleep({sleep})\n    return _orig(board, click)\n"
    path.write_text(code)
    return path


# ------------------------------------------------------------------ schema and migrations

#: The shipped migrations' hashes. Old files are upgraded by replaying the migrations they lack, so
#: editing a shipped one would fork the schema of every existing store: add a migration instead.
FROZEN = ["9f9d9aa79e5be9e1", "901ef42a9be2df48", "287c60e5d4adb38f"]


def test_shipped_migrations_never_change():
    digests = [hashlib.sha256(m.encode()).hexdigest()[:16] for m in store_mod.MIGRATIONS]
    assert len(digests) == SCHEMA_VERSION >= 2
    assert digests[:len(FROZEN)] == FROZEN, "a shipped migration was edited"


def test_new_store_has_latest_schema_wal_and_busy_timeout(tmp_path):
    with Store.open(tmp_path / "sub" / "r.sqlite3") as st:
        assert st.version == SCHEMA_VERSION
        assert st.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert st.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
        columns = {r[1] for r in st.conn.execute("PRAGMA table_info(cases)")}
        assert {"verdict", "time_ms", "cpu_ms", "memory_kb", "diff"} <= columns
        indexes = {r[0] for r in st.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert "submissions_cache_key" in indexes


def test_v1_store_is_migrated_keeping_its_data(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = _store_of_schema(path, 1)  # what judge 0.1 created
    conn.execute("INSERT INTO runs (id, started_at, status, problem, test_set_hash, cases, judge_version) "
                 "VALUES (1, '2024-01-01T00:00:00+00:00', 'finished', 'minesweeper', 'abc', 1, '0.1.0')")
    conn.execute("INSERT INTO submissions (id, run_id, graded_at, name, path, author, sha256, language, verdict, "
                 "passed, total, score, max_score, cache_key) VALUES (1, 1, '2024-01-01T00:00:01+00:00', 'a.py', "
                 "'/a.py', 'ada', 'f00', 'python', 'AC', 1, 1, 1, 1, 'key1')")
    conn.execute("INSERT INTO cases (submission_id, idx, name, grp, verdict, time_ms, cpu_ms) "
                 "VALUES (1, 0, 'c1', 'sample', 'AC', 3.5, 2.0)")
    conn.commit()
    conn.close()
    with Store.open(path) as st:
        assert st.version == SCHEMA_VERSION
        case = st.cases(1)[0]
        assert (case.name, case.verdict, case.time_ms, case.memory_kb) == ("c1", Verdict.AC, 3.5, None)
        assert st.cached("key1").author == "ada"
        run = st.start_run("minesweeper", "abc", 1, "0.2.0")
        st.record(run, SubmissionResult("b.py", "/b.py", "python", Verdict.AC,
                                        (CaseResult("c1", "sample", Verdict.AC, 1.0, memory_kb=9000),), sha256="b",
                                        recording=Recording("bo", False, "", 1, 1)))
        rows = st.conn.execute("SELECT memory_kb FROM cases ORDER BY submission_id")
        assert [c["memory_kb"] for c in rows] == [None, 9000]


def test_newer_or_foreign_databases_are_refused(tmp_path):
    newer = tmp_path / "newer.sqlite3"
    sqlite3.connect(newer).execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}").connection.close()
    with pytest.raises(store_mod.StoreError, match="newer"):
        Store.open(newer)
    foreign = tmp_path / "foreign.sqlite3"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(store_mod.StoreError, match="something else"):
        Store.open(foreign)


def test_corrupt_db_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database at all" * 100)
    before = bad.read_bytes()
    for args in (["grade", "minesweeper", SUBS / "accepted" / "bfs_class.py"], ["leaderboard"]):
        out = judge(*args, db=bad)
        assert out.returncode == 2, out.stderr
        assert out.stderr.count("\n") == 1 and str(bad) in out.stderr and "Traceback" not in out.stderr
    assert bad.read_bytes() == before
    missing = judge("leaderboard", db=tmp_path / "none.sqlite3")
    assert missing.returncode == 2 and "run judge grade first" in missing.stderr


def _stored_by_hand(path: Path, verdict: str = "WA") -> None:
    """A store holding one submission as judges before typed records wrote it (the same columns and
    first-failure JSON): the store must keep reading what it wrote before."""
    with Store.open(path) as st:
        st.conn.execute("INSERT INTO runs (id, started_at, status, problem, test_set_hash, cases, judge_version) "
                        "VALUES (1, '2024-01-01T00:00:00+00:00', 'finished', 'minesweeper', 'abc', 2, '0.1.0')")
        failure = {"name": "b", "group": "secret", "verdict": verdict, "message": "(0,0): expected 'B', got 'E'",
                   "diff": ["(0,0): expected 'B', got 'E'", "(0,1): expected '1', got 'E'"], "got": [["E", "E"]],
                   "output": "debug\n", "args": {"board": [["E", "M"]], "click": [0, 0]}, "expected": [["B", "1"]]}
        st.conn.execute("INSERT INTO submissions (id, run_id, graded_at, name, path, author, sha256, language, "
                        "verdict, passed, total, score, max_score, cache_key, first_failure) VALUES (1, 1, "
                        "'2024-01-01T00:00:01+00:00', 'a.py', '/a.py', 'ada', 'f00', 'python', ?, 1, 2, 1, 2, "
                        "'key1', ?)",
                        (verdict, json.dumps(failure)))
        st.conn.execute("INSERT INTO cases (submission_id, idx, name, grp, verdict, time_ms, cpu_ms, memory_kb, diff, "
                        "answer) VALUES (1, 0, 'a', 'sample', 'AC', 3.5, 2.0, 9000, '', '0123456789abcdef'), "
                        "(1, 1, 'b', 'secret', ?, 1.5, NULL, NULL, ?, 'fedcba9876543210')",
                        (verdict, "\n".join(failure["diff"])))


def test_rows_come_out_as_records(tmp_path):
    path = tmp_path / "r.sqlite3"
    _stored_by_hand(path)
    with Store.open(path) as st:
        (stored,) = st.submissions("minesweeper")
        assert (stored.author, stored.verdict, stored.passed, stored.total, stored.cached_from) == (
            "ada", Verdict.WA, 1, 2, None)
        first = stored.first_failure
        assert first.case.verdict is Verdict.WA and first.case.got == [["E", "E"]] and first.args["click"] == [0, 0]
        assert first.case.diff == ("(0,0): expected 'B', got 'E'", "(0,1): expected '1', got 'E'")
        assert first.expected == [["B", "1"]] and first.case.output == "debug\n"
        a, b = st.cases(stored.id)
        assert (a.group, a.verdict, a.time_ms, a.cpu_ms, a.memory_kb, a.diff) == (
            "sample", Verdict.AC, 3.5, 2.0, 9000, ())
        assert b.group == "secret" and b.diff == first.case.diff and b.answer == "fedcba9876543210"
        result = st.result(st.cached("key1"))  # the cache's view: the first failure's answer and output on its case
        assert result.verdict is Verdict.WA and (result.passed, result.total) == (1, 2)
        assert result.cases[1].got == [["E", "E"]] and result.cases[1].output == "debug\n"
        assert result.cases[0].got is None
        assert result.recording is None  # a reusing run adds its own
        (run,) = st.runs()
        assert (run.status, run.cases, run.seed, run.test_set_hash) == ("finished", 2, None, "abc")
        assert st.latest_run("minesweeper") == run and st.latest_run("other") is None


def test_graded_before_asks_read_only_and_never_fails(tmp_path):
    """`judge grade` asks it before it starts a server ahead: a file graded before is most likely reused."""
    path = tmp_path / "r.sqlite3"
    assert not Store.graded_before(path, "minesweeper", "0" * 64) and not path.exists()  # nothing made
    _stored_by_hand(path)
    with Store.open(path) as st:
        (stored,) = st.submissions("minesweeper")
    before = path.read_bytes()
    assert Store.graded_before(path, "minesweeper", stored.sha256)
    assert not Store.graded_before(path, "other", stored.sha256)
    assert not Store.graded_before(path, "minesweeper", "0" * 64)
    assert path.read_bytes() == before
    (tmp_path / "junk").write_text("not a database")
    assert not Store.graded_before(tmp_path / "junk", "minesweeper", stored.sha256)


def test_a_regrade_starts_no_server_ahead(tmp_path, monkeypatch, capsys):
    from judge.cli.main import main
    from judge.grading import lane_process, warm

    folder = tmp_path / "subs"
    for k in range(3):
        variant(folder, f"v{k}.py")
    db = tmp_path / "r.sqlite3"
    started: list[str] = []
    real_warm, real_prepare = warm.Warm, lane_process.prepare

    def counted_warm(problem, source, *args, **kw):
        started.append(f"warm {Path(source).name}")
        return real_warm(problem, source, *args, **kw)

    def counted_prepare(problem, sources, jobs, *box):
        started.append("lanes")
        return real_prepare(problem, sources, jobs, *box)

    monkeypatch.setattr(warm, "Warm", counted_warm)
    monkeypatch.setattr(lane_process, "prepare", counted_prepare)
    command = ["grade", "minesweeper", str(folder), "--json", "--fuzz", "0", "--db", str(db), "--jobs", "2"]
    assert main(command) == 0
    assert started[:2] == ["warm v0.py", "lanes"]  # a first run starts them early
    started.clear()
    capsys.readouterr()
    assert main(command) == 0
    assert all(r["cached"] for r in json.loads(capsys.readouterr().out)["results"])
    assert started == []  # every result was stored: no server, no lane started for nothing


def test_a_result_is_stored_with_its_recording_facts(tmp_path):
    case = CaseResult("a", "sample", Verdict.WA, 1.0, message="m", diff=tuple(f"line {i}" for i in range(50)),
                      got=[["E"]], output="x" * 5000, answer="0123456789abcdef")
    result = SubmissionResult("a.py", "/a.py", "python", Verdict.WA, (case,), sha256="f00")
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", "t", 1, "test")
        with pytest.raises(ValueError, match="recording"):
            st.record(run, result)
        recorded = dataclasses.replace(result, recording=Recording("ada", False, "2024-05-01T00:00:00+00:00", 0.0, 1.0))
        first = FirstFailure(case, {"board": [["E"]]}, [["B"]])
        sid = st.record(run, recorded, cache_key="k", toolchain="py 3", first_failure=first)
        (stored,) = st.submissions()
        assert (stored.id, stored.graded_at, stored.author, stored.score, stored.max_score, stored.toolchain) == (
            sid, "2024-05-01T00:00:00+00:00", "ada", 0.0, 1.0, "py 3")
        assert len(st.cases(sid)[0].diff) == store_mod.DIFF_LINES
        assert len(stored.first_failure.case.diff) == 50
        assert len(stored.first_failure.case.output) == store_mod.OUTPUT_KEPT
        again = st.record(run, recorded, cached_from=sid)  # reused: shares the cases already stored
        assert st.conn.execute("SELECT COUNT(*) FROM cases WHERE submission_id = ?", (again,)).fetchone()[0] == 0
        assert st.cases(again) == st.cases(sid)


@pytest.mark.parametrize("got, expected", [(0, -1), (-1, 0), (False, 0), ([], [1])])
def test_a_scalar_or_empty_answer_reads_back_as_itself(tmp_path, got, expected):
    """A falsy answer (Coin Change's 0 for -1) is an answer, not a missing one: stored and read back equal."""
    case = CaseResult("a", "secret", Verdict.WA, 1.0, message="m", diff=("m",), got=got, answer="0123456789abcdef")
    result = SubmissionResult("a.py", "/a.py", "python", Verdict.WA, (case,), sha256="f00",
                              recording=Recording("ada", False, "2024-05-01T00:00:00+00:00", 0.0, 1.0))
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("coin_change", "t", 1, "test")
        st.record(run, result, cache_key="k", first_failure=FirstFailure(case, {"coins": [2], "amount": 3}, expected))
        (stored,) = st.submissions("coin_change")
        first = stored.first_failure
        assert first.case.got == got and type(first.case.got) is type(got)
        assert first.expected == expected and first.args == {"coins": [2], "amount": 3}
        assert st.result(st.cached("k")).cases[0].got == got


def test_a_corrupt_verdict_in_the_store_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "r.sqlite3"
    _stored_by_hand(path, verdict="WRONG")
    with Store.open(path) as st, pytest.raises(store_mod.StoreError, match="not a verdict"):
        st.submissions()
    out = judge("leaderboard", "minesweeper", db=path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and str(path) in out.stderr, out.stderr



@pytest.mark.parametrize("column, value", [("score", "abc"), ("passed", 5), ("max_score", float("inf")),
                                           ("total", -1), ("score", -3.0)])
def test_a_stored_count_or_score_that_is_not_one_is_one_line_and_exit_2(tmp_path, column, value):
    """Red-team round 9: a score of 'abc' in the file (SQLite keeps what it is given) was an internal error."""
    path = tmp_path / "r.sqlite3"
    _stored_by_hand(path)
    with Store.open(path) as st:
        st.conn.execute(f"UPDATE submissions SET {column} = ?", (value,))
    out = judge("leaderboard", "minesweeper", db=path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "corrupt or foreign" in out.stderr, out.stderr

def test_storage_names_stay_in_the_store():
    """The cases table's names (grp, idx, submission_id) appear in no module but store.py, nor in a template."""
    names = {"grp", "idx", "submission_id"}
    judge_dir = ROOT / "judge"
    for path in judge_dir.rglob("*.py"):
        if path.name == "store.py" or "harness" in path.parts:
            continue
        for token in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
            text = token.string.strip("\"'") if token.type == tokenize.STRING else token.string
            assert not (token.type in (tokenize.NAME, tokenize.STRING) and text in names), (path, token.start)
    for template in (judge_dir / "results" / "templates").iterdir():
        assert not re.search(r"\b(grp|idx|submission_id)\b", template.read_text()), template


# ------------------------------------------------------------------ authors

def test_author_precedence(tmp_path):
    header = tmp_path / "accepted" / "x.py"
    header.parent.mkdir()
    header.write_text("# a solution\n# Author: Grace Hopper\nclass Solution: pass\n")
    assert authors.author_of(header, "Ada") == "Ada"                   # 1. --author
    assert authors.author_of(header) == "Grace Hopper"                 # 2. header comment
    folder = tmp_path / "linus" / "sol.py"
    folder.parent.mkdir()
    folder.write_text("class Solution: pass\n")
    assert authors.author_of(folder) == "linus"                        # 3. its folder
    verdict_folder = tmp_path / "accepted" / "plain_name.py"
    verdict_folder.write_text("class Solution: pass\n")
    assert authors.author_of(verdict_folder) == "plain_name.py"        # 4. a verdict folder is no author
    other_language = tmp_path / "accepted" / "plain_name.cpp"
    other_language.write_text("// author: Grace Hopper\nclass Solution {};\n")
    assert authors.author_of(other_language.with_name("plain_name.go")) == "plain_name.go"  # another author
    assert authors.author_of(other_language) == "Grace Hopper"        # unless its header says otherwise
    assert authors.from_header("// author: Bjarne\nint x;") == "Bjarne"
    assert authors.from_header("/* author: Dennis */") == "Dennis"
    assert authors.from_header("\n" * 12 + "# author: too late") is None


# ------------------------------------------------------------------ recording and the cache

def test_grade_records_the_run_and_reuses_unchanged_results(tmp_path):
    db = tmp_path / "r.sqlite3"
    subs = [SUBS / "accepted" / "bfs_class.py", SUBS / "wrong_answer" / "mine_noop.py"]
    first = judge("grade", "minesweeper", *subs, "--json", "--author", "kim", db=db)
    assert first.returncode == 1, first.stderr
    assert first.stderr == ""  # no progress bar into a pipe
    doc = json.loads(first.stdout)
    assert [r["cached"] for r in doc["results"]] == [False, False]
    assert {r["author"] for r in doc["results"]} == {"kim"}
    with Store.open(db) as st:
        (run,) = st.runs()
        assert run.status == "finished" and run.problem == "minesweeper" and run.seed is None
        assert len(run.test_set_hash) == 64 and run.judge_version
        rows = sorted(st.submissions("minesweeper"), key=lambda r: r.name)  # graded in parallel: any order
        assert [r.verdict for r in rows] == [Verdict.AC, Verdict.WA]
        wa = rows[1]
        assert wa.total == run.cases == len(st.cases(wa.id))
        assert all(c.memory_kb for c in st.cases(wa.id) if c.verdict is Verdict.AC)
        failure = wa.first_failure
        assert failure.case.name == "example-2" and failure.case.got[1][2] == "M" and failure.expected[1][2] == "X"
        assert failure.args["click"] == [1, 2] and failure.case.diff
    again = judge("grade", "minesweeper", *subs, "--author", "kim", db=db)
    assert again.returncode == 1
    assert again.stdout.count("cached") == 3  # the header and both rows
    assert "expected 'X' (the clicked mine), got 'M'" in again.stdout  # details survive the cache
    fresh = json.loads(judge("grade", "minesweeper", *subs, "--json", "--no-cache", db=db).stdout)
    assert [r["cached"] for r in fresh["results"]] == [False, False]
    with Store.open(db) as st:
        rows = sorted(st.submissions("minesweeper"), key=lambda r: (r.run_id, r.name))
        assert [bool(r.cached_from) for r in rows] == [False, False, True, True, False, False]
        assert all(r.status == "finished" for r in st.runs())
    nostore = judge("grade", "minesweeper", subs[0], "--no-store", db=tmp_path / "never.sqlite3")
    assert nostore.returncode == 0 and not (tmp_path / "never.sqlite3").exists()


def test_progress_bar_on_a_terminal_only(tmp_path):
    import pty
    import threading
    master, slave = pty.openpty()
    seen = bytearray()

    def drain():  # read while the judge runs: a pty's buffer is dropped once its last writer closes
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    proc = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", str(SUBS / "accepted"),
                             "--no-store", "--fuzz", "0", "-j", "2"], cwd=ROOT, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    out, _ = proc.communicate(timeout=120)
    reader.join(10)
    os.close(master)
    assert proc.returncode == 0
    count = len([p for p in (SUBS / "accepted").iterdir() if p.is_file()])
    assert b"grading" in seen and f"/{count}".encode() in seen
    assert b"grading" not in out


# ------------------------------------------------------------------ interruption

@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_killed_run_keeps_whole_submissions_only(tmp_path, sig):
    db = tmp_path / "r.sqlite3"
    folder = tmp_path / "slow"
    for i in range(6):  # each about 1.5 s: the signal lands while later ones are still to come
        variant(folder, f"s{i}.py", sleep=0.015)
    proc = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", str(folder), "-j", "1",
                             "--fuzz", "0", "--db", str(db)], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.time() + 90
    recorded = 0
    while time.time() < deadline and recorded < 2:
        time.sleep(0.1)
        if db.exists():
            try:
                with Store.open(db) as st:
                    recorded = len(st.submissions())
            except store_mod.StoreError:
                pass
    assert recorded >= 2, proc.stderr.read().decode() if proc.poll() is not None else "too slow"
    if sig == signal.SIGKILL:
        os.killpg(proc.pid, signal.SIGKILL)  # the judge and every process it started, with no warning
    else:
        os.kill(proc.pid, signal.SIGTERM)    # only the judge: it must mark the run itself
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # a judge that hangs fails the test, and is not left behind
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    if sig == signal.SIGTERM:
        assert proc.returncode == 130
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    with Store.open(db) as st:
        (run,) = st.runs()
        assert run.status == "interrupted"  # SIGKILL: marked so by this open, its process being gone
        rows = st.submissions()
        assert 2 <= len(rows) < 6
        for row in rows:
            cases = st.cases(row.id)
            assert row.verdict is Verdict.AC and row.passed == row.total == len(cases) == run.cases
    after = judge("grade", "minesweeper", folder, "-j", "2", "--json", db=db)
    assert after.returncode == 0, after.stderr
    results = json.loads(after.stdout)["results"]
    assert sum(r["cached"] for r in results) == len(rows) and all(r["verdict"] == "AC" for r in results)
    with Store.open(db) as st:
        assert [r.status for r in st.runs()] == ["interrupted", "finished"]


# ------------------------------------------------------------------ concurrent writers

def test_two_judges_grading_into_one_store_lose_nothing(tmp_path):
    db = tmp_path / "r.sqlite3"
    a = [variant(tmp_path / "a", f"a{i}.py") for i in range(3)]
    b = [variant(tmp_path / "b", f"b{i}.py") for i in range(3)]
    procs = [subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", *map(str, subs), "-j", "1",
                               "--fuzz", "0", "--db", str(db), "--json"], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
             for subs in (a, b)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1] for o in outs]
    with Store.open(db) as st:
        assert [r.status for r in st.runs()] == ["finished", "finished"]
        rows = st.submissions()
        # files of one folder given one by one are a flat download: each file its own author
        assert sorted(r.author for r in rows) == ["a0.py", "a1.py", "a2.py", "b0.py", "b1.py", "b2.py"]
        assert all(len(st.cases(r.id)) == r.total == 106 for r in rows)


def _hammer(db: str, who: str, count: int) -> None:
    st = Store.open(db)
    run = st.start_run("stress", "t" * 64, 50, "test")
    cases = tuple(CaseResult(f"c{i}", "secret", Verdict.AC, 1.0) for i in range(50))
    for i in range(count):
        st.record(run, SubmissionResult(f"{who}{i}", f"/{who}{i}", "python", Verdict.AC, cases, sha256=f"{who}{i}",
                                        recording=Recording(who, False, "", 50, 50)))
    st.finish_run(run)
    st.close()


def test_many_short_transactions_from_two_processes(tmp_path):
    db = str(tmp_path / "r.sqlite3")
    Store.open(db).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_hammer, args=(db, who, 150)) for who in ("x", "y")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0]
    with Store.open(db) as st:
        counts = dict(st.conn.execute("SELECT author, COUNT(*) FROM submissions GROUP BY author").fetchall())
        assert counts == {"x": 150, "y": 150}
        assert st.conn.execute("SELECT COUNT(*) FROM cases").fetchone()[0] == 300 * 50


def test_a_changed_checker_is_not_served_from_the_cache(tmp_path):
    package = copy_problem(tmp_path)
    db, sub = tmp_path / "r.sqlite3", SUBS / "accepted" / "bfs_class.py"
    first = json.loads(judge("grade", package, sub, "--json", db=db).stdout)
    same = json.loads(judge("grade", package, sub, "--json", db=db).stdout)
    assert [r["cached"] for r in first["results"] + same["results"]] == [False, True]
    checker = package / "checker.py"
    checker.write_text(checker.read_text() + "\n# a stricter rule would go here\n")
    changed = json.loads(judge("grade", package, sub, "--json", db=db).stdout)
    assert [r["cached"] for r in changed["results"]] == [False]


def test_a_changed_signature_is_not_served_from_the_cache(tmp_path):
    """Red-team of the store: a typo in the signature fixed (or `inplace` removed) kept the stored verdict,
    through grade and regrade alike; the signature is in the key now."""
    package = copy_problem(tmp_path)
    db, sub = tmp_path / "r.sqlite3", SUBS / "accepted" / "inplace_none.py"
    first = json.loads(judge("grade", package, sub, "--json", "--fuzz", "0", db=db).stdout)
    assert [(r["verdict"], r["cached"]) for r in first["results"]] == [("AC", False)]
    yaml_path = package / "problem.yaml"
    yaml_path.write_text(yaml_path.read_text().replace("inplace: board", "", 1))
    changed = json.loads(judge("grade", package, sub, "--json", "--fuzz", "0", db=db).stdout)
    assert [(r["verdict"], r["cached"]) for r in changed["results"]] == [("WA", False)]


def test_the_key_holds_the_box_and_the_judges_own_code(monkeypatch):
    """A result graded without a sandbox stood under --require-sandbox, and one graded by an older judge
    (a harness since fixed) after an upgrade: both are in the key now."""
    from judge.grading import recorder
    from judge.grading.grade import Options
    from judge.problems.problem import load_problem
    from judge.sandbox.box import BwrapBox, RlimitsBox

    problem = load_problem("minesweeper")
    key = recorder.cache_key("0" * 64, "python", problem, "tests", Options(box=BwrapBox(executable="bwrap")))
    assert key != recorder.cache_key("0" * 64, "python", problem, "tests", Options(box=RlimitsBox(reason="x")))
    # Without the cgroups (a shortfall) it is another box too (red-team round 19: reused under --require-sandbox)
    weak = BwrapBox(executable="bwrap")
    monkeypatch.setattr(weak, "shortfall", lambda: "no cgroup here")
    assert key != recorder.cache_key("0" * 64, "python", problem, "tests", Options(box=weak))
    assert len(recorder.judge_build()) == 64
    monkeypatch.setattr(recorder, "judge_build", lambda: "another judge")
    assert key != recorder.cache_key("0" * 64, "python", problem, "tests", Options(box=BwrapBox(executable="bwrap")))


def _store_of_schema(path, version):
    """A store as the judge with schema `version` created it (its first migrations only), still open."""
    conn = sqlite3.connect(path)
    for migration in store_mod.MIGRATIONS[:version]:
        conn.executescript(migration)
    conn.execute(f"PRAGMA user_version = {version}")
    return conn


# ------------------------------------------------------------------ hand-in facts (v4)

def test_v3_store_gains_hand_in_columns_keeping_its_rows(tmp_path):
    path = tmp_path / "v3.sqlite3"
    conn = _store_of_schema(path, 3)
    conn.execute("INSERT INTO runs (id, started_at, status, problem, test_set_hash, cases, judge_version) "
                 "VALUES (1, '2024-01-01T00:00:00+00:00', 'finished', 'minesweeper', 'abc', 1, '0.3.0')")
    conn.execute("INSERT INTO submissions (id, run_id, graded_at, name, path, author, sha256, language, verdict, "
                 "passed, total, score, max_score) VALUES (1, 1, '2024-01-01T00:00:01+00:00', 'a.py', '/a.py', "
                 "'ada', 'f00', 'python', 'AC', 1, 1, 1, 1)")
    conn.commit()
    conn.close()
    from judge.results.records import Handin

    with Store.open(path) as st:
        assert st.version == SCHEMA_VERSION
        (old,) = st.submissions("minesweeper")
        assert (old.author, old.graded_at, old.handin) == ("ada", "2024-01-01T00:00:01+00:00", Handin())
        assert st.runs()[0].deadline == "" and st.overheads("abc") == {}
        run = st.start_run("minesweeper", "abc", 1, "0.4.0", deadline="2026-03-01T23:59:00+01:00",
                           roster="/r.csv")
        handin = Handin("12345", "John Smith", "john@x", "2026-03-01T23:00:00+01:00", True, "roster")
        st.record(run, SubmissionResult("b.py", "/b.py", "python", Verdict.AC, (), sha256="b",
                                        recording=Recording("John Smith", False, "", 1, 1)), handin=handin)
        st.save_overheads("abc", "cpp", {"c1": 0.4, "c2": None}, "g++ 12")
        assert st.overheads("abc") == {"cpp": {"c1": 0.4, "c2": None}}
    with Store.open(path) as st:
        assert [s.handin for s in st.submissions("minesweeper")] == [Handin(), handin]
        assert (st.runs()[1].deadline, st.runs()[1].roster) == ("2026-03-01T23:59:00+01:00", "/r.csv")
        assert st.test_sets("minesweeper") == ["abc"]


# ------------------------------------------------------------------ one row of cases per submission (v5)

def _graded(name, cases):
    return SubmissionResult(name, f"/{name}", "python", Verdict.WA, tuple(cases), sha256=name,
                            recording=Recording("ada", False, "2024-05-01T00:00:00+00:00", 0.0, 1.0))


def test_cases_are_read_back_from_one_row_the_same_as_from_their_rows(tmp_path):
    cases = [CaseResult("a", "sample", Verdict.AC, 1.5, 0.25, 9000, answer="0123456789abcdef"),
             CaseResult("b", "secret", Verdict.WA, 2.0, None, None, "bad \u202e \x1b[2J",
                        tuple(f"line {i}" for i in range(50)), got=[["E"]], output="x", answer="fedcba9876543210"),
             CaseResult("c", "random", Verdict.TLE, float("inf"), 1000.0, 5, "time", answer="TLE")]
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", "t", 3, "test")
        sid = st.record(run, _graded("a.py", cases))
        from_table = st.cases(sid)
        assert st.conn.execute("SELECT COUNT(*) FROM case_tables").fetchone()[0] == 1
        st.conn.execute("DELETE FROM case_tables")  # what a submission stored by a v4 judge has: rows alone
        from_rows = st.cases(sid)
    assert from_table == from_rows
    assert from_table[1].message == "bad \u202e \x1b[2J" and len(from_table[1].diff) == store_mod.DIFF_LINES
    assert from_table[2].time_ms == float("inf") and from_table[0].cpu_ms == 0.25 and from_table[1].got is None


def test_v4_store_gains_case_tables_and_reads_its_old_rows(tmp_path):
    path = tmp_path / "v4.sqlite3"
    conn = _store_of_schema(path, 4)
    conn.execute("INSERT INTO runs (id, started_at, status, problem, test_set_hash, cases, judge_version) "
                 "VALUES (1, '2024-01-01T00:00:00+00:00', 'finished', 'minesweeper', 'abc', 1, '0.4.0')")
    conn.execute("INSERT INTO submissions (id, run_id, graded_at, name, path, author, sha256, language, verdict, "
                 "passed, total, score, max_score, cache_key) VALUES (1, 1, '2024-01-01T00:00:01+00:00', 'a.py', "
                 "'/a.py', 'ada', 'f00', 'python', 'AC', 1, 1, 1, 1, 'key1')")
    conn.execute("INSERT INTO cases (submission_id, idx, name, grp, verdict, time_ms, cpu_ms, answer) "
                 "VALUES (1, 0, 'c1', 'sample', 'AC', 3.5, 2.0, '0123456789abcdef')")
    conn.commit()
    conn.close()
    with Store.open(path) as st:
        assert st.version == SCHEMA_VERSION
        (old,) = st.result(st.cached("key1")).cases
        assert (old.name, old.verdict, old.time_ms, old.answer) == ("c1", Verdict.AC, 3.5, "0123456789abcdef")
        run = st.start_run("minesweeper", "abc", 1, "0.5.0")
        reused = st.record(run, dataclasses.replace(_graded("a.py", [old]), verdict=Verdict.AC), cached_from=1)
        assert st.cases(reused) == (old,)


@pytest.mark.parametrize("data", ["not json", '{"name": ["a"]}', json.dumps(
    {k: ["x"] for k in case_table.COLUMNS} | {"verdict": ["NOPE"]}), json.dumps(
    {k: ["x"] for k in case_table.COLUMNS} | {"answer": []})])
def test_a_corrupt_case_table_is_a_store_error(tmp_path, data):
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", "t", 1, "test")
        sid = st.record(run, _graded("a.py", [CaseResult("a", "sample", Verdict.AC)]))
        st.conn.execute("UPDATE case_tables SET data = ? WHERE submission_id = ?", (data, sid))
        with pytest.raises(store_mod.StoreError, match="case table|not a verdict"):
            st.cases(sid)


def test_a_stored_result_is_read_once_per_store(tmp_path):
    """Files of the same content reuse one stored result: its cases are decoded once."""
    with Store.open(tmp_path / "r.sqlite3") as st:
        run = st.start_run("p", "t", 1, "test")
        st.record(run, _graded("a.py", [CaseResult("a", "sample", Verdict.AC)]), cache_key="k")
        first = st.result(st.cached("k"))
        st.conn.execute("DELETE FROM case_tables")
        st.conn.execute("DELETE FROM cases")
        assert st.result(st.cached("k")) is first and first.cases[0].name == "a"


def _open_and_close(db: str, results, start) -> None:
    start.wait()  # every judge opens the new file in the same moment
    try:
        Store.open(db).close()
        results.put("ok")
    except store_mod.StoreError as exc:
        results.put(str(exc))


def test_judges_opening_a_new_store_at_once_all_get_it(tmp_path):
    """Switching a new file to WAL needs it alone, and SQLite says "database is locked" at once (no busy
    handler) to another judge opening it in that moment: that judge stopped with exit 2."""
    import multiprocessing

    fork = multiprocessing.get_context("fork")
    answers = []
    for trial in range(25):
        results, start = fork.Queue(), fork.Barrier(6)
        procs = [fork.Process(target=_open_and_close, args=(str(tmp_path / f"r{trial}.sqlite3"), results, start))
                 for _ in range(6)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(60)
        answers += [results.get(timeout=10) for _ in procs]
    assert answers == ["ok"] * 150, [a for a in answers if a != "ok"]


def test_a_store_that_cannot_be_written_says_so(tmp_path, monkeypatch):
    """On a read-only file system SQLite says only "unable to open database file" (the WAL index cannot
    be made there), which read as a broken database; the judge names what is wrong."""
    from judge.errors import StoreError

    path = tmp_path / "r.sqlite3"
    Store.open(path).close()

    def no_wal(conn):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(store_mod, "_use_wal", no_wal)
    monkeypatch.setattr(store_mod.os, "access", lambda where, mode: Path(where) != path)
    with pytest.raises(StoreError, match=rf"^{re.escape(str(path))}: the results database cannot be written here "
                                         rf"\({re.escape(str(path))} is not writable by this user\)"):
        Store.open(path)
    monkeypatch.setattr(store_mod.os, "access", lambda where, mode: True)
    with pytest.raises(StoreError, match="not a usable results database: unable to open database file"):
        Store.open(path)
