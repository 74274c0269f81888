"""The scoreboard: IOI (sum of each problem's best score, as a percentage of its cases' weights) or
ICPC (problems solved, then penalty: minutes from the start to each first AC plus 20 per earlier
wrong try). During a freeze the public board counts what came after the freeze as pending tries.

Verdicts that say nothing about the solution (CE, JE) are not wrong tries, as in ICPC's rules.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from judge.service.contest import PENALTY_MINUTES, Contest
from judge.service.state import Account

NOT_A_TRY = {"CE", "JE"}


@dataclass
class Cell:
    """One participant on one problem."""

    tries: int = 0          # counted tries (ICPC: before and including the first AC)
    pending: int = 0        # not graded yet, or graded after the freeze (public board)
    solved: bool = False
    minutes: int | None = None  # ICPC: minutes from the start to the first AC
    best: float = 0.0       # IOI: best score, 0..100
    first_solver: bool = False

    def to_json(self) -> dict[str, Any]:
        """The cell as the API gives it."""
        return {"tries": self.tries, "pending": self.pending, "solved": self.solved, "minutes": self.minutes,
                "score": round(self.best, 2), "first": self.first_solver}


@dataclass
class Row:
    """One participant's line."""

    participant: str
    name: str
    cells: dict[str, Cell] = field(default_factory=dict)
    rank: int = 0
    last: str = ""  # when the last result that counts came in: the tie-break (earlier ranks first)

    @property
    def solved(self) -> int:
        """Problems solved."""
        return sum(c.solved for c in self.cells.values())

    @property
    def penalty(self) -> int:
        """ICPC penalty minutes: each solved problem's minutes plus 20 per wrong try before its AC."""
        return sum((c.minutes or 0) + PENALTY_MINUTES * (c.tries - 1) for c in self.cells.values() if c.solved)

    @property
    def total(self) -> float:
        """IOI: the sum of the best scores."""
        return round(sum(c.best for c in self.cells.values()), 2)

    def to_json(self) -> dict[str, Any]:
        """The row as the API gives it."""
        return {"rank": self.rank, "participant": self.participant, "name": self.name, "solved": self.solved,
                "penalty": self.penalty, "score": self.total,
                "problems": {p: c.to_json() for p, c in self.cells.items()}}


def build(contest: Contest, accounts: Sequence[Account], submissions: Iterable[Any],
          frozen_at: datetime | None) -> list[Row]:
    """Rank everyone from the submissions (rows of state.SUMMARY, oldest first); results of submissions
    made at or after `frozen_at` count only as pending tries."""
    problems = list(contest.problems)
    rows = {a.id: Row(a.id, a.name, {p: Cell() for p in problems}) for a in accounts}
    solved_first: dict[str, tuple[str, str]] = {}
    for s in submissions:
        row = rows.get(s["participant"])
        if row is None or s["problem"] not in row.cells:
            continue
        cell, when = row.cells[s["problem"]], datetime.fromisoformat(s["submitted_at"])
        hidden = frozen_at is not None and when >= frozen_at
        if s["state"] != "done" or hidden:
            if not cell.solved:
                cell.pending += 1
            continue
        if s["verdict"] in NOT_A_TRY or cell.solved:
            continue
        cell.tries += 1
        fraction = 100.0 * s["score"] / s["max_score"] if s["max_score"] else 0.0
        if fraction > cell.best:
            cell.best = fraction
            if contest.scoring == "ioi":
                row.last = s["submitted_at"]
        if s["verdict"] == "AC":
            cell.solved = True
            cell.minutes = int((when - contest.start).total_seconds() // 60)
            if contest.scoring == "icpc":
                row.last = s["submitted_at"]
            if s["problem"] not in solved_first or s["submitted_at"] < solved_first[s["problem"]][1]:
                solved_first[s["problem"]] = (row.participant, s["submitted_at"])
    for problem, (pid, _) in solved_first.items():
        rows[pid].cells[problem].first_solver = True
    key = _icpc_key if contest.scoring == "icpc" else _ioi_key
    ranked = sorted(rows.values(), key=key)
    for i, row in enumerate(ranked):
        row.rank = ranked[i - 1].rank if i and key(ranked[i - 1])[:-2] == key(row)[:-2] else i + 1
    return ranked


def _icpc_key(row: Row) -> tuple[Any, ...]:
    # rank: solved, penalty; equal ranks share a number; then by who got there first, then by name
    return (-row.solved, row.penalty, row.last or "~", row.name.casefold())


def _ioi_key(row: Row) -> tuple[Any, ...]:
    return (-row.total, row.last or "~", row.name.casefold())
