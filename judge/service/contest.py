"""The contest file: problems, time window, participants, scoring, freeze, limits; strictly checked.

    name: Lab 3
    problems: [minesweeper, ../more/coins]     # names under problems/ or paths (relative to this file)
    start: 2026-11-30T10:00:00Z                 # ISO 8601; a time without zone is UTC
    end: 2026-11-30T13:00:00Z
    scoring: icpc                               # ioi (default) | icpc
    freeze: 60                                  # optional: scoreboard frozen in the last 60 minutes
    registration: codes                         # open | codes (default) | closed
    limits: {source_kb: 64, per_minute: 6, queued: 3}
    participants:
      - {id: alice, name: Alice Liddell, token: 6f1c...}    # a token of 16+ characters given out by hand
      - {id: bob, name: Bob, code: LAB3-7Q2X}               # or a one-time registration code

Every error is one line naming the file and the key (ProblemError: exit 2 in the CLI).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judge import files
from judge.errors import ProblemError
from judge.problems import parsed
from judge.problems.problem import Problem, find_packages, find_problem_dir, load_problem

SCORING = ("ioi", "icpc")
REGISTRATION = ("open", "codes", "closed")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MIN_TOKEN = 16
KEYS = {"name", "problems", "start", "end", "scoring", "freeze", "registration", "limits", "participants"}
LIMIT_KEYS = {"source_kb": 64, "per_minute": 10, "queued": 3}
PENALTY_MINUTES = 20  # ICPC: each wrong try before the first accepted one

#: The most a contest file may hold (bytes).
MAX_CONTEST_BYTES = 4 << 20


@dataclass(frozen=True)
class Participant:
    """Someone who may submit: a token given out by hand, or a one-time registration code."""

    id: str
    name: str
    token: str | None = None
    code: str | None = None


@dataclass(frozen=True)
class Limits:
    """What one participant may do: source size, submissions a minute, submissions waiting at once."""

    source_kb: int = LIMIT_KEYS["source_kb"]
    per_minute: int = LIMIT_KEYS["per_minute"]
    queued: int = LIMIT_KEYS["queued"]


@dataclass(frozen=True)
class Contest:
    """A loaded contest: its problems (packages), window, scoring and people."""

    name: str
    problems: dict[str, Problem]
    start: datetime
    end: datetime | None
    scoring: str = "ioi"
    freeze_minutes: int | None = None
    registration: str = "codes"
    limits: Limits = field(default_factory=Limits)
    participants: tuple[Participant, ...] = ()
    source: str = "(default)"

    @property
    def freeze_at(self) -> datetime | None:
        """When the public scoreboard stops taking new results (None: never)."""
        if self.freeze_minutes is None or self.end is None:
            return None
        from datetime import timedelta

        return self.end - timedelta(minutes=self.freeze_minutes)

    def open_at(self, when: datetime) -> str | None:
        """None when submissions are taken at `when`, else why not."""
        if when < self.start:
            return f"the contest starts at {self.start.isoformat()}"
        if self.end is not None and when >= self.end:
            return f"the contest ended at {self.end.isoformat()}"
        return None


def default_contest(start: datetime) -> Contest:
    """Without --contest: every problem package found, open from now with no end, IOI scoring, open
    registration (anyone may pick a name and gets a token): a class lab on one machine or a LAN."""
    problems: dict[str, Problem] = {}
    for root in find_packages():
        problem = load_problem(str(root))
        problems.setdefault(problem.id, problem)
    if not problems:
        raise ProblemError("no problem packages found (see `judge problems`); give --contest FILE")
    return Contest("Practice", problems, start, None, registration="open")


def load_contest(path: Path) -> Contest:
    """Read and check a contest file; ProblemError naming the file and the key on the first problem."""
    where = str(path)
    try:  # through the one strict loader (a key given twice kept its last value: `end` two dates, round 29)
        data = parsed.load(files.read_capped(path, MAX_CONTEST_BYTES, "the contest file").decode("utf-8"),
                           libyaml=False)[0]
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(f"{where}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    except parsed.Malformed as failure:
        error = failure.error
        mark = getattr(error, "problem_mark", None)
        raise ProblemError(f"{where}{f':{mark.line + 1}' if mark else ''}: malformed YAML: "
                           f"{getattr(error, 'problem', None) or error}") from None
    if not isinstance(data, dict):
        raise ProblemError(f"{where}: expected a mapping of keys ({', '.join(sorted(KEYS))})")
    unknown = set(map(str, data)) - KEYS
    if unknown:
        raise ProblemError(f"{where}: unknown key(s) {', '.join(sorted(unknown))} (known: {', '.join(sorted(KEYS))})")
    for key in ("problems", "start", "end", "participants"):
        if key not in data:
            raise ProblemError(f"{where}: missing key {key}")
    start, end = _time(data["start"], where, "start"), _time(data["end"], where, "end")
    if end <= start:
        raise ProblemError(f"{where}: end: must be after start")
    scoring = data.get("scoring", "ioi")
    if scoring not in SCORING:
        raise ProblemError(f"{where}: scoring: expected one of {', '.join(SCORING)}, got {scoring!r}")
    freeze = data.get("freeze")
    if freeze is not None and (_not_int(freeze) or not 0 < freeze <= (end - start).total_seconds() / 60):
        raise ProblemError(f"{where}: freeze: expected minutes before the end, between 1 and the contest's length")
    registration = data.get("registration", "codes")
    if registration not in REGISTRATION:
        raise ProblemError(f"{where}: registration: expected one of {', '.join(REGISTRATION)}, got {registration!r}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        raise ProblemError(f"{where}: name: expected a non-empty string")
    return Contest(name, _problems(data["problems"], path), start, end, scoring, freeze, registration,
                   _limits(data.get("limits", {}), where), _participants(data["participants"], where), where)


def _time(value: Any, where: str, key: str) -> datetime:
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise ProblemError(f"{where}: {key}: expected an ISO 8601 time such as 2026-11-30T10:00:00Z, "
                               f"got {value!r}") from None
    else:
        raise ProblemError(f"{where}: {key}: expected an ISO 8601 time such as 2026-11-30T10:00:00Z")
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _not_int(value: Any) -> bool:
    return isinstance(value, bool) or not isinstance(value, int)


def _problems(value: Any, path: Path) -> dict[str, Problem]:
    where = str(path)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ProblemError(f"{where}: problems: expected a non-empty list of problem names or paths")
    out: dict[str, Problem] = {}
    for item in value:
        beside = path.parent / item
        try:
            root = beside if (beside / "problem.yaml").is_file() else find_problem_dir(item)
        except ProblemError:
            raise
        except Exception as exc:  # UsageError: unknown problem; said here as the contest file's problem
            raise ProblemError(f"{where}: problems: {exc}") from None
        problem = load_problem(str(root))
        if problem.id in out:
            raise ProblemError(f"{where}: problems: {problem.id} is listed twice")
        out[problem.id] = problem
    return out


def _limits(value: Any, where: str) -> Limits:
    if not isinstance(value, dict) or set(map(str, value)) - set(LIMIT_KEYS):
        raise ProblemError(f"{where}: limits: expected a mapping of {', '.join(LIMIT_KEYS)}")
    for key, number in value.items():
        if _not_int(number) or number < 1:
            raise ProblemError(f"{where}: limits.{key}: expected a whole number >= 1, got {number!r}")
    return Limits(**{**LIMIT_KEYS, **value})


def _participants(value: Any, where: str) -> tuple[Participant, ...]:
    if not isinstance(value, list):
        raise ProblemError(f"{where}: participants: expected a list of {{id, name, token or code}}")
    seen: set[str] = set()
    secrets: set[str] = set()
    out = []
    for k, item in enumerate(value, 1):
        key = f"participants[{k}]"
        if not isinstance(item, dict) or set(map(str, item)) - {"id", "name", "token", "code"}:
            raise ProblemError(f"{where}: {key}: expected a mapping of id, name, and token or code")
        pid, name = item.get("id"), item.get("name", item.get("id"))
        if not isinstance(pid, str) or not _ID.match(pid):
            raise ProblemError(f"{where}: {key}.id: expected letters, digits, _ . - (at most 64), got {pid!r}")
        if pid in seen:
            raise ProblemError(f"{where}: {key}.id: {pid} is used twice")
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            raise ProblemError(f"{where}: {key}.name: expected a non-empty string of at most 100 characters")
        token, code = item.get("token"), item.get("code")
        if (token is None) == (code is None):
            raise ProblemError(f"{where}: {key}: give exactly one of token and code")
        secret = token if token is not None else code
        if not isinstance(secret, str) or len(secret) < (MIN_TOKEN if token is not None else 6):
            raise ProblemError(f"{where}: {key}.{'token' if token is not None else 'code'}: expected a string of at "
                               f"least {MIN_TOKEN if token is not None else 6} characters")
        if secret in secrets:
            raise ProblemError(f"{where}: {key}: the same token or code is given twice")
        seen.add(pid)
        secrets.add(secret)
        out.append(Participant(pid, name.strip(), token, code))
    return tuple(out)
