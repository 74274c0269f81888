"""The service's own tables, beside the results store's in the same SQLite file: participants (with
their tokens' digests), every submission with its source and state, and a few settings.

A submission is written and committed before its id is answered, so a crash loses nothing that got
an id: the next start puts every `running` one back in the queue (Service.start). States:
queued -> running -> done; a rejudge puts a done one back to queued.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.results.records import now
from judge.results.store import BUSY_TIMEOUT_MS, Store
from judge.service import tokens
from judge.service.contest import Contest

SCHEMA = """
CREATE TABLE IF NOT EXISTS serve_participants (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    salt TEXT NOT NULL,
    token_hash TEXT,                 -- NULL until a code is redeemed
    code_hash TEXT,                  -- a registration code's digest (same salt)
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS serve_submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    participant TEXT NOT NULL REFERENCES serve_participants(id),
    problem TEXT NOT NULL,
    language TEXT NOT NULL,
    filename TEXT NOT NULL,
    source BLOB NOT NULL,
    sha256 TEXT NOT NULL,
    submitted_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',   -- queued | running | done
    attempts INTEGER NOT NULL DEFAULT 0,
    verdict TEXT,
    score REAL,
    max_score REAL,
    tests TEXT,                             -- the test-set hash it was graded on
    result TEXT,                            -- JSON: {"result": one of grade --json's results, "failure": ...}
    graded_at TEXT
);
CREATE INDEX IF NOT EXISTS serve_submissions_state ON serve_submissions(state, id);
CREATE INDEX IF NOT EXISTS serve_submissions_participant ON serve_submissions(participant, id);
CREATE TABLE IF NOT EXISTS serve_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
#: Settings: the participants the contest file gave at the last start, and those it has removed since.
FILE_PARTICIPANTS, REMOVED = "file_participants", "removed_participants"
#: What a listing shows of a submission (the source and full result stay out).
SUMMARY = "id, participant, problem, language, filename, submitted_at, state, verdict, score, max_score, graded_at"


@dataclass(frozen=True)
class Account:
    """A participant as the service knows them."""

    id: str
    name: str
    registered: bool


class State:
    """The service's tables; one connection shared by the server's threads behind a lock."""

    def __init__(self, path: Path):
        Store.open(path).close()  # create and migrate the results store's own tables first
        self.path = path
        self.conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                    check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")  # an acknowledged submission survives a power cut too
        self.conn.executescript(SCHEMA)
        self.lock = threading.Lock()
        self._accounts: list[sqlite3.Row] | None = None
        self._removed: frozenset[str] | None = None   # participants the contest file gave and no longer lists

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def _write(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Cursor:
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                cur = self.conn.execute(sql, tuple(params))
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            return cur

    def _read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        with self.lock:
            return self.conn.execute(sql, tuple(params)).fetchall()

    # ------------------------------------------------------------ participants

    def sync_participants(self, contest: Contest) -> None:
        """Put the contest file's participants in (their tokens' and codes' digests, a fresh salt each);
        a participant whose code was redeemed keeps the token they got for it. One the file gave before and
        lists no more is removed: their token and code no longer stand, and the board lists them no more
        (their submissions stay stored). Openly registered participants are the service's, never removed so."""
        listed = {p.id for p in contest.participants}
        before = set(json.loads(self.setting(FILE_PARTICIPANTS) or "[]"))
        for pid in sorted(before - listed):  # a participant taken out of the file kept their token (round 29)
            self._write("UPDATE serve_participants SET token_hash = NULL, code_hash = NULL WHERE id = ?", (pid,))
        removed = (set(json.loads(self.setting(REMOVED) or "[]")) | (before - listed)) - listed
        self.set_setting(REMOVED, json.dumps(sorted(removed)) if removed else None)
        self.set_setting(FILE_PARTICIPANTS, json.dumps(sorted(listed)) if listed else None)
        self._removed = frozenset(removed)
        for p in contest.participants:
            row = self._read("SELECT salt, token_hash, code_hash FROM serve_participants WHERE id = ?", (p.id,))
            salt = row[0]["salt"] if row else tokens.new_salt()
            token_hash = tokens.digest(p.token, salt) if p.token else (row[0]["token_hash"] if row else None)
            code_hash = tokens.digest(p.code, salt) if p.code else None
            if row and p.code and row[0]["code_hash"] != code_hash:
                token_hash = None  # a new code: the old registration no longer stands
            self._write("INSERT INTO serve_participants (id, name, salt, token_hash, code_hash, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, "
                        "token_hash = excluded.token_hash, code_hash = excluded.code_hash",
                        (p.id, p.name, salt, token_hash, code_hash, now()))
        self._accounts = None

    def _all_accounts(self) -> list[sqlite3.Row]:
        if self._accounts is None:
            self._accounts = self._read("SELECT id, name, salt, token_hash, code_hash FROM serve_participants")
        return self._accounts

    def authenticate(self, token: str) -> Account | None:
        """The participant whose token this is, or None."""
        for row in self._all_accounts():
            if row["token_hash"] and tokens.matches(token, row["salt"], row["token_hash"]):
                return Account(row["id"], row["name"], True)
        return None

    def redeem(self, code: str) -> tuple[Account, str] | None:
        """A registration code not yet redeemed -> its participant and a fresh token (shown once)."""
        for row in self._all_accounts():
            if row["code_hash"] and row["token_hash"] is None and tokens.matches(code, row["salt"], row["code_hash"]):
                token = tokens.new_token()
                cur = self._write("UPDATE serve_participants SET token_hash = ? WHERE id = ? AND token_hash IS NULL",
                                  (tokens.digest(token, row["salt"]), row["id"]))
                self._accounts = None
                if cur.rowcount == 1:  # two redeeming the same code at once: only one wins
                    return Account(row["id"], row["name"], True), token
        return None

    def register(self, pid: str, name: str) -> str | None:
        """Open registration: a new participant with a fresh token; None when the id is taken."""
        salt, token = tokens.new_salt(), tokens.new_token()
        try:
            self._write("INSERT INTO serve_participants (id, name, salt, token_hash, created_at) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (pid, name, salt, tokens.digest(token, salt), now()))
        except sqlite3.IntegrityError:
            return None
        self._accounts = None
        return token

    def accounts(self) -> list[Account]:
        """Every participant (registered or not), but those the contest file no longer lists."""
        if self._removed is None:
            self._removed = frozenset(json.loads(self.setting(REMOVED) or "[]"))
        return [Account(r["id"], r["name"], r["token_hash"] is not None) for r in self._all_accounts()
                if r["id"] not in self._removed]

    # ------------------------------------------------------------ submissions

    def add(self, participant: str, problem: str, language: str, filename: str, source: bytes, sha256: str) -> int:
        """Store a new submission (committed before this returns); its id."""
        cur = self._write("INSERT INTO serve_submissions (participant, problem, language, filename, source, sha256, "
                          "submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (participant, problem, language, filename, source, sha256, now()))
        assert cur.lastrowid is not None  # set by every INSERT
        return cur.lastrowid

    def waiting(self, participant: str) -> int:
        """How many of a participant's submissions are queued or running, never graded yet: an admin's
        rejudge puts graded ones back in the queue, which must not lock their author out."""
        return int(self._read("SELECT COUNT(*) FROM serve_submissions WHERE participant = ? AND state != 'done' "
                              "AND graded_at IS NULL", (participant,))[0][0])

    def requeue_running(self) -> int:
        """Put back every submission a stopped server was grading, the try not counted to it; how many."""
        return self._write("UPDATE serve_submissions SET state = 'queued', attempts = MAX(attempts - 1, 0) "
                           "WHERE state = 'running'").rowcount

    def requeue(self, ids: Iterable[int], charged: bool = True) -> None:
        """Put these running submissions back in the queue: their worker died (`charged`: the try counts to
        grader.MAX_ATTEMPTS), or the judge's side stopped them (a server's stop, a broker's restart), which is no
        try of theirs (such ends counted too, and an honest submission could reach JE, round 29)."""
        counted = "attempts" if charged else "MAX(attempts - 1, 0)"
        for sid in ids:
            self._write(f"UPDATE serve_submissions SET state = 'queued', attempts = {counted} "
                        "WHERE id = ? AND state = 'running'", (sid,))

    def claim(self, n: int) -> list[sqlite3.Row]:
        """Take up to n queued submissions, marking them running: each time the oldest of a participant with
        the fewest running, so that one participant's queue does not take every worker while others wait."""
        if n <= 0:
            return []
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                rows = []
                for _ in range(n):
                    row = self.conn.execute(
                        "SELECT q.* FROM serve_submissions q WHERE q.state = 'queued' ORDER BY "
                        "(SELECT COUNT(*) FROM serve_submissions r WHERE r.participant = q.participant "
                        "AND r.state = 'running'), q.id LIMIT 1").fetchone()
                    if row is None:
                        break
                    self.conn.execute("UPDATE serve_submissions SET state = 'running', attempts = attempts + 1 "
                                      "WHERE id = ?", (row["id"],))
                    rows.append(row)
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
        return rows

    def finish(self, sid: int, verdict: str, score: float, max_score: float, tests: str, result: str) -> None:
        """Record a submission's grading (only if it is still the running one: a rejudge may have raced it)."""
        self._write("UPDATE serve_submissions SET state = 'done', verdict = ?, score = ?, max_score = ?, tests = ?, "
                    "result = ?, graded_at = ? WHERE id = ? AND state = 'running'",
                    (verdict, score, max_score, tests, result, now(), sid))

    def rescore(self, problem: str, score: Callable[[dict[str, Any]], tuple[float, float]]) -> int:
        """Score a problem's graded submissions again from their stored results (`score`: a stored result ->
        score and max score), where that differs: its weights changed since. How many changed."""
        rows = self._read("SELECT id, score, max_score, result FROM serve_submissions WHERE problem = ? "
                          "AND state = 'done' AND result IS NOT NULL", (problem,))
        changed = 0
        for row in rows:
            try:
                got, total = score(json.loads(row["result"])["result"])
            except (ValueError, KeyError, TypeError):  # an unreadable stored result keeps its score
                continue
            if (got, total) != (row["score"], row["max_score"]):
                changed += self._write("UPDATE serve_submissions SET score = ?, max_score = ? "
                                       "WHERE id = ? AND state = 'done'", (got, total, row["id"])).rowcount
        return changed

    def rejudge(self, problem: str | None = None, sid: int | None = None) -> int:
        """Queue graded submissions again (one, or all of a problem); how many."""
        if sid is not None:
            return self._write("UPDATE serve_submissions SET state = 'queued' WHERE id = ? AND state = 'done'",
                               (sid,)).rowcount
        return self._write("UPDATE serve_submissions SET state = 'queued' WHERE problem = ? AND state = 'done'",
                           (problem,)).rowcount

    def get(self, sid: int) -> sqlite3.Row | None:
        """One submission with its source and result (None for an id SQLite cannot even hold)."""
        if not 0 < sid < 2**63:
            return None
        rows = self._read("SELECT * FROM serve_submissions WHERE id = ?", (sid,))
        return rows[0] if rows else None

    def mine(self, participant: str) -> list[sqlite3.Row]:
        """A participant's submissions, newest first (no sources, no results)."""
        return self._read(f"SELECT {SUMMARY} FROM serve_submissions WHERE participant = ? ORDER BY id DESC",
                          (participant,))

    def everything(self) -> list[sqlite3.Row]:
        """Every submission, oldest first (no sources, no results): what the scoreboard is made of."""
        return self._read(f"SELECT {SUMMARY} FROM serve_submissions ORDER BY id")

    def counts(self) -> dict[str, int]:
        """How many submissions are in each state."""
        return {r[0]: r[1] for r in self._read("SELECT state, COUNT(*) FROM serve_submissions GROUP BY state")}

    # ------------------------------------------------------------ settings

    def setting(self, key: str) -> str | None:
        """A stored setting, or None."""
        rows = self._read("SELECT value FROM serve_settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str | None) -> None:
        """Store (or, with None, remove) a setting."""
        if value is None:
            self._write("DELETE FROM serve_settings WHERE key = ?", (key,))
        else:
            self._write("INSERT INTO serve_settings (key, value) VALUES (?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, value))
