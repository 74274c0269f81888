"""Results: the SQLite store, scores, the leaderboard and every way of showing results.

Layer 4: it only stores and renders values that grading returns; it may import judge.problems and
the ground floor (and judge.languages for names), never judge.grading, judge.sandbox or judge.cli.
"""
