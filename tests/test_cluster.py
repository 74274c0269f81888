"""Grading on several machines: a real redis-server on a loopback port and two real `judge worker`
processes (one serving Python only, one every language), shared by the module; `judge grade --broker`
run as the real command. The tests run in file order: the SIGKILL test kills the second worker and
the last ones use the Python-only worker that is left."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers import ROOT, SUBMISSIONS, processes_where, run_judge

PASSWORD = "judge-test-secret"
#: The workers' hard limit: a dead worker's task is given to the other this + 10 s after it was taken.
TIME_LIMIT = 15
#: How long a worker may take to come up or to take a job on a loaded machine (polled: only load waits for it).
START_SECONDS = 180
#: 20 submissions, every verdict, every language.
MIXED = [
    "accepted/bfs.cpp", "accepted/bfs.go", "accepted/bfs_public_class.java", "accepted/bfs_typed.ts",
    "accepted/bfs_var.js", "accepted/dfs_recursive.py",
    "wrong_answer/four_way.cpp", "wrong_answer/miscount.js", "wrong_answer/mine_noop.py",
    "wrong_answer/digits_spread.go",
    "compile_error/missing_semicolon.cpp", "compile_error/syntax_error.ts", "compile_error/missing_entry.py",
    "runtime_error/crash.py", "runtime_error/index_out_of_bounds.java", "runtime_error/null_deref.cpp",
    "time_limit/infinite_loop.py", "time_limit/infinite_loop.js",
    "memory_limit/hog.py", "memory_limit/hog.cpp",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_redis(password: str | None = PASSWORD, tls: tuple[Path, Path, Path] | None = None
                ) -> tuple[subprocess.Popen[bytes], str]:
    """A redis-server on a free loopback port (TLS only, with `tls`: ca, cert, key), nothing saved to disk;
    (process, URL) once it says it is ready. A port found free can be taken before redis binds it: redis
    then exits, and it starts again on another."""
    for _ in range(5):
        port = free_port()
        argv = ["redis-server", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        if tls is None:
            argv += ["--port", str(port)]
        else:
            ca, cert, key = tls
            argv += ["--port", "0", "--tls-port", str(port), "--tls-cert-file", str(cert), "--tls-key-file", str(key),
                     "--tls-ca-cert-file", str(ca), "--tls-auth-clients", "no"]
        if password:
            argv += ["--requirepass", password]
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert process.stdout is not None
        said = b""
        for line in process.stdout:  # until it listens, or has exited (then the loop ends at its EOF)
            said += line
            if b"Ready to accept connections" in line:
                break
        threading.Thread(target=process.stdout.read, daemon=True).start()  # a full pipe must never block it
        if b"Ready to accept connections" in said and process.poll() is None:
            auth = f":{password}@" if password else ""
            scheme = "redis" if tls is None else "rediss"
            return process, f"{scheme}://{auth}127.0.0.1:{port}/0" + ("" if tls is None else f"?ssl_ca_certs={tls[0]}")
        process.wait(10)
        assert b"Address already in use" in said, said.decode(errors="replace")
    raise AssertionError("redis-server found no free port in 5 tries")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def judge_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **extra)
    env.pop("JUDGE_BROKER", None)
    return env


class Workers:
    """The module's broker and its two workers, with their logs."""

    def __init__(self, url: str, folder: Path):
        self.url, self.folder = url, folder
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def start(self, name: str, *options: str) -> None:
        log = open(self.folder / f"{name}.log", "wb")  # noqa: SIM115 - the worker writes it until stopped
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", "judge", "worker", "--broker", self.url, "--concurrency", "1",
             "--time-limit", str(TIME_LIMIT), *options], cwd=ROOT, env=judge_env(), stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)  # a group of its own, to be killed whole

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def listed(self) -> list[dict]:
        done = run_judge("workers", "--broker", self.url, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def wait_for(self, count: int, timeout: float = START_SECONDS) -> list[dict]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.listed()
            if len(found) >= count:
                return found
            for name, p in self.processes.items():
                assert p.poll() is None, f"worker {name} exited: {self.log(name)}"
            time.sleep(0.5)
        raise AssertionError(f"{count} workers did not come up: {self.log('python')} {self.log('all')}")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    redis, url = start_redis()
    workers = Workers(url, folder)
    try:
        workers.start("python", "--languages", "python")
        workers.start("all")
        workers.wait_for(2)
        yield workers
    finally:
        for p in workers.processes.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in workers.processes.values():
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        stop(redis)


def grade(*args: str, db: Path | None = None, broker: str | None = None) -> subprocess.CompletedProcess[str]:
    extra = ["--broker", broker] if broker else []
    store = ["--db", str(db)] if db else ["--no-store"]
    return subprocess.run([sys.executable, "-m", "judge", "grade", "minesweeper", *args, *extra, *store],
                          cwd=ROOT, env=judge_env(), capture_output=True, text=True, timeout=300)


def comparable(document: dict) -> dict:
    """A grade --json document without what differs from run to run: times, memory, when; and a TLE's
    message, since which limit trips first (CPU or wall) depends on the machine's load (README, Speed)."""
    for result in document["results"]:
        for key in ("max_time_ms", "graded_at"):
            result.pop(key, None)
        for case in result["cases"]:
            for key in ("time_ms", "cpu_ms", "memory_kb"):
                case.pop(key)
            if case["verdict"] == "TLE":
                case["message"] = "TLE"
        if result["verdict"] == "TLE":
            result["message"] = "TLE"
    return document


def test_workers_lists_the_live_workers_with_their_languages_and_sandbox(cluster):
    found = {tuple(w["languages"]): w for w in cluster.listed()}
    assert ("python",) in found and len(found) == 2
    everything = next(w for langs, w in found.items() if langs != ("python",))
    assert {"python", "cpp", "java", "go", "javascript", "typescript"} == set(everything["languages"])
    assert all(w["isolated"] and w["concurrency"] == 1 and w["time_limit"] == TIME_LIMIT for w in found.values())
    table = run_judge("workers", "--broker", cluster.url)
    assert table.returncode == 0 and "bwrap" in table.stdout and "0/1" in table.stdout
    assert PASSWORD not in table.stdout + table.stderr


def test_the_workers_grade_as_a_local_run_does(cluster, tmp_path):
    files = [str(SUBMISSIONS / f) for f in MIXED]
    db = tmp_path / "results.sqlite3"
    remote = grade(*files, "--fuzz", "3", "--seed", "11", "--json", "--no-cache", db=db, broker=cluster.url)
    local = grade(*files, "--fuzz", "3", "--seed", "11", "--json", "--no-cache")
    assert remote.returncode == local.returncode == 1, remote.stderr + local.stderr
    # none but the one that says these workers' hard limit (TIME_LIMIT) is below the cases' wall limits
    assert [line for line in remote.stderr.splitlines() if "warning" in line and "hard time limit" not in line] == [], \
        remote.stderr
    mine, theirs = json.loads(remote.stdout), json.loads(local.stdout)
    assert {r["verdict"] for r in mine["results"]} == {"AC", "WA", "CE", "RE", "TLE", "MLE"}, \
        [(r["submission"], r["verdict"], r["message"]) for r in mine["results"] if r["verdict"] == "JE"]
    mine, theirs = comparable(mine), comparable(theirs)
    differ = [(a["submission"], [(c, d) for c, d in zip(a["cases"], b["cases"], strict=True) if c != d][:1],
               {k: (a[k], b[k]) for k in a if k != "cases" and a[k] != b.get(k)})
              for a, b in zip(mine["results"], theirs["results"], strict=True) if a != b]
    assert not differ
    assert mine == theirs
    with sqlite3.connect(db) as conn:  # the sender, and it alone, recorded every submission once
        rows = conn.execute("SELECT path, verdict FROM submissions").fetchall()
    assert sorted(rows) == sorted((r["path"], r["verdict"]) for r in mine["results"])
    # routing: the Python-only worker never got a job of another language
    graded = [line for line in cluster.log("python").splitlines() if "grading " in line]
    assert graded and all("(python)" in line for line in graded)


def test_a_job_for_cases_the_worker_does_not_have_is_refused(cluster):
    from judge.cluster.client import Cluster
    from judge.cluster.job import Job
    from judge.problems.problem import load_problem

    client = Cluster(cluster.url)
    package = load_problem("minesweeper").grading_fingerprint
    job = Job.for_file(SUBMISSIONS / "accepted/dfs_recursive.py", "dfs_recursive.py", "minesweeper", "f" * 64, package,
                       fuzz=0)
    task = client.send(job)
    [(got_id, got)] = list(client.results([task]))
    assert got_id == task and isinstance(got, str)
    assert "no cases here with test-set hash ffffffffffffffff" in got and "copy the same package" in got


def test_a_worker_killed_mid_task_loses_nothing_and_counts_nothing_twice(cluster, tmp_path):
    db = tmp_path / "results.sqlite3"
    slow = ["time_limit/infinite_loop.py", "time_limit/sleeper.py", "accepted/dfs_recursive.py",
            "wrong_answer/four_way.py"]
    args = [sys.executable, "-m", "judge", "grade", "minesweeper", *[str(SUBMISSIONS / f) for f in slow],
            "--fuzz", "3", "--json", "--no-cache", "--broker", cluster.url, "--db", str(db)]
    run = subprocess.Popen(args, cwd=ROOT, env=judge_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    victim = cluster.processes["all"]
    before = cluster.log("all").count("grading ")
    deadline = time.monotonic() + START_SECONDS
    while cluster.log("all").count("grading ") == before:  # it has taken a job and is grading it
        assert time.monotonic() < deadline and run.poll() is None, cluster.log("all")
        time.sleep(0.05)
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait()
    taken = cluster.log("all").split("grading ")[-1].split(" (")[0]
    out, err = run.communicate(timeout=TIME_LIMIT + 300)
    assert run.returncode == 1, err
    results = json.loads(out)["results"]
    assert [r["submission"] for r in results] == [str(Path("submissions/minesweeper") / f) for f in slow]
    assert [r["verdict"] for r in results] == ["TLE", "TLE", "AC", "WA"]
    assert all(c["verdict"] != "JE" for r in results for c in r["cases"])
    # the job the dead worker held was graded again by the other one, and recorded once
    assert taken in cluster.log("python"), (taken, cluster.log("python"))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(DISTINCT path) FROM submissions").fetchone() == (4, 4)
        assert conn.execute("SELECT status FROM runs").fetchall() == [("finished",)]


def test_a_language_no_live_worker_serves_is_reported_not_sent(cluster):
    # the worker of every language is dead (previous test): only the Python-only one is left
    assert [w["languages"] for w in cluster.listed()] == [["python"]]
    done = grade(str(SUBMISSIONS / "accepted/bfs.cpp"), str(SUBMISSIONS / "accepted/dfs_recursive.py"),
                 "--fuzz", "0", "--json", broker=cluster.url)
    assert done.returncode == 1
    assert "no live worker serves C++" in done.stderr and "judge worker --broker URL --languages cpp" in done.stderr
    verdicts = {Path(r["submission"]).name: (r["verdict"], r["message"]) for r in json.loads(done.stdout)["results"]}
    assert verdicts["dfs_recursive.py"][0] == "AC"
    assert verdicts["bfs.cpp"] == ("JE", "no live worker serves cpp on the broker")
    assert "(cpp)" not in cluster.log("python")


def test_a_submission_past_the_hard_time_limit_gets_je_alone(cluster):
    # every case run (--keep-going), each a wall time-out: far past the workers' limit of TIME_LIMIT s
    done = grade(str(SUBMISSIONS / "time_limit/sleeper.py"), str(SUBMISSIONS / "accepted/dfs_recursive.py"),
                 "--fuzz", "0", "--keep-going", "--json", broker=cluster.url)
    assert done.returncode == 1
    results = {Path(r["submission"]).name: r for r in json.loads(done.stdout)["results"]}
    assert results["dfs_recursive.py"]["verdict"] == "AC"
    late = results["sleeper.py"]
    assert late["verdict"] == "JE" and "hard time limit" in late["message"], late["message"]
    assert {c["verdict"] for c in late["cases"]} == {"JE"}
    # said before anything was sent (round 27: a right but slow one gets JE too), with the limit that would do
    assert "over the workers' hard time limit" in done.stderr and "start the workers with --time-limit" in done.stderr


def test_a_job_whose_worker_dies_each_time_it_is_taken_gets_je_after_three_starts(cluster):
    """A poison job (its worker's process killed each time it grades it) went back to its queue for ever;
    the worker's pool process is killed here while it grades, three times, and the fourth start refuses it."""
    from judge.cluster.app import MAX_DELIVERIES

    run = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper",
                            str(SUBMISSIONS / "time_limit/sleeper.py"), "--fuzz", "0", "--keep-going", "--json",
                            "--no-store", "--broker", cluster.url], cwd=ROOT, env=judge_env(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        live = [name for name, p in cluster.processes.items() if p.poll() is None]
        counts = {name: cluster.log(name).count("grading ") for name in live}
        for _ in range(MAX_DELIVERIES):
            deadline = time.monotonic() + START_SECONDS
            while not (taken := [n for n in live if cluster.log(n).count("grading ") > counts[n]]):
                # the job is taken (again) by one of the workers that serve Python, and being graded
                assert time.monotonic() < deadline and run.poll() is None, run.stderr.read() if run.stderr else ""
                time.sleep(0.05)
            [name] = taken
            counts[name] += 1
            pool = processes_where("parent", cluster.processes[name].pid)  # its prefork pool (--concurrency 1)
            assert pool
            for pid in pool:
                os.kill(pid, signal.SIGKILL)
        out, err = run.communicate(timeout=START_SECONDS)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 1, err
    [result] = json.loads(out)["results"]
    assert result["verdict"] == "JE" and f"taken {MAX_DELIVERIES} times" in result["message"], result["message"]
    assert "sleeper.py" in err and "not graded again" in err  # said on the terminal as it happened, too
    assert all(cluster.processes[n].poll() is None for n in live)
    assert any("refusing job" in cluster.log(n) for n in live)
    done = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", "--json", broker=cluster.url)
    assert done.returncode == 0 and json.loads(done.stdout)["results"][0]["verdict"] == "AC"  # it serves on


def tls_files(folder: Path) -> tuple[Path, Path, Path]:
    """A CA of its own and a certificate it signed for 127.0.0.1: (ca.crt, redis.crt, redis.key)."""
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "1",
            "-subj", "/CN=judge test CA")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "redis.key", "-out", "redis.csr",
            "-subj", "/CN=127.0.0.1")
    openssl("x509", "-req", "-in", "redis.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "redis.crt", "-days", "1", "-extfile", "san.ext")
    return folder / "ca.crt", folder / "redis.crt", folder / "redis.key"


def test_tls_and_a_password_carry_a_whole_run_and_a_lost_broker_is_one_line(tmp_path):
    ca, cert, key = tls_files(tmp_path)
    redis, url = start_redis(PASSWORD, tls=(ca, cert, key))
    workers = Workers(url, tmp_path)
    try:
        nobody = run_judge("workers", "--broker", url)
        assert nobody.returncode == 0 and "no live worker on rediss://:***@127.0.0.1" in nobody.stderr
        db = tmp_path / "r.sqlite3"
        alone = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", db=db, broker=url)
        assert alone.returncode == 2 and "no live worker on the broker" in alone.stderr and not db.exists()
        workers.start("python", "--languages", "python")
        workers.wait_for(1)
        done = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", "--json", broker=url)
        assert done.returncode == 0, done.stderr
        assert [r["verdict"] for r in json.loads(done.stdout)["results"]] == ["AC"]
        unverified = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0",
                           broker=url.split("?")[0])  # the system's CAs do not know this one
        assert unverified.returncode == 2 and "certificate verify failed" in unverified.stderr, unverified.stderr
        # the broker lost mid-run: one line, exit 2, the run marked interrupted, nothing recorded
        db = tmp_path / "lost.sqlite3"
        slow = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper",
                                 str(SUBMISSIONS / "time_limit/sleeper.py"), "--fuzz", "0", "--broker", url,
                                 "--db", str(db)], cwd=ROOT, env=judge_env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + START_SECONDS
        while "grading submissions/minesweeper/time_limit/sleeper.py" not in workers.log("python"):
            assert time.monotonic() < deadline and slow.poll() is None, workers.log("python")
            time.sleep(0.05)
        stop(redis)
        out, err = slow.communicate(timeout=300)
        lines = [line for line in err.splitlines() if "hard time limit" not in line]  # the workers' limit: TIME_LIMIT
        assert slow.returncode == 2 and len(lines) == 1 and "went away" in err, err
        assert out == "" and PASSWORD not in err
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT status FROM runs").fetchall() == [("interrupted",)]
            assert conn.execute("SELECT COUNT(*) FROM submissions").fetchone() == (0,)
    finally:
        for p in workers.processes.values():
            os.killpg(p.pid, signal.SIGKILL)  # it may be reconnecting to the broker stopped above
            p.wait(30)
        stop(redis)


def test_a_stopped_broker_is_one_clear_error_and_nothing_written(tmp_path):
    redis, url = start_redis()
    stop(redis)
    db = tmp_path / "results.sqlite3"
    done = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", db=db, broker=url)
    assert done.returncode == 2
    assert done.stderr.startswith("judge: error: the broker at redis://:***@127.0.0.1:") and \
        "cannot be used" in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert PASSWORD not in done.stderr and not db.exists() and done.stdout == ""


def test_a_wrong_password_is_one_clear_error(cluster, tmp_path):
    url = cluster.url.replace(PASSWORD, "wrong")
    done = grade(str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", db=tmp_path / "r.sqlite3", broker=url)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot be used" in done.stderr, done.stderr
    assert "wrong" not in done.stderr and not (tmp_path / "r.sqlite3").exists()


def test_a_worker_refuses_to_start_without_a_toolchain_it_claims():
    env = judge_env(PATH="/nonexistent")  # no g++ on the way (python3 itself is named by its full path)
    done = subprocess.run([sys.executable, "-m", "judge", "worker", "--broker", "redis://127.0.0.1:1/0",
                           "--languages", "python,cpp"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 2 and "C++" in done.stderr and "leave cpp out of --languages" in done.stderr
    unknown = run_judge("worker", "--broker", "redis://127.0.0.1:1/0", "--languages", "cobol")
    assert unknown.returncode == 2 and "unknown language 'cobol'" in unknown.stderr
    down = run_judge("worker", "--broker", "redis://127.0.0.1:1/0", "--languages", "python")
    assert down.returncode == 2 and "the broker at redis://127.0.0.1:1/0 cannot be used" in down.stderr
    bad = run_judge("workers", "--broker", "amqp://127.0.0.1/")
    assert bad.returncode == 2 and "expected redis://" in bad.stderr


def test_a_plain_grade_never_imports_celery():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "judge", "grade", "minesweeper",
                           str(SUBMISSIONS / "accepted/dfs_recursive.py"), "--fuzz", "0", "--no-store"],
                          cwd=ROOT, env=judge_env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
    assert "judge" in imported and not imported & {"celery", "kombu", "redis", "billiard"}


def test_what_a_worker_says_of_the_hash_and_of_itself_is_not_taken():
    """Red-team round 9, without a broker: a worker's result is the sender's files' hash (a forged one was
    stored, and written raw into CSV), and one malformed `judge_info` reply is skipped, not an exit 3."""
    import hashlib
    from dataclasses import replace

    from judge.cluster import client
    from judge.grading.grade import Options, grade_one
    from judge.problems.cases import load_cases
    from judge.problems.problem import load_problem
    from judge.results import serialize

    problem = load_problem("minesweeper")
    cases = load_cases(problem)[:3]
    source = SUBMISSIONS / "accepted" / "bfs_class.py"
    honest = grade_one(problem, cases, source, Options())
    forged = serialize.result_to_json(replace(honest, sha256='=HYPERLINK("http://evil.example","x")'))
    cluster = client.Cluster.__new__(client.Cluster)
    cluster.send = lambda job: "task-1"
    cluster.results = lambda ids, watcher: iter([("task-1", forged)])
    grade = cluster.grader({"python": ["w1"]}, tests="t" * 64, fuzz=0, seed=1, keep_going=False)
    (result,) = grade(problem, cases, [source], Options(), lambda r: None)
    assert result.verdict.value == "AC" and result.sha256 == hashlib.sha256(source.read_bytes()).hexdigest()

    good = {"languages": ["python"], "sandbox": "bwrap", "isolated": True, "time_limit": 900, "concurrency": 1,
            "active": 0}
    assert client._worker("w1", good) is not None
    for bad in ({**good, "concurrency": "lots"}, {**good, "languages": "python"}, {**good, "active": -1},
                {**good, "time_limit": "soon"}, {**good, "sandbox": 3}, ["not", "a", "dict"]):
        assert client._worker("w2", bad) is None, bad


def test_a_broker_restarted_mid_run_ends_the_run_with_je_for_the_lost_jobs(tmp_path):
    """Red-team round 16 (of `serve`, and so of `grade --broker` too): Redis keeps its queues in memory, so
    a restart loses the jobs still queued, and the run waited for their results for ever."""
    redis, url = start_redis()
    port = url.rsplit(":", 1)[1].split("/")[0]
    workers = Workers(url, tmp_path)
    slow = ("import os as _os, time as _time\nif not _os.path.exists('/tmp/slept'):\n"
            "    open('/tmp/slept', 'w').close()\n    _time.sleep(2)\n")
    sources = []
    for k in range(3):
        path = tmp_path / f"slow{k}.py"
        path.write_text(slow + (SUBMISSIONS / "accepted" / "bfs_class.py").read_text())
        sources.append(str(path))
    try:
        workers.start("python", "--languages", "python")
        workers.wait_for(1)
        run = subprocess.Popen([sys.executable, "-m", "judge", "grade", "minesweeper", *sources, "--fuzz", "0",
                                "--json", "--no-cache", "--no-store", "--broker", url], cwd=ROOT, env=judge_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + START_SECONDS
        while "grading " not in workers.log("python"):
            assert time.monotonic() < deadline and run.poll() is None, workers.log("python")
            time.sleep(0.1)
        stop(redis)
        again = ["redis-server", "--bind", "127.0.0.1", "--port", port, "--save", "", "--appendonly", "no",
                 "--requirepass", PASSWORD]
        redis = subprocess.Popen(again, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out, err = run.communicate(timeout=START_SECONDS)
        assert run.returncode == 1, err
        verdicts = [(r["verdict"], r["message"]) for r in json.loads(out)["results"]]
        lost = [v for v in verdicts if v[0] == "JE"]
        assert lost and all("grade it again" in message for _, message in lost), verdicts
        assert any("the broker restarted and lost this job" in message for _, message in lost), verdicts
        assert all(v == "AC" for v, _ in verdicts if v != "JE"), verdicts
    finally:
        for p in workers.processes.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
                p.wait(20)
        stop(redis)
