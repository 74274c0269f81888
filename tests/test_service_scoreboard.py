"""The scoreboard's rules: ICPC (solved, then penalty with 20 minutes a wrong try; CE not a try), IOI
(the sum of best scores), shared ranks, and a freeze that turns later results into pending tries."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from judge.service.contest import Contest
from judge.service.scoreboard import build
from judge.service.state import Account

START = datetime(2026, 11, 30, 10, tzinfo=timezone.utc)
PEOPLE = [Account("ann", "Ann", True), Account("ben", "Ben", True), Account("cat", "Cat", True)]


def contest(scoring):
    return Contest("c", {"p": None, "q": None}, START, START + timedelta(hours=3), scoring)  # type: ignore[dict-item]


def sub(who, problem, minute, verdict, score=0.0, state="done"):
    return {"participant": who, "problem": problem, "submitted_at": (START + timedelta(minutes=minute)).isoformat(),
            "state": state, "verdict": verdict, "score": score, "max_score": 10.0}


def test_icpc_solved_then_penalty_with_20_minutes_per_wrong_try():
    subs = [sub("ann", "p", 10, "WA"), sub("ann", "p", 15, "CE"), sub("ann", "p", 20, "AC", 10),
            sub("ben", "p", 30, "AC", 10), sub("ben", "q", 50, "TLE"), sub("cat", "q", 5, "AC", 10),
            sub("cat", "p", 100, "AC", 10), sub("ann", "p", 25, "WA")]  # after the AC: changes nothing
    rows = build(contest("icpc"), PEOPLE, subs, None)
    assert [(r.participant, r.solved, r.penalty, r.rank) for r in rows] == [
        ("cat", 2, 105, 1), ("ben", 1, 30, 2), ("ann", 1, 40, 3)]  # ann: 20 + one wrong try (the CE is not one)
    cells = {r.participant: r.cells for r in rows}
    assert cells["ann"]["p"].tries == 2 and cells["ann"]["p"].first_solver and cells["cat"]["q"].first_solver


def test_ioi_sums_the_best_scores_and_ties_share_a_rank():
    subs = [sub("ann", "p", 1, "WA", 4), sub("ann", "p", 2, "WA", 2), sub("ann", "q", 3, "AC", 10),
            sub("ben", "p", 1, "WA", 7), sub("ben", "q", 9, "WA", 7), sub("cat", "p", 5, "WA", 7),
            sub("cat", "q", 6, "WA", 7)]
    rows = build(contest("ioi"), PEOPLE, subs, None)
    assert [(r.participant, r.total, r.rank) for r in rows] == [("ann", 140.0, 1), ("cat", 140.0, 1),
                                                                ("ben", 140.0, 1)]
    subs.append(sub("ben", "q", 10, "AC", 10))
    assert build(contest("ioi"), PEOPLE, subs, None)[0].participant == "ben"


def test_a_freeze_hides_later_results_as_pending_and_queued_ones_are_pending_too():
    subs = [sub("ann", "p", 10, "AC", 10), sub("ben", "p", 170, "AC", 10), sub("cat", "p", 20, None, state="queued")]
    rows = {r.participant: r for r in build(contest("icpc"), PEOPLE, subs, START + timedelta(minutes=120))}
    assert rows["ann"].solved == 1 and rows["ben"].solved == 0 and rows["ben"].cells["p"].pending == 1
    assert rows["cat"].cells["p"].pending == 1
    assert {r.participant: r.solved for r in build(contest("icpc"), PEOPLE, subs, None)}["ben"] == 1
