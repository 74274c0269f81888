"""The service without HTTP: who someone is, taking a submission, what they may see, the scoreboard,
and the admin's actions. app.py and pages.py only translate requests to these calls and back.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import sys
import threading
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judge import languages
from judge.errors import JudgeError
from judge.languages.base import Language
from judge.problems.cases import Case, load_cases
from judge.problems.problem import Problem, load_problem
from judge.results import scoring, serialize, visibility as policies
from judge.results.store import Store
from judge.results.text import unseen_removed
from judge.results.visibility import DEFAULT, HIDDEN, Policy
from judge.service import scoreboard, tokens, visibility
from judge.service.contest import Contest
from judge.service.grader import Grader, failure_record
from judge.service.limits import RateLimiter, address_block
from judge.service.state import Account, State

FREEZE = "freeze"  # the setting: absent = the contest's own freeze; "off"; or the ISO time it was frozen at
ADMIN_SALT = "admin_salt"
ADMIN_HASH = "admin_hash"
_ID = re.compile(r"[^a-z0-9]+")
REGISTRATIONS_PER_MINUTE = 60  # open registration, everyone together
#: Open registration from one client address in any hour: one person cannot take every slot of the minute
#: (locking others out) nor multiply their per-participant limits by as many accounts as they like.
REGISTRATIONS_PER_ADDRESS = 5
#: Unknown tokens and registration codes one client address may try in any minute: past it every try
#: fails for a while, so a hand-given token or a sequential code (LAB3-0001) cannot be guessed at speed.
GUESSES_PER_MINUTE = 20
#: Wrong registration codes one network (network()) may try in any minute, all its clients together.
CODE_GUESSES_PER_NETWORK = 60
WRONG_KEPT = 10_000
SCOREBOARD_SECONDS = 1.0  # the pages poll every 2 s: a board a second old is still news


def client(address: str) -> str:
    """Who a guess is counted to: an IPv4 address, an IPv6 address's /64 (one client holds a whole /64),
    else the text. Only the guesser is locked out: a classroom behind one network keeps its access."""
    return _prefix(address, 32, 64)


def network(address: str) -> str:
    """Where wrong registration codes are also counted together: an IPv4 address's /24, an IPv6 address's
    /48 (a sequential code was found from 47 addresses of one /24, each counted alone)."""
    return _prefix(address, 24, 48)


def _prefix(address: str, v4: int, v6: int) -> str:
    block = address_block(address, v4, v6)
    return address if block is None else str(block)


class Refused(Exception):
    """A request the service says no to: an HTTP status, one line, and for 429 the seconds to wait."""

    def __init__(self, status: int, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.status, self.message, self.retry_after = status, message, retry_after


@dataclass
class ProblemInfo:
    """A contest problem as the server holds it: the package and its current cases (fixed only)."""

    problem: Problem
    cases: list[Case]
    tests: str
    policy: Policy = DEFAULT  # problem.yaml's `visibility`: what participants see of each group


def _scored(weights: dict[str, float], stored: dict[str, Any]) -> tuple[float, float]:
    """A stored result's score and max score under `weights`."""
    return scoring.score([serialize.case_from_json(c) for c in stored.get("cases", [])], weights)


def utcnow() -> datetime:
    """Now, in UTC."""
    return datetime.now(timezone.utc)


def name_key(name: str) -> str:
    """What two names that look the same on the board share: Unicode NFKC, case folded, spaces collapsed,
    without what shows as nothing. Printable is not visible: a variation selector is a mark, and
    "ali\u180bce" (U+180B) registered beside "alice" (red-team round 27); refusing such characters
    refused "Ana \u2764\ufe0f" too, whose selector a phone's keyboard puts after the heart."""
    return " ".join(unicodedata.normalize("NFKC", unseen_removed(name)).casefold().split())


class Service:
    """One contest served from one store."""

    def __init__(self, contest: Contest, db: Path, admin_token: str, workers: int = 2, broker: str | None = None):
        self.contest = contest
        self.state = State(db)
        self.store = Store.open(db)
        self.state.sync_participants(contest)
        salt = tokens.new_salt()  # the admin token's digest is stored like the others, fresh each start
        self.state.set_setting(ADMIN_SALT, salt)
        self.state.set_setting(ADMIN_HASH, tokens.digest(admin_token, salt))
        self.admin = (salt, tokens.digest(admin_token, salt))
        self.problems = {pid: self._info(p) for pid, p in contest.problems.items()}
        for pid, info in self.problems.items():
            # Scores as the package weighs them now, as `judge leaderboard` gives them: a `scoring:` changed
            # between two starts left the board mixing the old weights' scores with the new ones'.
            self.state.rescore(pid, functools.partial(_scored, scoring.weights(info.problem)))
        self.rates = RateLimiter(contest.limits.per_minute)
        self.registrations = RateLimiter(REGISTRATIONS_PER_MINUTE)
        self.addresses = RateLimiter(REGISTRATIONS_PER_ADDRESS, window=3600.0)
        self.guesses = RateLimiter(GUESSES_PER_MINUTE)             # per client()
        self.code_guesses = RateLimiter(CODE_GUESSES_PER_NETWORK)  # per network(), codes only
        self.boards: dict[bool, tuple[float, dict[str, Any]]] = {}  # full? -> (when built, the board)
        self.board_lock = threading.Lock()
        self.wrong: dict[bytes, None] = {}  # the wrong secrets lately counted (their digests), oldest first
        self.cases_lock = threading.Lock()
        self.submit_lock = threading.Lock()
        self.register_lock = threading.Lock()  # an open registration's name check and insert
        self.cluster = None
        if broker:  # Celery's import and the broker's check only when one is named
            from judge.cluster.client import Cluster

            self.cluster = Cluster(broker)
            self.cluster.ready(languages.LANGUAGES, require_sandbox=True,
                               warn=lambda line: print(f"judge serve: warning: {line}", file=sys.stderr))
        # ICPC scoring needs a verdict alone: grading stops at the first failing case, as DOMjudge's lazy
        # evaluation does (a wrong answer that sleeps near the wall limit held a worker 5 minutes before).
        self.grader = Grader(self.state, self.store, lambda pid: self.problems[pid], workers, self.cluster,
                             first_failure_ends=contest.scoring == "icpc")

    @staticmethod
    def _info(problem: Problem) -> ProblemInfo:
        cases = load_cases(problem)
        # The service grades the fixed cases only: weights that leave them all at 0 score everyone 0 of 0.
        scoring.check_weighed(problem, scoring.weights(problem), (c.group for c in cases))
        return ProblemInfo(problem, cases, policies.graded_set_hash(problem, cases), policies.policy(problem))

    def start(self) -> None:
        """Start grading (first whatever a stopped server left queued or running)."""
        self.grader.start()

    def stop(self) -> None:
        """Stop grading and close the store."""
        self.grader.stop()
        self.state.close()
        self.store.close()

    # ------------------------------------------------------------ who

    def authenticate(self, token: str | None, address: str | None = None) -> Account | None:
        """The participant a token belongs to, or None (no token, a forged one, or `address` guessing)."""
        if not token:
            return None
        if address is not None and self.guesses.wait(client(address)) is not None:
            return None
        who = self.state.authenticate(token) if len(token) <= 200 else None
        if who is None and address is not None:
            self._guessed(address, token)
        return who

    def _guessed(self, address: str, secret: str, code: bool = False) -> None:
        """Count a wrong token or code to its client (a code to its network too), once per distinct one: a
        page polling with a stale cookie is not guessing."""
        who = client(address)
        mark = hashlib.sha256(f"{who}\0{secret}".encode("utf-8", "surrogatepass")).digest()[:16]
        with self.submit_lock:
            if mark in self.wrong:
                return
            self.wrong[mark] = None
            while len(self.wrong) > WRONG_KEPT:
                self.wrong.pop(next(iter(self.wrong)))
        self.guesses.take(who)
        if code:
            self.code_guesses.take(network(address))

    def guessing(self, address: str | None) -> float | None:
        """The seconds a client that tried too many unknown tokens or codes must wait, or None."""
        return None if address is None else self.guesses.wait(client(address))

    def admin_guessed(self, address: str, token: str | None) -> None:
        """Count a wrong admin token as a wrong participant token is counted (the same limit, per client)."""
        if token:
            self._guessed(address, token)

    def is_admin(self, token: str | None) -> bool:
        """Whether the token is the admin's."""
        return bool(token) and len(token or "") <= 200 and tokens.matches(token or "", *self.admin)

    def register(self, name: str | None = None, code: str | None = None,
                 address: str | None = None) -> tuple[Account, str]:
        """A participant and their new token: by a registration code, or by a name under open registration
        (at most REGISTRATIONS_PER_ADDRESS an hour from one client `address`)."""
        mode = self.contest.registration
        if code:
            wait = self.guessing(address)
            if wait is None and address is not None:
                wait = self.code_guesses.wait(network(address))
            if wait is not None:
                raise Refused(429, "too many unknown tokens or codes from this address or its network",
                              retry_after=wait)
            redeemed = self.state.redeem(code[:200])
            if redeemed is None:
                self._guessed(address or "?", code, code=True)
                raise Refused(403, "unknown or already used registration code")
            return redeemed
        if mode != "open":
            raise Refused(403, "registration needs a code from the organisers" if mode == "codes"
                          else "registration is closed")
        # Runs of spaces (any Unicode space) become one: a page shows "Alice  Liddell" as "Alice Liddell".
        name = " ".join((name or "").split())
        if not name or len(name) > 100 or not name.isprintable():
            raise Refused(422, "name: expected 1 to 100 printable characters")
        key = name_key(name)
        # The check and the insert at once: two requests for one name at the same moment both passed the check.
        with self.register_lock:
            if any(name_key(a.name) == key for a in self.state.accounts()):
                raise Refused(409, "that name is taken: the scoreboard would show two of it")  # or pass as another
            # The contest's limit first, uncounted: a flood it refuses leaves no key per address behind it.
            wait = self.registrations.wait("open")
            if wait is not None:
                raise Refused(429, f"at most {REGISTRATIONS_PER_MINUTE} registrations a minute", retry_after=wait)
            # Per client, as guesses are: one IPv6 host holds a whole /64, and 7 addresses of one took 7 (round 29).
            wait = self.addresses.take(client(address) if address else "?")
            if wait is not None:
                raise Refused(429, f"at most {REGISTRATIONS_PER_ADDRESS} registrations an hour from one address",
                              retry_after=wait)
            wait = self.registrations.take("open")  # open registration is no way to flood the store with accounts
            if wait is not None:
                raise Refused(429, f"at most {REGISTRATIONS_PER_MINUTE} registrations a minute", retry_after=wait)
            base = _ID.sub("-", name.casefold()).strip("-")[:40] or "participant"
            for n in range(1, 1000):
                pid = base if n == 1 else f"{base}-{n}"
                token = self.state.register(pid, name)
                if token is not None:
                    return Account(pid, name, True), token
        raise Refused(409, "too many participants of that name")

    # ------------------------------------------------------------ submitting

    def submit(self, who: Account, problem: str, source: str, language: str | None = None,
               filename: str | None = None) -> int:
        """Store a submission and queue it; its id. Refused: unknown problem or language, too big, too many."""
        # The window first: before the start, a 404 naming the problems (or a 403 confirming a guess) would
        # give away what the contest hides.
        closed = self.contest.open_at(utcnow())
        if closed:
            raise Refused(403, closed)
        if problem not in self.problems:
            raise Refused(404, f"unknown problem {problem!r} (problems: {', '.join(self.problems)})")
        lang = self._language(language, filename)
        # the last part of the name only, printable, of the language: it is shown to people and names the file
        filename = (filename or "").replace("\\", "/").rsplit("/", 1)[-1][-100:]
        if not (filename.isprintable() and lang.matches(Path(filename)) and filename.strip(". ")):
            filename = f"solution{lang.extensions[0]}"
        try:
            data = source.encode("utf-8")
        except UnicodeEncodeError:
            raise Refused(422, "source: not valid UTF-8 text") from None
        if len(data) > self.contest.limits.source_kb * 1024:
            raise Refused(413, f"source: {len(data)} bytes, over the limit of {self.contest.limits.source_kb} KiB")
        if not data.strip():
            raise Refused(422, "source: empty")
        with self.submit_lock:  # the count and the insert at once: two requests at a time cannot both slip in
            waiting = self.state.waiting(who.id)
            if waiting >= self.contest.limits.queued:
                raise Refused(429, f"{waiting} of your submissions are still waiting (at most "
                                   f"{self.contest.limits.queued}); try again when one is graded", retry_after=5)
            wait = self.rates.take(who.id)
            if wait is not None:
                raise Refused(429, f"at most {self.contest.limits.per_minute} submissions a minute",
                              retry_after=wait)
            sid = self.state.add(who.id, problem, lang.name, filename, data, hashlib.sha256(data).hexdigest())
        self.grader.wake()
        return sid

    def _language(self, language: str | None, filename: str | None) -> Language:
        try:
            if language:
                return languages.by_name(language)
            if filename:
                return languages.for_path(Path(filename))
        except JudgeError as exc:
            raise Refused(422, str(exc)) from None
        raise Refused(422, f"language: give one of {', '.join(languages.LANGUAGES)} "
                           f"(or a file name with its extension)")

    # ------------------------------------------------------------ seeing

    def mine(self, who: Account) -> list[dict[str, Any]]:
        """A participant's own submissions, newest first."""
        return [_summary(r) for r in self.state.mine(who.id)]

    def submission(self, who: Account | None, sid: int, admin: bool = False) -> dict[str, Any]:
        """One submission with its cases as its author may see them; 404 for anyone else's (its existence is
        not told either)."""
        row = self.state.get(sid)
        if row is None or not (admin or (who is not None and row["participant"] == who.id)):
            raise Refused(404, f"no submission {sid} of yours")
        out = _summary(row)
        out["source"] = bytes(row["source"]).decode("utf-8")
        out["cases"], out["hidden"], out["message"], out["failure"] = [], [], "", None
        if row["result"]:
            stored = json.loads(row["result"])
            result = stored["result"]
            if admin:
                out["cases"], out["failure"] = result.get("cases", []), stored["failure"]
            else:
                info = self.problems.get(row["problem"])
                sure = info is not None and row["tests"] == info.tests  # graded as the problem grades now
                now = None if info is None else {c.name: c.group for c in info.cases}
                out.update(visibility.shown(result, failure_record(stored["failure"]), self.policy(row["problem"]),
                                            sure, now))
            out["message"] = visibility.shown_message(result)
            out["passed"], out["total"] = result.get("passed"), result.get("total")
        return out

    def policy(self, problem: str) -> Policy:
        """The visibility policy of a problem's package; every case hidden when the contest no longer has it."""
        info = self.problems.get(problem)
        return Policy(default=HIDDEN) if info is None else info.policy

    def frozen_at(self) -> datetime | None:
        """Where the public scoreboard stops: an admin's freeze, the contest's, or None."""
        setting = self.state.setting(FREEZE)
        if setting == "off":
            return None
        if setting:
            return datetime.fromisoformat(setting)
        return self.contest.freeze_at

    def scoreboard(self, full: bool = False) -> dict[str, Any]:
        """The ranking (frozen for the public, full for the admin).

        The public's is built at most once a SCOREBOARD_SECONDS: anyone may ask for it, and building reads
        every submission (60 ms at 20,000), so a flood of requests (or a room of projectors polling) would
        otherwise keep the cores busy."""
        if full:  # the admin's: always fresh (their token is needed, so no flood)
            return self._scoreboard(True)
        with self.board_lock:
            kept = self.boards.get(full)
            if kept is not None and time.monotonic() - kept[0] < SCOREBOARD_SECONDS:
                return kept[1]
            board = self._scoreboard(full)
            self.boards[full] = (time.monotonic(), board)
            return board

    def _scoreboard(self, full: bool) -> dict[str, Any]:
        frozen = None if full else self.frozen_at()
        rows = [r.to_json() for r in scoreboard.build(self.contest, self.state.accounts(), self.state.everything(),
                                                      frozen)]
        shown = list(self.problems) if full or utcnow() >= self.contest.start else []  # no problem ids before it
        for row in rows:
            row["problems"] = {pid: cell for pid, cell in row["problems"].items() if pid in shown}
        return {"contest": self.contest.name, "scoring": self.contest.scoring, "problems": shown,
                "frozen": frozen is not None and utcnow() >= frozen,
                "frozen_at": None if frozen is None else frozen.isoformat(), "generated_at": utcnow().isoformat(),
                "rows": rows}

    def info(self) -> dict[str, Any]:
        """The contest as anyone may see it: its problems only once it has started (their titles and entry
        points say much of what is asked; a contest file's window keeps them closed till then)."""
        c = self.contest
        started = utcnow() >= c.start
        return {"name": c.name, "start": c.start.isoformat(), "end": None if c.end is None else c.end.isoformat(),
                "scoring": c.scoring, "registration": c.registration,
                "limits": {"source_kb": c.limits.source_kb, "per_minute": c.limits.per_minute,
                           "queued": c.limits.queued},
                "languages": {name: lang.title for name, lang in languages.LANGUAGES.items()},
                "problems": [{"id": pid, "title": i.problem.title, "signature": i.problem.signature.declaration(),
                              "cases": len(i.cases)} for pid, i in self.problems.items() if started]}

    # ------------------------------------------------------------ admin

    def add_cases(self, problem: str, text: str, group: str = "secret", file: str | None = None) -> list[str]:
        """Add cases in the case-file format, validated and answered as `judge add-case --from` does; their names."""
        from judge.grading import addcase
        from judge.grading.grade import Options
        from judge.sandbox.box import detect

        if problem not in self.problems:
            raise Refused(404, f"unknown problem {problem!r}")
        with self.cases_lock:  # two admins adding at once must not both append to the same file blind
            package = load_problem(str(self.problems[problem].problem.root))
            try:
                items = addcase.from_yaml_text(package, text, "the request")
                path = addcase.target(package, group, file)
                new = addcase.prepare(package, items, "the request", Options(box=detect()))
                addcase.append(package, path, group, new)
            except JudgeError as exc:
                raise Refused(422, str(exc)) from None
            self.problems[problem] = self._info(package)
        return [c.name for c in new]

    def rejudge(self, problem: str | None = None, sid: int | None = None) -> int:
        """Queue graded submissions again; how many."""
        if sid is None and problem not in self.problems:
            raise Refused(404, f"unknown problem {problem!r}")
        count = self.state.rejudge(problem, sid)
        self.grader.wake()
        return count

    def freeze(self, on: bool) -> datetime | None:
        """Freeze the public scoreboard now, or lift every freeze; where it stops now."""
        self.state.set_setting(FREEZE, utcnow().isoformat() if on else "off")
        with self.board_lock:
            self.boards.clear()  # a freeze (or its end) shows at once
        return self.frozen_at()


def _summary(row: Any) -> dict[str, Any]:
    return {"id": row["id"], "problem": row["problem"], "language": row["language"], "filename": row["filename"],
            "submitted_at": row["submitted_at"], "state": row["state"], "verdict": row["verdict"],
            "score": row["score"], "max_score": row["max_score"], "graded_at": row["graded_at"]}
