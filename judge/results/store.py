"""The results store: an embedded SQLite file with a versioned schema, runs, submissions and cases.

Durability rules (why the code looks the way it does):
- WAL mode and a busy timeout, so two judges can write to one file at once: readers never block
  writers, and a writer waits for the other's (short) transaction instead of failing.
- Each finished submission is written in one `BEGIN IMMEDIATE ... COMMIT` transaction with all of
  its cases, so a run killed at any moment leaves whole submissions or nothing of one.
- A run row is `running` until the judge marks it `finished` or `interrupted`; a run whose process
  died without saying so (SIGKILL) is marked `interrupted` by the next judge that opens the store.

Records go in and come out (judge/verdict.py, judge/results/records.py); rows and column names
(`grp`, `idx`, `submission_id`) stay in this module. The first failing case is kept as JSON in its
own column: that text is the store's format, versioned with its schema, not the output documents'
(judge/results/serialize.py), so either can change without the other.
"""

from __future__ import annotations

import json
import math
import os
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from judge.errors import StoreError
from judge.results import case_table
from judge.results.records import Handin, ReferenceTime, StoredRun, StoredSubmission, now
from judge.verdict import CaseResult, FirstFailure, SubmissionResult, Verdict

DEFAULT_DB = Path(".judge") / "results.sqlite3"
ENV_DB = "JUDGE_DB"
BUSY_TIMEOUT_MS = 30_000
OUR_TABLES = {"runs", "submissions", "cases", "reference_times", "overheads", "case_tables"}

#: Schema migrations, applied in order; migration i brings user_version from i to i + 1.
#: Never edit a shipped one: add a new one (old files are upgraded by replaying the rest).
MIGRATIONS: tuple[str, ...] = (
    # v1: runs, submissions with their first failing case, cases, the reference's times.
    """
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL DEFAULT 'running',     -- running | finished | interrupted
        problem TEXT NOT NULL,
        problem_path TEXT,
        test_set_hash TEXT NOT NULL,
        cases INTEGER NOT NULL,
        seed INTEGER,
        judge_version TEXT NOT NULL,
        host TEXT,
        pid INTEGER
    );
    CREATE TABLE submissions (
        id INTEGER PRIMARY KEY,
        run_id INTEGER NOT NULL REFERENCES runs(id),
        graded_at TEXT NOT NULL,
        name TEXT NOT NULL,
        path TEXT NOT NULL,
        author TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        language TEXT NOT NULL,
        toolchain TEXT,
        verdict TEXT NOT NULL,
        passed INTEGER NOT NULL,
        total INTEGER NOT NULL,
        score REAL NOT NULL,
        max_score REAL NOT NULL,
        message TEXT NOT NULL DEFAULT '',
        cache_key TEXT,
        cached_from INTEGER REFERENCES submissions(id),
        first_failure TEXT                          -- JSON: name, verdict, message, diff, args, expected, got
    );
    CREATE TABLE cases (
        submission_id INTEGER NOT NULL REFERENCES submissions(id),
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        grp TEXT NOT NULL,
        verdict TEXT NOT NULL,
        time_ms REAL,
        cpu_ms REAL,
        message TEXT NOT NULL DEFAULT '',
        diff TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (submission_id, idx)
    );
    CREATE TABLE reference_times (
        test_set_hash TEXT NOT NULL,
        case_name TEXT NOT NULL,
        cpu_ms REAL,
        wall_ms REAL,
        repeats INTEGER NOT NULL,
        toolchain TEXT,
        measured_at TEXT NOT NULL,
        PRIMARY KEY (test_set_hash, case_name)
    );
    """,
    # v2: peak memory per case, and indexes for the cache look-up and the leaderboard.
    """
    ALTER TABLE cases ADD COLUMN memory_kb INTEGER;
    CREATE INDEX submissions_cache_key ON submissions(cache_key);
    CREATE INDEX submissions_run ON submissions(run_id);
    CREATE INDEX runs_problem ON runs(problem, test_set_hash);
    """,
    # v3: each case's answer fingerprint, so that `compare` works on results reused from the cache.
    """
    ALTER TABLE cases ADD COLUMN answer TEXT;
    """,
    # v4: who handed a submission in and when (roster, LMS, mtime); the run's deadline and roster.
    """
    ALTER TABLE submissions ADD COLUMN student_id TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN student_name TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN email TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN submitted_at TEXT NOT NULL DEFAULT '';
    ALTER TABLE submissions ADD COLUMN marked_late INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE submissions ADD COLUMN time_from TEXT NOT NULL DEFAULT '';
    ALTER TABLE runs ADD COLUMN deadline TEXT;
    ALTER TABLE runs ADD COLUMN roster TEXT;
    CREATE TABLE overheads (
        test_set_hash TEXT NOT NULL,
        language TEXT NOT NULL,
        case_name TEXT NOT NULL,
        cpu_ms REAL,                                -- a null solution's median CPU time on the case
        toolchain TEXT,
        measured_at TEXT NOT NULL,
        PRIMARY KEY (test_set_hash, language, case_name)
    );
    """,
    # v5: each graded submission's cases also as one row, column by column (see case_table.py), so
    # that a re-grade reads 20 rows instead of 20,000; submissions stored before keep only their rows,
    # read as before.
    """
    CREATE TABLE case_tables (
        submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
        data TEXT NOT NULL                          -- JSON: {column: [one value per case, in test order]}
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
DIFF_LINES = 40  # the checker's explanations kept per case (a 50x50 board can have 2,500)
FAILURE_DIFF_LINES = 200  # ... and for the first failing case, which the HTML page lists
OUTPUT_KEPT = 2000  # characters of what the first failing case printed
#: Lone surrogates: how Python holds a file name's bytes that are not UTF-8 (`a\xff.py`), which SQLite's
#: UTF-8 text cannot hold. They are stored as their visible escape, as every report shows them anyway.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _storable(value: Any) -> Any:
    """A value SQLite can hold: text with each lone surrogate as its `\\udcff` escape; others as they are."""
    if isinstance(value, str) and _SURROGATE.search(value):
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", value)
    return value


def stored_text(text: str) -> str:
    """`text` as the store holds it (_storable): a name that was not UTF-8 has its bytes' escapes."""
    return str(_storable(text))


def db_path(option: str | None) -> Path:
    """Where the store is: --db, else $JUDGE_DB, else .judge/results.sqlite3 under the working folder."""
    return Path(option or os.environ.get(ENV_DB) or DEFAULT_DB)


class Store:
    """An open results database; safe to share between the threads of one judge."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn
        self.lock = threading.Lock()  # one connection, many grading threads: one writer at a time
        #: Stored results read so far, by submission id: a graded submission's rows never change, and a
        #: re-grade of several files of the same content reuses one stored result for each of them.
        self._results: dict[int, SubmissionResult] = {}

    @classmethod
    def open(cls, path: str | Path) -> Store:
        """Open (creating when missing) and migrate a store; StoreError naming the file otherwise."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                   check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{path}: cannot open the results database: {exc}") from None
        store = cls(path, conn)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            _use_wal(conn)
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: durable commits, no torn writes
            conn.execute("PRAGMA foreign_keys = ON")
            store._migrate()
            store._mark_dead_runs()
        except sqlite3.Error as exc:
            conn.close()
            unwritable = _unwritable(path)
            if unwritable:  # SQLite says only "unable to open database file" (its WAL index cannot be made)
                raise StoreError(f"{path}: the results database cannot be written here ({unwritable}): every "
                                 f"command that opens it records in it; give --db a writable place") from None
            raise StoreError(f"{path}: not a usable results database: {exc}") from None
        return store

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self) -> _Transaction:
        """`with store.transaction():` one BEGIN IMMEDIATE ... COMMIT (ROLLBACK on error)."""
        return _Transaction(self)

    @property
    def version(self) -> int:
        """The schema version of the file (PRAGMA user_version)."""
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        # The version is read again inside the write lock, so two judges opening a new file at
        # once do not both run the same migration.
        with self.transaction():
            version = self.version
            if version > SCHEMA_VERSION:
                raise StoreError(f"{self.path}: schema version {version} is newer than this judge knows "
                                 f"({SCHEMA_VERSION}); use a newer judge")
            if version == 0:
                tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if tables - OUR_TABLES:
                    raise StoreError(f"{self.path}: a SQLite database of something else "
                                     f"(tables {', '.join(sorted(tables))}), not a judge results store")
            for number in range(version, SCHEMA_VERSION):
                for statement in _statements(MIGRATIONS[number]):
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA user_version = {number + 1}")

    def _mark_dead_runs(self) -> None:
        """Runs of this host still `running` whose process is gone were killed: mark them interrupted."""
        host = socket.gethostname()
        rows = self.conn.execute("SELECT id, pid FROM runs WHERE status = 'running' AND host = ?", (host,)).fetchall()
        dead = [r["id"] for r in rows if r["pid"] != os.getpid() and not _alive(r["pid"])]
        if dead:
            with self.lock, self.transaction():
                self.conn.executemany("UPDATE runs SET status = 'interrupted' WHERE id = ? AND status = 'running'",
                                      [(i,) for i in dead])

    # ---------------------------------------------------------------- writing

    def start_run(self, problem: str, test_set_hash: str, cases: int, judge_version: str,
                  seed: int | None = None, problem_path: str | None = None, deadline: str | None = None,
                  roster: str | None = None) -> int:
        """Record the start of a grading run (with its --deadline and --roster, if any); returns its id."""
        with self.lock, self.transaction():
            cur = self.conn.execute(
                "INSERT INTO runs (started_at, problem, problem_path, test_set_hash, cases, seed, judge_version, "
                "host, pid, deadline, roster) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (now(), problem, problem_path, test_set_hash, cases, seed, judge_version,
                 socket.gethostname(), os.getpid(), deadline, roster))
            assert cur.lastrowid is not None  # set by every INSERT
            return cur.lastrowid

    def finish_run(self, run_id: int, status: str = "finished") -> None:
        """Mark a run finished or interrupted."""
        with self.lock, self.transaction():
            self.conn.execute("UPDATE runs SET status = ?, finished_at = ? WHERE id = ?", (status, now(), run_id))

    def record(self, run_id: int, result: SubmissionResult, *, cache_key: str | None = None,
               toolchain: str | None = None, first_failure: FirstFailure | None = None,
               cached_from: int | None = None, handin: Handin | None = None) -> int:
        """Write one graded submission and its cases in one transaction; returns its id.

        `result.recording` says who, when and the score. A result reused from the cache
        (`cached_from`) shares the cases already stored for it (Store.cases follows the link):
        copying 1,000 case rows per reused submission made a re-grade slow.
        """
        recording = result.recording
        if recording is None:
            raise ValueError(f"{result.submission}: only a result with its recording facts can be stored")
        row = {
            "run_id": run_id, "graded_at": recording.graded_at or now(), "name": result.submission,
            "path": result.path, "author": recording.author, "sha256": result.sha256, "language": result.language,
            "toolchain": toolchain, "verdict": result.verdict.value, "passed": result.passed, "total": result.total,
            "score": recording.score, "max_score": recording.max_score, "message": result.message,
            "cache_key": cache_key, "cached_from": cached_from,
            "first_failure": None if first_failure is None else _encode_failure(first_failure),
        }
        if handin is not None:
            row.update({"student_id": handin.student_id, "student_name": handin.name, "email": handin.email,
                        "submitted_at": handin.submitted_at, "marked_late": int(handin.marked_late),
                        "time_from": handin.time_from})
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        cases = () if cached_from is not None else result.cases
        with self.lock, self.transaction():
            cur = self.conn.execute(f"INSERT INTO submissions ({columns}) VALUES ({marks})",
                                    tuple(_storable(v) for v in row.values()))
            sid = cur.lastrowid
            assert sid is not None  # set by every INSERT
            if cases:
                self.conn.execute("INSERT INTO case_tables (submission_id, data) VALUES (?, ?)",
                                  (sid, case_table.encode(cases, DIFF_LINES)))
            self.conn.executemany(
                "INSERT INTO cases (submission_id, idx, name, grp, verdict, time_ms, cpu_ms, memory_kb, message, diff, "
                "answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [tuple(_storable(v) for v in (sid, i, c.name, c.group, c.verdict.value, c.time_ms, c.cpu_ms,
                                              c.memory_kb, c.message, "\n".join(c.diff[:DIFF_LINES]), c.answer))
                 for i, c in enumerate(cases)])
            return sid

    def save_reference_times(self, test_set_hash: str, times: dict[str, tuple[float | None, float]],
                             repeats: int, toolchain: str | None) -> None:
        """Store the reference's per-case median CPU and wall times for a test set."""
        stamp = now()
        with self.lock, self.transaction():
            self.conn.executemany(
                "INSERT OR REPLACE INTO reference_times VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(test_set_hash, name, cpu, wall, repeats, toolchain, stamp) for name, (cpu, wall) in times.items()])

    def save_overheads(self, test_set_hash: str, language: str, times: dict[str, float | None],
                       toolchain: str | None) -> None:
        """Store a language's per-case harness overhead (a null solution's median CPU time) on a test set."""
        stamp = now()
        with self.lock, self.transaction():
            self.conn.executemany(
                "INSERT OR REPLACE INTO overheads VALUES (?, ?, ?, ?, ?, ?)",
                [(test_set_hash, language, name, cpu, toolchain, stamp) for name, cpu in times.items()])

    # ---------------------------------------------------------------- reading

    def overheads(self, test_set_hash: str) -> dict[str, dict[str, float | None]]:
        """Each measured language's per-case overhead on a test set: {language: {case: cpu_ms}}."""
        out: dict[str, dict[str, float | None]] = {}
        for row in self.conn.execute("SELECT language, case_name, cpu_ms FROM overheads WHERE test_set_hash = ?",
                                     (test_set_hash,)):
            out.setdefault(row["language"], {})[row["case_name"]] = row["cpu_ms"]
        return out

    def last_given(self, problem: str) -> tuple[str, str]:
        """(deadline, roster): the newest --deadline and --roster any run of the problem was given ('' if none)."""
        found = []
        for column in ("deadline", "roster"):  # a name of this module's own, never the caller's
            row = self.conn.execute(f"SELECT {column} FROM runs WHERE problem = ? AND {column} IS NOT NULL "
                                    f"AND {column} != '' ORDER BY id DESC LIMIT 1", (problem,)).fetchone()
            found.append(row[0] if row else "")
        return found[0], found[1]

    def test_sets(self, problem: str) -> list[str]:
        """The test sets a problem's submissions were graded on, newest first (by their latest run)."""
        rows = self.conn.execute(
            "SELECT r.test_set_hash, MAX(r.id) AS last FROM runs r WHERE r.problem = ? AND EXISTS "
            "(SELECT 1 FROM submissions s WHERE s.run_id = r.id) GROUP BY r.test_set_hash ORDER BY last DESC",
            (problem,))
        return [r[0] for r in rows]

    @staticmethod
    def graded_before(path: str | Path, problem: str, sha256: str) -> bool:
        """Whether the store at `path` (if there is one) holds a result of these exact bytes for this
        problem, on any test set: read-only, and False rather than an error on any doubt."""
        if not Path(path).is_file():
            return False
        try:
            conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=0.1)
            try:
                return conn.execute(
                    "SELECT 1 FROM runs r JOIN submissions s ON s.run_id = r.id "
                    "WHERE r.problem = ? AND s.sha256 = ? LIMIT 1", (problem, sha256)).fetchone() is not None
            finally:
                conn.close()
        except sqlite3.Error:
            return False

    def cached(self, cache_key: str) -> StoredSubmission | None:
        """The newest graded (not itself cached) submission with this cache key."""
        row = self.conn.execute(
            "SELECT s.*, r.problem, r.test_set_hash FROM submissions s JOIN runs r ON r.id = s.run_id "
            "WHERE s.cache_key = ? AND s.cached_from IS NULL AND s.verdict != ? "
            "ORDER BY s.id DESC LIMIT 1", (cache_key, Verdict.JE.value)).fetchone()
        return None if row is None else self._submission(row)

    def cases(self, submission_id: int) -> tuple[CaseResult, ...]:
        """The cases of a stored submission in test order; a result reused from the cache has none
        of its own and shares those of the submission it was reused from."""
        while True:
            table = self.conn.execute("SELECT data FROM case_tables WHERE submission_id = ?",
                                      (submission_id,)).fetchone()
            if table is not None:  # one row for all the cases (v5): a re-grade reads back 20,000 and more
                try:
                    return case_table.decode(table[0])
                except ValueError as exc:
                    raise StoreError(f"{self.path}: a stored case table is unreadable: {exc}") from None
            cursor = self.conn.cursor()
            cursor.row_factory = None  # plain tuples: a store of v4 or before has the rows alone
            rows = cursor.execute(
                "SELECT name, grp, verdict, time_ms, cpu_ms, memory_kb, message, diff, answer FROM cases "
                "WHERE submission_id = ? ORDER BY idx", (submission_id,)).fetchall()
            if rows:
                return tuple(map(self._case, rows))
            source = self.conn.execute("SELECT cached_from FROM submissions WHERE id = ?", (submission_id,)).fetchone()
            if source is None or source[0] is None:
                return ()
            submission_id = source[0]

    def result(self, stored: StoredSubmission) -> SubmissionResult:
        """A stored submission as grading returned it: its cases, the first failing one with what it
        returned and printed (kept with the first failure). No recording facts: those are the
        run's that reuses it."""
        known = self._results.get(stored.id)
        if known is not None:
            return known
        cases = self.cases(stored.id)
        first = stored.first_failure
        if first is not None:
            cases = tuple(replace(c, got=first.case.got, output=first.case.output) if c.name == first.case.name else c
                          for c in cases)
        result = self._results[stored.id] = SubmissionResult(
            submission=stored.name, path=stored.path, language=stored.language, verdict=stored.verdict, cases=cases,
            message=stored.message, sha256=stored.sha256)
        return result

    def reference_times(self, test_set_hash: str) -> dict[str, ReferenceTime]:
        """The reference's stored times for a test set, by case name (empty when never measured)."""
        rows = self.conn.execute("SELECT * FROM reference_times WHERE test_set_hash = ?", (test_set_hash,))
        return {r["case_name"]: ReferenceTime(r["cpu_ms"], r["wall_ms"], r["repeats"], r["toolchain"], r["measured_at"])
                for r in rows}

    def problems(self) -> list[str]:
        """Every problem with a recorded run."""
        return [r[0] for r in self.conn.execute("SELECT DISTINCT problem FROM runs ORDER BY problem")]

    def latest_run(self, problem: str) -> StoredRun | None:
        """The newest run of a problem that recorded at least one submission."""
        row = self.conn.execute(
            "SELECT * FROM runs WHERE problem = ? AND EXISTS (SELECT 1 FROM submissions s WHERE s.run_id = runs.id) "
            "ORDER BY started_at DESC, id DESC LIMIT 1", (problem,)).fetchone()
        return None if row is None else _run(row)

    def runs(self) -> list[StoredRun]:
        """Every run, oldest first."""
        return [_run(r) for r in self.conn.execute("SELECT * FROM runs ORDER BY id")]

    def submissions(self, problem: str | None = None, test_set_hash: str | None = None) -> list[StoredSubmission]:
        """Stored submissions (with their run's problem and test set), oldest first."""
        sql = ("SELECT s.*, r.problem, r.test_set_hash FROM submissions s JOIN runs r ON r.id = s.run_id "
               "WHERE (? IS NULL OR r.problem = ?) AND (? IS NULL OR r.test_set_hash = ?) ORDER BY s.graded_at, s.id")
        return [self._submission(r) for r in self.conn.execute(sql, (problem, problem, test_set_hash, test_set_hash))]

    # ---------------------------------------------------------------- rows to records

    def _submission(self, row: sqlite3.Row) -> StoredSubmission:
        # SQLite keeps whatever a column is given: a score of 'abc' in a corrupt or forged file ended the
        # leaderboard with an internal error (exit 3). One row per submission: checked here, cheaply.
        counts, scores = (row["passed"], row["total"]), (row["score"], row["max_score"])
        if not (all(type(n) is int and n >= 0 for n in counts) and counts[0] <= counts[1]
                and all(type(x) in (int, float) and math.isfinite(x) and x >= 0 for x in scores)):
            raise StoreError(f"{self.path}: submission {row['id']} has a stored count or score that is not one "
                             f"(passed {counts[0]!r:.20}, total {counts[1]!r:.20}, score {scores[0]!r:.20}, "
                             f"max_score {scores[1]!r:.20}): a corrupt or foreign results database")
        return StoredSubmission(
            id=row["id"], run_id=row["run_id"], problem=row["problem"], test_set_hash=row["test_set_hash"],
            graded_at=row["graded_at"], name=row["name"], path=row["path"], author=row["author"], sha256=row["sha256"],
            language=row["language"], toolchain=row["toolchain"], verdict=self._verdict(row["verdict"]),
            passed=row["passed"], total=row["total"], score=row["score"], max_score=row["max_score"],
            message=row["message"], cached_from=row["cached_from"],
            first_failure=self._failure(row["first_failure"]) if row["first_failure"] else None,
            handin=Handin(row["student_id"], row["student_name"], row["email"], row["submitted_at"],
                          bool(row["marked_late"]), row["time_from"]))

    def _case(self, row: tuple[Any, ...]) -> CaseResult:
        name, group, verdict, time_ms, cpu_ms, memory_kb, message, diff, answer = row
        known = _VERDICTS.get(verdict)  # the usual case without a call: rows come by the ten thousand
        return CaseResult(name, group, known if known is not None else self._verdict(verdict), time_ms or 0.0,
                          cpu_ms, memory_kb, message, tuple(diff.split("\n")) if diff else (), None, "", answer or "")

    def _failure(self, text: str) -> FirstFailure:
        """The first-failure column (see _encode_failure) back as a record."""
        try:
            data = json.loads(text)
            case = CaseResult(str(data["name"]), str(data["group"]), self._verdict(data["verdict"]),
                              message=str(data.get("message") or ""), diff=tuple(map(str, data.get("diff") or ())),
                              got=data.get("got"), output=str(data.get("output") or ""))
        except (ValueError, KeyError, TypeError) as exc:
            raise StoreError(f"{self.path}: a stored first failing case is unreadable: {exc}") from None
        return FirstFailure(case, data.get("args"), data.get("expected"))

    def _verdict(self, name: str) -> Verdict:
        try:
            return Verdict.from_name(name)
        except ValueError as exc:
            raise StoreError(f"{self.path}: {exc} (a corrupt or foreign results database)") from None


_VERDICTS = {verdict.value: verdict for verdict in Verdict}


def _run(row: sqlite3.Row) -> StoredRun:
    return StoredRun(id=row["id"], started_at=row["started_at"], finished_at=row["finished_at"], status=row["status"],
                     problem=row["problem"], problem_path=row["problem_path"], test_set_hash=row["test_set_hash"],
                     cases=row["cases"], seed=row["seed"], judge_version=row["judge_version"],
                     deadline=row["deadline"] or "", roster=row["roster"] or "")


def _encode_failure(first: FirstFailure) -> str:
    """The first failing case as the store keeps it: JSON, with its diff and output capped."""
    case = first.case
    return json.dumps({
        "name": case.name, "group": case.group, "verdict": case.verdict.value, "message": case.message,
        "diff": list(case.diff[:FAILURE_DIFF_LINES]), "got": case.got, "output": case.output[:OUTPUT_KEPT],
        "args": first.args, "expected": first.expected,
    }, default=str)


def _unwritable(path: Path) -> str:
    """Why the store's file or its folder cannot be written ('' when both can)."""
    for where in (path, path.parent):
        if where.exists() and not os.access(where, os.W_OK):
            try:
                read_only = bool(os.statvfs(where).f_flag & os.ST_RDONLY)
            except OSError:
                read_only = False
            return "a read-only file system" if read_only else f"{where} is not writable by this user"
    return ""


def _use_wal(conn: sqlite3.Connection) -> None:
    """Put the file in WAL mode (it stays so). Switching needs the file to itself, and SQLite answers
    "database is locked" at once, without its busy handler, when another judge opens the new file in
    the same moment: so retry, up to the busy timeout, unless the other one has switched it already."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


class _Transaction:
    """BEGIN IMMEDIATE takes the write lock up front, so a transaction never has to upgrade (no deadlock)."""

    def __init__(self, store: Store):
        self.conn = store.conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: type | None, *rest: object) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")


def _statements(script: str) -> Iterator[str]:
    """The statements of a migration (executescript would COMMIT our transaction first)."""
    for part in script.split(";"):
        lines = [line.split("--")[0] for line in part.splitlines()]
        text = "\n".join(lines).strip()
        if text:
            yield text


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
